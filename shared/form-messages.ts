import { BRAND } from "./brand.ts";

/**
 * What each public form says once the intake has taken it: the site's forms show it in place, and
 * the web tier's answer to a form posted without JavaScript shows the same words. Each says what
 * happened, no more: the newsletter is double opt-in, so a sign-up is only asked to confirm.
 */
export const FORM_SUCCESS = {
  waitlist: { heading: "Thank You!", text: `We'll be in touch soon with updates about ${BRAND}.` },
  newsletter: { heading: "Check your inbox", text: "Almost done: check your inbox and click the link to confirm." },
  contact: { heading: "Message sent successfully!", text: "We'll get back to you soon." },
} as const;

export type FormName = keyof typeof FORM_SUCCESS;

/**
 * The other words of the web tier's answer to a form posted without JavaScript (server/forms.ts):
 * its headings when the form was not taken, the intake's own refusals and the way back. The site's
 * part site/i18n/parts/form-answers.ts says them in each language.
 */
export const FORM_ANSWER = {
  checkForm: "Please check the form",
  tryLater: "Please try again later",
  back: "Back to the site",
  refused: "Please check the form and try again.",
  tooMany: "Too many submissions from this address. Please try again later.",
  unavailable: "Your message could not be saved right now. Please try again in a moment.",
} as const;
