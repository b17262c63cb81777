import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import type { BrowserContext, Page } from "playwright-core";
import { answerWhenDue, timeUntil } from "../support/web-process.ts";
import { openAdminSession, type AdminSession } from "./admin-helpers.ts";
import { doc } from "../support/documents.ts";

// Editorial work in the back office as content teams do it: publish several posts at once and see
// them on the live site, find a post from the app bar's search and open it, rename a post and keep
// its old address working.

describe("editorial work: bulk publish, search, renamed addresses", () => {
  const webUrl = inject("webUrl");
  const apiUrl = inject("apiUrl");
  const run = Date.now().toString(36);
  let session: AdminSession;
  let context: BrowserContext;
  let page: Page;
  let api: SupabaseClient;
  const created: string[] = [];

  async function draft(title: string, words = "Words for the bulk test."): Promise<{ id: string; slug: string }> {
    const { data, error } = await api.from("blog_posts").insert({ title, content: doc(words), category: "community" }).select("id, slug").single();
    if (error) throw error;
    const row = data as { id: string; slug: string };
    created.push(row.id);
    return row;
  }
  /** When a post last changed, by the database's clock: the live site's 2 s count from there. */
  const changedAt = async (id: string) => Date.parse(((await api.from("blog_posts").select("updated_at").eq("id", id).single().throwOnError()).data as { updated_at: string }).updated_at);

  beforeAll(async () => {
    session = await openAdminSession(webUrl, apiUrl);
    ({ context, page, admin: api } = session);
  });
  afterAll(async () => {
    if (created.length) await api?.from("blog_posts").delete().in("id", created);
    await session?.close();
  });

  it("selects three drafts, publishes them after one confirmation, and the live site shows all three", async () => {
    const titles = [1, 2, 3].map((n) => `Bulk ${run} number ${n}`);
    const posts = [];
    for (const title of titles) posts.push(await draft(title));
    for (const post of posts) expect((await fetch(`${webUrl}/updates/${post.slug}`)).status).toBe(404);

    await page.getByRole("menuitem", { name: "Blog Posts" }).click();
    await page.getByRole("textbox", { name: "Search" }).fill(`Bulk ${run}`);
    const rows = page.locator("tbody tr").filter({ hasText: `Bulk ${run}` });
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(3);
    for (const title of titles) await rows.filter({ hasText: title }).getByRole("checkbox").check();
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Publish 3 posts?").waitFor();
    await dialog.getByRole("button", { name: "Publish" }).click();
    await page.getByText("3 posts published").waitFor();
    await expect.poll(() => rows.getByText("Published").count(), { timeout: 10_000 }).toBe(3);

    for (const post of posts) {
      expect((await answerWhenDue(await changedAt(post.id), 2000, () => fetch(`${webUrl}/updates/${post.slug}`), (response) => response.status === 200)).status).toBe(200);
    }
    const list = await (await fetch(`${webUrl}/updates`)).text();
    for (const title of titles) expect(list).toContain(title);
  });

  it("finds a post by a word of its body from the app bar and opens it in the editor, with the keyboard", async () => {
    const word = `zephyr${run}`;
    const title = `Searchable ${run}`;
    await draft(title, `The cartridge reader now takes the ${word} module.`);
    await page.getByRole("menuitem", { name: "Dashboard" }).click();
    // The dashboard drawn first: a search typed while the screen still changes may lose its focus, and its list.
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    const search = page.getByRole("combobox", { name: "Search content" });
    await search.fill(word);
    const option = page.getByRole("option").filter({ hasText: title });
    await option.waitFor();
    await expect.poll(() => option.textContent()).toContain("Blog Posts");
    await search.press("ArrowDown");
    await search.press("Enter");
    const editor = page.getByRole("dialog");
    await editor.getByRole("heading", { name: "Edit Post" }).waitFor();
    await expect.poll(() => editor.getByRole("textbox", { name: "Title" }).inputValue()).toBe(title);
    expect(page.url()).toContain("/admin/blog");
    await editor.getByRole("button", { name: "Cancel" }).click();
  });

  it("the chart library is a chunk of its own: a list does not load it, the dashboard does once its charts are scrolled to, and draws them", async () => {
    const tab = await context.newPage();
    const chunks: string[] = [];
    tab.on("request", (request) => {
      if (/\/assets\/DashboardCharts-[^/]+\.js$/.test(request.url())) chunks.push(request.url());
    });
    try {
      await tab.goto(`${webUrl}/admin/press`);
      await tab.getByRole("heading", { name: "Press Coverage", level: 1 }).waitFor();
      expect(chunks).toEqual([]);
      await tab.getByRole("menuitem", { name: "Dashboard" }).click();
      await tab.getByTestId("dashboard-charts").scrollIntoViewIfNeeded();
      await tab.getByRole("heading", { name: "Submissions per day" }).waitFor();
      expect(chunks).toHaveLength(1);
      await tab.getByText(/^In the last 30 days: \d+ waitlist sign-ups?, \d+ newsletter sign-ups?, \d+ contact messages?\.$/).waitFor();
      await tab.getByRole("button", { name: "Last 90 days" }).click();
      await tab.getByText(/^In the last 90 days: /).waitFor();
      await tab.getByRole("heading", { name: "Content published per month" }).waitFor();
    } finally {
      await tab.close();
    }
  });

  it("a renamed post's old address answers 301 to the new one, and the browser lands on the post, from a full load or a link inside the site", async () => {
    const title = `Renamed ${run}`;
    const post = await draft(title);
    // A new row is at version 1; its next version is 2.
    await api.from("blog_posts").update({ published: true, row_version: 2 }).eq("id", post.id).throwOnError();
    await timeUntil(() => fetch(`${webUrl}/updates/${post.slug}`), (response) => response.status === 200);
    // A visitor's updates list, open since before the rename, still links to the old address.
    const stale = await context.newPage();
    await stale.goto(`${webUrl}/updates`);
    await stale.waitForFunction(() => document.documentElement.dataset.ready === "/updates");
    await stale.getByRole("link", { name: title }).waitFor();

    await page.getByRole("menuitem", { name: "Blog Posts" }).click();
    await page.getByRole("textbox", { name: "Search" }).fill(title);
    await page.locator("tbody tr").filter({ hasText: title }).getByRole("button", { name: "Edit" }).click();
    const editor = page.getByRole("dialog");
    const slugField = editor.getByRole("textbox", { name: "Slug" });
    await slugField.fill(`moved-${run}`);
    await editor.getByRole("button", { name: "Save Post" }).click();
    await editor.waitFor({ state: "hidden" });

    const moved = async () => {
      const response = await fetch(`${webUrl}/updates/${post.slug}`, { redirect: "manual" });
      await response.arrayBuffer();
      return { status: response.status, location: response.headers.get("location") };
    };
    expect(await answerWhenDue(await changedAt(post.id), 2000, moved, (answer) => answer.status === 301)).toEqual({ status: 301, location: `/updates/moved-${run}` });

    const tab = await context.newPage();
    try {
      await tab.goto(`${webUrl}/updates/${post.slug}`);
      await tab.getByRole("heading", { level: 1, name: title }).waitFor();
      expect(new URL(tab.url()).pathname).toBe(`/updates/moved-${run}`);
    } finally {
      await tab.close();
    }

    // Followed inside the running site, the old link goes on to the post too.
    try {
      await stale.getByRole("link", { name: title }).click();
      await stale.getByRole("heading", { level: 1, name: title }).waitFor();
      expect(new URL(stale.url()).pathname).toBe(`/updates/moved-${run}`);
    } finally {
      await stale.close();
    }
  });
});
