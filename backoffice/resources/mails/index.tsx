import newsletterMails from "../../../shared/content-types/mails.ts";
import { lazyInput, resourceOf } from "../types.ts";

// The send dialog loads with the mails list, not with the dashboard that reads this config.
const SendMailButton = lazyInput(async () => (await import("../../newsletters/SendNewsletterButton.tsx")).SendMailButton);

/** Newsletter Mails: each row is tested, sent or scheduled from its own Send as newsletter button. */
export default resourceOf(newsletterMails, { rowActions: SendMailButton });
