import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { openBrowser, pickOption, traceFocus } from "./support/browser.ts";
import { restoreAfterEach } from "./support/restore.ts";
import { adminPage, anonKey, asVisitor } from "./admin-helpers.ts";
import { tinyPng } from "../support/png.ts";

describe("back office: managing content (Chromium, production build)", () => {
  const webUrl = inject("webUrl");
  const apiUrl = inject("apiUrl");
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  let context: BrowserContext;
  let page: Page;
  const restore = restoreAfterEach();

  beforeAll(async () => {
    browser = await openBrowser();
    context = browser.context;
    page = await adminPage(context, webUrl);
  });
  afterAll(() => browser?.close());
  // A failed test may have left its dialog open over the list (its report shows it): the next one
  // starts on a page of its own.
  beforeEach(async () => {
    if ((await page.getByRole("dialog").count()) === 0) return;
    await page.close();
    page = await context.newPage();
    await page.goto(`${webUrl}/admin`);
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
  });

  const row = (text: string) => page.locator("tbody tr").filter({ hasText: text });

  it("creates a draft post, publishes it, and visitors then see it", async () => {
    const title = `Cartridge Firmware ${Date.now()}`;
    restore.created("blog_posts", { title });
    await page.getByRole("menuitem", { name: "Blog Posts" }).click();
    const focusTrail = await traceFocus(page);
    await page.getByRole("button", { name: "New Post" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Save Post" }).click();
    await dialog.getByText("Title is required").waitFor();
    await dialog.getByRole("textbox", { name: "Title" }).fill(title);
    await expect.poll(() => dialog.getByRole("textbox", { name: "Slug" }).inputValue()).toMatch(/^cartridge-firmware-\d+$/);
    await dialog.getByRole("combobox", { name: "Category" }).click();
    await pickOption(page, "Hardware");
    // Written in the rich editor: "## " makes a heading, Ctrl+B bold; the editor shows them as they will read.
    const content = dialog.getByRole("textbox", { name: /^Content/ });
    await content.click();
    await page.keyboard.type("## Firmware");
    await page.keyboard.press("Enter");
    await page.keyboard.type("The cartridge firmware now ");
    await page.keyboard.press("Control+B");
    await page.keyboard.type("verifies");
    await page.keyboard.press("Control+B");
    await page.keyboard.type(" every block.");
    // Keys that left the editor went where the focus went: said, with the focus's moves, should they ever.
    const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 160));
    const written = await content.innerText();
    if (!/The cartridge firmware now verifies every block\./.test(written)) {
      const editorNow = await content.evaluate((element) => element.outerHTML.slice(0, 200)).catch(() => "none");
      console.error(`The focus's moves:\n${(await focusTrail()).join("\n")}\nThe editor now: ${editorNow}`);
    }
    expect(written, `every key reached the editor (the focus is on ${focused})`).toMatch(/The cartridge firmware now verifies every block\./);
    await expect.poll(() => dialog.getByRole("textbox", { name: "Read time" }).inputValue()).toBe("1 min read");
    await content.getByRole("heading", { level: 2, name: "Firmware" }).waitFor();
    expect(await content.locator("strong").allTextContents()).toEqual(["verifies"]);
    await dialog.getByRole("button", { name: "Save Post" }).click();
    await dialog.waitFor({ state: "detached" });

    await row(title).getByText("Draft").waitFor();
    const key = await anonKey(page);
    const visible = () => asVisitor<{ title: string }[]>(apiUrl, key, `blog_posts?select=title&title=eq.${encodeURIComponent(title)}`);
    expect(await visible()).toEqual([]);

    await row(title).getByRole("button", { name: `Publish ${title}` }).click();
    await row(title).getByText("Published").waitFor();
    expect(await visible()).toEqual([{ title }]);

    const site = await context.newPage();
    await site.goto(`${webUrl}/updates`);
    await site.getByText(title).first().waitFor({ timeout: 20_000 });
    await site.close();

    // And deleted again, after the spec's confirmation.
    await row(title).getByRole("button", { name: "Delete" }).click();
    await page.getByText("Are you sure you want to delete this post?").waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => row(title).count()).toBe(0);
    expect(await visible()).toEqual([]);
  });

  it("a new whitepaper version: sections edited, published (the other one unpublished), then 1.0 again", async () => {
    const version = `9.${Date.now() % 1_000_000_000}`;
    const key = await anonKey(page);
    await restore.changing("whitepaper", { version: "1.0" }, ["published"]);
    // Versions are never deleted: the new one is left a draft, before 1.0 is published again.
    restore.createdKept("whitepaper", { version }, { published: false });
    const published = () => asVisitor<{ version: string; sections: { title: string; order: number }[]; change_log: string[] }[]>(apiUrl, key, "whitepaper?select=version,sections,change_log&published=is.true");
    await page.getByRole("menuitem", { name: "Whitepaper" }).click();
    await page.getByRole("button", { name: "New Version", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: "Version" }).fill(version);
    await dialog.getByRole("textbox", { name: "Section title" }).fill("Alpha");
    await dialog.getByRole("textbox", { name: /^Section content/ }).click();
    await page.keyboard.type("First section");
    await dialog.getByRole("button", { name: "Add Section" }).click();
    await dialog.getByRole("textbox", { name: "Section title" }).nth(1).fill("Beta");
    await dialog.getByRole("textbox", { name: /^Section content/ }).nth(1).click();
    await page.keyboard.type("Second section");
    await dialog.getByRole("button", { name: "Save Version" }).click();
    await dialog.waitFor({ state: "detached" });

    await row(`v${version}`).getByRole("button", { name: /^Publish/ }).click();
    await row(`v${version}`).getByText("Published").waitFor();
    await row("v1.0").getByText("Draft").waitFor();
    expect((await published()).map((entry) => entry.version)).toEqual([version]);

    // Editing: sections moved and renumbered from 0, and the change-log entry added on save.
    await row(`v${version}`).getByRole("button", { name: "Edit" }).click();
    await expect.poll(() => dialog.getByRole("textbox", { name: "Section title" }).first().inputValue()).toBe("Alpha");
    await dialog.getByRole("button", { name: "Move section 2 up" }).click();
    await expect.poll(() => dialog.getByRole("textbox", { name: "Section title" }).first().inputValue()).toBe("Beta");
    await dialog.getByRole("button", { name: "Save Version" }).click();
    await dialog.waitFor({ state: "detached" });
    // The dialog closes before the write is confirmed: the saved version is waited for, not read once.
    await expect
      .poll(async () => (await published())[0]?.sections.map(({ title, order }) => ({ title, order })))
      .toEqual([{ title: "Beta", order: 0 }, { title: "Alpha", order: 1 }]);
    expect((await published())[0]!.change_log).toEqual(["Initial release", "Updated whitepaper content"]);

    // Publishing 1.0 again unpublishes the new version: only one is ever published.
    await row("v1.0").getByRole("button", { name: /^Publish/ }).click();
    await row("v1.0").getByText("Published").waitFor();
    await row(`v${version}`).getByText("Draft").waitFor();
    expect((await published()).map((entry) => entry.version)).toEqual(["1.0"]);
    // No delete for whitepaper versions.
    expect(await row("v1.0").getByRole("button", { name: "Delete" }).count()).toBe(0);
  });

  it("moves a stage down within its own column", async () => {
    await restore.changing("project_stages", { category: "hardware" }, ["order"]);
    await page.getByRole("menuitem", { name: "Progress" }).click();
    const column = page.getByRole("region", { name: "Hardware Development" });
    await expect.poll(async () => (await column.getByTestId("stage").allTextContents()).length).toBe(5);
    const before = await column.getByTestId("stage").allTextContents();
    expect(before[0]).toContain("Concept & Research");
    await column.getByTestId("stage").first().getByRole("button", { name: "Move down" }).click();
    await expect.poll(async () => (await column.getByTestId("stage").allTextContents())[0]).toContain("FPGA Prototype");
    expect((await column.getByTestId("stage").allTextContents())[1]).toContain("Concept & Research");
    await column.getByTestId("stage").first().getByText("Completed").waitFor();
    // And up again.
    await column.getByTestId("stage").nth(1).getByRole("button", { name: "Move up" }).click();
    await expect.poll(async () => (await column.getByTestId("stage").allTextContents())[0]).toContain("Concept & Research");
  });

  it("uploads media with per-file progress, finds it by search and deletes it", async () => {
    await page.goto(`${webUrl}/admin/media`);
    await page.getByRole("heading", { name: "Media Library", level: 1 }).waitFor();
    const stamp = Date.now();
    restore.createdMedia({ filename: `poster-${stamp}.png` });
    restore.createdMedia({ filename: `teaser-${stamp}.mp4` });
    // Storage checks each file's first bytes against its type, and decodes images: a valid PNG padded to 3 MB, an MP4 signature then filler.
    const big = tinyPng(0x336699, 3 * 1024 * 1024);
    const teaser = Buffer.alloc(64 * 1024, 1);
    Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom")]).copy(teaser);
    await page.evaluate(() => {
      (window as unknown as { seen: string[] }).seen = [];
      new MutationObserver((records) => {
        for (const record of records) {
          const target = record.target as Element;
          if (target.getAttribute?.("role") === "progressbar") (window as unknown as { seen: string[] }).seen.push(target.getAttribute("aria-valuenow") ?? "");
        }
      }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ["aria-valuenow"] });
    });
    await page.getByTestId("media-file-input").setInputFiles([
      { name: `poster-${stamp}.png`, mimeType: "image/png", buffer: big },
      { name: `teaser-${stamp}.mp4`, mimeType: "video/mp4", buffer: teaser },
    ]);
    await page.getByRole("progressbar", { name: `Uploading poster-${stamp}.png` }).waitFor();
    await expect.poll(() => page.getByTestId("upload-item").filter({ hasText: "Done" }).count(), { timeout: 30_000 }).toBe(2);
    expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toContain("100");
    await page.getByTestId("media-card").filter({ hasText: `poster-${stamp}.png` }).getByText("3.00 MB").waitFor();

    await page.getByRole("textbox", { name: "Search media" }).fill(`POSTER-${stamp}`);
    await expect.poll(() => page.getByTestId("media-card").count()).toBe(1);
    const card = page.getByTestId("media-card").first();
    await card.getByText(`poster-${stamp}.png`).waitFor();
    const url = await card.locator("img").getAttribute("src");
    expect(url).toMatch(/\/storage\/v1\/object\/public\/assets\/media\/[0-9a-f-]+\.png$/);
    expect((await fetch(url!)).status).toBe(200);

    await card.getByRole("button", { name: "Delete" }).click();
    await page.getByText("Are you sure you want to delete this asset?").waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await page.getByText("No media matches your search.").waitFor();
    expect((await fetch(url!)).ok).toBe(false);
  });

  it("the community inbox shows a waitlist signup made on the site", async () => {
    const email = `waiting-${Date.now()}@example.com`;
    restore.created("form_submissions", { email });
    const response = await fetch(`${webUrl}/`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ "form-name": "waitlist", "bot-field": "", email }).toString(),
    });
    expect(response.ok).toBe(true);
    await page.getByRole("menuitem", { name: "Community" }).click();
    await page.getByPlaceholder("Search submissions...").fill(email);
    // The search answered: the list holds this row alone, so the click below cannot meet a reflow.
    await expect.poll(async () => [await page.locator("tbody tr").count(), await row(email).count()]).toEqual([1, 1]);
    await row(email).getByText("Waitlist").waitFor();
    await row(email).getByRole("button", { name: `Mark ${email} handled` }).click();
    await row(email).getByText("Handled ✓").waitFor();
  });
});
