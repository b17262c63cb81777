import type { EmailDriver, EmailMessage } from "@supabase/lite";
import { parseMail } from "./mail-message.ts";
import type { ReceivedMessage } from "./smtp-sink.ts";

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  link: string | null;
  sentAt: string;
  /** The mail's headers as sent (Auth's mails: To and Subject). */
  headers: Record<string, string>;
}

const MAX_KEPT = 500;

/**
 * Lite's mails offer a one-time code beside the link ("Reset your password with this code: … Or
 * follow this link: …", and a code box in the HTML part). No screen of the back office takes such a
 * code, so the mail gives the link alone, as hosted Supabase's default templates do. Codes sent
 * without a link (reauthentication) stay.
 */
const CODE_BESIDE_LINK = /^[^\n]*\bcode\b[^\n]*\n+Or follow this link: /i;
const CODE_BOX_BESIDE_LINK = /<p[^>]*>Or enter this code:<\/p>\s*<div class="code-box"[^>]*>[\s\S]*?<\/div>/i;

/** Gives the token a mailed link carries in place of a verification token (auth/email-verification.ts). */
export type LinkIssuer = (verificationToken: string, mailType: string, recipient: string) => Promise<string>;

/**
 * Captures auth mails (password reset) instead of sending them, so the reset flow works end to end
 * on one machine: readable as JSON at GET /_dev/mail and printed on the server log. The web tier's
 * own mails (newsletters and their confirmations) arrive here too, over SMTP (smtp-sink.ts).
 *
 * It also mends two ways lite's mails differ from hosted Supabase's: lite builds the verify link on
 * the site's URL instead of the API's, and it ignores the `redirect_to` a reset request names. And a
 * verify link's token, which lite derives from the mail's one-time code, is replaced by one the
 * link issuer makes, which no code leads to.
 */
export class LocalMailbox implements EmailDriver {
  readonly #mails: CapturedMail[] = [];
  readonly #redirects = new Map<string, string>();
  readonly #substitutions = new Map<string, string>();
  #apiUrl: string | null = null;
  #issueLink: LinkIssuer | null = null;

  constructor(private readonly log: (line: string) => void = console.log) {}

  setApiUrl(url: string): void {
    this.#apiUrl = url;
  }

  /** Verify links in the mails sent from now on carry tokens made by `issuer`. */
  issueLinksWith(issuer: LinkIssuer): void {
    this.#issueLink = issuer;
  }

  /** The next auth mail to `email` leads to `redirectTo` once verified. */
  redirectNextMailTo(email: string, redirectTo: string): void {
    this.#redirects.set(email.toLowerCase(), redirectTo);
  }

  /** Until `forgetSubstitution`, mails say `replacement` wherever they would say `placeholder` (recipient included). */
  substitute(placeholder: string, replacement: string): void {
    this.#substitutions.set(placeholder, replacement);
  }

  forgetSubstitution(placeholder: string): void {
    this.#substitutions.delete(placeholder);
  }

  async send(sent: EmailMessage): Promise<void> {
    const message = this.#substituted(sent);
    let text = message.text ?? "";
    let html = message.html ?? "";
    const original = actionLink(html, text);
    let link = original;
    if (original) {
      text = text.replace(CODE_BESIDE_LINK, "Follow this link: ");
      html = html.replace(CODE_BOX_BESIDE_LINK, "");
      link = await this.#mend(original, message.to);
      text = text.replaceAll(original, link);
      html = html.replaceAll(original.replaceAll("&", "&amp;"), link.replaceAll("&", "&amp;")).replaceAll(original, link);
    }
    const headers = { To: message.to, Subject: message.subject };
    this.#keep({ to: message.to, subject: message.subject, text, html, link, sentAt: new Date().toISOString(), headers });
  }

  /** A mail delivered over SMTP, kept as sent (one copy per recipient of its envelope). */
  receive(message: ReceivedMessage): void {
    const { headers, text, html } = parseMail(message.raw);
    const subject = headers.Subject ?? "";
    for (const to of message.envelope.to) {
      this.#keep({ to, subject, text, html, link: actionLink(html, text), sentAt: new Date().toISOString(), headers });
    }
  }

  #keep(mail: CapturedMail): void {
    this.#mails.unshift(mail);
    this.#mails.length = Math.min(this.#mails.length, MAX_KEPT);
    this.log(`[mail] to ${mail.to}: ${mail.subject}${mail.link ? `\n       ${mail.link}` : ""}`);
  }

  /** Newest first. */
  list(): CapturedMail[] {
    return [...this.#mails];
  }

  #substituted(message: EmailMessage): EmailMessage {
    let result = message;
    for (const [placeholder, replacement] of this.#substitutions) {
      const swap = (value: string | undefined) => value?.replaceAll(placeholder, replacement);
      result = { ...result, to: swap(result.to)!, subject: swap(result.subject)!, text: swap(result.text), html: swap(result.html) };
    }
    return result;
  }

  async #mend(link: string, to: string): Promise<string> {
    const url = new URL(link);
    if (!url.pathname.endsWith("/auth/v1/verify")) return link;
    const mended = new URL(`/auth/v1/verify${url.search}`, this.#apiUrl ?? url.origin);
    const token = url.searchParams.get("token");
    if (token && this.#issueLink) mended.searchParams.set("token", await this.#issueLink(token, url.searchParams.get("type") ?? "", to));
    const redirect = this.#redirects.get(to.toLowerCase());
    if (redirect) {
      mended.searchParams.set("redirect_to", redirect);
      this.#redirects.delete(to.toLowerCase());
    }
    return mended.toString();
  }
}

/** The mail's action link: the first href of the HTML part, else the first URL of the text part. */
function actionLink(html: string, text: string): string | null {
  const href = /href="(https?:\/\/[^"]+)"/i.exec(html)?.[1]?.replaceAll("&amp;", "&") ?? /https?:\/\/[^\s"'<>]+/.exec(text)?.[0];
  return href ?? null;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The mailbox as a browser shows it to a person: each mail's recipient, subject, time, its action
 * link as a link, and its text. Mails' own HTML is never rendered here: this page reads as the
 * mailbox's origin, and a mail's content is not to be trusted with it.
 */
export function mailboxPage(mails: readonly CapturedMail[]): string {
  const items = mails.map((mail) => {
    const link = mail.link ? `<p><a href="${escapeHtml(mail.link)}">Open the mail's link</a></p>` : "";
    return `<li><h2>${escapeHtml(mail.subject || "(no subject)")}</h2><p>To ${escapeHtml(mail.to)} · <time datetime="${escapeHtml(mail.sentAt)}">${escapeHtml(mail.sentAt.replace("T", " ").slice(0, 19))} UTC</time></p>${link}<pre>${escapeHtml(mail.text)}</pre></li>`;
  });
  const body = items.length === 0 ? "<p>No mails yet. Password resets, invitations and the newsletter's mails land here.</p>" : `<ol>${items.join("")}</ol>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Local mailbox</title><style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}ol{list-style:none;padding:0}li{border-bottom:1px solid #ccc;padding:1rem 0}h2{font-size:1.1rem;margin:0}pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f4f4f4;padding:.5rem}</style></head><body><h1>Local mailbox</h1><p>Newest first; reload for new mails. Add <code>&amp;format=json</code> for the same list as JSON.</p>${body}</body></html>`;
}
