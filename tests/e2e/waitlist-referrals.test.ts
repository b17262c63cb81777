import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { adminPage } from "./admin-helpers.ts";
import { violations, watchPolicy } from "./support/axe.ts";
import { openBrowser } from "./support/browser.ts";
import { ADMIN, nodeClient } from "../support/backend.ts";

// The waitlist's line in Chromium on the production build (site/components/WaitlistModal.tsx,
// server/waitlist, the local mailbox): a visitor joins from the modal, confirms from the mailbox and
// sees a place and a link; a friend opens the link, joins and confirms; the first visitor's status
// page then shows one referral and a better place; an administrator finds both in People, tags the
// friend, and sends a mail written in Mails to the tag's segment (a test to themselves first, then
// scheduled), which the friend receives once and whose link's click is counted; the administrator
// voids the first visitor's credit from the Waitlist screen, and the place falls back.

interface Mail {
  to: string;
  subject: string;
  html: string;
  link: string | null;
}

describe("waitlist: a place in line and a referral link (Chromium, production build)", () => {
  const webUrl = inject("webUrl");
  const mailboxUrl = inject("mailboxUrl");
  const service = nodeClient(inject("apiUrl"), inject("serviceKey"));
  const tag = randomUUID().slice(0, 8);
  const first = `first.${tag}@example.com`;
  const friend = `friend.${tag}@example.com`;
  const ahead = [1, 2, 3].map((n) => `ahead${n}.${tag}@example.com`);
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  /** The first visitor's status page and place before the referral, once the first test has run. */
  let firstStatus = "";
  let placeBefore = 0;

  beforeAll(async () => {
    browser = await openBrowser();
    // Members ahead in the line, so that a referral has places to gain.
    for (const email of ahead) {
      const { data } = await service.rpc("waitlist_signup", { address: email });
      const { error } = await service.rpc("waitlist_confirm", { token: (data as { token: string }).token });
      expect(error).toBeNull();
    }
  });
  afterAll(async () => {
    await service.from("waitlist_credit_audit").delete().eq("reason", `Test of the void ${tag}`);
    await service.from("newsletter_mails").delete().eq("subject", `News for VIPs ${tag}`);
    await service.from("segments").delete().eq("name", `VIP ${tag}`);
    await service.from("waitlist_members").delete().in("email", [first, friend, ...ahead]);
    await service.from("people").delete().like("email", `%.${tag}@example.com`);
    await service.from("form_submissions").delete().eq("kind", "waitlist").in("email", [first, friend]);
    await browser?.close();
  });

  async function mailTo(email: string, subject: string): Promise<Mail> {
    for (let tries = 0; tries < 200; tries++) {
      const found = ((await (await fetch(mailboxUrl)).json()) as Mail[]).find((mail) => mail.to === email && mail.subject === subject);
      if (found) return found;
      await new Promise((done) => setTimeout(done, 100));
    }
    throw new Error(`no mail "${subject}" to ${email}`);
  }

  /** Joins from the hero's modal on `address`, confirms from the mailbox, and is left on the status page. */
  async function joinAndConfirm(page: Page, address: string, email: string): Promise<void> {
    await page.goto(address);
    await page.waitForFunction(() => document.documentElement.dataset.ready === "/");
    await page.getByTestId("hero").getByRole("button", { name: "Join Waitlist" }).click();
    const dialog = page.getByRole("dialog", { name: "Join the Waitlist" });
    await dialog.getByLabel("Email address").fill(email);
    await dialog.getByRole("button", { name: "Join Waitlist" }).click();
    await page.getByRole("dialog", { name: "Thank You!" }).getByText("We'll be in touch soon with updates about RCRT.").waitFor();
    const confirmation = await mailTo(email, "Confirm your place on the RCRT waitlist");
    expect(confirmation.link).toMatch(/\/waitlist\/confirm\?token=[0-9a-f]{64}$/);
    await page.goto(confirmation.link!);
    await page.getByRole("heading", { name: "You're on the list" }).waitFor();
    expect(page.url()).toMatch(/\/waitlist\/status\?token=[0-9a-f]{64}$/);
  }

  const placeOf = async (page: Page) => {
    const [, place, total] = /You are #([\d,]+) of ([\d,]+)/.exec(await page.locator(".waitlist-place").innerText())!;
    return { place: Number(place!.replace(/,/g, "")), total: Number(total!.replace(/,/g, "")) };
  };

  it("join, confirm, see the place and the link; a friend joins through it; the first page shows one referral and a better place", async () => {
    const visitor = await browser.context.newPage();
    const problems = watchPolicy(visitor);
    await joinAndConfirm(visitor, webUrl, first);
    expect(await violations(visitor)).toEqual([]);
    const before = await placeOf(visitor);
    expect(before.place).toBeGreaterThan(3);
    await visitor.getByText("Friends who joined through it: 0").waitFor();
    await visitor.getByText("Each friend who joins through your link and confirms moves you up 10 places.").waitFor();
    const link = await visitor.getByLabel("Your personal link").inputValue();
    expect(link).toMatch(/\/\?ref=[0-9a-f]{10}$/);
    const statusPage = visitor.url();
    [firstStatus, placeBefore] = [statusPage, before.place];

    const other = await browser.context.newPage();
    await joinAndConfirm(other, `${webUrl}/${new URL(link).search}`, friend);
    expect((await placeOf(other)).total).toBe(before.total + 1);

    await visitor.goto(statusPage);
    await visitor.getByText("Friends who joined through it: 1").waitFor();
    const after = await placeOf(visitor);
    expect(after.total).toBe(before.total + 1);
    expect(after.place).toBeLessThan(before.place);
    expect(await visitor.evaluate(() => document.cookie)).toBe("");
    expect(problems).toEqual([]);
  });

  it("an administrator finds both in People, tags the friend, tests a mail on themselves and schedules it to the tag's segment: it arrives once, and a click on its link is counted", async () => {
    expect(firstStatus).not.toBe("");
    const admin = await adminPage(browser.context, webUrl);
    await admin.getByRole("menuitem", { name: "People" }).click();
    await admin.getByRole("heading", { name: "People", level: 1 }).waitFor();
    await admin.getByRole("searchbox", { name: "Search addresses" }).fill(`.${tag}@`);
    await admin.getByRole("button", { name: first }).waitFor();
    await admin.getByRole("button", { name: friend }).click();
    const person = admin.getByRole("dialog", { name: friend });
    await person.getByRole("textbox", { name: "Add a tag" }).fill(`vip-${tag}`);
    await person.getByRole("button", { name: "Add" }).click();
    await person.getByText(`vip-${tag}`, { exact: true }).waitFor();
    await person.getByRole("button", { name: "Close" }).click();
    await admin.getByRole("searchbox", { name: "Search addresses" }).fill("");
    await admin.getByRole("textbox", { name: "Tag" }).fill(`vip-${tag}`);
    await expect.poll(() => admin.getByTestId("people-total").innerText()).toBe("1 person");
    await admin.getByRole("button", { name: "Save as segment" }).click();
    const naming = admin.getByRole("dialog", { name: "Save these conditions as a segment" });
    await naming.getByRole("textbox", { name: "Segment name" }).fill(`VIP ${tag}`);
    await naming.getByRole("button", { name: "Save" }).click();
    await admin.getByText("Segment saved").waitFor();

    const subject = `News for VIPs ${tag}`;
    await admin.goto(`${webUrl}/admin/mails`);
    await admin.getByRole("button", { name: "New Mail" }).click();
    const writing = admin.getByRole("dialog", { name: "New Mail" });
    await writing.getByRole("textbox", { name: "Subject" }).fill(subject);
    await writing.getByRole("textbox", { name: /^Content/ }).click();
    await admin.keyboard.type("Read the whitepaper");
    await admin.keyboard.press("Shift+Home");
    await writing.getByRole("button", { name: "Link", exact: true }).click();
    const linkBox = admin.getByRole("dialog", { name: "Link" });
    await linkBox.getByRole("textbox", { name: "Link address" }).fill("/whitepaper");
    await linkBox.getByRole("button", { name: "Apply" }).click();
    await linkBox.waitFor({ state: "detached" });
    await writing.getByRole("button", { name: "Save Mail" }).click();
    await writing.waitFor({ state: "detached" });

    await admin.getByRole("button", { name: `Send as newsletter: ${subject}` }).click();
    const dialog = admin.getByRole("dialog", { name: "Send as newsletter" });
    await dialog.getByRole("combobox", { name: "Send to" }).click();
    await admin.getByRole("option", { name: `Segment: VIP ${tag}` }).click();
    await dialog.getByText(`1 person of VIP ${tag}`).waitFor();
    await dialog.getByRole("button", { name: "Send a test to me" }).click();
    await dialog.getByText(`A test was sent to ${ADMIN.email}.`).waitFor();
    await mailTo(ADMIN.email, `[Test] ${subject}`);
    // The field takes the browser's local time; seconds, so that the test waits seconds, not a minute.
    const at = new Date(Date.now() + 8000);
    await dialog.getByLabel("Or send it later, at").fill(new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 19));
    await dialog.getByRole("button", { name: "Schedule" }).click();
    await dialog.getByText(new RegExp(`^Scheduled for .+, to VIP ${tag}\\.$`)).waitFor();

    const mail = await mailTo(friend, subject);
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime() - 1000);
    await dialog.getByText(/^Sent: 1 sent, 0 pending, 0 failed$/).waitFor({ timeout: 20_000 });
    const mailbox = (await (await fetch(mailboxUrl)).json()) as Mail[];
    expect(mailbox.filter((found) => found.subject === subject).map((found) => found.to)).toEqual([friend]);
    const reader = await browser.context.newPage();
    await reader.setContent(mail.html);
    await reader.getByRole("link", { name: "Read the whitepaper" }).click();
    await reader.waitForURL(`${webUrl}/whitepaper`);
    await dialog.getByRole("button", { name: "Close" }).click();
    await admin.getByRole("button", { name: `Send as newsletter: ${subject}` }).click();
    await expect.poll(async () => dialog.getByRole("list", { name: "Clicks per link" }).textContent()).toContain(`${webUrl}/whitepaper: 1 click`);
  });

  it("an administrator voids the first visitor's credit from the Waitlist screen: their place falls back", async () => {
    expect(firstStatus).not.toBe("");
    const admin = await adminPage(browser.context, webUrl);
    await admin.getByRole("menuitem", { name: "Waitlist" }).click();
    await admin.getByRole("heading", { name: "Waitlist", level: 1 }).waitFor();
    await admin.getByText(/^Referrals credited: \d+$/).waitFor();
    await admin.getByRole("button", { name: `Void credit of ${first}` }).waitFor();
    expect(await violations(admin)).toEqual([]);
    await admin.getByRole("button", { name: `Void credit of ${first}` }).click();
    const dialog = admin.getByRole("dialog", { name: `Void the referral credit of ${first}?` });
    await dialog.getByLabel("Reason").fill(`Test of the void ${tag}`);
    await dialog.getByRole("button", { name: "Void credit" }).click();
    await dialog.waitFor({ state: "hidden" });
    const visitor = await browser.context.newPage();
    await visitor.goto(firstStatus);
    await visitor.getByText("Friends who joined through it: 0").waitFor();
    expect((await placeOf(visitor)).place).toBe(placeBefore);
    // The settings: what a referral gains, saved for every place at once (then back to the default).
    for (const [from, to] of [
      ["10", "12"],
      ["12", "10"],
    ]) {
      await admin.getByRole("button", { name: "Settings" }).click();
      const settings = admin.getByRole("dialog", { name: "Waitlist settings" });
      const places = settings.getByLabel("Places each confirmed referral gains");
      expect(await places.inputValue()).toBe(from);
      await places.fill(to!);
      await settings.getByRole("button", { name: "Save" }).click();
      await settings.waitFor({ state: "hidden" });
      await admin.getByText(`Places per referral: ${to}`).waitFor();
    }
    const { data: audit } = await service.from("waitlist_credit_audit").select("reason, credits, member_id, waitlist_members(email)").eq("reason", `Test of the void ${tag}`);
    expect(audit).toEqual([expect.objectContaining({ reason: `Test of the void ${tag}`, credits: 1, waitlist_members: { email: first } })]);
  });

  it("the page that mails the link again: the same answer for a member and a stranger, accessible", async () => {
    const page = await browser.context.newPage();
    const problems = watchPolicy(page);
    const answers: string[] = [];
    for (const email of [ahead[0]!, `stranger.${tag}@example.com`]) {
      await page.goto(`${webUrl}/waitlist/status`);
      await page.getByRole("heading", { name: "Find your place in line" }).waitFor();
      expect(await violations(page)).toEqual([]);
      const form = page.locator('form[action="/waitlist/status"]');
      await form.getByLabel("Email address").fill(email);
      await form.getByRole("button", { name: "Send my link" }).click();
      await page.getByRole("heading", { name: "Check your inbox" }).waitFor();
      answers.push(await page.locator("main").innerText());
    }
    expect(answers[0]).toBe(answers[1]);
    expect((await mailTo(ahead[0]!, "Your place on the RCRT waitlist")).link).toMatch(/\/waitlist\/status\?token=[0-9a-f]{64}$/);
    expect(problems).toEqual([]);
  });
});
