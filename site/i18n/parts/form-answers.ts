import { FORM_ANSWER, FORM_SUCCESS } from "../../../shared/form-messages.ts";
import { cataloguePart } from "../parts.ts";

// The web tier's answer to a form posted without JavaScript (server/forms.ts), which the site's
// server entry puts in the page's language (answerTranslation, site/entry-server.tsx); the field
// rules' messages are the catalogue's and the contact form's.
// The default language's words (the product's: tests assert them); each other language's are in its
// own file beside this one (../parts.ts).

const en = {
  "answer.waitlist.heading": FORM_SUCCESS.waitlist.heading,
  "answer.waitlist.text": FORM_SUCCESS.waitlist.text,
  "answer.newsletter.heading": FORM_SUCCESS.newsletter.heading,
  "answer.newsletter.text": FORM_SUCCESS.newsletter.text,
  "answer.contact.heading": FORM_SUCCESS.contact.heading,
  "answer.contact.text": FORM_SUCCESS.contact.text,
  "answer.checkForm": FORM_ANSWER.checkForm,
  "answer.tryLater": FORM_ANSWER.tryLater,
  "answer.back": FORM_ANSWER.back,
  "answer.refused": FORM_ANSWER.refused,
  "answer.tooMany": FORM_ANSWER.tooMany,
  "answer.unavailable": FORM_ANSWER.unavailable,
} as const;

export const formAnswerTexts = cataloguePart<typeof en>(en, {
  ja: async () => (await import("./form-answers.ja.ts")).formAnswersJa,
});
