import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { adminPage, openAdminSession, type AdminSession } from "./admin-helpers.ts";
import { launchChromium } from "./support/browser.ts";
import { restoreAfterEach } from "./support/restore.ts";

const DESKTOP = { width: 1400, height: 900 };
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
/** The back office's purple (#6d28d9) as the browser computes it; MUI's default blue is rgb(25, 118, 210). */
const PURPLE = "rgb(109, 40, 217)";
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Where the title's text is drawn, line by line, and where the search box is: a cut or covered word shows here. */
async function titleLayout(page: Page) {
  return page.evaluate(() => {
    const title = document.getElementById("react-admin-title")!;
    const range = document.createRange();
    range.selectNodeContents(title);
    const lines = [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => ({ left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom }));
    const search = document.querySelector('input[aria-label="Search content"]')!.closest(".MuiAutocomplete-root")!.getBoundingClientRect();
    const bar = title.closest("header")!.getBoundingClientRect();
    return { text: title.textContent ?? "", lines, searchLeft: search.left, barBottom: bar.bottom, overflowing: title.scrollWidth > title.clientWidth + 1, width: window.innerWidth };
  });
}

describe("back office: the Media Library is in the sidebar, page titles fit, upload words fit the screen, auth pages are purple (Chromium, production build, 1400×900 and 390×844 touch)", () => {
  const webUrl = inject("webUrl");
  const apiUrl = inject("apiUrl");
  let session: AdminSession;
  let browser: Browser;
  let phoneContext: BrowserContext;
  let phone: Page;
  let desktop: Page;
  const restore = restoreAfterEach();
  let scratch: string;

  beforeAll(async () => {
    session = await openAdminSession(webUrl, apiUrl);
    desktop = session.page;
    await desktop.setViewportSize(DESKTOP);
    browser = await launchChromium();
    phoneContext = await browser.newContext(PHONE);
    phone = await adminPage(phoneContext, webUrl);
    scratch = mkdtempSync(join(tmpdir(), "rcrt-junk-images-"));
  });
  afterAll(async () => {
    await browser?.close();
    await session?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it("desktop: the sidebar lists the Media Library after Blog Posts, its entry opens the library, which offers drag and drop", async () => {
    await desktop.goto(`${webUrl}/admin`);
    const sidebar = desktop.locator(".RaSidebar-fixed");
    const entry = sidebar.getByRole("menuitem", { name: "Media Library" });
    await entry.waitFor();
    const entries = (await sidebar.getByRole("menuitem").allTextContents()).map((text) => text.trim());
    expect(entries.slice(0, 3)).toEqual(["Dashboard", "Blog Posts", "Media Library"]);
    await entry.click();
    await desktop.getByRole("heading", { name: "Media Library", level: 1 }).waitFor();
    expect(new URL(desktop.url()).pathname).toBe("/admin/media");
    await desktop.getByText("Drag and drop images or videos here").waitFor();
  });

  it("phone: the drawer lists the Media Library, its entry opens the library, which says nothing of dragging and offers to choose files", async () => {
    await phone.goto(`${webUrl}/admin`);
    await phone.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    await phone.getByRole("button", { name: "Open menu" }).click();
    const drawer = phone.locator(".MuiDrawer-paper");
    const entry = drawer.getByRole("menuitem", { name: "Media Library" });
    await entry.waitFor();
    // The drawer slides in: its entry is measured once it has arrived.
    await expect
      .poll(async () => {
        const box = (await entry.boundingBox())!;
        return box.x >= 0 && box.x + box.width <= 390 && box.y >= 0 && box.y + box.height <= 844 ? "on screen" : JSON.stringify(box);
      })
      .toBe("on screen");
    await entry.tap();
    await phone.getByRole("heading", { name: "Media Library", level: 1 }).waitFor();
    expect(new URL(phone.url()).pathname).toBe("/admin/media");
    const choose = phone.getByRole("button", { name: "Choose images or videos to upload" });
    await choose.waitFor();
    const chooseBox = (await choose.boundingBox())!;
    expect(chooseBox.x >= 0 && chooseBox.x + chooseBox.width <= 390, JSON.stringify(chooseBox)).toBe(true);
    expect(await phone.evaluate(() => document.body.innerText)).not.toMatch(/drag|drop/i);
    const chooser = phone.waitForEvent("filechooser");
    await choose.tap();
    expect((await chooser).isMultiple()).toBe(true);
  });

  it.each([
    ["desktop", () => desktop],
    ["phone", () => phone],
  ] as const)("%s: every sidebar screen's title is shown whole, between words if it wraps, left of the search box and inside the app bar", async (_size, pageOf) => {
    const page = pageOf();
    await page.goto(`${webUrl}/admin`);
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    // A phone's sidebar is a drawer, whose entries exist while it is open.
    const toggle = page.getByRole("button", { name: "Open menu" });
    if (await toggle.isVisible()) {
      await toggle.click();
      await page.locator(".MuiDrawer-paper").getByRole("menuitem", { name: "Media Library" }).waitFor();
    }
    const paths = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLAnchorElement>(".RaSidebar-fixed a[href], .MuiDrawer-paper a[href]")].map((link) => new URL(link.href).pathname).filter((path) => path.startsWith("/admin/") && path !== "/admin/"),
    );
    expect(paths).toContain("/admin/progress");
    if (await page.locator(".MuiDrawer-modal").isVisible()) {
      // Closed again, as react-admin remembers it: an open drawer hides the page from the reader.
      await page.keyboard.press("Escape");
      await page.locator(".MuiDrawer-modal").waitFor({ state: "hidden" });
    }
    for (const path of new Set(paths)) {
      await page.goto(`${webUrl}${path}`);
      const heading = page.getByRole("heading", { level: 1 }).first();
      await heading.waitFor().catch((error: Error) => {
        throw new Error(`${path}: ${error.message}`);
      });
      const name = (await heading.textContent())!.trim();
      await expect.poll(async () => (await titleLayout(page)).text, { message: path }).toBe(name);
      const layout = await titleLayout(page);
      expect(layout.overflowing, `${path}: ${JSON.stringify(layout)}`).toBe(false);
      for (const line of layout.lines) {
        expect(line.left >= 0 && line.right <= layout.searchLeft && line.bottom <= layout.barBottom, `${path} "${name}": ${JSON.stringify(layout)}`).toBe(true);
      }
      // Wrapped lines break between words: each line's text is whole words of the title.
      const drawn = await page.evaluate(() => {
        const title = document.getElementById("react-admin-title")!;
        const text = title.textContent ?? "";
        const range = document.createRange();
        const node = [...title.querySelectorAll("*"), title].flatMap((element) => [...element.childNodes]).find((child) => child.nodeType === Node.TEXT_NODE && (child.textContent ?? "").trim() === text.trim());
        if (!node) return [];
        const tops: { top: number; at: number }[] = [];
        for (let at = 0; at < node.textContent!.length; at++) {
          range.setStart(node, at);
          range.setEnd(node, at + 1);
          const rect = range.getBoundingClientRect();
          if (!tops.length || Math.abs(rect.top - tops[tops.length - 1]!.top) > 2) tops.push({ top: rect.top, at });
        }
        return tops.map(({ at }) => node.textContent![at - 1] ?? " ");
      });
      for (const before of drawn) expect(before, `${path}: a line starts mid-word`).toMatch(/\s/);
    }
  });

  it("the sign-in, reset and new-password pages, opened before the admin has loaded, are purple (as is the admin behind them)", async () => {
    const page = await phoneContext.newPage();
    try {
      const background = (name: string) => page.getByRole("button", { name }).evaluate((button) => getComputedStyle(button).backgroundColor);
      await page.goto(`${webUrl}/admin/login`);
      expect(await background("Sign in")).toBe(PURPLE);
      await page.goto(`${webUrl}/admin/reset-password`);
      expect(await background("Send reset instructions")).toBe(PURPLE);
      // Without a session the invitation's page says its link has expired, in the same colours.
      await page.goto(`${webUrl}/admin/update-password?invited=1`);
      const overline = page.getByText("RCRT Admin", { exact: true });
      await overline.waitFor();
      expect(await overline.evaluate((element) => getComputedStyle(element).color)).toBe(PURPLE);
    } finally {
      await page.close();
    }
  });

  it("the library refuses every image that cannot be shown, with its reason, stores a valid one, and warns of one too large for the renderer", async () => {
    const stamp = Date.now();
    const valid = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#c63" } }).png({ compressionLevel: 0 }).toBuffer();
    const corrupt = Buffer.from(valid);
    // The header and the end intact, the pixels in between overwritten: only a decoder finds it.
    randomBytes(corrupt.length - 100).copy(corrupt, 50);
    const junk = join(scratch, `junk-${stamp}.png`);
    writeFileSync(junk, Buffer.concat([PNG_SIGNATURE, randomBytes(50 * 1024 * 1024)]));
    const refused = [
      { file: junk, name: `junk-${stamp}.png`, message: "The file's content is not a valid image/png image: its header is damaged" },
      { file: { name: `garbage-${stamp}.jpg`, mimeType: "image/jpeg", buffer: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from("garbage ".repeat(4000))]) }, name: `garbage-${stamp}.jpg`, message: /The file's content is not a valid image\/jpeg image: / },
      { file: { name: `cut-${stamp}.png`, mimeType: "image/png", buffer: valid.subarray(0, valid.length - 500) }, name: `cut-${stamp}.png`, message: "The file's content is not a valid image/png image: it ends before its image data does (the file is cut short)" },
      { file: { name: `corrupt-${stamp}.png`, mimeType: "image/png", buffer: corrupt }, name: `corrupt-${stamp}.png`, message: "The file's content is not a valid image/png image: it cannot be decoded" },
      { file: { name: `notes-${stamp}.webp`, mimeType: "image/webp", buffer: Buffer.from("Meeting notes, not a picture.\n") }, name: `notes-${stamp}.webp`, message: "The file's content does not match its type image/webp: its bytes are not a known image or video format" },
    ];
    const huge = await sharp({ create: { width: 5200, height: 5000, channels: 3, background: "#222" } }).png().toBuffer();
    const accepted = [
      { name: `valid-${stamp}.png`, mimeType: "image/png", buffer: valid },
      { name: `huge-${stamp}.png`, mimeType: "image/png", buffer: huge },
    ];
    for (const { name } of [...refused, ...accepted]) restore.createdMedia({ filename: name });

    await desktop.goto(`${webUrl}/admin/media`);
    await desktop.getByRole("heading", { name: "Media Library", level: 1 }).waitFor();
    const input = desktop.getByTestId("media-file-input");
    // Refused before a byte is sent: Storage is not asked at all (hosted Storage would take them).
    const sent: string[] = [];
    const onRequest = (request: { url(): string; method(): string }) => {
      if (request.url().includes("/storage/v1/") && request.method() !== "GET") sent.push(request.url());
    };
    desktop.on("request", onRequest);
    for (const { file, name, message } of refused) {
      await input.setInputFiles(file);
      const item = desktop.getByTestId("upload-item").filter({ hasText: name });
      await item.getByText("Failed").waitFor();
      expect(await item.locator(".MuiTypography-caption").first().textContent(), name).toMatch(message);
      expect(await item.getByText("Done").count()).toBe(0);
    }
    desktop.off("request", onRequest);
    expect(sent).toEqual([]);
    await input.setInputFiles(accepted);
    for (const { name } of accepted) await desktop.getByTestId("upload-item").filter({ hasText: name }).getByText("Done").waitFor();
    const hugeItem = desktop.getByTestId("upload-item").filter({ hasText: `huge-${stamp}.png` });
    expect(await hugeItem.getByRole("status").textContent()).toBe(
      "Uploaded, but at 5200 × 5000 pixels it is larger than the image renderer takes (25 megapixels, 25 MB): pages may not show it. Replace it with a smaller copy.",
    );
    expect(await desktop.getByTestId("upload-item").filter({ hasText: `valid-${stamp}.png` }).getByRole("status").count()).toBe(0);

    const stored = (await session.admin.from("media_assets").select("filename").like("filename", `%-${stamp}.%`)).data?.map((row) => row.filename as string).sort();
    expect(stored).toEqual(accepted.map(({ name }) => name).sort());
  });
});
