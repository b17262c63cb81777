import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium } from "./support/browser.ts";
import { restoreAfterEach } from "./support/restore.ts";

// The first tap counts on a phone: a tap on the menu button, on Join Waitlist or on the carousel made
// as soon as the button is drawn, before any of the app's code has run, does what it says once the
// app starts, at normal speed and on a CPU four times slower. A form posted without JavaScript is
// answered inside the site's header and footer.

const webUrl = inject("webUrl");
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

describe("site: the first tap on a phone (Chromium, 390×844, touch)", () => {
  let browser: Browser;
  let context: BrowserContext;
  const errors: string[] = [];
  const restore = restoreAfterEach();

  beforeAll(async () => {
    browser = await launchChromium();
    context = await browser.newContext(PHONE);
  });
  afterAll(() => browser?.close());

  /**
   * A page with every script held back until `release()`: the server's HTML is drawn and tappable,
   * no code of the app has run. The CPU runs `slowdown` times slower. Pictures are left out: they
   * only cost time here.
   */
  async function openHeld(path: string, slowdown: number): Promise<{ page: Page; release(): void }> {
    const page = await context.newPage();
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error" && !/Failed to load resource|ERR_/.test(message.text())) errors.push(message.text());
    });
    if (slowdown > 1) await (await context.newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate: slowdown });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.route(/\.(webp|png|jpe?g|svg|gif)(\?|$)|\/render\/image\//, (route) => route.abort());
    await page.goto(`${webUrl}${path}`, { waitUntil: "commit" });
    return { page, release };
  }

  for (const slowdown of [1, 4]) {
    it(`a tap on the menu and on Join Waitlist before the app's code ran works once it runs (CPU ${slowdown}x)`, async () => {
      const menu = await openHeld("/about", slowdown);
      try {
        const toggle = menu.page.getByRole("button", { name: "Open menu" });
        await toggle.tap();
        // Nothing of the app has run: the tap was only recorded, and the button says it is on its way.
        expect(await menu.page.evaluate(() => ({ ready: document.documentElement.dataset.ready ?? null, taps: window.rcrtEarlyTaps }))).toEqual({ ready: null, taps: ["menu"] });
        expect(await toggle.getAttribute("aria-busy")).toBe("true");
        menu.release();
        const panel = menu.page.getByRole("dialog", { name: "Menu" });
        await panel.getByRole("link", { name: "Updates" }).waitFor({ timeout: 15_000 });
        expect(await menu.page.locator("#mobile-menu").getAttribute("data-open")).toBe("true");
        expect(await menu.page.getByRole("button", { name: "Close menu" }).first().getAttribute("aria-busy")).toBeNull();
        // One tap opened it once: the app did not replay it a second time (closed again).
        await menu.page.waitForFunction(() => document.documentElement.dataset.ready === "/about");
        expect(await menu.page.locator("#mobile-menu").getAttribute("data-open")).toBe("true");
      } finally {
        await menu.page.close();
      }

      const waitlist = await openHeld("/", slowdown);
      try {
        await waitlist.page.getByRole("button", { name: "Join Waitlist" }).tap();
        waitlist.release();
        const dialog = waitlist.page.getByRole("dialog", { name: "Join the Waitlist" });
        await dialog.getByRole("textbox", { name: "Email address" }).waitFor({ timeout: 15_000 });
        // The app's own taps work as before: the modal closes with its button.
        await dialog.getByRole("button", { name: "Close" }).tap();
        await dialog.waitFor({ state: "detached" });
      } finally {
        await waitlist.page.close();
      }
      expect(errors).toEqual([]);
    });
  }

  it("a tap on the carousel's Next before the carousel's code ran moves it once the code runs", async () => {
    const home = await openHeld("/", 1);
    try {
      const next = home.page.getByRole("button", { name: "Next slide" });
      await next.scrollIntoViewIfNeeded();
      await next.tap();
      expect(await home.page.evaluate(() => window.rcrtEarlyTaps)).toEqual(["carousel-next"]);
      home.release();
      const second = home.page.getByRole("button", { name: /^Go to slide 2:/ });
      await expect.poll(() => second.getAttribute("aria-current"), { timeout: 30_000 }).toBe("true");
      expect(await home.page.getByRole("button", { name: /^Go to slide 1:/ }).getAttribute("aria-current")).toBeNull();
    } finally {
      await home.page.close();
    }
    expect(errors).toEqual([]);
  });

  it("the contact form without JavaScript is answered inside the site's header and footer", async () => {
    const email = `first-tap-${Date.now()}@example.com`;
    restore.created("form_submissions", { email });
    const noScript = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    try {
      const page = await noScript.newPage();
      page.on("console", (message) => {
        if (message.type() === "error" && !/Failed to load resource|ERR_/.test(message.text())) errors.push(message.text());
      });
      await page.goto(`${webUrl}/contact`);
      const form = page.locator("form[name=contact]");
      await form.getByRole("textbox", { name: "Name" }).fill("Ada");
      await form.getByRole("textbox", { name: "Email" }).fill(email);
      await form.getByRole("textbox", { name: "Message" }).fill("Sent without JavaScript.");
      await form.getByRole("button", { name: "Send Message" }).tap();
      await page.getByRole("heading", { level: 1, name: "Message sent successfully!" }).waitFor();
      expect(await page.title()).toBe("Message sent successfully! | RCRT");
      await page.getByRole("main").getByText("We'll get back to you soon.").waitFor();
      // The site's header (its logo link home) and footer (its links, the newsletter box).
      expect(await page.locator("header.site-header").getByRole("link", { name: "RCRT home" }).getAttribute("href")).toBe("/");
      const footer = page.getByRole("contentinfo");
      expect(await footer.getByRole("link", { name: "Admin Portal" }).getAttribute("href")).toBe("/admin/login");
      await footer.getByRole("heading", { name: "Explore" }).waitFor();
      // Styled by the site's own stylesheet, and no wider than the phone.
      expect(await page.evaluate(() => getComputedStyle(document.querySelector(".site-header")!).position)).toBe("fixed");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.getByRole("link", { name: "Back to the site" }).tap();
      await page.waitForURL(`${webUrl}/contact`);
    } finally {
      await noScript.close();
    }
    expect(errors).toEqual([]);
  });
});
