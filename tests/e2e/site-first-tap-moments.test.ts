import { setTimeout as wait } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { PUBLIC_ROUTES, routeAddress } from "../../shared/routes.ts";
import { launchChromium } from "./support/browser.ts";

type Box = { x: number; y: number; width: number; height: number };

// The first tap counts every time: on every public route a phone taps the menu button where it is
// drawn, at moments spread over the whole load (as soon as it is drawn, while the app's code arrives,
// during hydration and its long tasks, and once the page is ready), on a normal CPU and on one four
// times slower, and every tap opens the menu, once. The tap goes to the screen's coordinates, as a
// finger's does: nothing waits for the page to be ready or the button to take it.

const webUrl = inject("webUrl");
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
/** Taps per route and CPU speed: 10 at each of the two speeds, 20 a route. */
const MOMENTS = 10;
const POST = "fpga-prototype-boots-its-first-cartridge";
const ADDRESSES = PUBLIC_ROUTES.map((route) => routeAddress(route.path, { slug: POST }));
/** A load's first paint, and its readiness, at a quarter speed on a machine whose other lanes share the cores: once over 30 s. */
const LOAD_TIMEOUT_MS = 60_000;

describe("site: a menu tap at any moment of the load on a phone is never lost (Chromium, 390×844, touch)", () => {
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    browser = await launchChromium();
    context = await browser.newContext(PHONE);
  });
  afterAll(() => browser?.close());

  /**
   * A page at `slowdown` times slower CPU for one lane's loads, pictures left out (a failed one must
   * not move anything either). Each tap loads the address afresh in it: a new document each time,
   * without a new browser process per tap (a quarter of a CPU second each, hundreds of them here).
   */
  async function lanePage(slowdown: number): Promise<Page> {
    const page = await context.newPage();
    if (slowdown > 1) await (await context.newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate: slowdown });
    await page.route(/\.(webp|png|jpe?g|svg|gif)(\?|$)|\/render\/image\//, (route) => route.abort());
    return page;
  }

  /**
   * A fresh load of `address` in `page`, up to the moment the server's page is drawn (its first
   * contentful paint: the stylesheet has been applied, the button is where a finger sees it).
   */
  async function drawn(page: Page, address: string): Promise<{ box: Box; drawnAt: number }> {
    await page.goto(`${webUrl}${address}`, { waitUntil: "commit" });
    await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0, undefined, { polling: 5, timeout: LOAD_TIMEOUT_MS });
    return { box: await toggleBox(page), drawnAt: Date.now() };
  }

  const toggleBox = async (page: Page) => (await page.locator(".menu-toggle").boundingBox())!;

  const ready = (page: Page, address: string) => page.waitForFunction((path) => document.documentElement.dataset.ready === path, address, { timeout: LOAD_TIMEOUT_MS });
  const menuOpen = (page: Page) => page.locator("#mobile-menu").getAttribute("data-open");

  /** How long `address` takes from drawn to ready in `page`, here and now. */
  async function loadSpan(page: Page, address: string): Promise<number> {
    const probe = await drawn(page, address);
    await ready(page, address);
    return Date.now() - probe.drawnAt;
  }

  /** One tap `after` ms after `address` is drawn in `page`: what went wrong, or nothing. */
  async function lostTap(page: Page, address: string, slowdown: number, after: number, span: number): Promise<string[]> {
    try {
      const { box } = await drawn(page, address);
      await wait(after);
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      await ready(page, address);
      // Nothing moved the button from where it was drawn: a tap there is a tap on it.
      expect(await toggleBox(page), "the menu button's place once ready").toEqual(box);
      // Every recorded tap is performed once its button's component runs.
      await page.waitForFunction(() => (window.rcrtEarlyTaps ?? []).length === 0);
      await expect.poll(() => menuOpen(page), { timeout: 10_000 }).toBe("true");
      // Opened once: a tap handled twice would have closed it again.
      await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Updates" }).waitFor();
      return (await menuOpen(page)) === "true" ? [] : [`CPU ${slowdown}x, ${after} ms: closed again`];
    } catch (error) {
      return [`CPU ${slowdown}x, ${after} ms after drawn (ready after ${span} ms): ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`];
    }
  }

  /**
   * The taps of one series at `slowdown` times slower CPU, over `lanes` pages loading side by side
   * (a throttled page mostly waits): what went wrong with each lost one.
   */
  async function lostTaps(address: string, slowdown: number, lanes: number): Promise<string[]> {
    const pages = await Promise.all(Array.from({ length: lanes }, () => lanePage(slowdown)));
    try {
      const span = await loadSpan(pages[0]!, address);
      const moments = Array.from({ length: MOMENTS }, (_, moment) => Math.round((span * moment) / (MOMENTS - 2)));
      const lost = await Promise.all(
        pages.map(async (page, lane) => {
          const found: string[] = [];
          for (const after of moments.filter((_, moment) => moment % lanes === lane)) found.push(...(await lostTap(page, address, slowdown, after, span)));
          return found;
        }),
      );
      return lost.flat();
    } finally {
      await Promise.all(pages.map((page) => page.close()));
    }
  }

  it.each(ADDRESSES)(`%s: ${2 * MOMENTS} taps from the first paint to past ready, ${MOMENTS} at CPU 1x and ${MOMENTS} at 4x, each opens the menu once`, async (address) => {
    const lost = (await Promise.all([lostTaps(address, 1, 1), lostTaps(address, 4, 2)])).flat();
    expect(lost).toEqual([]);
    // Twenty fresh loads, ten of them at a quarter speed: 26 to 38 s a route alone, over 90 s in a
    // whole CI run (2026-11-27), whose other lanes share the two cores.
  }, 240_000);
});
