import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import sharp from "sharp";
import { PUBLIC_PATHS } from "../../shared/routes.ts";
import { nodeClient } from "../support/backend.ts";
import { answerWhenDue } from "../support/web-process.ts";
import { launchChromium } from "./support/browser.ts";
import { restoreAfterEach } from "./support/restore.ts";

// What a visitor meets, by class rather than by one example, at desktop and phone sizes on the
// production build: no page asks another host for anything until the visitor asks (the videos'
// placeholders included), a picture that fails moves nothing, the waitlist's thank-you is painted at
// every density, and no page that is not a menu destination marks a menu link as the current one.

const webUrl = inject("webUrl");
const mailboxUrl = inject("mailboxUrl");
const service = nodeClient(inject("apiUrl"), inject("serviceKey"));
const DESKTOP: BrowserContextOptions = { viewport: { width: 1400, height: 900 } };
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const SIZES = [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const;
const OWN_HOSTS = new Set(["127.0.0.1", "localhost"]);

describe("site: what a visitor meets (Chromium, 1400×900 and 390×844 touch)", () => {
  let browser: Browser;
  const restore = restoreAfterEach();

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  /** A page of a fresh context with `options`, at `path` once it has hydrated; `before` runs before it loads. */
  async function open(options: BrowserContextOptions, path: string, before?: (page: Page) => Promise<void>): Promise<Page> {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await before?.(page);
    await page.goto(`${webUrl}${path}`);
    await page.waitForFunction((ready) => document.documentElement.dataset.ready === ready, path.split("?")[0]);
    return page;
  }

  /** Scrolls to the foot a screen at a time, so every lazy picture and section is asked for, then waits for the network to settle. */
  async function scrollThrough(page: Page): Promise<void> {
    for (let step = 0; step < 40; step++) {
      const atFoot = await page.evaluate(() => {
        window.scrollBy(0, window.innerHeight);
        return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
      });
      await page.waitForTimeout(100);
      if (atFoot) break;
    }
    await page.waitForLoadState("networkidle");
  }

  for (const [size, options] of SIZES) {
    it(`${size}: no public page asks another host for anything, pictures above all, until the visitor asks`, async () => {
      const { data: post } = await service.from("blog_posts").select("slug").eq("published", true).limit(1).single();
      const paths = [...PUBLIC_PATHS, `/updates/${(post as { slug: string }).slug}`, "/no-such-page"];
      for (const path of paths) {
        const foreign: string[] = [];
        const page = await open(options, path, async (opening) => {
          opening.on("request", (request) => {
            const url = new URL(request.url());
            if (/^https?:$/.test(url.protocol) && !OWN_HOSTS.has(url.hostname)) foreign.push(`${request.resourceType()} ${request.url()}`);
          });
        });
        await scrollThrough(page);
        expect(foreign, path).toEqual([]);
        // The players are facades: no frame of another host until a thumbnail is clicked.
        expect(await page.locator("iframe").count(), path).toBe(0);
        await page.context().close();
      }
    });
  }

  /** Every video card's box and the sections' headings', in page coordinates, and the layout shifts counted since load. */
  async function videoLayout(page: Page) {
    await page.evaluate(() => document.fonts.ready);
    return page.evaluate(() => {
      const box = (element: Element) => {
        const rect = element.getBoundingClientRect();
        return [rect.x, rect.y + window.scrollY, rect.width, rect.height].map((value) => Math.round(value));
      };
      return {
        cards: [...document.querySelectorAll("main .video-card, main .video-media, main h2")].map(box),
        shift: (window as unknown as { layoutShift: number }).layoutShift,
      };
    });
  }

  /** Counts the page's layout shifts from its start, as Cumulative Layout Shift does (input-driven ones aside). */
  const countShifts = async (page: Page): Promise<void> => {
    await page.addInitScript(() => {
      const counted = window as unknown as { layoutShift: number };
      counted.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) counted.layoutShift += entry.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
  };

  async function layoutWithPicturesBlockedAndLoaded(options: BrowserContextOptions) {
    const blocked = await open(options, "/youtube", async (page) => {
      await countShifts(page);
      await page.route(/\.(webp|png|jpe?g|svg|gif)(\?|$)|\/render\/image\//, (route) => route.abort());
    });
    // Every failed picture has been replaced by its NO SIGNAL tile.
    await expect.poll(() => blocked.locator("main .video-media img").count()).toBe(0);
    const withoutPictures = await videoLayout(blocked);
    const fallbacks = await blocked.locator("main .video-media [data-testid='image-fallback']").count();
    await blocked.context().close();

    const loaded = await open(options, "/youtube", countShifts);
    await scrollThrough(loaded);
    await loaded.evaluate(() => window.scrollTo(0, 0));
    const broken = await loaded.locator("main .video-media img").evaluateAll((images) => images.filter((image) => !(image as HTMLImageElement).complete || (image as HTMLImageElement).naturalWidth === 0).length);
    const withPictures = await videoLayout(loaded);
    const shown = await loaded.locator("main .video-card").count();
    await loaded.context().close();
    return { withoutPictures, withPictures, fallbacks, broken, shown };
  }

  for (const [size, options] of SIZES) {
    it(`${size}: on the Videos page a picture that fails moves nothing: the same boxes with pictures blocked as loaded, no layout shift`, async () => {
      const { withoutPictures, withPictures, fallbacks, broken, shown } = await layoutWithPicturesBlockedAndLoaded(options);
      expect(shown).toBeGreaterThan(0);
      expect(fallbacks).toBe(shown);
      expect(broken).toBe(0);
      expect(withoutPictures.cards).toEqual(withPictures.cards);
      expect(withoutPictures.shift).toBeLessThan(0.01);
      expect(withPictures.shift).toBeLessThan(0.01);
    });
  }

  it("the placeholders show only without any video of the project's: then three, 0 views, no date, pictures of the site's own that fail without moving anything", async () => {
    const { data: before } = await service.from("videos").select("title").eq("published", true).order("created_at", { ascending: false });
    expect(before!.length).toBeGreaterThan(0);
    // With the project's videos, they are the latest: no placeholder above them.
    const page = await open(DESKTOP, "/youtube");
    const latest = page.getByRole("region", { name: "Latest Videos" });
    expect(await latest.getByText("0 views", { exact: true }).count()).toBe(0);
    expect(await latest.locator(".video-card h3").allTextContents()).toEqual(before!.map((video) => video.title));
    await page.context().close();

    await restore.changing("videos", { published: true }, ["published"]);
    expect((await service.from("videos").update({ published: false }).eq("published", true)).error).toBeNull();
    // The live site serves a change within 2 s of its write: the page is looked at once that is due.
    await answerWhenDue(Date.now(), 2000, () => fetch(`${webUrl}/youtube`).then((response) => response.text()), (html) => !before!.some((video) => html.includes(video.title)));
    for (const [size, options] of SIZES) {
      const empty = await open(options, "/youtube");
      const cards = empty.getByTestId("latest-videos").locator(".video-card");
      await expect.poll(() => cards.count(), { message: size }).toBe(3);
      expect(await empty.getByTestId("latest-videos").getByText("0 views", { exact: true }).count(), size).toBe(3);
      expect(await empty.locator("main time").count(), size).toBe(0);
      await scrollThrough(empty);
      const pictures = await cards.locator("img").evaluateAll((images) => images.map((image) => ({ host: new URL((image as HTMLImageElement).currentSrc).hostname, drawn: (image as HTMLImageElement).naturalWidth > 0 })));
      expect(pictures, size).toEqual(Array(3).fill({ host: new URL(webUrl).hostname, drawn: true }));
      await empty.context().close();
      const { withoutPictures, withPictures, fallbacks } = await layoutWithPicturesBlockedAndLoaded(options);
      expect(fallbacks, size).toBe(3);
      expect(withoutPictures.cards, size).toEqual(withPictures.cards);
      expect(withoutPictures.shift, size).toBeLessThan(0.01);
    }
  });

  for (const scale of [1, 2]) {
    it(`phone at ${scale}x density: the waitlist's thank-you is painted, in the viewport and uncovered, in a screenshot`, async () => {
      const page = await open({ ...PHONE, deviceScaleFactor: scale }, "/");
      await page.getByTestId("hero").getByRole("button", { name: "Join Waitlist" }).tap();
      const dialog = page.getByRole("dialog", { name: "Join the Waitlist" });
      await dialog.getByLabel("Email address").fill(`thanks-${scale}x-${randomUUID().slice(0, 8)}@example.com`);
      await dialog.getByRole("button", { name: "Join Waitlist" }).tap();
      const heading = page.getByRole("heading", { name: "Thank You!" });
      await heading.waitFor();
      const shot = await page.screenshot();
      const { box, colour, covered } = await heading.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
        return {
          box: { x: rect.x, y: rect.y, width: rect.width, height: rect.height },
          colour: getComputedStyle(element).color.match(/\d+/g)!.slice(0, 3).map(Number),
          covered: !hit || !element.contains(hit),
        };
      });
      expect(covered).toBe(false);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(box.y + box.height).toBeLessThanOrEqual(844);
      // The screenshot, decoded: the heading's box holds its own colour, text drawn on the modal.
      const { data, info } = await sharp(shot).raw().toBuffer({ resolveWithObject: true });
      expect(info.width).toBe(390 * scale);
      let painted = 0;
      let pixels = 0;
      for (let y = Math.ceil(box.y * scale); y < Math.floor((box.y + box.height) * scale); y++) {
        for (let x = Math.ceil(box.x * scale); x < Math.floor((box.x + box.width) * scale); x++) {
          const at = (y * info.width + x) * info.channels;
          pixels++;
          if (Math.abs(data[at]! - colour[0]!) + Math.abs(data[at + 1]! - colour[1]!) + Math.abs(data[at + 2]! - colour[2]!) < 60) painted++;
        }
      }
      expect(painted / pixels).toBeGreaterThan(0.05);
      await page.context().close();
    });
  }

  /** The mail the local mailbox holds for `to` with `subject`, once it has come. */
  async function mailTo(to: string, subject: string): Promise<{ link: string | null }> {
    for (let tries = 0; tries < 200; tries++) {
      const found = ((await (await fetch(mailboxUrl)).json()) as { to: string; subject: string; link: string | null }[]).find((mail) => mail.to === to && mail.subject === subject);
      if (found) return found;
      await new Promise((done) => setTimeout(done, 100));
    }
    throw new Error(`no mail "${subject}" to ${to}`);
  }

  it("no page that is not a menu destination marks a menu link current or paints it as current: the confirmation, unsubscribe and not-found pages, at both sizes", async () => {
    const email = `nav-${randomUUID().slice(0, 8)}@example.com`;
    restore.created("newsletter_subscribers", { email });
    restore.created("form_submissions", { email });
    const signUp = await fetch(`${webUrl}/`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ "form-name": "newsletter", "bot-field": "", email }).toString() });
    expect(signUp.status).toBe(200);
    const { link } = await mailTo(email, "Confirm your subscription to RCRT");
    const confirm = new URL(link!);
    const pages: [string, boolean][] = [
      [`${confirm.pathname}${confirm.search}`, false],
      [`/newsletter/confirm?token=${"0".repeat(64)}`, false],
      [`/newsletter/unsubscribe?token=${"0".repeat(64)}`, false],
      ["/no-such-page", true],
      ["/about/more", true],
      ["/updates/no-such-post", true],
    ];
    for (const [size, options] of SIZES) {
      // The look of a current link, from a page that is one.
      const about = await open(options, "/about");
      const currentLook = await about.locator("nav a[aria-current='page']").first().evaluate((link) => getComputedStyle(link).color);
      const plainLook = await about.locator("nav a:not([aria-current])").first().evaluate((link) => getComputedStyle(link).color);
      expect(currentLook).not.toBe(plainLook);
      await about.context().close();
      for (const [path, app] of pages) {
        const context = await browser.newContext(options);
        const page = await context.newPage();
        await page.goto(`${webUrl}${path}`);
        if (app) await page.waitForFunction((ready) => document.documentElement.dataset.ready === ready, path);
        const links = page.locator("header nav a, #mobile-menu nav a");
        expect(await links.count(), `${size} ${path}`).toBeGreaterThan(0);
        expect(await page.locator("a[aria-current]").count(), `${size} ${path}`).toBe(0);
        const looks = await links.evaluateAll((all) => all.map((link) => getComputedStyle(link).color));
        expect(looks.filter((look) => look === currentLook), `${size} ${path}`).toEqual([]);
        await context.close();
      }
    }
  });
});
