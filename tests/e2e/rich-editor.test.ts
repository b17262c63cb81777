import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { validateDocument, type RichTextDocument } from "../../shared/rich-text/document.ts";
import { FEED_PATH } from "../../site/server/sitemap-and-feed.ts";
import { adminPage } from "./admin-helpers.ts";
import { openBrowser, pickOption } from "./support/browser.ts";
import { restoreAfterEach } from "./support/restore.ts";
import { nodeClient } from "../support/backend.ts";
import { tinyPng } from "../support/png.ts";

// A post written in the rich editor of the New Post dialog, as a person writes it: Markdown
// shortcuts typed, a link from the toolbar, a picture dragged in from the computer with its alt text
// and caption, a YouTube video, one of the site's videos and a waitlist card; saved, and the stored
// row read back as a document. On a wide screen it is published, and then its page, the feed and the
// newsletter mail of it carry what was written.

const SCREENS = {
  desktop: { name: "desktop", width: 1400, height: 900 },
  phone: { name: "phone", width: 390, height: 844 },
} as const;
type Screen = (typeof SCREENS)[keyof typeof SCREENS];

/** One of the seeded videos, with a thumbnail of ours. */
const SITE_VIDEO = { id: "d0000000-0000-4000-8000-000000000001", title: "First Boot of the FPGA Prototype", url: "https://videos.example.com/rcrt/first-boot" };

interface Mail {
  to: string;
  subject: string;
  html: string;
  link: string | null;
}

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

  /** The post written and saved at `screen`'s size (published when `publish`), and its stored row checked: its title and its slug. */
  async function writePost(screen: Screen, { publish }: { publish: boolean }): Promise<{ title: string; slug: string }> {
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
    await pickOption(page, "Hardware");

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

    // And one of the site's own videos, chosen from the list: its thumbnail comes with it.
    await dialog.getByRole("button", { name: "Insert video" }).click();
    await videoDialog.getByRole("button", { name: `Use ${SITE_VIDEO.title}` }).click();
    await expect.poll(() => videoDialog.getByRole("textbox", { name: /Video title/ }).inputValue()).toBe(SITE_VIDEO.title);
    await videoDialog.getByRole("button", { name: "Insert video" }).click();
    await videoDialog.waitFor({ state: "detached" });
    await expect.poll(() => dialog.getByRole("group", { name: "Video" }).count()).toBe(2);

    await dialog.getByRole("button", { name: "Insert call to action" }).click();
    await page.getByRole("menuitem", { name: "Join the waitlist" }).click();
    await dialog.getByRole("group", { name: "Call to action" }).waitFor();
    await editor.getByRole("link", { name: "Read the whitepaper" }).waitFor();

    // The editor shows our picture, never a YouTube frame, and the page does not scroll sideways.
    expect(await dialog.locator("iframe").count()).toBe(0);
    expect(await noSideways()).toBe(true);
    await expect.poll(() => dialog.getByTestId("rich-text-count").textContent()).toMatch(/^\d+ words · 1 min read$/);

    if (publish) await dialog.getByRole("switch", { name: "Publish immediately" }).click();
    await dialog.getByRole("button", { name: "Save Post" }).click();
    await dialog.waitFor({ state: "detached", timeout: 30_000 });

    const { data, error } = await service.from("blog_posts").select("content, read_time, slug, published").eq("title", title).single();
    expect(error).toBeNull();
    const document = data!.content as RichTextDocument;
    expect(validateDocument(document)).toEqual({ ok: true, document });
    expect(data!.read_time).toBe("1 min read");
    expect(data!.published).toBe(publish);
    const nodes = everyNode(document);
    expect(document.content[0]).toEqual({ type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Launch notes" }] });
    expect(nodes.find((node) => node.type === "bulletList")).toEqual({
      type: "bulletList",
      content: ["First point", "Second point"].map((text) => ({ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text }] }] })),
    });
    expect(nodes).toContainEqual({ type: "text", text: "Read the whitepaper", marks: [{ type: "link", attrs: expect.objectContaining({ href: "/whitepaper" }) }] });
    const { data: asset } = await service.from("media_assets").select("url").eq("filename", filename).single();
    // Our own pictures are kept host-relative, exactly as the library stores them.
    const picture = nodes.find((node) => node.type === "image");
    expect(picture).toEqual({ type: "image", attrs: { src: asset!.url, alt: "A green test card", caption: "Dropped in", width: 1, height: 1 } });
    const { data: siteVideo } = await service.from("videos").select("thumbnail_url").eq("id", SITE_VIDEO.id).single();
    expect(siteVideo!.thumbnail_url).toMatch(/test-pattern\.webp$/);
    expect(nodes.filter((node) => node.type === "video")).toEqual([
      { type: "video", attrs: { youtubeId: "dQw4w9WgXcQ", videoId: null, title: "First boot", thumbnail: null } },
      { type: "video", attrs: { youtubeId: null, videoId: SITE_VIDEO.id, title: SITE_VIDEO.title, thumbnail: siteVideo!.thumbnail_url } },
    ]);
    expect(nodes).toContainEqual({ type: "callToAction", attrs: { action: "waitlist", label: null } });
    return { title, slug: data!.slug as string };
  }

  it(`writes a post with a heading, a list, a link, a dropped picture, videos and a waitlist card (phone, ${SCREENS.phone.width} px)`, async () => {
    await writePost(SCREENS.phone, { publish: false });
  });

  it("keeps the focus and every key when the list's rows arrive under the open editor", async () => {
    // A list's rows draw code of their own the first time they show (a post's Send as newsletter):
    // that wait once hid the page above the list, the open editor with it, and took its focus. Here
    // the rows are held until the writing has begun, as a slow answer on a busy machine holds them.
    const writer = await browser.context.newPage();
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = 0;
    await writer.route(
      (url) => url.pathname.endsWith("/rest/v1/blog_posts") && url.searchParams.has("limit"),
      async (route) => {
        if (route.request().method() === "GET") {
          held += 1;
          await released;
        }
        await route.continue();
      },
    );
    try {
      await writer.setViewportSize({ width: SCREENS.desktop.width, height: SCREENS.desktop.height });
      await writer.goto(`${webUrl}/admin/blog`);
      await writer.getByRole("button", { name: "New Post" }).click();
      const editor = writer.getByRole("dialog", { name: "New Post" }).getByRole("textbox", { name: /^Content/ });
      await editor.click();
      await writer.keyboard.type("Written while ");
      // A row is drawn with its actions (a loading list's placeholder rows have none); found by its
      // label, as the open dialog hides the page behind it from roles.
      const rowActions = writer.locator('tbody tr button[aria-label="Edit"]');
      expect(held, "the list was still waiting for its rows").toBeGreaterThan(0);
      expect(await rowActions.count()).toBe(0);
      release();
      await rowActions.first().waitFor();
      await writer.keyboard.type("the rows came in.");
      expect(await editor.innerText()).toBe("Written while the rows came in.");
      expect(await editor.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    } finally {
      release();
      // The unsaved post is kept in the browser for the next New Post: not for the next test's.
      await writer.evaluate(() => localStorage.removeItem("autosave:blog:new")).catch(() => undefined);
      await writer.close();
    }
  });

  it(`writes and publishes such a post (desktop, ${SCREENS.desktop.width} px): its page, the feed and its newsletter mail carry what was written`, async () => {
    const { title, slug } = await writePost(SCREENS.desktop, { publish: true });

    // Its page, as a visitor meets it: each block, and nothing asked of another site before a video is played.
    const site = new URL(webUrl).hostname;
    const api = new URL(inject("apiUrl")).hostname;
    const visitor = await browser.context.newPage();
    const elsewhere: string[] = [];
    await visitor.route(
      (url) => url.hostname !== site && url.hostname !== api,
      (route) => {
        elsewhere.push(route.request().url());
        return route.abort();
      },
    );
    await visitor.goto(`${webUrl}/updates/${slug}`);
    await visitor.waitForFunction((ready) => document.documentElement.dataset.ready === ready, `/updates/${slug}`);
    const body = visitor.locator(".prose");
    await body.getByRole("heading", { level: 2, name: "Launch notes" }).waitFor();
    expect(await body.getByRole("listitem").allTextContents()).toEqual(["First point", "Second point"]);
    expect(await body.getByRole("link", { name: "Read the whitepaper" }).getAttribute("href")).toBe("/whitepaper");
    const picture = body.getByRole("img", { name: "A green test card" });
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    expect(await body.locator("figure.rich-image figcaption").textContent()).toBe("Dropped in");
    const thumbnail = body.getByRole("link", { name: `Play ${SITE_VIDEO.title}`, exact: true }).locator("img");
    await thumbnail.scrollIntoViewIfNeeded();
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await body.getByRole("button", { name: "Join Waitlist" }).waitFor();
    const play = body.getByRole("link", { name: "Play First boot", exact: true });
    await play.scrollIntoViewIfNeeded();
    await visitor.waitForLoadState("networkidle");
    expect(elsewhere).toEqual([]);
    expect(await body.locator("iframe").count()).toBe(0);
    await play.click();
    await body.locator("iframe.video-frame").waitFor();
    await expect.poll(() => elsewhere.some((address) => address.startsWith("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"))).toBe(true);

    // The feed: the same blocks in its entry.
    const feed = await (await fetch(`${webUrl}${FEED_PATH}`)).text();
    const entry = feed.split("<entry>").find((part) => part.includes(`/updates/${slug}<`) || part.includes(`/updates/${slug}"`));
    expect(entry).toBeDefined();
    for (const piece of [
      "&lt;h2&gt;Launch notes&lt;/h2&gt;",
      "&lt;li&gt;First point&lt;/li&gt;",
      "&lt;li&gt;Second point&lt;/li&gt;",
      "Read the whitepaper&lt;/a&gt;",
      "alt=&quot;A green test card&quot;",
      "Dropped in",
      "data-youtube-id=&quot;dQw4w9WgXcQ&quot;",
      `href=&quot;${SITE_VIDEO.url}&quot;`,
      "test-pattern.webp",
      "data-cta=&quot;waitlist&quot;",
    ]) {
      expect(entry, piece).toContain(piece);
    }

    // The newsletter mail of it, to a reader who subscribed in the footer and confirmed from the mailbox:
    // sent from the post's row, read from the mailbox.
    const reader = `rich-editor.${randomUUID().slice(0, 8)}@example.com`;
    restore.created("newsletter_subscribers", { email: reader });
    const mailTo = async (subject: string): Promise<Mail> => {
      let found: Mail | undefined;
      await expect.poll(async () => (found = ((await (await fetch(inject("mailboxUrl"))).json()) as Mail[]).find((mail) => mail.to === reader && mail.subject === subject))).toBeDefined();
      return found!;
    };
    await visitor.goto(webUrl);
    await visitor.waitForFunction(() => document.documentElement.dataset.ready === "/");
    const newsletter = visitor.getByRole("region", { name: "Newsletter" });
    await newsletter.getByLabel("Email address").fill(reader);
    await newsletter.getByRole("button", { name: "Subscribe" }).click();
    await visitor.goto((await mailTo("Confirm your subscription to RCRT")).link!);
    await visitor.getByRole("heading", { name: "You're subscribed" }).waitFor();
    await page.goto(`${webUrl}/admin/blog`);
    await page.getByRole("button", { name: `Send as newsletter: ${title}` }).click();
    const send = page.getByRole("dialog", { name: "Send as newsletter" });
    await send.getByRole("button", { name: /^Send to \d+ subscribers?$/ }).click();
    await send.getByText(/^Sent: \d+ sent, 0 pending, 0 failed$/).waitFor({ timeout: 30_000 });
    await send.getByRole("button", { name: "Close" }).click();
    const mail = await mailTo(title);
    await visitor.unrouteAll();
    await visitor.setContent(mail.html);
    // The mail's links lead through the site's click-counting redirect to the addresses it was made with.
    const leadsTo = async (link: Locator) => {
      const href = (await link.getAttribute("href"))!;
      const answer = await fetch(href, { redirect: "manual" });
      expect(answer.status, href).toBe(302);
      return answer.headers.get("location");
    };
    await visitor.getByRole("heading", { level: 2, name: "Launch notes" }).waitFor();
    expect(await visitor.getByRole("listitem").allTextContents()).toEqual(["First point", "Second point"]);
    expect(await leadsTo(visitor.getByRole("link", { name: "Read the whitepaper" }))).toBe(`${webUrl}/whitepaper`);
    expect(await visitor.getByRole("img", { name: "A green test card" }).count()).toBe(1);
    await visitor.getByText("Dropped in", { exact: true }).waitFor();
    // A video as its thumbnail linked to where it plays; the YouTube one, which has no thumbnail of ours, as its linked title.
    const still = visitor.getByRole("link", { name: `Play: ${SITE_VIDEO.title}`, exact: true });
    expect(await leadsTo(still)).toBe(SITE_VIDEO.url);
    expect(await still.locator("img").getAttribute("src")).toContain("test-pattern.webp");
    expect(await leadsTo(visitor.getByRole("link", { name: `▶ ${SITE_VIDEO.title}`, exact: true }))).toBe(SITE_VIDEO.url);
    expect(await leadsTo(visitor.getByRole("link", { name: "▶ First boot", exact: true }))).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    // The waitlist card as a link to the site's home page, where its button is.
    expect(await leadsTo(visitor.getByRole("link", { name: "Join Waitlist" }))).toBe(`${webUrl}/`);
    await visitor.close();
  });
});
