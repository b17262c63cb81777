import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { ADMIN, openAdminSession, type AdminSession } from "./admin-helpers.ts";
import { restoreAfterEach } from "./support/restore.ts";
import { doc } from "../support/documents.ts";

// Content history in the back office (backoffice/history, backoffice/activity): an edit, its
// history and a restore of the earlier version; a deletion undone from its notification; a deleted
// item restored from the Activity screen.

describe("back office: history, undo and activity (Chromium, production build)", () => {
  const webUrl = inject("webUrl");
  const apiUrl = inject("apiUrl");
  const restore = restoreAfterEach();
  let session: AdminSession;
  let page: Page;

  beforeAll(async () => {
    session = await openAdminSession(webUrl, apiUrl);
    page = session.page;
  });
  afterAll(() => session?.close());

  const row = (text: string) => page.locator("tbody tr").filter({ hasText: text });

  async function createPost(title: string): Promise<string> {
    const { data, error } = await session.admin.from("blog_posts").insert({ title, content: doc("The first words of it."), category: "community" }).select("id").single();
    if (error) throw error;
    const { id } = data as { id: string };
    // Gone after the test: a published one would be on the visitors' Updates page of the next file.
    restore.created("blog_posts", { id });
    return id;
  }

  const titleOf = async (id: string) => (await session.admin.from("blog_posts").select("title").eq("id", id)).data?.[0]?.title as string | undefined;

  /** The list read afresh: posts were just created through the API. */
  async function openBlogPosts() {
    await page.goto(`${webUrl}/admin/blog`);
    await page.getByRole("heading", { name: "Blog Posts", level: 1 }).waitFor();
  }

  it("edits a published post, shows who changed what in its history, restores the draft it started as: its words come back, it stays published", async () => {
    const stamp = Date.now();
    const original = `Cartridge History ${stamp}`;
    const edited = `Cartridge History Edited ${stamp}`;
    const id = await createPost(original);
    expect((await session.admin.from("blog_posts").update({ published: true, row_version: 2 }).eq("id", id)).error).toBeNull();
    await openBlogPosts();

    await row(original).click();
    const editor = page.getByRole("dialog", { name: "Edit Post" });
    await editor.getByRole("textbox", { name: "Title" }).fill(edited);
    await editor.getByRole("button", { name: "Save Post" }).click();
    await editor.waitFor({ state: "detached" });
    await row(edited).waitFor();
    expect(await titleOf(id)).toBe(edited);

    await row(edited).click();
    await editor.getByRole("button", { name: "History" }).click();
    const changes = editor.getByRole("list", { name: "Changes, newest first" });
    const edit = changes.getByRole("listitem").first().filter({ hasText: `Edited by ${ADMIN.email}` });
    const creation = changes.getByRole("listitem").filter({ hasText: `Created by ${ADMIN.email}` });
    await edit.getByText("Current version").waitFor();
    // The title's diff: the word added, nothing else of the post.
    await expect.poll(() => edit.locator("ins").allTextContents()).toEqual(["Edited "]);
    expect(await edit.locator("dt").allTextContents()).toEqual(["Title"]);
    await creation.getByText(original).first().waitFor();

    await creation.getByRole("button", { name: "Restore this version" }).click();
    const confirm = page.getByRole("dialog", { name: "Restore this version?" });
    await confirm.getByText("Fields that change: Title.").waitFor();
    await confirm.getByText("Its publish state and schedule stay as they are: published (that version: a draft).").waitFor();
    expect(await confirm.getByRole("checkbox", { name: "Also restore publish state and schedule" }).isChecked()).toBe(false);
    await confirm.getByRole("button", { name: "Restore" }).click();
    await page.getByText("Version restored").waitFor();
    await expect.poll(() => editor.getByRole("textbox", { name: "Title" }).inputValue()).toBe(original);
    const { data } = await session.admin.from("blog_posts").select("title, slug, published").eq("id", id).single();
    expect(data).toMatchObject({ title: original, published: true });
    // Its public page stays live, with the words restored.
    await expect.poll(async () => (await fetch(`${webUrl}/updates/${(data as { slug: string }).slug}`)).status).toBe(200);
    await changes.getByRole("listitem").first().filter({ hasText: `Restored by ${ADMIN.email}` }).getByText("Current version").waitFor();

    await editor.getByRole("button", { name: "Close" }).click();
    await editor.waitFor({ state: "detached" });
    await row(original).waitFor();
    expect(await row(edited).count()).toBe(0);
  });

  it("shows an edit of the body paragraph by paragraph: the rewritten words and the added paragraph marked, the rest as it reads", async () => {
    const title = `Body History ${Date.now()}`;
    const id = await createPost(title);
    await openBlogPosts();

    await row(title).click();
    const editor = page.getByRole("dialog", { name: "Edit Post" });
    // The body rewritten in the rich editor: all of it selected, the new words typed, Enter for a paragraph.
    const content = editor.getByRole("textbox", { name: /^Content/ });
    await content.getByText("The first words of it.").waitFor();
    await content.click();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("The first words of this post.");
    await page.keyboard.press("Enter");
    await page.keyboard.type("A second paragraph, added.");
    await editor.getByRole("button", { name: "Save Post" }).click();
    await editor.waitFor({ state: "detached" });
    await expect.poll(async () => (await session.admin.from("blog_posts").select("content").eq("id", id).single()).data?.content).toEqual(doc("The first words of this post.", "A second paragraph, added."));

    await row(title).click();
    await editor.getByRole("button", { name: "History" }).click();
    const edit = editor.getByRole("list", { name: "Changes, newest first" }).getByRole("listitem").first();
    await edit.getByText("Current version").waitFor();
    const body = edit.locator("dd").filter({ hasText: "A second paragraph" });
    await expect.poll(() => body.locator("ins").allTextContents()).toEqual(["this post.", "A second paragraph, added."]);
    expect(await body.locator("del").allTextContents()).toEqual(["it."]);
    expect(await body.textContent()).not.toMatch(/[{}]/);
    await editor.getByRole("button", { name: "Close" }).click();
    await editor.waitFor({ state: "detached" });
  });

  it("deletes a post and takes it back with Undo: the same post, every field as it was, at a new version", async () => {
    const title = `Undo Me ${Date.now()}`;
    const id = await createPost(title);
    const before = (await session.admin.from("blog_posts").select("*").eq("id", id).single()).data;
    await openBlogPosts();

    await row(title).getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => row(title).count()).toBe(0);
    expect(await titleOf(id)).toBeUndefined();

    const notice = page.locator(".MuiSnackbar-root").filter({ hasText: "Deleted" });
    await notice.getByRole("button", { name: "Undo" }).click();
    await page.getByText("Restored", { exact: true }).waitFor();
    await row(title).waitFor();
    // A new version, so that an editor still open on the deleted post cannot save over the restored one unawares.
    expect((await session.admin.from("blog_posts").select("*").eq("id", id).single()).data).toEqual({ ...before, row_version: before.row_version + 1 });
  });

  it("lists changes on the dashboard and the Activity screen, filters them, and restores a deleted item", async () => {
    const title = `Gone For Good ${Date.now()}`;
    const id = await createPost(title);
    expect((await session.admin.from("blog_posts").delete().eq("id", id)).error).toBeNull();

    // The dashboard read afresh: the page may already show one, read before the delete.
    await page.goto(`${webUrl}/admin`);
    const recent = page.getByRole("region", { name: "Recent changes" });
    await recent.getByRole("row").filter({ hasText: title }).filter({ hasText: "Deleted" }).waitFor();
    await recent.getByRole("link", { name: "View all activity" }).click();

    await page.getByRole("heading", { name: "Activity", level: 1 }).waitFor();
    await row(title).first().waitFor();
    await page.getByRole("tab", { name: "Deleted" }).click();
    await expect.poll(() => page.locator("tbody tr").filter({ hasText: "Created" }).count()).toBe(0);
    const deleted = row(title);
    await expect.poll(() => deleted.count()).toBe(1);
    await deleted.getByText("Blog Posts").waitFor();

    // Filtered on the server: another content type has no such row.
    await page.getByRole("combobox", { name: /^Content/ }).click();
    await page.getByRole("option", { name: "Videos" }).click();
    await expect.poll(() => row(title).count()).toBe(0);
    await page.getByRole("combobox", { name: /^Content/ }).click();
    await page.getByRole("option", { name: "Blog Posts" }).click();

    await row(title).getByRole("button", { name: `Restore ${title}` }).click();
    await page.getByRole("dialog", { name: "Restore this item?" }).getByRole("button", { name: "Restore" }).click();
    await page.getByText("Restored", { exact: true }).waitFor();
    await expect.poll(() => titleOf(id)).toBe(title);

    // The deletion stays in the list; restoring it again says the post is back already.
    await row(title).getByRole("button", { name: `Restore ${title}` }).click();
    const again = page.getByRole("dialog", { name: "Restore this item?" });
    await again.getByText(`"${title}" is back already (restored by ${ADMIN.email}`, { exact: false }).waitFor();
    await again.getByRole("button", { name: "Cancel" }).click();
    await again.waitFor({ state: "detached" });
  });
});
