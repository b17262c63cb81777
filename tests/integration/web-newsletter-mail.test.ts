import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WebServer } from "../../server/web.ts";
import { parseMail, type ParsedMail } from "../../supabase/local/mail-message.ts";
import { startSmtpSink, type SmtpSink } from "../../supabase/local/smtp-sink.ts";
import { ADMIN, startTestBackend, type TestBackend } from "../support/backend.ts";
import { HOSTILE, readerView } from "../support/mail-reader.ts";
import { startWebFor } from "../support/web-server.ts";
import { fromMarkdown } from "../support/documents.ts";

// Every mail the web tier sends, through its real path (the administrators' preview endpoint, the
// sender's queue, the form intake's confirmation, each over SMTP to a sink on 127.0.0.1), made from a
// post that holds every trick of tests/support/mail-reader.ts: what a reader's mail client gets keeps
// to the mails' allow-list.

const HOSTILE_TITLE = `</title><script>alert(1)</script> "Cartridge" <b>news</b>`;

interface Delivered extends ParsedMail {
  to: string;
}

let backend: TestBackend;
let smtp: SmtpSink;
let web: WebServer;
let adminToken: string;
const delivered: Delivered[] = [];

beforeAll(async () => {
  backend = await startTestBackend();
  smtp = await startSmtpSink({
    onMessage: (message) => {
      const parsed = parseMail(message.raw);
      for (const to of message.envelope.to) delivered.push({ to, ...parsed });
    },
  });
  web = await startWebFor(backend, {
    audience: { enabled: false },
    newsletters: { smtpUrl: smtp.url, mailFrom: "RCRT <news@rcrt.example>", ratePerSecond: 1000, pollSeconds: 0.2 },
  });
  adminToken = (await (await backend.signIn(ADMIN.email, ADMIN.password)).auth.getSession()).data.session!.access_token;
});

afterAll(async () => {
  await web?.stop();
  await smtp?.stop();
  await backend?.stop();
});

async function mailTo(email: string, subject: string): Promise<Delivered> {
  await expect.poll(() => delivered.some((mail) => mail.to === email && mail.headers.Subject === subject)).toBe(true);
  return delivered.find((mail) => mail.to === email && mail.headers.Subject === subject)!;
}

/** The reader's view of a mail's HTML part, and of its plain-text part: nothing of a raw HTML block. */
function expectReadable(mail: { html: string; text: string }, what: string) {
  expect(readerView(mail.html).violations, what).toEqual([]);
  expect(mail.text, what).not.toMatch(/<iframe|<object|<script>\s*fetch|onmouseover="alert/);
}

describe("every mail the web tier sends keeps to the allow-list, whatever the post holds", () => {
  it("the preview of a post, the newsletter a subscriber receives (HTML and text) and the confirmation mail", async () => {
    const email = `reader-${randomUUID().slice(0, 8)}@example.com`;
    const service = backend.service();
    const { data: post, error } = await service
      .from("blog_posts")
      .insert({ title: HOSTILE_TITLE, category: "community", published: true, content: fromMarkdown(Object.values(HOSTILE).join("\n\n")), image_url: "https://cdn.example/cover.png", image_alt: '" onerror="alert(1)' })
      .select("id")
      .single();
    expect(error).toBeNull();
    await backend.sql(
      `with added as (insert into public.newsletter_subscribers (email, status, confirmed_at) values ($1, 'confirmed', now()) returning id)
       insert into private.newsletter_tokens (subscriber_id, unsubscribe_token) select id, replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') from added`,
      [email],
    );
    try {
      const asAdmin = { Authorization: `Bearer ${adminToken}` };
      const preview = await fetch(`http://127.0.0.1:${web.port}/api/newsletters/posts/${post!.id}`, { headers: asAdmin });
      expect(preview.status).toBe(200);
      const shown = ((await preview.json()) as { preview: { subject: string; html: string; text: string } }).preview;
      expect(shown.subject).toBe(HOSTILE_TITLE);
      expectReadable(shown, "the preview");

      const sent = await fetch(`http://127.0.0.1:${web.port}/api/newsletters/posts/${post!.id}/send`, { method: "POST", headers: asAdmin });
      expect(sent.status).toBe(200);
      const newsletter = await mailTo(email, HOSTILE_TITLE);
      expectReadable(newsletter, "the newsletter");
      const { document } = readerView(newsletter.html);
      expect(document.querySelector("h1")!.textContent).toBe(HOSTILE_TITLE);
      expect(document.querySelector("code")!.textContent).toContain('<form action="https://evil.example/steal" method="post">');
      expect(newsletter.text).toContain(HOSTILE_TITLE);

      const signUp = await fetch(`http://127.0.0.1:${web.port}/`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ "form-name": "newsletter", email: `new-${email}` }).toString(),
      });
      expect(signUp.status).toBe(200);
      expectReadable(await mailTo(`new-${email}`, "Confirm your subscription to RCRT"), "the confirmation");
    } finally {
      await service.from("blog_posts").delete().eq("id", post!.id);
      await backend.sql("delete from public.newsletter_subscribers where email in ($1, $2)", [email, `new-${email}`]);
    }
  });
});

describe("a stop lets the confirmation mails under way go out", () => {
  it("a sign-up's confirmation mail still on the wire when the web tier stops is delivered before the stop ends", async () => {
    const email = `stopping-${randomUUID().slice(0, 8)}@example.com`;
    let arrived: () => void = () => {};
    const onTheWire = new Promise<void>((done) => (arrived = done));
    let release: () => void = () => {};
    const released = new Promise<void>((done) => (release = done));
    const received: string[] = [];
    // The mail server holds its answer to the message until the stop is under way.
    const slowSmtp = await startSmtpSink({
      decide: async () => {
        arrived();
        await released;
        return undefined;
      },
      onMessage: (message) => received.push(...message.envelope.to),
    });
    const stopping = await startWebFor(backend, { audience: { enabled: false }, newsletters: { smtpUrl: slowSmtp.url, mailFrom: "RCRT <news@rcrt.example>", pollSeconds: 60 } });
    try {
      const signUp = await fetch(`http://127.0.0.1:${stopping.port}/`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ "form-name": "newsletter", email }).toString(),
      });
      expect(signUp.status).toBe(200);
      await onTheWire;
      let stopped = false;
      const stop = stopping.stop().then(() => (stopped = true));
      // The stop waits on the mail: it has not ended while the server still holds the answer.
      await new Promise<void>((done) => setImmediate(done));
      expect(stopped).toBe(false);
      release();
      await stop;
      expect(received).toEqual([email]);
    } finally {
      release();
      await stopping.stop();
      await slowSmtp.stop();
      await backend.sql("delete from public.newsletter_subscribers where email = $1", [email]);
    }
  });
});
