import { FORM_SUCCESS } from "../../../shared/form-messages.ts";
import { cataloguePart } from "../parts.ts";

// The contact page and its form.
// The default language's words (the product's: tests assert them); each other language's are in its
// own file beside this one (../parts.ts).

const en = {
  "contact.eyebrow": "Contact",
  "contact.title": "Get in Touch",
  "contact.lead": "Questions about the player, cartridges, press or partnerships? Send us a message.",
  "contact.formTitle": "Send a Message",
  "contact.officeTitle": "Our Office",
  "contact.faqTitle": "Frequently Asked Questions",
  "contact.name": "Name",
  "contact.email": "Email",
  "contact.message": "Message",
  "contact.nameRequired": "Name is required",
  "contact.messageRequired": "Message is required",
  "contact.tooLong": "{field} must be at most {limit} characters",
  "contact.send": "Send Message",
  "contact.sending": "Sending...",
  "contact.sent": FORM_SUCCESS.contact.heading,
  "contact.failed": "Failed to send message. Please try again.",
} as const;

export const contactTexts = cataloguePart<typeof en>(en, {
  ja: async () => (await import("./contact.ja.ts")).contactJa,
});
