import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import type { Page } from "playwright-core";
import { answerWhenDue, timeUntil } from "../support/web-process.ts";
import { openAdminSession, type AdminSession } from "./admin-helpers.ts";
import { fromMarkdown } from "../support/documents.ts";

// A post's SEO fields (meta description, social image, canonical URL): set in the back office
// editor's "Search and sharing" section, they are in the served HTML (meta, Open Graph), the feed
// and the sitemap within 2 s; empty, each is what the page used before (excerpt, cover, own address).

const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");

const meta = (html: string, attribute: "name" | "property", key: string) => new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1] ?? null;
const canonical = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? null;
const served = async (path: string) => (await fetch(`${webUrl}${path}`)).text();

describe("post SEO fields: back office to served HTML", () => {
  let session: AdminSession;
  let page: Page;
  let api: SupabaseClient;
  const title = `SEO Cartridge ${Date.now()}`;
  let slug = "";
  let cover = "";
  let socialImage = "";

  beforeAll(async () => {
    session = await openAdminSession(webUrl, apiUrl);
    ({ page, admin: api } = session);
    const { data: images, error: imagesError } = await api.from("media_assets").select("url").like("url", "%.webp").order("filename").limit(2);
    if (imagesError) throw imagesError;
    [cover, socialImage] = (images as { url: string }[]).map((image) => image.url) as [string, string];
    const { data, error } = await api
      .from("blog_posts")
      .insert({ title, content: fromMarkdown("## Boot log\n\nThe **cartridge** reader [boots](https://x.example) in *one* second."), category: "hardware", image_url: cover, published: true })
      .select("slug")
      .single();
    if (error) throw error;
    slug = (data as { slug: string }).slug;
  });
  afterAll(async () => {
    await api?.from("blog_posts").delete().eq("slug", slug);
    await session?.close();
  });

  /** When the post was last written (its `updated_at`, epoch ms): the moment a change's 2 s start. */
  const changedAt = async () => Date.parse(((await api.from("blog_posts").select("updated_at").eq("slug", slug).single().throwOnError()).data as { updated_at: string }).updated_at);

  /** Sets the SEO fields in the post's editor; `refused` first, to see the editor check the database's limits. */
  async function editSeo(fill: { description: string; image: string; canonical: string }, refused?: { description: string; canonical: string }): Promise<void> {
    await page.getByRole("menuitem", { name: "Blog Posts" }).click();
    await page.locator("tbody tr").filter({ hasText: title }).getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog");
    const section = dialog.getByRole("button", { name: "Search and sharing" });
    // Folded while empty; open from the start once a field has a value.
    if ((await section.getAttribute("aria-expanded")) !== "true") await section.click();
    if (refused) {
      await dialog.getByRole("textbox", { name: "Meta description" }).fill(refused.description);
      await dialog.getByRole("textbox", { name: "Canonical URL" }).fill(refused.canonical);
      await dialog.getByRole("button", { name: "Save Post" }).click();
      // Under each field, and named by language in the summary above the form.
      await dialog.getByText("Meta description must be at most 300 characters", { exact: true }).waitFor();
      await dialog.getByText("Must be a valid URL", { exact: true }).waitFor();
      await dialog.getByRole("alert").getByText("English: Meta description must be at most 300 characters", { exact: true }).waitFor();
    }
    await dialog.getByRole("textbox", { name: "Meta description" }).fill(fill.description);
    await dialog.getByRole("textbox", { name: "Social image URL" }).fill(fill.image);
    await dialog.getByRole("textbox", { name: "Canonical URL" }).fill(fill.canonical);
    await dialog.getByRole("button", { name: "Save Post" }).click();
    await dialog.waitFor({ state: "detached" });
  }

  it("empty: the excerpt of the rendered text, the cover and the post's own address; set in the editor (which checks the limits first): served within 2 s; cleared: the defaults again", async () => {
    const path = `/updates/${slug}`;
    const own = `${webUrl}${path}`;
    const coverFile = cover.split("/").at(-1)!;
    const socialFile = socialImage.split("/").at(-1)!;
    let html = await served(path);
    expect(meta(html, "name", "description")).toBe("Boot log The cartridge reader boots in one second.");
    expect(meta(html, "property", "og:description")).toBe("Boot log The cartridge reader boots in one second.");
    expect(meta(html, "property", "og:image")).toContain(coverFile);
    expect(canonical(html)).toBe(own);
    expect(meta(html, "property", "og:url")).toBe(own);

    const description = `Hand-written for search results & previews ${Date.now()}.`;
    const original = `https://original.example/posts/${slug}`;
    await editSeo({ description, image: socialImage, canonical: original }, { description: "a".repeat(301), canonical: "/updates/elsewhere" });
    // Served within 2 s of the save: a read sent by then shows it, however slow the reads themselves.
    const written = description.replace("&", "&amp;");
    const savedAt = await changedAt();
    html = await answerWhenDue(savedAt, 2000, () => served(path), (body) => body.includes(written));
    expect(html).toContain(written);
    expect(meta(html, "name", "description")).toBe(description.replace("&", "&amp;"));
    expect(meta(html, "property", "og:description")).toBe(description.replace("&", "&amp;"));
    expect(meta(html, "property", "og:image")).toContain(socialFile);
    expect(canonical(html)).toBe(original);
    expect(meta(html, "property", "og:url")).toBe(original);
    // Each document is rendered again on its own request: the page's new copy says nothing of the feed's.
    const feed = await answerWhenDue(savedAt, 2000, () => served("/updates/feed.xml"), (body) => body.includes(`<summary>${written}</summary>`));
    expect(feed).toContain(`<summary>${written}</summary>`);
    expect(feed).toContain(`<link rel="alternate" type="text/html" href="${original}"/>`);
    // A copy of a page elsewhere is left out of the sitemap, which lists canonical pages.
    expect(await served("/sitemap.xml")).not.toContain(`<loc>${own}</loc>`);

    // In the browser, after hydration, the page keeps the editor's description and canonical address.
    const tab = await session.context.newPage();
    try {
      await tab.goto(`${webUrl}${path}`);
      await tab.waitForFunction((ready) => document.documentElement.dataset.ready === ready, path);
      expect(await tab.locator('meta[name="description"]').getAttribute("content")).toBe(description);
      expect(await tab.locator('link[rel="canonical"]').getAttribute("href")).toBe(original);
    } finally {
      await tab.close();
    }

    await editSeo({ description: "", image: "", canonical: "" });
    await timeUntil(() => served(path), (body) => !body.includes(description.replace("&", "&amp;")));
    html = await served(path);
    expect(meta(html, "name", "description")).toBe("Boot log The cartridge reader boots in one second.");
    expect(meta(html, "property", "og:image")).toContain(coverFile);
    expect(canonical(html)).toBe(own);
    await timeUntil(() => served("/sitemap.xml"), (body) => body.includes(`<loc>${own}</loc>`));
  });
});
