import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { absoluteAssetUrl } from "../../shared/images.ts";
import { anonKey, asVisitor, openAdminSession, searchMedia, type AdminSession } from "./admin-helpers.ts";
import { restoreAfterEach } from "./support/restore.ts";

const SEEDED_LOGO = "/storage/v1/object/public/assets/seed/press-retro-tech-weekly.svg";
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><rect width="120" height="40" fill="#e0a030"/><circle cx="20" cy="20" r="12" fill="#203040"/></svg>');

/**
 * Loads every image of the page now, lazy ones included, and waits until each has loaded or failed;
 * then lists those that failed (still an <img> with no pixels, or already the NO SIGNAL tile).
 */
async function settledImages(page: Page): Promise<{ count: number; broken: string[]; noSignal: number }> {
  await page.evaluate(() => {
    for (const image of document.querySelectorAll("img")) image.loading = "eager";
  });
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  return page.evaluate(() => ({
    count: document.images.length,
    broken: [...document.images].filter((image) => image.naturalWidth === 0).map((image) => image.currentSrc || image.src),
    noSignal: document.querySelectorAll('[data-testid="image-fallback"]').length,
  }));
}

/** The natural width and addresses of the first image `selector` finds, once it has loaded or failed. */
async function loadedImage(page: Page, selector: string): Promise<{ naturalWidth: number; src: string; srcset: string }> {
  const image = page.locator(selector).first();
  await image.waitFor();
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete)).toBe(true);
  return image.evaluate((element: HTMLImageElement) => ({ naturalWidth: element.naturalWidth, src: element.currentSrc || element.src, srcset: element.srcset }));
}

describe("images that cannot be transformed, refused uploads, sizes and seeded order (Chromium, production build)", () => {
  const webUrl = inject("webUrl");
  const apiUrl = inject("apiUrl");
  let session: AdminSession;
  let page: Page;
  const restore = restoreAfterEach();

  beforeAll(async () => {
    session = await openAdminSession(webUrl, apiUrl);
    page = session.page;
  });
  afterAll(() => session?.close());

  it("no seeded site page shows NO SIGNAL: the SVG press logo is served as stored, on desktop and mobile, and the carousel starts with Classic Cinema", async () => {
    const slugs = await asVisitor<{ slug: string }[]>(apiUrl, await anonKey(page), "blog_posts?select=slug");
    expect(slugs.length).toBeGreaterThan(0);
    // Every page: without a YouTube key every picture is ours (the videos' placeholders included).
    const paths = ["/", "/about", "/updates", ...slugs.map(({ slug }) => `/updates/${slug}`), "/gallery", "/youtube", "/whitepaper", "/contact"];
    const site = await session.context.newPage();
    try {
      for (const path of paths) {
        await site.goto(`${webUrl}${path}`);
        const images = await settledImages(site);
        expect({ path, broken: images.broken, noSignal: images.noSignal }).toEqual({ path, broken: [], noSignal: 0 });
        if (path === "/") expect(images.count).toBeGreaterThan(3);
      }

      for (const viewport of [{ width: 1400, height: 900 }, { width: 390, height: 844 }]) {
        await site.setViewportSize(viewport);
        await site.goto(`${webUrl}/`);
        const logo = await loadedImage(site, 'figure.quote:has-text("Retro Tech Weekly") img');
        expect(logo.naturalWidth, `${viewport.width} px`).toBeGreaterThan(0);
        expect(new URL(logo.src).pathname).toBe(SEEDED_LOGO);
        expect(logo.srcset).toBe("");
      }
      const served = await (await fetch(`${webUrl}/`)).text();
      expect(served).toContain(`${SEEDED_LOGO}"`);
      expect(served).not.toContain("/render/image/public/assets/seed/press-retro-tech-weekly.svg");
      const slides = site.getByRole("region", { name: "Collection slides" }).locator("h3");
      expect((await slides.allTextContents()).slice(0, 3)).toEqual(["Classic Cinema Collection", "Series Showcase", "Documentary Archive"]);
    } finally {
      await site.close();
    }
  });

  it("an SVG uploaded from the back office's picker shows there, in the Press list and on the home page", async () => {
    const stamp = Date.now();
    const source = `Vector Weekly ${stamp}`;
    const filename = `vector-${stamp}.svg`;
    restore.created("press_quotes", { source });
    restore.createdMedia({ filename });

    await page.goto(`${webUrl}/admin/press`);
    expect((await loadedImage(page, 'tbody tr:has-text("Retro Tech Weekly") img')).naturalWidth).toBeGreaterThan(0);

    await page.getByRole("button", { name: "New Quote" }).click();
    const editor = page.getByRole("dialog", { name: "New Quote" });
    await editor.getByRole("textbox", { name: "Quote" }).fill("Sharp at every size.");
    await editor.getByRole("textbox", { name: "Source" }).fill(source);
    await editor.getByRole("button", { name: "Choose Logo URL from the media library" }).click();
    const picker = page.getByRole("dialog", { name: "Choose from the media library" });
    await searchMedia(picker, "press-retro");
    expect((await loadedImage(page, '[role="dialog"] button[aria-label="Use press-retro-tech-weekly.svg"] img')).naturalWidth).toBeGreaterThan(0);
    await picker.getByTestId("media-picker-file-input").setInputFiles({ name: filename, mimeType: "image/svg+xml", buffer: SVG });
    await picker.waitFor({ state: "detached" });
    const url = await editor.getByRole("textbox", { name: "Logo URL" }).inputValue();
    expect(url).toMatch(/^\/storage\/v1\/object\/public\/assets\/media\/[0-9a-f-]+\.svg$/);
    expect((await loadedImage(page, '[role="dialog"] img')).naturalWidth).toBeGreaterThan(0);
    await editor.getByRole("button", { name: "Save Quote" }).click();
    await editor.waitFor({ state: "detached" });
    const row = page.locator("tbody tr").filter({ hasText: source });
    await row.getByRole("button", { name: `Publish ${source}` }).click();
    await row.getByText("Published").waitFor();
    expect((await loadedImage(page, `tbody tr:has-text("${source}") img`)).naturalWidth).toBeGreaterThan(0);

    const site = await session.context.newPage();
    try {
      // The home page is correct within 2 s of a change.
      await expect
        .poll(
          async () => {
            await site.goto(`${webUrl}/`);
            return site.locator(`figure.quote:has-text("${source}")`).count();
          },
          { timeout: 10_000 },
        )
        .toBe(1);
      const logo = await loadedImage(site, `figure.quote:has-text("${source}") img`);
      expect(logo.naturalWidth).toBeGreaterThan(0);
      // Stored host-relative, shown from the API the site reads.
      expect(logo.src).toBe(absoluteAssetUrl(url, apiUrl));
    } finally {
      await site.close();
    }
  });

  it("the media library refuses a text file named .png and says why, and shows every size in MB with 2 decimals", async () => {
    const filename = `notes-${Date.now()}.png`;
    restore.createdMedia({ filename });
    await page.goto(`${webUrl}/admin/media`);
    await page.getByRole("heading", { name: "Media Library", level: 1 }).waitFor();
    await page.getByTestId("media-card").first().waitFor();
    const sizes = await page.getByTestId("media-card").locator(".MuiTypography-caption").allTextContents();
    const shown = sizes.filter((text) => /\d\s*(MB|KB|B)$/.test(text));
    expect(shown.length).toBeGreaterThan(0);
    for (const size of shown) expect(size).toMatch(/^\d+\.\d{2} MB$/);

    await page.getByTestId("media-file-input").setInputFiles({ name: filename, mimeType: "image/png", buffer: Buffer.from("This is not a PNG.\n") });
    const item = page.getByTestId("upload-item").filter({ hasText: filename });
    await item.getByText("Failed").waitFor();
    await item.getByText("The file's content does not match its type image/png: its bytes are not a known image or video format").waitFor();
    await item.getByText("(0.00 MB)").waitFor();
    expect(await item.getByText("Done").count()).toBe(0);
    expect((await session.admin.from("media_assets").select("id").eq("filename", filename)).data).toEqual([]);
    expect(await page.getByTestId("media-card").filter({ hasText: filename }).count()).toBe(0);
  });
});
