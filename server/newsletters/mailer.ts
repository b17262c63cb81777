import nodemailer, { type Transporter } from "nodemailer";
import type { MailContent } from "./mail.ts";

export interface OutgoingMail extends MailContent {
  to: string;
  headers?: Record<string, string>;
  messageId?: string;
}

/** How a delivery ended: accepted, worth retrying later (4xx, no connection), or refused for good (5xx). */
export type Outcome = { outcome: "sent" } | { outcome: "retry" | "failed"; error: string };

export interface Mailer {
  send(mail: OutgoingMail): Promise<Outcome>;
  close(): void;
}

/**
 * SMTP through nodemailer, from `SMTP_URL` (`smtp://user:pass@host:587` with STARTTLS when the server
 * offers it, `smtps://...:465` for TLS from the start) with a pool of `connections` connections.
 */
export function smtpMailer(smtpUrl: string, from: string, connections: number): Mailer {
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  const transport: Transporter = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port) || (secure ? 465 : 587),
    secure,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    pool: true,
    maxConnections: connections,
    maxMessages: Infinity,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  });
  return {
    async send(mail) {
      try {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text, headers: mail.headers, messageId: mail.messageId });
        return { outcome: "sent" };
      } catch (error) {
        return classify(error);
      }
    },
    close: () => transport.close(),
  };
}

/** An SMTP refusal's code decides: 5xx is permanent; 4xx, lost connections and timeouts are not. */
export function classify(error: unknown): Outcome {
  const code = (error as { responseCode?: unknown })?.responseCode;
  const message = error instanceof Error ? error.message : String(error);
  return { outcome: typeof code === "number" && code >= 500 && code < 600 ? "failed" : "retry", error: message.slice(0, 500) };
}
