import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { CONTENT_TABLES } from "../../shared/content-tables.ts";
import { nodeClient } from "../support/backend.ts";
import { adminPage } from "./admin-helpers.ts";
import { forgetListParamsOn, openBrowser } from "./support/browser.ts";

// Row actions as a person meets them: in every back-office list, at 390, 900 and 1400 px, a row
// with the longest status chip (a scheduled time) keeps its actions inside the screen, painted and
// not covered; on a phone each row's actions sit at one x, list by list and card by card, so one tap
// position always hits the same action; a move button's tooltip does not stay behind after a move.

const webUrl = inject("webUrl");
const service = nodeClient(inject("apiUrl"), inject("serviceKey"));
const WIDTHS = [390, 900, 1400] as const;
const GALLERY = new Set(["interface_previews", "cartridge_models"]);
// Every list drawn by the generic list screen: the publishable types (the others have pages of their own).
const LISTS = CONTENT_TABLES.filter((type) => type.visibility === "published");
// The longest chip there is: "Scheduled Dec 28, 2099, 11:58 PM" (local time).
const FAR = new Date(2099, 11, 28, 23, 58).toISOString();
const run = Date.now() % 1_000_000;

/** A row the test adds to a list: its table, id, and a text to search for it by. */
interface Added {
  table: string;
  id: string;
  search: string;
}

const pathOf = (name: string) => (GALLERY.has(name) ? `/admin/gallery/${name}` : `/admin/${name}`);

/** The element's box lies inside the viewport, and the point at its centre hits it (painted, not covered). */
async function reachable(locator: Locator, page: Page): Promise<string | null> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  if (!box || box.width === 0 || box.height === 0) return "no box";
  if (box.x < 0 || box.y < 0 || box.x + box.width > viewport.width || box.y + box.height > viewport.height) return `outside the viewport: ${JSON.stringify(box)}`;
  const hit = await locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const top = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
    // A disabled button lets the pointer through to the tooltip's wrapper around it, which is what a tap meets.
    return top === element || element.contains(top) || (top !== null && top === element.parentElement && top.tagName === "SPAN");
  });
  return hit ? null : "covered";
}

describe("row actions in reach (Chromium, production build)", () => {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  let page: Page;
  const added: Added[] = [];

  beforeAll(async () => {
    browser = await openBrowser();
    page = await adminPage(browser.context, webUrl);
    for (const [index, type] of LISTS.entries()) {
      // The whitepaper publishes one version at a time: its list shows the seeded versions as they are.
      if (type.name === "whitepaper") continue;
      const row = { ...type.example.row(run * 10 + index), published: true, publish_at: FAR };
      const { data, error } = await service.from(type.table).insert(row).select("id").single();
      if (error) throw new Error(`${type.table}: ${error.message}`);
      const search = String(Object.values(type.example.row(run * 10 + index)).find((value) => typeof value === "string" && value.includes(String(run * 10 + index))));
      added.push({ table: type.table, id: (data as { id: string }).id, search });
    }
  });
  afterAll(async () => {
    for (const { table, id } of added) await service.from(table).delete().eq("id", id);
    await browser?.close();
  });

  /** The list at that width, whole, or searched down to the rows matching `search` (`rows` of them). */
  async function openList(name: string, width: number, search?: string, rows = 1): Promise<void> {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto(`${webUrl}${pathOf(name)}`);
    await forgetListParamsOn(page);
    await page.reload();
    await page.locator("tbody tr").first().waitFor();
    const box = page.getByRole("textbox", { name: "Search" });
    // An embedded list (the gallery's sections) may keep an earlier search of its own.
    if (!search) return void ((await box.inputValue()) && (await box.fill("")));
    await box.fill(search);
    // The search is sent after a pause in typing: the rows found before it would move.
    await expect.poll(() => page.locator("tbody tr").count(), { timeout: 15_000 }).toBe(rows);
  }

  it.each(LISTS.map((type) => [type.name] as const))("%s: at 390, 900 and 1400 px a scheduled row's actions are all on screen, painted and not covered", async (name) => {
    const mine = added.find((row) => row.table === LISTS.find((type) => type.name === name)!.table);
    for (const width of WIDTHS) {
      await openList(name, width, mine?.search);
      const row = page.locator("tbody tr").first();
      if (mine) await row.getByText(/^Scheduled /).waitFor();
      // Up and down the page is not the subject: sideways, nothing may push the actions out.
      await row.scrollIntoViewIfNeeded();
      // The row's actions are its last cell's buttons (on a phone, the button of the menu holding them).
      const actions = row.locator("td").last().getByRole("button");
      const count = await actions.count();
      expect(count, `${name} at ${width} px`).toBeGreaterThan(0);
      for (let index = 0; index < count; index += 1) {
        const button = actions.nth(index);
        expect(await reachable(button, page), `${name} at ${width} px: ${await button.getAttribute("aria-label") ?? await button.textContent()}`).toBeNull();
      }
    }
  });

  it.each(LISTS.map((type) => [type.name] as const))("%s: on a phone every row's actions button has the same x", async (name) => {
    await openList(name, 390);
    const buttons = page.locator("tbody tr").getByRole("button", { name: /^Actions for / });
    await expect.poll(() => buttons.count()).toBeGreaterThan(1);
    const xs = await buttons.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().x)));
    expect(new Set(xs).size, `${name}: ${xs.join(", ")}`).toBe(1);
  });

  it("Project Progress on a phone: every stage card's Move up, Move down and Edit sit at the same x, on screen and not covered", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${webUrl}/admin/progress`);
    const cards = page.getByTestId("stage");
    await expect.poll(() => cards.count()).toBeGreaterThan(2);
    for (const pattern of [/^Move up: /, /^Move down: /, /^Edit /]) {
      const buttons = cards.getByRole("button", { name: pattern });
      const xs = await buttons.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().x)));
      expect(xs.length).toBe(await cards.count());
      expect(new Set(xs).size, `${String(pattern)}: ${xs.join(", ")}`).toBe(1);
      const first = buttons.first();
      await first.scrollIntoViewIfNeeded();
      expect(await reachable(first, page)).toBeNull();
    }
  });

  it("after Move down, no move tooltip stays on screen, neither the clicked row's nor the one that slid under the pointer", async () => {
    const prefix = `Tooltip ${run}`;
    const rows = [0, 1].map((n) => ({ title: `${prefix} ${n}`, description: "Moves", order: 900_000 + n }));
    const { data, error } = await service.from("interface_previews").insert(rows).select("id");
    if (error) throw error;
    for (const { id } of data as { id: string }[]) added.push({ table: "interface_previews", id, search: prefix });
    await openList("interface_previews", 1400, prefix, 2);
    const list = page.locator("tbody tr");
    const down = list.filter({ hasText: `${prefix} 0` }).getByRole("button", { name: `Move down: ${prefix} 0` });
    await down.hover();
    await page.getByRole("tooltip", { name: "Move down" }).waitFor();
    await down.click();
    await expect.poll(() => list.first().textContent()).toContain(`${prefix} 1`);
    // Time for a tooltip to open after the rows swapped under the still pointer.
    await page.waitForTimeout(600);
    expect(await page.getByRole("tooltip").filter({ hasText: /^Move (up|down)$/ }).count()).toBe(0);
  });
});
