import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { adminPage } from "./admin-helpers.ts";
import { openBrowser } from "./support/browser.ts";
import { restoreAfterEach } from "./support/restore.ts";
import { ADMIN, nodeClient } from "../support/backend.ts";
import { fromMarkdown } from "../support/documents.ts";

// The newsletter in Chromium on the production build (server/newsletters, backoffice/resources/blog/
// SendNewsletterButton.tsx, the local mailbox's SMTP sink): a visitor signs up in the footer and
// confirms from the mailbox, an administrator sends a new post and watches it reach "Sent", the
// visitor reads the mail and unsubscribes from it (the link's page, then its button).

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

  async function mailTo(subject: string, to = email): Promise<Mail> {
    for (let tries = 0; tries < 200; tries++) {
      const found = ((await (await fetch(mailboxUrl)).json()) as Mail[]).find((mail) => mail.to === to && mail.subject === subject);
      if (found) return found;
      await new Promise((done) => setTimeout(done, 100));
    }
    throw new Error(`no mail "${subject}" to ${to}`);
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

    const visitor: Page = await browser.context.newPage();
    await visitor.goto(webUrl);
    // Interactive once the page has hydrated (usePageMeta marks it).
    await visitor.waitForFunction(() => document.documentElement.dataset.ready === "/");
    const box = visitor.getByRole("region", { name: "Newsletter" });
    await box.getByLabel("Email address").fill(email);
    await box.getByRole("button", { name: "Subscribe" }).click();
    await box.getByText("Almost done: check your inbox and click the link to confirm.").waitFor();

    const confirmation = await mailTo("Confirm your subscription to RCRT");
    expect(confirmation.link).toMatch(/\/newsletter\/confirm\?token=[0-9a-f]{64}$/);
    await visitor.goto(confirmation.link!);
    await visitor.getByRole("heading", { name: "You're subscribed" }).waitFor();

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
    expect(await visitor.getByRole("link", { name: "the updates page" }).getAttribute("href")).toBe(`${webUrl}/updates`);
    expect(await visitor.getByRole("link", { name: "Unsubscribe" }).getAttribute("href")).toBe(unsubscribe);
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
});
