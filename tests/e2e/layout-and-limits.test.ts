import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import type { SupabaseClient } from "@supabase/supabase-js";
import { nodeClient } from "../support/backend.ts";
import { ADMIN, adminPage } from "./admin-helpers.ts";
import { openBrowser } from "./support/browser.ts";
import { fromMarkdown } from "../support/documents.ts";

// What people see at the edges: long words and URLs, the floating button beside cards, the 404's one
// Return Home button, rich text in whitepaper sections, the editor's Save button on a short screen.

const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");

const LONG_WORD = "Supercalifragilistic".repeat(15);
const LONG_URL = `https://example.com/${"very-long-path-segment/".repeat(20)}end`;

async function adminClient(): Promise<SupabaseClient> {
  const html = await (await fetch(webUrl)).text();
  const key = html.match(/<meta name="supabase-anon-key" content="([^"]+)"/)?.[1];
  if (!key) throw new Error("the page carries no anon key");
  const client = nodeClient(apiUrl, key);
  const { error } = await client.auth.signInWithPassword(ADMIN);
  if (error) throw error;
  return client;
}

describe("layout at the edges (Chromium, production build)", () => {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  let context: BrowserContext;
  let admin: SupabaseClient;
  const created: { table: string; id: string }[] = [];

  beforeAll(async () => {
    browser = await openBrowser();
    context = browser.context;
    admin = await adminClient();
  });
  afterAll(async () => {
    for (const { table, id } of created) await admin.from(table).delete().eq("id", id);
    await browser?.close();
  });

  async function open(path: string, width: number, height = 800): Promise<Page> {
    const page = await context.newPage();
    await page.setViewportSize({ width, height });
    await page.goto(`${webUrl}${path}`);
    await page.waitForLoadState("load");
    return page;
  }

  const pageWidth = (page: Page) => page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));

  it("a long word and a long URL in a post wrap: the page is never wider than the screen", async () => {
    const { data, error } = await admin
      .from("blog_posts")
      .insert({ title: `Long words ${Date.now()} ${LONG_WORD.slice(0, 150)}`, content: fromMarkdown(`${LONG_WORD}\n\nSee ${LONG_URL} for more.`), category: "community", published: true })
      .select("id, slug")
      .single();
    expect(error).toBeNull();
    created.push({ table: "blog_posts", id: data!.id });
    for (const width of [390, 1280]) {
      for (const path of [`/updates/${data!.slug}`, "/updates"]) {
        const page = await open(path, width);
        await page.getByText(LONG_WORD.slice(0, 60)).first().waitFor({ timeout: 20_000 });
        const { scroll, viewport } = await pageWidth(page);
        expect(scroll, `${path} at ${width} px`).toBeLessThanOrEqual(viewport);
        await page.close();
      }
    }
  });

  it("a 200-character word in an admin table wraps: the row's actions stay on screen", async () => {
    const { data, error } = await admin.from("press_quotes").insert({ quote: LONG_WORD.slice(0, 1000), source: LONG_WORD.slice(0, 200) }).select("id").single();
    expect(error).toBeNull();
    created.push({ table: "press_quotes", id: data!.id });
    const page = await adminPage(context, webUrl);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole("menuitem", { name: "Press" }).click();
    const row = page.locator("tbody tr").filter({ hasText: LONG_WORD.slice(0, 40) }).first();
    const edit = row.getByRole("button", { name: "Edit" });
    await edit.waitFor();
    const box = await edit.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(1280);
    expect((await pageWidth(page)).scroll).toBeLessThanOrEqual(1280);
    await page.close();
  });

  it("the floating Return Home button sits beside the cards, not over them, from 901 to 1600 px, and the gallery leaves no empty column", async () => {
    for (const width of [901, 1100, 1280, 1366, 1400, 1600]) {
      const page = await open("/gallery", width);
      const button = await page.getByRole("link", { name: "Return Home" }).boundingBox();
      // Three columns at most: beside three cards, a wide screen shows no empty fourth column.
      const columns = await page.locator("main ul.card-grid.three").evaluateAll((grids) => grids.map((grid) => getComputedStyle(grid).gridTemplateColumns.split(" ").length));
      expect(columns.length).toBeGreaterThan(0);
      for (const count of columns) expect(count, `columns at ${width} px`).toBeLessThanOrEqual(3);
      if (width >= 1280) expect(columns, `at ${width} px`).toEqual(columns.map(() => 3));
      const containers = await page.locator("main .container").evaluateAll((elements) =>
        elements.map((element) => element.getBoundingClientRect()).map((rect) => ({ left: rect.left, right: rect.right })),
      );
      expect(containers.length).toBeGreaterThan(0);
      for (const container of containers) expect(button!.x, `at ${width} px`).toBeGreaterThanOrEqual(container.right);
      await page.close();
    }
  });

  it("on a phone Return Home sits in the header bar, covering no text; on a wide screen it floats above a preview banner", async () => {
    const page = await open("/about", 390, 844);
    const header = (await page.locator("header.site-header").boundingBox())!;
    const button = (await page.getByRole("link", { name: "Return Home" }).boundingBox())!;
    const logo = (await page.getByRole("link", { name: "RCRT home" }).boundingBox())!;
    const toggle = (await page.getByRole("button", { name: "Open menu" }).boundingBox())!;
    expect(button.y).toBeGreaterThanOrEqual(header.y);
    expect(button.y + button.height).toBeLessThanOrEqual(header.y + header.height);
    expect(button.x).toBeGreaterThanOrEqual(logo.x + logo.width);
    expect(button.x + button.width).toBeLessThanOrEqual(toggle.x);
    // Scrolled to any point, nothing of the page's text is under it: the header covers that strip.
    await page.mouse.wheel(0, 1200);
    const under = await page.evaluate(({ x, y }) => Boolean(document.elementsFromPoint(x, y).find((element) => !element.closest(".return-home"))?.closest("header")), { x: button.x + button.width / 2, y: button.y + button.height / 2 });
    expect(under).toBe(true);
    await page.close();

    const wide = await open("/about", 1280);
    // The banner a draft preview adds at the foot of the page.
    await wide.evaluate(() => document.body.insertAdjacentHTML("afterbegin", '<div class="preview-banner" role="status"><strong>Preview</strong> <span>Unpublished content, shown as visitors will see it once it is published. Only this link shows it, until it expires.</span></div>'));
    const banner = (await wide.locator(".preview-banner").boundingBox())!;
    const floating = (await wide.getByRole("link", { name: "Return Home" }).boundingBox())!;
    expect(floating.y + floating.height).toBeLessThanOrEqual(banner.y);
    await wide.close();
  });

  it("the not-found page has one Return Home button", async () => {
    const page = await open("/no-such-channel", 1280);
    await page.getByRole("heading", { name: "NO SIGNAL - PAGE NOT FOUND" }).waitFor();
    expect(await page.getByRole("link", { name: "Return Home" }).count()).toBe(1);
    await page.close();
  });

  it("whitepaper sections show their rich text: bold, lists and line breaks", async () => {
    const page = await open("/whitepaper", 1280);
    const section = page.locator("section").filter({ has: page.getByRole("heading", { name: /Hardware Architecture/ }) });
    await section.locator("strong").filter({ hasText: "filters add no latency" }).waitFor();
    expect(await section.getByRole("listitem").allTextContents()).toEqual(["the media itself", "a secure element that proves ownership"]);
    expect(await section.textContent()).not.toContain("**");
    await page.close();
  });

  it("the whitepaper editor keeps its Save button in view on a 900 px high screen", async () => {
    const page = await adminPage(context, webUrl);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole("menuitem", { name: "Whitepaper" }).click();
    await page.locator("tbody tr").filter({ hasText: "v1.1" }).getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog");
    const save = dialog.getByRole("button", { name: "Save Version" });
    await save.waitFor();
    const box = await save.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(900);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await page.close();
  });
});
