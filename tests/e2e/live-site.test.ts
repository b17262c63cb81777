import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import type { BrowserContext, Page } from "playwright-core";
import { answerWhenDue } from "../support/web-process.ts";
import { openAdminSession, type AdminSession } from "./admin-helpers.ts";
import { fromMarkdown } from "../support/documents.ts";

// Publishing in the back office reaches the live site's HTML: a fresh tab and a plain HTTP fetch
// (what crawlers and link previews read) both get the post's page with its own head.

describe("live site: an admin publishes, visitors and crawlers see it", () => {
  const webUrl = inject("webUrl");
  const apiUrl = inject("apiUrl");
  let session: AdminSession;
  let context: BrowserContext;
  let admin: Page;
  let api: SupabaseClient;
  const slugs: string[] = [];
  /** When the post last changed, by the database's clock: the live site's 2 s count from there. */
  const changedAt = async (slug: string) => Date.parse(((await api.from("blog_posts").select("updated_at").eq("slug", slug).single().throwOnError()).data as { updated_at: string }).updated_at);

  /** A post of the test's own, so that each test runs alone and in any order. */
  async function newPost(published: boolean): Promise<{ title: string; slug: string }> {
    const title = `Live Cartridge Test ${Date.now()}`;
    const { data, error } = await api
      .from("blog_posts")
      .insert({ title, content: fromMarkdown("The cartridge slot now **locks** the cartridge in place."), category: "hardware", published })
      .select("slug")
      .single();
    if (error) throw error;
    const { slug } = data as { slug: string };
    slugs.push(slug);
    return { title, slug };
  }

  beforeAll(async () => {
    session = await openAdminSession(webUrl, apiUrl);
    ({ context, page: admin, admin: api } = session);
  });
  afterAll(async () => {
    await api?.from("blog_posts").delete().in("slug", slugs);
    await session?.close();
  });

  it("publish in the back office: a fresh tab and a raw fetch get the post's page, title and Open Graph tags", async () => {
    const { title, slug } = await newPost(false);
    expect((await fetch(`${webUrl}/updates/${slug}`)).status).toBe(404);
    await admin.goto(`${webUrl}/admin/blog`);
    const row = admin.locator("tbody tr").filter({ hasText: title });
    await row.getByRole("button", { name: `Publish ${title}` }).click();
    await row.getByText("Published").waitFor();

    expect((await answerWhenDue(await changedAt(slug), 2000, () => fetch(`${webUrl}/updates/${slug}`), (response) => response.status === 200)).status).toBe(200);
    const html = await (await fetch(`${webUrl}/updates/${slug}`)).text();
    expect(html).toContain(`<title>${title} | RCRT</title>`);
    expect(html).toContain(`<meta property="og:title" content="${title} | RCRT" />`);
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain(`<meta property="og:url" content="${webUrl}/updates/${slug}" />`);
    expect(html).toContain("<strong>locks</strong>");

    // The site reads as a visitor (anon key) whatever the back office's session in the same browser.
    const tab = await context.newPage();
    try {
      await tab.goto(`${webUrl}/updates/${slug}`);
      await tab.getByRole("heading", { level: 1, name: title }).waitFor();
      expect(await tab.title()).toBe(`${title} | RCRT`);
    } finally {
      await tab.close();
    }
  });

  it("unpublish in the back office: the page answers 404 with NO SIGNAL within 2 s", async () => {
    const { title, slug } = await newPost(true);
    await expect.poll(async () => (await fetch(`${webUrl}/updates/${slug}`)).status).toBe(200);
    await admin.goto(`${webUrl}/admin/blog`);
    const row = admin.locator("tbody tr").filter({ hasText: title });
    await row.getByRole("button", { name: `Unpublish ${title}` }).click();
    await row.getByText("Draft").waitFor();
    expect((await answerWhenDue(await changedAt(slug), 2000, () => fetch(`${webUrl}/updates/${slug}`), (response) => response.status === 404)).status).toBe(404);
    const html = await (await fetch(`${webUrl}/updates/${slug}`)).text();
    expect(html).toContain("NO SIGNAL - PAGE NOT FOUND");
    expect(html).not.toContain("locks");
  });
});
