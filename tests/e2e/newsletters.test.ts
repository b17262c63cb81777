import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { adminPage } from "./admin-helpers.ts";
import { openBrowser } from "./support/browser.ts";
import { restoreAfterEach } from "./support/restore.ts";
import { ADMIN, nodeClient } from "../support/backend.ts";
import { fromMarkdown } from "../support/documents.ts";

// The newsletter in Chromium on the production build (server/newsletters,
// backoffice/newsletters/SendNewsletterButton.tsx, the local mailbox's SMTP sink): a visitor signs up
// in the footer and confirms from the mailbox, an administrator sends a new post, or a mail written
// in Mails, and watches it reach "Sent", the visitor reads the mail and unsubscribes from it (the
// link's page, then its button).

interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
  link: string | null;
  headers: Record<string, string>;
}

describe("newsletter: sign up, confirm, send a post, read it, unsubscribe (Chromium, production build)", () => {
  const webUrl = inject("webUrl");
  const mailboxUrl = inject("mailboxUrl");
  const service = nodeClient(inject("apiUrl"), inject("serviceKey"));
  const restore = restoreAfterEach();
  const email = `reader.${randomUUID().slice(0, 8)}@example.com`;
  let browser: Awaited<ReturnType<typeof openBrowser>>;

  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(async () => {
    await service.from("newsletter_subscribers").delete().eq("email", email);
    await browser?.close();
  });

  async function mailTo(subject: string, to = email, timeoutMs = 20_000): Promise<Mail> {
    for (let tries = 0; tries < timeoutMs / 100; tries++) {
      const found = ((await (await fetch(mailboxUrl)).json()) as Mail[]).find((mail) => mail.to === to && mail.subject === subject);
      if (found) return found;
      await new Promise((done) => setTimeout(done, 100));
    }
    throw new Error(`no mail "${subject}" to ${to}`);
  }

  /** Signs `address` up in the site's footer and confirms it from the mailbox: the visitor's page. */
  async function subscribe(address: string): Promise<Page> {
    const visitor: Page = await browser.context.newPage();
    await visitor.goto(webUrl);
    // Interactive once the page has hydrated (usePageMeta marks it).
    await visitor.waitForFunction(() => document.documentElement.dataset.ready === "/");
    const box = visitor.getByRole("region", { name: "Newsletter" });
    await box.getByLabel("Email address").fill(address);
    await box.getByRole("button", { name: "Subscribe" }).click();
    await box.getByText("Almost done: check your inbox and click the link to confirm.").waitFor();

    const confirmation = await mailTo("Confirm your subscription to RCRT", address);
    expect(confirmation.link).toMatch(/\/newsletter\/confirm\?token=[0-9a-f]{64}$/);
    await visitor.goto(confirmation.link!);
    await visitor.getByRole("heading", { name: "You're subscribed" }).waitFor();
    return visitor;
  }

  async function livePost(title: string): Promise<void> {
    restore.created("blog_posts", { title });
    const { error } = await service.from("blog_posts").insert({ title, category: "hardware", published: true, content: fromMarkdown("Scheduled words.") });
    expect(error).toBeNull();
  }

  it("goes from the footer to the inbox and out again", async () => {
    const title = `Cartridge bus, explained ${randomUUID().slice(0, 6)}`;
    restore.created("blog_posts", { title });
    const { data: post, error } = await service
      .from("blog_posts")
      .insert({ title, category: "hardware", published: true, content: fromMarkdown("The **bus** is 16 bits wide.\n\n- fast\n- simple\n\nMore on [the updates page](/updates).") })
      .select("id, slug")
      .single();
    expect(error).toBeNull();

    const visitor = await subscribe(email);

    const admin = await adminPage(browser.context, webUrl);
    await admin.goto(`${webUrl}/admin/blog`);
    await admin.getByRole("button", { name: `Send as newsletter: ${title}` }).click();
    const dialog = admin.getByRole("dialog", { name: "Send as newsletter" });
    const { count } = await service.from("newsletter_subscribers").select("id", { count: "exact", head: true }).eq("status", "confirmed");
    const subscribers = `${count} ${count === 1 ? "subscriber" : "subscribers"}`;
    await dialog.getByText(`${count} confirmed ${count === 1 ? "subscriber" : "subscribers"}`).waitFor();
    expect(await dialog.locator("iframe").getAttribute("srcdoc")).toContain(title);
    // A test to the administrator first: it reaches their inbox, and nobody else's.
    await dialog.getByRole("button", { name: "Send a test to me" }).click();
    await dialog.getByText(`A test was sent to ${ADMIN.email}.`).waitFor();
    const test = await mailTo(`[Test] ${title}`, ADMIN.email);
    expect(test.text).toContain(`${webUrl}/updates/${post!.slug}`);
    await dialog.getByRole("button", { name: `Send to ${subscribers}` }).click();
    await dialog.getByText(`Sent: ${count} sent, 0 pending, 0 failed`).waitFor({ timeout: 20_000 });
    await dialog.getByRole("button", { name: "Close" }).click();
    await admin.getByRole("button", { name: `Send as newsletter: ${title}` }).click();
    await dialog.getByText(new RegExp(`^This post was already sent\\. Sent on .+ to ${subscribers}\\.$`)).waitFor();

    const mail = await mailTo(title);
    expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const unsubscribe = /^<(.+)>$/.exec(mail.headers["List-Unsubscribe"] ?? "")![1]!;
    expect(mail.text).toContain(`${webUrl}/updates/${post!.slug}`);
    expect(mail.text).toContain(`the updates page (${webUrl}/updates)`);
    await visitor.setContent(mail.html);
    await visitor.getByRole("heading", { name: title }).waitFor();
    // The mail's links go through the site's own redirect, which counts the click and goes on.
    const counted = await visitor.getByRole("link", { name: "the updates page" }).getAttribute("href");
    expect(counted).toMatch(new RegExp(`^${webUrl}/newsletter/link/[0-9a-f-]{36}/\\d+$`));
    expect(await visitor.getByRole("link", { name: "Unsubscribe" }).getAttribute("href")).toBe(unsubscribe);
    await visitor.goto(counted!);
    expect(visitor.url()).toBe(`${webUrl}/updates`);
    await dialog.getByRole("button", { name: "Close" }).click();
    await admin.getByRole("button", { name: `Send as newsletter: ${title}` }).click();
    await dialog.getByRole("list", { name: "Clicks per link" }).getByText(`${webUrl}/updates`, { exact: true }).waitFor();
    expect(await dialog.getByRole("list", { name: "Clicks per link" }).textContent()).toContain(`${webUrl}/updates: 1 click`);
    await dialog.getByText("Clicks are counted per link by the site's own redirect: no open pixel, no third party, nothing about who clicked.").waitFor();
    await dialog.getByRole("button", { name: "Close" }).click();
    await visitor.setContent(mail.html);
    // The link asks first (a mail scanner that follows it unsubscribes nobody); the button unsubscribes.
    await visitor.getByRole("link", { name: "Unsubscribe" }).click();
    await visitor.getByRole("heading", { name: "Unsubscribe from RCRT's newsletter?" }).waitFor();
    const status = async () => (await service.from("newsletter_subscribers").select("status").eq("email", email).single()).data;
    expect(await status()).toEqual({ status: "confirmed" });
    await visitor.getByRole("button", { name: "Unsubscribe" }).click();
    await visitor.getByRole("heading", { name: "You're unsubscribed" }).waitFor();
    await visitor.getByRole("button", { name: "Resubscribe" }).waitFor();
    expect(await status()).toEqual({ status: "unsubscribed" });
  });

  it("an administrator writes a mail that is not a post in Mails with the rich editor, tests it and sends it: it arrives as written, with no link to a page of the site", async () => {
    const reader = `mail.${randomUUID().slice(0, 8)}@example.com`;
    const subject = `Workshop letter ${randomUUID().slice(0, 6)}`;
    restore.created("newsletter_mails", { subject });
    try {
      await subscribe(reader);
      const admin = await adminPage(browser.context, webUrl);
      await admin.goto(`${webUrl}/admin/mails`);
      await admin.getByRole("button", { name: "New Mail" }).click();
      const editorDialog = admin.getByRole("dialog", { name: "New Mail" });
      await editorDialog.getByRole("textbox", { name: "Subject" }).fill(subject);
      const editor = editorDialog.getByRole("textbox", { name: /^Content/ });
      await editor.click();
      await admin.keyboard.type("## From the workshop");
      await admin.keyboard.press("Enter");
      await admin.keyboard.type("Boards are on the bench.");
      await editorDialog.getByRole("button", { name: "Save Mail" }).click();
      await editorDialog.waitFor({ state: "detached" });

      await admin.getByRole("button", { name: `Send as newsletter: ${subject}` }).click();
      const dialog = admin.getByRole("dialog", { name: "Send as newsletter" });
      await dialog.getByText(/^This mail will be mailed to \d+ confirmed subscribers?, once: a mail is sent at most once\.$/).waitFor();
      expect(await dialog.locator("iframe").getAttribute("srcdoc")).toContain("Boards are on the bench.");
      await dialog.getByRole("button", { name: "Send a test to me" }).click();
      await dialog.getByText(`A test was sent to ${ADMIN.email}.`).waitFor();
      expect((await mailTo(`[Test] ${subject}`, ADMIN.email)).text).toContain("Boards are on the bench.");
      await dialog.getByRole("button", { name: /^Send to \d+ subscribers?$/ }).click();
      await dialog.getByText(/^Sent: \d+ sent, 0 pending, 0 failed$/).waitFor({ timeout: 20_000 });

      const mail = await mailTo(subject, reader);
      expect(mail.text).toContain("From the workshop");
      expect(mail.text).toContain("Boards are on the bench.");
      expect(mail.text).not.toContain("/updates/");
      const visitor = await browser.context.newPage();
      await visitor.setContent(mail.html);
      await visitor.getByRole("heading", { name: subject }).waitFor();
      await visitor.getByRole("heading", { name: "From the workshop" }).waitFor();
      expect(await visitor.getByRole("link", { name: "Read it on the site" }).count()).toBe(0);
      await visitor.getByRole("link", { name: "Unsubscribe" }).waitFor();
      await visitor.close();
    } finally {
      await service.from("newsletter_subscribers").delete().eq("email", reader);
    }
  });

  it("a send scheduled a few seconds ahead waits, then arrives once at its time; one scheduled an hour ahead is cancelled", async () => {
    const reader = `later.${randomUUID().slice(0, 8)}@example.com`;
    const [title, spare] = [`Scheduled news ${randomUUID().slice(0, 6)}`, `Cancelled news ${randomUUID().slice(0, 6)}`];
    await livePost(title);
    await livePost(spare);
    try {
      await subscribe(reader);
      const admin = await adminPage(browser.context, webUrl);
      await admin.goto(`${webUrl}/admin/blog`);
      const dialog = admin.getByRole("dialog", { name: "Send as newsletter" });
      // The field takes the browser's local time; seconds, so that the test waits seconds, not a minute.
      const local = (at: Date) => new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);

      await admin.getByRole("button", { name: `Send as newsletter: ${title}` }).click();
      const at = new Date(Date.now() + 8000);
      await dialog.getByLabel("Or send it later, at").fill(local(at));
      await dialog.getByRole("button", { name: "Schedule" }).click();
      await dialog.getByText(/^Scheduled for .+\.$/).waitFor();
      await dialog.getByText("It goes to the subscribers confirmed then, with the post as it is then. If the post is no longer live by then, it is not sent.").waitFor();
      // Started by the first poll of the queue after its time (NEWSLETTER_POLL_SECONDS, 5 s here).
      const mail = await mailTo(title, reader, 60_000);
      expect(Date.now()).toBeGreaterThanOrEqual(at.getTime() - 1000);
      expect(mail.text).toContain("Scheduled words.");
      await dialog.getByText(/^Sent on .+ to \d+ subscribers?\.$/).waitFor({ timeout: 20_000 });
      await dialog.getByRole("button", { name: "Close" }).click();
      const copies = ((await (await fetch(mailboxUrl)).json()) as Mail[]).filter((found) => found.to === reader && found.subject === title);
      expect(copies).toHaveLength(1);

      await admin.getByRole("button", { name: `Send as newsletter: ${spare}` }).click();
      await dialog.getByLabel("Or send it later, at").fill(local(new Date(Date.now() + 3_600_000)));
      await dialog.getByRole("button", { name: "Schedule" }).click();
      await dialog.getByRole("button", { name: "Cancel the scheduled send" }).click();
      await dialog.getByText(/^This post will be mailed to \d+ confirmed subscribers?, once/).waitFor();
      const { data: sends } = await service.from("newsletter_sends").select("id, blog_posts!inner(title)").eq("blog_posts.title", spare);
      expect(sends).toEqual([]);
    } finally {
      await service.from("newsletter_subscribers").delete().eq("email", reader);
    }
  });
});
