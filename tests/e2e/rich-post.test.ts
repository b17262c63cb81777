import type { SupabaseClient } from "@supabase/supabase-js";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { absoluteAssetUrl } from "../../shared/images.ts";
import type { RichTextDocument } from "../../shared/rich-text/document.ts";
import { excerptOf } from "../../shared/rich-text/render-text.ts";
import { FEED_PATH } from "../../site/server/sitemap-and-feed.ts";
import { ADMIN, nodeClient } from "../support/backend.ts";
import { openBrowser } from "./support/browser.ts";
import { restoreAfterEach } from "./support/restore.ts";

// A published post written as a document (a heading, a list, a link, a picture with its alt text and
// caption, a YouTube video and a waitlist card), as a visitor meets it on the production build: on
// its page, in the feed and on the /updates list. The video loads nothing from YouTube before it is
// played; the card opens the site's waitlist modal, and the sign-up is stored.

const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");
const YOUTUBE_ID = "dQw4w9WgXcQ";
const THIRD_PARTY = /youtube|ytimg|googlevideo|doubleclick|gstatic/;

async function anonKey(): Promise<string> {
  const key = (await (await fetch(webUrl)).text()).match(/<meta name="supabase-anon-key" content="([^"]+)"/)?.[1];
  if (!key) throw new Error("the page carries no anon key");
  return key;
}

const text = (value: string, marks?: unknown[]) => (marks ? { type: "text", text: value, marks } : { type: "text", text: value });
const paragraph = (...content: unknown[]) => ({ type: "paragraph", content });

function postDocument(picture: string): RichTextDocument {
  return {
    type: "doc",
    content: [
      paragraph(text("The cartridge reader boots in one second, and the "), text("whitepaper", [{ type: "link", attrs: { href: "/whitepaper" } }]), text(" explains why.")),
      { type: "heading", attrs: { level: 2 }, content: [text("What works")] },
      { type: "bulletList", content: ["Playback", "CRT filter"].map((item) => ({ type: "listItem", content: [paragraph(text(item))] })) },
      { type: "image", attrs: { src: picture, alt: "The prototype board on the bench", caption: "Revision two, first boot" } },
      { type: "video", attrs: { youtubeId: YOUTUBE_ID, title: "First boot on camera" } },
      { type: "callToAction", attrs: { action: "waitlist" } },
    ],
  } as RichTextDocument;
}

describe("a post written as a document, as a visitor meets it", () => {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  let admin: SupabaseClient;
  let slug = "";
  let content: RichTextDocument;
  const title = `Rich Post ${Date.now()}`;
  const restore = restoreAfterEach();

  beforeAll(async () => {
    browser = await openBrowser();
    admin = nodeClient(apiUrl, await anonKey());
    const { error: signInError } = await admin.auth.signInWithPassword(ADMIN);
    if (signInError) throw signInError;
    const { data: images, error: imagesError } = await admin.from("media_assets").select("url").like("url", "%.webp").order("filename").limit(1);
    if (imagesError) throw imagesError;
    content = postDocument(absoluteAssetUrl((images as { url: string }[])[0]!.url, apiUrl));
    const { data, error } = await admin.from("blog_posts").insert({ title, content, category: "hardware", published: true }).select("slug").single();
    if (error) throw error;
    slug = (data as { slug: string }).slug;
  });
  afterAll(async () => {
    await admin?.from("blog_posts").delete().eq("slug", slug);
    await browser?.close();
  });

  async function open(path: string): Promise<{ page: Page; thirdParty: string[] }> {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    const thirdParty: string[] = [];
    // Nothing leaves for another site in the test; whatever a page asks of one is recorded.
    await page.route(
      (url) => THIRD_PARTY.test(url.hostname),
      (route) => {
        thirdParty.push(route.request().url());
        return route.abort();
      },
    );
    await page.goto(`${webUrl}${path}`);
    await page.waitForFunction((ready) => document.documentElement.dataset.ready === ready, path);
    return { page, thirdParty };
  }

  it("shows each block on the post's page, plays the video only when asked, and the card's sign-up is stored", async () => {
    const { page, thirdParty } = await open(`/updates/${slug}`);
    const body = page.locator(".prose");
    await body.getByRole("heading", { level: 2, name: "What works" }).waitFor();
    expect(await body.getByRole("listitem").allTextContents()).toEqual(["Playback", "CRT filter"]);
    expect(await body.getByRole("link", { name: "whitepaper" }).getAttribute("href")).toBe("/whitepaper");
    const picture = body.getByRole("img", { name: "The prototype board on the bench" });
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    expect(await picture.getAttribute("srcset")).toContain("/storage/v1/render/image/public/");
    expect(await body.locator("figure.rich-image figcaption").textContent()).toBe("Revision two, first boot");

    // Scrolled into view, the video is our thumbnail (or placeholder) and a link: nothing from YouTube yet.
    const play = body.getByRole("link", { name: "Play First boot on camera" });
    await play.scrollIntoViewIfNeeded();
    await page.waitForLoadState("networkidle");
    expect(thirdParty).toEqual([]);
    expect(await body.locator("iframe").count()).toBe(0);
    await play.click();
    const player = body.locator("iframe.video-frame");
    await player.waitFor();
    expect(await player.getAttribute("src")).toBe(`https://www.youtube-nocookie.com/embed/${YOUTUBE_ID}?autoplay=1&rel=0`);
    await expect.poll(() => thirdParty.some((address) => address.startsWith(`https://www.youtube-nocookie.com/embed/${YOUTUBE_ID}`))).toBe(true);
    expect(page.url()).toBe(`${webUrl}/updates/${slug}`);

    const email = `rich-post-${Date.now()}@example.com`;
    restore.created("form_submissions", { email });
    await body.getByRole("button", { name: "Join Waitlist" }).click();
    const dialog = page.getByRole("dialog", { name: "Join the Waitlist" });
    await dialog.getByLabel("Email address").fill(email);
    await dialog.getByRole("button", { name: "Join Waitlist" }).click();
    await page.getByRole("dialog", { name: "Thank You!" }).waitFor();
    const { data: stored, error } = await admin.from("form_submissions").select("kind,email").eq("email", email);
    expect(error).toBeNull();
    expect(stored).toEqual([{ kind: "waitlist", email }]);
    await page.close();
  });

  it("the feed carries the same content, and the /updates card shows its excerpt", async () => {
    const feed = await (await fetch(`${webUrl}${FEED_PATH}`)).text();
    const entry = feed.split("<entry>").find((part) => part.includes(`/updates/${slug}<`) || part.includes(`/updates/${slug}"`))!;
    expect(entry).toBeDefined();
    for (const piece of ["&lt;h2&gt;What works&lt;/h2&gt;", "&lt;li&gt;Playback&lt;/li&gt;", "Revision two, first boot", `data-youtube-id=&quot;${YOUTUBE_ID}&quot;`, "data-cta=&quot;waitlist&quot;", "/storage/v1/render/image/public/"]) {
      expect(entry, piece).toContain(piece);
    }
    const { page } = await open("/updates");
    const card = page.locator(".post-card", { has: page.getByRole("link", { name: title }) });
    await card.waitFor();
    expect(await card.textContent()).toContain(excerptOf(content, 200));
    await page.close();
  });
});
