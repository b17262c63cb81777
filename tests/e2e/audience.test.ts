import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchChromium } from "./support/browser.ts";
import { restoreAfterEach } from "./support/restore.ts";
import { violations } from "./support/axe.ts";
import { openAdminSession, type AdminSession } from "./admin-helpers.ts";
import { nodeClient } from "../support/backend.ts";

// A visitor arrives from a campaign link, reads three pages and joins the waitlist; the
// administrator's dashboard shows the pages, the campaign and the sign-up within a minute. Headless
// Chromium announces itself as such and is not counted, so the visitor's browser says it is Chrome.
// Beside the audience, the waitlist's growth: a referrer whose two friends confirmed is a top referrer.

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

describe("audience figures in the dashboard", () => {
  const webUrl = inject("webUrl");
  const apiUrl = inject("apiUrl");
  const restore = restoreAfterEach();
  let browser: Browser;
  let session: AdminSession;

  beforeAll(async () => {
    browser = await launchChromium();
    session = await openAdminSession(webUrl, apiUrl);
  });
  afterAll(async () => {
    await session?.close();
    await browser?.close();
  });

  it("counts a campaign visit's pages and its two sign-ups, and the dashboard shows them as one visitor who signed up", async () => {
    const campaign = `e2e-${Date.now()}`;
    const email = `${campaign}@example.com`;
    restore.created("form_submissions", { email });
    restore.created("newsletter_subscribers", { email });
    const visitor = await browser.newContext({ userAgent: CHROME, viewport: { width: 1280, height: 800 } });
    try {
      const page = await visitor.newPage();
      await page.goto(`${webUrl}/?utm_source=e2e-newsletter&utm_medium=email&utm_campaign=${campaign}`);
      const nav = page.getByRole("navigation", { name: "Main" });
      // Each page is waited for as a visitor sees it: a navigation left before its page's code has
      // arrived never shows that page, and is not counted.
      await nav.getByRole("link", { name: "Updates" }).click();
      await page.getByRole("heading", { name: "Updates", level: 1 }).waitFor();
      await nav.getByRole("link", { name: "Gallery" }).click();
      await page.getByRole("heading", { name: "Gallery", level: 1 }).waitFor();
      await nav.getByRole("link", { name: "Home" }).click();
      await page.waitForURL(`${webUrl}/`);
      await page.getByTestId("hero").getByRole("button", { name: "Join Waitlist" }).click();
      const dialog = page.getByRole("dialog", { name: "Join the Waitlist" });
      await dialog.getByLabel("Email address").fill(email);
      await dialog.getByRole("button", { name: "Join Waitlist" }).click();
      await page.getByRole("dialog", { name: "Thank You!" }).waitFor();
      // The same visitor subscribes to the newsletter too: two sign-ups, one visitor who signed up.
      await page.keyboard.press("Escape");
      await page.getByRole("dialog", { name: "Thank You!" }).waitFor({ state: "detached" });
      const newsletter = page.getByRole("contentinfo").getByRole("region", { name: "Newsletter" });
      await newsletter.getByLabel("Email address").fill(email);
      const subscribed = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/");
      await newsletter.getByRole("button", { name: "Subscribe" }).click();
      expect((await subscribed).ok()).toBe(true);
    } finally {
      await visitor.close();
    }

    // The web tier sends what it counted every 5 s (a navigation's beacon may arrive after the
    // landing's batch): the dashboard shows all of it within a minute.
    const { page } = session;
    const visitors = page.getByRole("region", { name: "Visitors" });
    const campaignRow = visitors.getByRole("region", { name: "Campaigns" }).getByRole("row", { name: new RegExp(campaign) });
    const pages = visitors.getByRole("region", { name: "Top pages" });
    await expect
      .poll(
        async () => {
          await page.goto(`${webUrl}/admin`);
          await page.getByTestId("dashboard-charts").scrollIntoViewIfNeeded();
          await visitors.getByTestId("visitors-summary").waitFor();
          const shown = [];
          for (const path of ["/", "/updates", "/gallery"]) if ((await pages.getByRole("cell", { name: path, exact: true }).count()) === 1) shown.push(path);
          return { campaign: (await campaignRow.count()) > 0 ? await campaignRow.textContent() : "", pages: shown };
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toEqual({ campaign: `${campaign} · e2e-newsletter / email12100.0%`, pages: ["/", "/updates", "/gallery"] });
    // The summary's rate is a share of visitors, whatever else the day counted.
    const summary = (await visitors.getByTestId("visitors-summary").textContent()) ?? "";
    expect(summary).toMatch(/^In the last 30 days: \d+ page views?, \d+ visitors?, \d+ sign-ups? by \d+ visitors? \(\d+\.\d% of visitors signed up\)\.$/);
    expect(Number(/([\d.]+)%/.exec(summary)![1])).toBeLessThanOrEqual(100);
  });

  it("a long page address keeps to one line in Top pages, cut with an ellipsis and whole in its title, at desktop and phone sizes", async () => {
    const path = `/updates/${"a-very-long-post-address-that-goes-on-".repeat(6)}end`;
    // The card lists the ten most viewed pages: this one gets more views than the pages the other
    // tests of the run visit, so that it is listed whatever ran before (with 3 views, it was not in
    // a clean-clone CI run).
    const { error } = await nodeClient(apiUrl, inject("serviceKey")).rpc("record_audience_events", {
      events: [{ id: randomUUID(), occurred_at: new Date().toISOString(), kind: "view", path, visitor: randomUUID().replace(/-/g, ""), device: "desktop", count: 10_000 }],
    });
    expect(error).toBeNull();
    const { page } = session;
    const viewport = page.viewportSize();
    try {
      for (const size of [{ width: 1400, height: 900 }, { width: 390, height: 844 }]) {
        await page.setViewportSize(size);
        await page.goto(`${webUrl}/admin`);
        await page.getByTestId("dashboard-charts").scrollIntoViewIfNeeded();
        const visitors = page.getByRole("region", { name: "Visitors" });
        const cell = visitors.getByRole("region", { name: "Top pages" }).getByRole("cell", { name: path, exact: true });
        await cell.scrollIntoViewIfNeeded();
        expect(await cell.getAttribute("title")).toBe(path);
        const shape = await cell.evaluate((element) => {
          const row = element.closest("tr")!;
          const figure = row.cells[1]!.getBoundingClientRect();
          const box = element.getBoundingClientRect();
          const card = element.closest("section[aria-labelledby='chart-visitors']")!.getBoundingClientRect();
          return {
            oneLine: box.height <= figure.height + 1,
            cut: element.scrollWidth > element.clientWidth && getComputedStyle(element).textOverflow === "ellipsis",
            inCard: box.left >= card.left - 1 && box.right <= card.right + 1,
            inView: box.left >= 0 && box.right <= window.innerWidth,
          };
        });
        expect(shape, `${size.width}x${size.height}`).toEqual({ oneLine: true, cut: true, inCard: true, inView: true });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      }
    } finally {
      if (viewport) await page.setViewportSize(viewport);
    }
  });

  it("the Growth card after the audience figures shows the sign-ups, the confirmation rate and a top referrer by address, with no axe violations", async () => {
    const service = nodeClient(apiUrl, inject("serviceKey"));
    const tag = `growth-${Date.now()}`;
    const referrer = `${tag}@example.com`;
    const friends = [1, 2].map((n) => `${tag}-friend-${n}@example.com`);
    for (const email of [referrer, ...friends]) restore.created("waitlist_members", { email });
    const join = async (email: string, ref: string | null, client: string | null) => {
      const { data, error } = await service.rpc("waitlist_signup", { address: email, referral_code: ref, client_hash: client });
      expect(error).toBeNull();
      expect((await service.rpc("waitlist_confirm", { token: (data as { token: string }).token })).error).toBeNull();
    };
    await join(referrer, null, null);
    const { data: member } = await service.from("waitlist_members").select("referral_code").eq("email", referrer).single();
    for (const [index, friend] of friends.entries()) await join(friend, (member as { referral_code: string }).referral_code, `${tag}-${index}`);

    const { page } = session;
    await page.goto(`${webUrl}/admin`);
    await page.getByTestId("dashboard-charts").scrollIntoViewIfNeeded();
    const growth = page.getByRole("region", { name: "Growth" });
    await growth.getByTestId("growth-summary").waitFor();
    expect(await page.getByRole("heading", { level: 2 }).allTextContents()).toEqual(expect.arrayContaining(["Visitors", "Growth"]));
    expect(await growth.getByTestId("growth-summary").textContent()).toMatch(/^In the last 30 days: \d+ waitlist sign-ups, \d+ direct and [1-9]\d* referred\.$/);
    expect(await growth.getByTestId("growth-confirmation-rate").textContent()).toMatch(/^\d+\.\d%$/);
    await growth.locator("svg[aria-label='Waitlist sign-ups per day, direct and referred, last 30 days']").waitFor();
    await growth.getByRole("region", { name: "Top referrers" }).getByRole("cell", { name: referrer, exact: true }).waitFor();
    expect(await violations(page, "section[aria-labelledby='chart-growth']")).toEqual([]);
  });
});
