import type { EmailDriver, EmailMessage } from "@supabase/lite";

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  link: string | null;
  sentAt: string;
}

const MAX_KEPT = 200;

/**
 * Captures auth mails (password reset) instead of sending them, so the reset flow works end to end
 * on one machine: readable as JSON at GET /_dev/mail and printed on the server log.
 */
export class LocalMailbox implements EmailDriver {
  readonly #mails: CapturedMail[] = [];

  constructor(private readonly log: (line: string) => void = console.log) {}

  async send(message: EmailMessage): Promise<void> {
    const text = message.text ?? "";
    const html = message.html ?? "";
    const link = firstLink(html) ?? firstLink(text);
    this.#mails.unshift({ to: message.to, subject: message.subject, text, html, link, sentAt: new Date().toISOString() });
    this.#mails.length = Math.min(this.#mails.length, MAX_KEPT);
    this.log(`[mail] to ${message.to}: ${message.subject}${link ? `\n       ${link}` : ""}`);
  }

  /** Newest first. */
  list(): CapturedMail[] {
    return [...this.#mails];
  }
}

function firstLink(content: string): string | null {
  const match = /https?:\/\/[^\s"'<>]+/.exec(content);
  return match ? match[0].replaceAll("&amp;", "&") : null;
}
