import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { validateDocument, type RichTextDocument } from "../../shared/rich-text/document.ts";
import { adminPage } from "./admin-helpers.ts";
import { openBrowser } from "./support/browser.ts";
import { restoreAfterEach } from "./support/restore.ts";
import { nodeClient } from "../support/backend.ts";
import { tinyPng } from "../support/png.ts";

// A post written in the rich editor of the New Post dialog, as a person writes it: Markdown
// shortcuts typed, a link from the toolbar, a picture dragged in from the computer with its alt text
// and caption, a YouTube video and a waitlist card; saved, and the stored row read back as a document.

const SCREENS = [
  { name: "desktop", width: 1400, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

/** Every node of a document, depth first. */
function everyNode(node: unknown): Record<string, unknown>[] {
  const content = (node as { content?: unknown[] }).content ?? [];
  return [node as Record<string, unknown>, ...content.flatMap(everyNode)];
}

describe("the rich editor (Chromium, production build)", () => {
  const webUrl = inject("webUrl");
  const service = nodeClient(inject("apiUrl"), inject("serviceKey"));
  const restore = restoreAfterEach();
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  let page: Page;

  beforeAll(async () => {
    browser = await openBrowser();
    page = await adminPage(browser.context, webUrl);
  });
  afterAll(() => browser?.close());

  const noSideways = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  for (const screen of SCREENS) {
    it(`writes a post with a heading, a list, a link, a dropped picture, a video and a waitlist card (${screen.name}, ${screen.width} px)`, async () => {
      const stamp = randomUUID().slice(0, 8);
      const title = `Rich post ${screen.name} ${stamp}`;
      const filename = `dropped-${stamp}.png`;
      restore.created("blog_posts", { title });
      restore.createdMedia({ filename });
      await page.setViewportSize({ width: screen.width, height: screen.height });
      await page.goto(`${webUrl}/admin/blog`);
      await page.getByRole("button", { name: "New Post" }).click();
      const dialog = page.getByRole("dialog", { name: "New Post" });
      await dialog.getByRole("textbox", { name: "Title" }).fill(title);
      await dialog.getByRole("combobox", { name: "Category" }).click();
      await page.getByRole("option", { name: "Hardware" }).click();

      const editor = dialog.getByRole("textbox", { name: /^Content/ });
      await editor.click();
      await page.keyboard.type("## Launch notes");
      await page.keyboard.press("Enter");
      await page.keyboard.type("- First point");
      await page.keyboard.press("Enter");
      await page.keyboard.type("Second point");
      await page.keyboard.press("Enter");
      await page.keyboard.press("Enter");
      await page.keyboard.type("Read the whitepaper");
      await page.keyboard.press("Shift+Home");
      await dialog.getByRole("button", { name: "Link", exact: true }).click();
      const linkBox = page.getByRole("dialog", { name: "Link" });
      await linkBox.getByRole("textbox", { name: "Link address" }).fill("javascript:alert(1)");
      await linkBox.getByRole("button", { name: "Apply" }).click();
      await linkBox.getByText(/^Enter a full address/).waitFor();
      await linkBox.getByRole("textbox", { name: "Link address" }).fill("/whitepaper");
      await linkBox.getByRole("button", { name: "Apply" }).click();
      await linkBox.waitFor({ state: "detached" });
      await editor.getByRole("link", { name: "Read the whitepaper" }).waitFor();
      await page.keyboard.press("Enter");

      // A picture file dropped on the editor from the computer: uploaded to the library, then shown in place.
      const box = (await editor.boundingBox())!;
      const dataTransfer = await page.evaluateHandle(
        ({ bytes, name }) => {
          const transfer = new DataTransfer();
          transfer.items.add(new File([new Uint8Array(bytes)], name, { type: "image/png" }));
          return transfer;
        },
        { bytes: [...tinyPng(0x10b981)], name: filename },
      );
      await editor.dispatchEvent("drop", { dataTransfer, clientX: box.x + 10, clientY: box.y + box.height - 10 });
      const image = dialog.getByRole("group", { name: "Image" });
      await image.waitFor({ timeout: 30_000 });
      await image.getByRole("textbox", { name: "Alt text" }).fill("A green test card");
      await image.getByRole("textbox", { name: "Caption (optional)" }).fill("Dropped in");

      await dialog.getByRole("button", { name: "Insert video" }).click();
      const videoDialog = page.getByRole("dialog", { name: "Insert a video" });
      await videoDialog.getByRole("textbox", { name: "YouTube address" }).fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
      await videoDialog.getByRole("textbox", { name: /Video title/ }).fill("First boot");
      await videoDialog.getByRole("button", { name: "Insert video" }).click();
      await videoDialog.waitFor({ state: "detached" });
      await dialog.getByRole("group", { name: "Video" }).waitFor();

      await dialog.getByRole("button", { name: "Insert call to action" }).click();
      await page.getByRole("menuitem", { name: "Join the waitlist" }).click();
      await dialog.getByRole("group", { name: "Call to action" }).waitFor();
      await editor.getByRole("link", { name: "Read the whitepaper" }).waitFor();

      // The editor shows our picture, never a YouTube frame, and the page does not scroll sideways.
      expect(await dialog.locator("iframe").count()).toBe(0);
      expect(await noSideways()).toBe(true);
      await expect.poll(() => dialog.getByTestId("rich-text-count").textContent()).toMatch(/^\d+ words · 1 min read$/);

      await dialog.getByRole("button", { name: "Save Post" }).click();
      await dialog.waitFor({ state: "detached", timeout: 30_000 });

      const { data, error } = await service.from("blog_posts").select("content, read_time").eq("title", title).single();
      expect(error).toBeNull();
      const document = data!.content as RichTextDocument;
      expect(validateDocument(document)).toEqual({ ok: true, document });
      expect(data!.read_time).toBe("1 min read");
      const nodes = everyNode(document);
      expect(document.content[0]).toEqual({ type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Launch notes" }] });
      expect(nodes.find((node) => node.type === "bulletList")).toEqual({
        type: "bulletList",
        content: ["First point", "Second point"].map((text) => ({ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text }] }] })),
      });
      expect(nodes).toContainEqual({ type: "text", text: "Read the whitepaper", marks: [{ type: "link", attrs: expect.objectContaining({ href: "/whitepaper" }) }] });
      const { data: asset } = await service.from("media_assets").select("url").eq("filename", filename).single();
      // The library's address made absolute on the API, as the format keeps pictures.
      const picture = nodes.find((node) => node.type === "image") as { attrs: { src: string } } | undefined;
      expect(picture).toEqual({ type: "image", attrs: { src: expect.stringMatching(/^https?:\/\//), alt: "A green test card", caption: "Dropped in", width: 1, height: 1 } });
      expect(picture!.attrs.src.endsWith(asset!.url as string)).toBe(true);
      expect(nodes).toContainEqual({ type: "video", attrs: { youtubeId: "dQw4w9WgXcQ", videoId: null, title: "First boot", thumbnail: null } });
      expect(nodes).toContainEqual({ type: "callToAction", attrs: { action: "waitlist", label: null } });
    });
  }
});
