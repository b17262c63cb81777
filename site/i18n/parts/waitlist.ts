import { FORM_SUCCESS } from "../../../shared/form-messages.ts";
import { cataloguePart } from "../parts.ts";

// The waitlist modal (its button is the home page's: en.ts).
// The default language's words (the product's: tests assert them); each other language's are in its
// own file beside this one (../parts.ts).

const en = {
  "waitlist.close": "Close",
  "waitlist.title": "Join the Waitlist",
  "waitlist.text": "Be first in line for pre-orders, cartridge drops and build news.",
  "waitlist.joining": "Joining...",
  "waitlist.failed": "Could not join the waitlist. Please try again.",
  "waitlist.thanksHeading": FORM_SUCCESS.waitlist.heading,
  "waitlist.thanksText": FORM_SUCCESS.waitlist.text,
} as const;

export const waitlistTexts = cataloguePart<typeof en>(en, {
  ja: async () => (await import("./waitlist.ja.ts")).waitlistJa,
});
