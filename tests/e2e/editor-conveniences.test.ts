import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import type { Page } from "playwright-core";
import { openAdminSession, type AdminSession } from "./admin-helpers.ts";
import { restoreAfterEach } from "./support/restore.ts";
import { doc } from "../support/documents.ts";

// The editor's conveniences in the back office: every record has an address that opens its editor
// (kept on reload, a clear answer for one that does not exist); Duplicate opens a draft copy stored
// only on Save; unsaved fields survive a reload and are offered back; a whitepaper version duplicated
// and cancelled leaves nothing; the dashboard lists what is scheduled and links to it.

describe("editor conveniences: record addresses, duplicate, autosave, upcoming", () => {
  const webUrl = inject("webUrl");
  const apiUrl = inject("apiUrl");
  const run = Date.now().toString(36);
  const restore = restoreAfterEach();
  let session: AdminSession;
  let page: Page;
  let api: SupabaseClient;
  let confirms = 0;

  async function insertPost(values: Record<string, unknown>): Promise<{ id: string; slug: string; title: string }> {
    const { data, error } = await api.from("blog_posts").insert({ content: doc("Words for the editor test."), category: "hardware", ...values }).select("id, slug, title").single();
    if (error) throw error;
    const row = data as { id: string; slug: string; title: string };
    restore.created("blog_posts", { id: row.id });
    return row;
  }

  const editor = (name: string) => page.getByRole("dialog", { name });
  // The list keeps its query (search, sort) in the address; what matters is the path.
  const at = (path: string) => page.waitForURL((url) => url.pathname === path);

  beforeAll(async () => {
    session = await openAdminSession(webUrl, apiUrl);
    ({ page, admin: api } = session);
    // Leaving an editor with unsaved changes (a reload) asks first; the test means to leave.
    page.on("dialog", (dialog) => {
      if (dialog.type() === "confirm") confirms += 1;
      void dialog.accept();
    });
  });
  afterAll(async () => {
    await session?.close();
  });

  it("a record's address opens its editor over the list, survives a reload, and closing returns to the list; an unknown one says so", async () => {
    const post = await insertPost({ title: `Address ${run}` });
    await page.goto(`${webUrl}/admin/blog/${post.id}`);
    await expect.poll(() => editor("Edit Post").getByRole("textbox", { name: "Title", exact: true }).inputValue(), { timeout: 10_000 }).toBe(post.title);
    await page.reload();
    await expect.poll(() => editor("Edit Post").getByRole("textbox", { name: "Title", exact: true }).inputValue(), { timeout: 10_000 }).toBe(post.title);
    // The list stays behind the dialog.
    await expect.poll(() => page.locator("tbody tr").filter({ hasText: post.title }).count()).toBe(1);
    await editor("Edit Post").getByRole("button", { name: "Cancel" }).click();
    await at(`/admin/blog`);
    await editor("Edit Post").waitFor({ state: "detached" });

    await page.goto(`${webUrl}/admin/blog/00000000-0000-4000-8000-00000000dead`);
    await page.getByText("Post not found. It may have been deleted.").waitFor();
    await at(`/admin/blog`);
  });

  it("Duplicate opens a draft copy with (copy) and a fresh slug, stored only when saved", async () => {
    const post = await insertPost({ title: `Original ${run}`, slug: `original-${run}`, published: true });
    restore.created("blog_posts", { slug: `original-${run}-copy` });
    await page.getByRole("menuitem", { name: "Blog Posts" }).click();
    await page.getByRole("textbox", { name: "Search" }).fill(post.title);
    await page.getByRole("button", { name: `Duplicate ${post.title}` }).click();
    await at(`/admin/blog/create`);
    const form = editor("New Post");
    await expect.poll(() => form.getByRole("textbox", { name: "Title", exact: true }).inputValue(), { timeout: 10_000 }).toBe(`${post.title} (copy)`);
    expect(await form.getByLabel("Slug").inputValue()).toBe(`original-${run}-copy`);
    expect(await form.getByLabel("Publish immediately").isChecked()).toBe(false);
    // Nothing is stored before Save.
    expect((await api.from("blog_posts").select("id").eq("slug", `original-${run}-copy`)).data).toEqual([]);
    await form.getByRole("button", { name: "Save Post" }).click();
    await at(`/admin/blog`);
    const { data } = await api.from("blog_posts").select("title, slug, published, content").eq("slug", `original-${run}-copy`);
    expect(data).toEqual([{ title: `${post.title} (copy)`, slug: `original-${run}-copy`, published: false, content: doc("Words for the editor test.") }]);
  });

  it("unsaved fields are kept through a reload and offered back: Restore fills them, Discard forgets them, closing asks once and forgets them", async () => {
    const post = await insertPost({ title: `Autosave ${run}` });
    const key = `autosave:blog:${post.id}`;
    await page.goto(`${webUrl}/admin/blog/${post.id}`);
    const form = editor("Edit Post");
    const title = form.getByRole("textbox", { name: "Title", exact: true });
    await expect.poll(() => title.inputValue(), { timeout: 10_000 }).toBe(post.title);
    await title.fill(`${post.title} typed`);
    await page.waitForFunction((name) => window.localStorage.getItem(name)?.includes("typed"), key);
    await page.reload();

    await form.getByText("Restore unsaved changes?").waitFor();
    expect(await title.inputValue()).toBe(post.title);
    await form.getByRole("button", { name: "Restore" }).click();
    expect(await title.inputValue()).toBe(`${post.title} typed`);
    await page.waitForFunction((name) => window.localStorage.getItem(name)?.includes("typed"), key);
    await page.reload();

    await form.getByText("Restore unsaved changes?").waitFor();
    await form.getByRole("button", { name: "Discard" }).click();
    await form.getByText("Restore unsaved changes?").waitFor({ state: "detached" });
    expect(await title.inputValue()).toBe(post.title);
    expect(await page.evaluate((name) => window.localStorage.getItem(name), key)).toBeNull();
    // Closing with changes asks once (not again on leaving the address) and forgets them.
    await title.fill(`${post.title} typed again`);
    await page.waitForFunction((name) => window.localStorage.getItem(name)?.includes("again"), key);
    const asked = confirms;
    await form.getByRole("button", { name: "Cancel" }).click();
    await at(`/admin/blog`);
    expect(confirms - asked).toBe(1);
    expect(await page.evaluate((name) => window.localStorage.getItem(name), key)).toBeNull();
    // Nothing was saved along the way.
    expect((await api.from("blog_posts").select("title").eq("id", post.id).single()).data).toEqual({ title: post.title });
  });

  it("Duplicate as New Version copies the chosen version into the create form, and Cancel stores nothing", async () => {
    const { data: draft, error } = await api
      .from("whitepaper")
      .insert({ title: `Chosen ${run}`, version: "0.9", sections: [{ title: `Only in ${run}`, content: doc("Chosen text"), order: 0 }], change_log: ["Initial release"] })
      .select("id")
      .single();
    if (error) throw error;
    // Versions are never deleted: this one is left a draft.
    restore.createdKept("whitepaper", { id: (draft as { id: string }).id }, { published: false });
    const count = async () => (await api.from("whitepaper").select("id", { count: "exact", head: true })).count;
    const before = await count();
    const { data: highest } = await api.from("whitepaper").select("version").order("version_key", { ascending: false }).limit(1).single();
    const next = (highest as { version: string }).version.replace(/\d+$/, (last) => String(Number(last) + 1));

    await page.getByRole("menuitem", { name: "Whitepaper" }).click();
    await page.getByRole("button", { name: `Duplicate as New Version Chosen ${run} v0.9` }).click();
    const form = editor("New Whitepaper Version");
    await expect.poll(() => form.getByRole("textbox", { name: "Title", exact: true }).first().inputValue(), { timeout: 10_000 }).toBe(`Chosen ${run}`);
    // The next number after the highest there is, not after the chosen one.
    expect(await form.getByRole("textbox", { name: "Version" }).inputValue()).toBe(next);
    const texts = await form.getByRole("textbox").evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(texts).toContain(`Only in ${run}`);
    await form.getByRole("button", { name: "Cancel" }).click();
    await at(`/admin/whitepaper`);
    expect(await count()).toBe(before);
  });

  it("Upcoming lists a scheduled item on the dashboard and its page, linking to its record address", async () => {
    const publishAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const post = await insertPost({ title: `Scheduled ${run}`, published: true, publish_at: publishAt });
    // The dashboard read afresh: the page may already show one, read before the post was added.
    await page.goto(`${webUrl}/admin`);
    const card = page.getByRole("region", { name: "Upcoming" });
    await card.getByRole("link", { name: post.title }).waitFor();
    await card.getByRole("link", { name: "See all scheduled" }).click();
    await at(`/admin/upcoming`);
    const entry = page.getByRole("list", { name: "Scheduled content" }).getByRole("listitem").filter({ hasText: post.title });
    expect(await entry.locator("time").getAttribute("datetime")).toBe(publishAt);
    expect(await entry.textContent()).toContain("Blog Posts");
    await entry.getByRole("link", { name: post.title }).click();
    await at(`/admin/blog/${post.id}`);
    await expect.poll(() => editor("Edit Post").getByRole("textbox", { name: "Title", exact: true }).inputValue(), { timeout: 10_000 }).toBe(post.title);
    await editor("Edit Post").getByRole("button", { name: "Cancel" }).click();
    await at(`/admin/blog`);
  });
});
