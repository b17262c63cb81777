import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { PUBLIC_ROUTES as PUBLIC_ROUTES_TABLE } from "../../shared/routes.ts";
import { answerWhenDue } from "../support/web-process.ts";
import { violations, watchPolicy } from "./support/axe.ts";
import { openBrowser } from "./support/browser.ts";
import { ADMIN, openAdminSession, submitLogin } from "./admin-helpers.ts";

// Every entry of the route table (a seeded post for the post page), and an unknown address.
const PUBLIC_ROUTES = [
  ...PUBLIC_ROUTES_TABLE.map((route) => route.path.replace(":slug", "fpga-prototype-boots-its-first-cartridge")),
  "/no-such-page",
];

interface ShownImage {
  /** alt of an <img>, aria-label of the NO SIGNAL tile that replaced a failed one; null when missing. */
  name: string | null;
  /** The title of the carousel slide or card it illustrates. */
  owner: string | null;
}

/** Every image on the page (and every tile standing in for a failed one), after scrolling through it so lazy sections load. */
async function shownImages(page: Page): Promise<ShownImage[]> {
  for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(50);
  }
  await page.waitForLoadState("networkidle");
  return page.evaluate(() =>
    [...document.querySelectorAll("img, .image-fallback")].map((element) => ({
      name: element.tagName === "IMG" ? element.getAttribute("alt") : element.getAttribute("aria-hidden") === "true" ? "" : element.getAttribute("aria-label"),
      owner: element.closest(".slide, .card")?.querySelector("h2, h3")?.textContent ?? null,
    })),
  );
}


describe("accessibility (axe-core, WCAG 2.2 AA) and the security policy, in Chromium", () => {
  const webUrl = inject("webUrl");
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it.each(PUBLIC_ROUTES)("%s has no violations and runs under the CSP", async (route) => {
    const page = await browser.context.newPage();
    const problems = watchPolicy(page);
    await page.goto(`${webUrl}${route}`, { waitUntil: "networkidle" });
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  // One sign-in for every list (the sidebar says which): the walk takes about a minute on a quiet
  // 2-core machine and passed 180 s under a load of 20, so it has 20 s a list and more.
  it("the admin login and every admin list have no violations and run under the CSP", async () => {
    const page = await browser.context.newPage();
    // A list that waits for quiet on a machine loaded to 24 took over the default 30 s.
    page.setDefaultNavigationTimeout(90_000);
    const problems = watchPolicy(page);
    await page.goto(`${webUrl}/admin/login`, { waitUntil: "networkidle" });
    expect(await violations(page)).toEqual([]);
    await submitLogin(page, webUrl, ADMIN.email, ADMIN.password);
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    // The content lists as the back office links them: the sidebar and the dashboard's count cards,
    // which the registry makes from one config per content table. Activity is the next test's; the
    // team and upcoming screens are no content lists.
    await page.locator('a[href="/admin/media"]').first().waitFor();
    const screens = await page.locator('a[href^="/admin/"]').evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
    const otherScreens = ["/admin/activity", "/admin/team", "/admin/upcoming"];
    const adminLists = ["/admin", ...new Set(screens.filter((path) => /^\/admin\/[a-z_]+$/.test(path) && !otherScreens.includes(path)))];
    expect(adminLists).toEqual(expect.arrayContaining(["/admin/blog", "/admin/gallery", "/admin/faq", "/admin/media"]));
    for (const route of adminLists) {
      await page.goto(`${webUrl}${route}`, { waitUntil: "networkidle" });
      expect({ route, violations: await violations(page) }).toEqual({ route, violations: [] });
    }
    expect(problems).toEqual([]);
    await page.close();
  }, 420_000);

  it("at 320 px wide, a dashboard table wider than the screen scrolls from the keyboard too: a named region in the tab order", async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(`${webUrl}/admin/login`, { waitUntil: "networkidle" });
    await submitLogin(page, webUrl, ADMIN.email, ADMIN.password);
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    // The seed's changes make the Recent changes table wider than a phone's card.
    const recentChanges = page.getByRole("region", { name: "Recent changes table" });
    await recentChanges.waitFor();
    expect(await recentChanges.evaluate((box) => [box.scrollWidth > box.clientWidth, box.tabIndex])).toEqual([true, 0]);
    await page.waitForLoadState("networkidle");
    expect(await violations(page)).toEqual([]);
    await page.close();
  });

  // Apart from the lists above: one test walking every admin screen nears its time limit on a busy machine.
  it("the Activity screen, with a change opened, has no violations and runs under the CSP", async () => {
    const page = await browser.context.newPage();
    const problems = watchPolicy(page);
    await page.goto(`${webUrl}/admin/login`, { waitUntil: "networkidle" });
    await submitLogin(page, webUrl, ADMIN.email, ADMIN.password);
    // The first screen after a sign-in took over 30 s on a busy machine: it has a minute.
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor({ timeout: 60_000 });
    await page.goto(`${webUrl}/admin/activity`, { waitUntil: "networkidle" });
    await page.locator("tbody tr").first().click();
    await page.locator("dl").first().waitFor();
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  // Five public pages, each until the network is quiet: over the 90 s a test has, at a load of 24.
  it("every content image has an accessible name, unless its content marks it decorative (then alt is empty)", async () => {
    const apiUrl = inject("apiUrl");
    const session = await openAdminSession(webUrl, apiUrl);
    const { data: collections, error } = await session.admin
      .from("featured_collections")
      .select("id,title,row_version")
      .eq("published", true)
      .not("image_url", "is", null)
      .order("created_at", { ascending: false })
      .limit(1);
    expect(error).toBeNull();
    const decorative = collections![0]!;
    const { data: posts } = await session.admin.from("blog_posts").select("slug").eq("published", true).not("image_url", "is", null).limit(1);
    await session.admin.from("featured_collections").update({ image_decorative: true, row_version: decorative.row_version + 1 }).eq("id", decorative.id).throwOnError();
    // The live site serves a change within 2 s of its write: the home page is looked at once that is due.
    await answerWhenDue(Date.now(), 2000, () => fetch(`${webUrl}/`), () => false);
    try {
      for (const route of ["/", "/updates", `/updates/${posts![0]!.slug}`, "/gallery", "/youtube"]) {
        const page = await browser.context.newPage();
        await page.goto(`${webUrl}${route}`, { waitUntil: "networkidle" });
        const images = await shownImages(page);
        await page.close();
        expect({ route, missing: images.filter((image) => image.name === null) }).toEqual({ route, missing: [] });
        const unnamed = images.filter((image) => image.name?.trim() === "").map((image) => image.owner);
        expect({ route, unnamed }).toEqual({ route, unnamed: route === "/" ? [decorative.title] : [] });
        if (route !== "/") expect(images.length).toBeGreaterThan(0);
      }
    } finally {
      await session.admin.from("featured_collections").update({ image_decorative: false, row_version: decorative.row_version + 2 }).eq("id", decorative.id).throwOnError();
      await session.close();
    }
  }, 240_000);
});
