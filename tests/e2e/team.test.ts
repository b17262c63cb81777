import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { BrowserContext, Locator, Page } from "playwright-core";
import type { SupabaseClient } from "@supabase/supabase-js";
import { ADMIN, adminPage, anonKey, submitLogin } from "./admin-helpers.ts";
import { violations } from "./support/axe.ts";
import { openBrowser } from "./support/browser.ts";
import { restoreAfterEach } from "./support/restore.ts";
import { nodeClient } from "../support/backend.ts";
import type { RichTextDocument } from "../../shared/rich-text/document.ts";
import { displayValue } from "../../shared/revisions.ts";

// A team in the back office (backoffice/team, server/team.ts, the roles and versions of
// supabase/migrations/20261126000100_team.sql): an administrator invites an editor, who accepts by
// mail and edits a post that the site then shows; two administrators on one post see each other,
// and the second save, based on an older version, is refused with an explanation and keeps what was
// typed; overwriting writes only the fields the second changed, a field both changed as they choose;
// a removed editor's next request fails.

type OpenBrowser = Awaited<ReturnType<typeof openBrowser>>;

describe("back office: a team of administrators and editors (Chromium, production build)", () => {
  const webUrl = inject("webUrl");
  const apiUrl = inject("apiUrl");
  const mailboxUrl = inject("mailboxUrl");
  const service: SupabaseClient = nodeClient(apiUrl, inject("serviceKey"));
  const restorer = restoreAfterEach();
  const browsers: OpenBrowser[] = [];
  const accounts: string[] = [];

  async function newContext(): Promise<BrowserContext> {
    const browser = await openBrowser();
    browsers.push(browser);
    return browser.context;
  }

  /** A second administrator, made directly: the invitation flow is the first test's subject. */
  async function secondAdministrator(): Promise<{ email: string; password: string }> {
    const account = { email: `second.admin.${randomUUID().slice(0, 8)}@example.com`, password: "Second12345" };
    const { data, error } = await service.auth.admin.createUser({ ...account, email_confirm: true });
    if (error) throw error;
    accounts.push(data.user.id);
    const added = await service.from("admin_users").insert({ id: data.user.id, email: account.email, role: "administrator" });
    if (added.error) throw added.error;
    return account;
  }

  let administrator: Page;

  beforeAll(async () => {
    administrator = await adminPage(await newContext(), webUrl);
  });
  afterAll(async () => {
    for (const id of accounts) await service.auth.admin.deleteUser(id);
    for (const browser of browsers) await browser.close();
  });

  const mailTo = async (email: string) => ((await (await fetch(mailboxUrl)).json()) as { to: string; link: string }[]).filter((mail) => mail.to === email).at(-1);

  async function publishedPost(): Promise<{ id: string; title: string; slug: string; content: RichTextDocument }> {
    const { data, error } = await service.from("blog_posts").select("id, title, slug, content").eq("published", true).order("created_at", { ascending: false }).limit(1).single();
    if (error) throw error;
    return data as { id: string; title: string; slug: string; content: RichTextDocument };
  }

  /** `post`'s body with a paragraph of `words` added at its end. */
  const withClosing = (content: RichTextDocument, words: string): RichTextDocument => ({ ...content, content: [...content.content, { type: "paragraph", content: [{ type: "text", text: words }] }] });

  /** A paragraph of `words` written at the end of the body, in the form's rich editor, as a person adds one. */
  async function writeClosing(editor: Locator, post: { content: RichTextDocument }, words: string) {
    const content = editor.getByRole("textbox", { name: /^Content/ });
    // The post's words are in the editor before anyone writes after them.
    await expect.poll(() => content.textContent()).toContain(displayValue(post.content).split("\n\n").at(-1));
    await content.click();
    await editor.page().keyboard.press("ControlOrMeta+End");
    await editor.page().keyboard.press("Enter");
    await editor.page().keyboard.type(words);
  }

  /** The post open in the administrator's editor and, on a page of its own (`viewport` wide), in a second administrator's. */
  async function bothEditing(post: { title: string }, viewport?: { width: number; height: number }) {
    const second = await secondAdministrator();
    const other = await (await newContext()).newPage();
    if (viewport) await other.setViewportSize(viewport);
    await submitLogin(other, webUrl, second.email, second.password);
    await other.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    const open = async (page: Page) => {
      await page.goto(`${webUrl}/admin/blog`);
      // On its title, as a person opens it: the row's middle may be the other's "is editing" chip.
      await page.locator("tbody tr").filter({ hasText: post.title }).first().getByText(post.title, { exact: true }).click();
      const editor = page.getByRole("dialog", { name: "Edit Post" });
      await editor.getByRole("textbox", { name: "Title" }).waitFor();
      return editor;
    };
    const firstEditor = await open(administrator);
    const secondEditor = await open(other);
    return { other, firstEditor, secondEditor };
  }

  const savedPost = async (id: string) => (await service.from("blog_posts").select("title, content, milestone").eq("id", id).single()).data;

  it("an administrator invites an editor, who sets a password, works without Team or Community, and edits a post the site then shows; once removed, their next request fails", async () => {
    const email = `invited.editor.${randomUUID().slice(0, 8)}@example.com`;
    const post = await publishedPost();
    await restorer.changing("blog_posts", { id: post.id }, ["title", "content"]);

    await administrator.goto(`${webUrl}/admin/team`);
    await administrator.getByRole("heading", { name: "Team", level: 1 }).waitFor();
    await administrator.getByRole("button", { name: "Invite" }).click();
    const invite = administrator.getByRole("dialog", { name: "Invite a member" });
    await invite.getByRole("textbox", { name: "Email" }).fill(email);
    await invite.getByRole("combobox", { name: "Role" }).selectOption("editor");
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await administrator.getByText(`Invitation sent to ${email}`).waitFor();
    const row = administrator.getByRole("row").filter({ hasText: email });
    await row.getByText("Invited", { exact: true }).waitFor();

    await expect.poll(() => mailTo(email)).toBeDefined();
    const mail = await mailTo(email);
    const { data: invited } = await service.from("admin_users").select("id").eq("email", email).single();
    accounts.push((invited as { id: string }).id);

    const editorPage = await (await newContext()).newPage();
    await editorPage.goto(mail!.link);
    await editorPage.getByRole("heading", { name: "Choose your password" }).waitFor();
    await editorPage.getByLabel("New password *").fill("Invited12345");
    await editorPage.getByLabel("Confirm password *").fill("Invited12345");
    await editorPage.getByRole("button", { name: "Set password and continue" }).click();
    await editorPage.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    const sidebar = editorPage.locator(".RaSidebar-fixed");
    await sidebar.getByRole("menuitem", { name: "Blog Posts" }).waitFor();
    const entries = (await sidebar.getByRole("menuitem").allTextContents()).map((text) => text.trim());
    expect(entries).toEqual(["Dashboard", "Blog Posts", "Media Library", "Gallery", "Collections", "Videos", "Progress", "Press", "Whitepaper", "FAQ", "Activity", "Security", "View Site", "Logout"]);

    // The editor edits the post; the site shows the new title.
    const edited = `${post.title.slice(0, 60)} (edited by the team)`;
    await editorPage.goto(`${webUrl}/admin/blog`);
    await editorPage.locator("tbody tr").filter({ hasText: post.title }).first().click();
    const dialog = editorPage.getByRole("dialog", { name: "Edit Post" });
    await dialog.getByRole("textbox", { name: "Title" }).fill(edited);
    await dialog.getByRole("button", { name: "Save Post" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(async () => (await fetch(`${webUrl}/updates/${post.slug}`)).text(), { timeout: 30_000 }).toContain("(edited by the team)");
    const { data: revision } = await service.from("content_revisions").select("changed_by_email").eq("row_id", post.id).order("id", { ascending: false }).limit(1).single();
    expect(revision).toEqual({ changed_by_email: email });

    // The administrator sees them active now, and removes them.
    await administrator.reload();
    await row.getByText("Active", { exact: true }).waitFor();
    await row.getByRole("button", { name: `Remove ${email}` }).click();
    const confirm = administrator.getByRole("dialog", { name: "Remove member" });
    await confirm.getByText(`Remove ${email} from the team? Their access ends at once.`).waitFor();
    await confirm.getByRole("button", { name: "Remove" }).click();
    await administrator.getByText(`${email} was removed from the team`).waitFor();
    await row.waitFor({ state: "detached" });

    // The editor's next request fails: the API refuses their write, and the back office lets them go.
    const token = await editorPage.evaluate(() => {
      for (const key of Object.keys(localStorage)) if (key.endsWith("-auth-token")) return (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token;
      return "";
    });
    const { data: current } = await service.from("blog_posts").select("row_version").eq("id", post.id).single();
    // With the right next version, so that only the membership can refuse it.
    const write = await fetch(`${apiUrl}/rest/v1/blog_posts?id=eq.${post.id}`, {
      method: "PATCH",
      headers: { apikey: await anonKey(editorPage), Authorization: `Bearer ${token}`, "Content-Type": "application/json", Prefer: "return=representation" },
      body: JSON.stringify({ title: "Not any more", row_version: (current as { row_version: number }).row_version + 1 }),
    });
    expect(write.status).toBe(200);
    expect(await write.json()).toEqual([]);
    await editorPage.goto(`${webUrl}/admin/blog`);
    await editorPage.waitForURL(/\/admin\/login/);
    expect((await service.from("blog_posts").select("title").eq("id", post.id).single()).data).toEqual({ title: edited });
  });

  it("when the other administrator's tab closes, their \"is editing\" goes within seconds, long before their lease would expire", async () => {
    const post = await publishedPost();
    const { other, firstEditor } = await bothEditing(post);
    const second = await other.evaluate(() => {
      for (const key of Object.keys(localStorage)) if (key.endsWith("-auth-token")) return (JSON.parse(localStorage.getItem(key)!) as { user: { email: string } }).user.email;
      return "";
    });
    const editing = firstEditor.getByText(`${second} is editing`);
    await editing.waitFor({ timeout: 20_000 });
    const leases = async () => (await service.from("edit_leases").select("user_id").eq("row_id", post.id)).data?.length;
    expect(await leases()).toBe(2);
    // Closing the tab as a person does: the page is hidden and unloaded (pagehide), not killed.
    const closed = Date.now();
    await other.close({ runBeforeUnload: true });
    await expect.poll(leases, { timeout: 5_000 }).toBe(1);
    // The remaining editor asks again every 5 s.
    await editing.waitFor({ state: "detached", timeout: 10_000 });
    expect(Date.now() - closed).toBeLessThan(8_000);
    await firstEditor.getByRole("button", { name: "Close" }).click();
  });

  it("two administrators on one post: the second sees who is editing, and their later save is refused with who changed what, keeping their text", async () => {
    const post = await publishedPost();
    await restorer.changing("blog_posts", { id: post.id }, ["title", "content"]);
    const { other, firstEditor, secondEditor } = await bothEditing(post);
    await secondEditor.getByText(`${ADMIN.email} is editing`).waitFor({ timeout: 20_000 });

    const theirs = `${post.title.slice(0, 60)} (first save)`;
    const mine = `${post.title.slice(0, 60)} (second save)`;
    await firstEditor.getByRole("textbox", { name: "Title" }).fill(theirs);
    await firstEditor.getByRole("button", { name: "Save Post" }).click();
    await firstEditor.waitFor({ state: "detached" });

    await secondEditor.getByRole("textbox", { name: "Title" }).fill(mine);
    await secondEditor.getByRole("button", { name: "Save Post" }).click();
    const conflict = other.getByRole("dialog", { name: "Someone else changed this post" });
    await conflict.getByText(ADMIN.email).waitFor();
    // What they changed: the words of their title that are not in the one this form started from.
    await expect.poll(() => conflict.locator("ins").allTextContents()).toEqual([" (first save)"]);
    expect((await service.from("blog_posts").select("title").eq("id", post.id).single()).data).toEqual({ title: theirs });
    await conflict.getByRole("button", { name: "Overwrite with mine" }).waitFor();
    await conflict.getByRole("button", { name: "Keep editing" }).click();
    expect(await secondEditor.getByRole("textbox", { name: "Title" }).inputValue()).toBe(mine);

    // Overwriting is a deliberate choice, and then it is saved.
    await secondEditor.getByRole("button", { name: "Save Post" }).click();
    await conflict.getByRole("button", { name: "Overwrite with mine" }).click();
    await secondEditor.waitFor({ state: "detached" });
    await expect.poll(async () => (await service.from("blog_posts").select("title").eq("id", post.id).single()).data).toEqual({ title: mine });
  });

  it("one changes the title, the other the body and overwrites: only the body is written, and the title stays", async () => {
    const post = await publishedPost();
    await restorer.changing("blog_posts", { id: post.id }, ["title", "content", "read_time"]);
    const { other, firstEditor, secondEditor } = await bothEditing(post);

    const theirTitle = `${post.title.slice(0, 60)} (their title)`;
    await firstEditor.getByRole("textbox", { name: "Title" }).fill(theirTitle);
    await firstEditor.getByRole("button", { name: "Save Post" }).click();
    await firstEditor.waitFor({ state: "detached" });

    const myContent = withClosing(post.content, "A paragraph of mine.");
    await writeClosing(secondEditor, post, "A paragraph of mine.");
    await secondEditor.getByRole("button", { name: "Save Post" }).click();
    const conflict = other.getByRole("dialog", { name: "Someone else changed this post" });
    await conflict.getByText("Overwrite with mine saves only the fields you changed; their changes to other fields stay.").waitFor();
    expect(await conflict.getByRole("radiogroup").count()).toBe(0);
    // The overwrite names the body (and its read time, which follows it) at their version, never the title.
    const written = other.waitForRequest((request) => request.method() === "PATCH" && request.url().includes("/rest/v1/blog_posts"));
    await conflict.getByRole("button", { name: "Overwrite with mine" }).click();
    const fields = Object.keys((await written).postDataJSON() as object);
    expect(fields).toEqual(expect.arrayContaining(["content", "row_version"]));
    expect(fields.filter((field) => !["content", "read_time", "row_version"].includes(field))).toEqual([]);
    await secondEditor.waitFor({ state: "detached" });
    await expect.poll(() => savedPost(post.id)).toMatchObject({ title: theirTitle, content: myContent });
  });

  it("on a phone, both change the title and the body: each shown as theirs and mine, one kept per field; saved again meanwhile, their newest version is shown first", async () => {
    const post = await publishedPost();
    await restorer.changing("blog_posts", { id: post.id }, ["title", "content", "read_time", "milestone"]);
    const { other, firstEditor, secondEditor } = await bothEditing(post, { width: 390, height: 844 });

    const theirs = { title: `${post.title.slice(0, 60)} (their title)`, content: withClosing(post.content, "Their closing paragraph.") };
    const mine = { title: `${post.title.slice(0, 60)} (my title)`, content: withClosing(post.content, "My closing paragraph.") };
    await firstEditor.getByRole("textbox", { name: "Title" }).fill(theirs.title);
    await writeClosing(firstEditor, post, "Their closing paragraph.");
    await firstEditor.getByRole("button", { name: "Save Post" }).click();
    await firstEditor.waitFor({ state: "detached" });

    await secondEditor.getByRole("textbox", { name: "Title" }).fill(mine.title);
    await writeClosing(secondEditor, post, "My closing paragraph.");
    await secondEditor.getByRole("button", { name: "Save Post" }).click();
    const conflict = other.getByRole("dialog", { name: "Someone else changed this post" });
    await conflict.getByRole("heading", { name: "Changed by both of you" }).waitFor();
    expect(await conflict.getByRole("radiogroup").evaluateAll((groups) => groups.map((group) => document.getElementById(group.getAttribute("aria-labelledby") ?? "")?.textContent))).toEqual(["Title", "Content"]);

    // Both versions whole, as text, one above the other within the phone's width.
    const title = conflict.getByRole("radiogroup", { name: "Title" });
    const content = conflict.getByRole("radiogroup", { name: "Content" });
    expect(await conflict.locator("#blog-conflict-title-theirs").textContent()).toBe(theirs.title);
    expect(await conflict.locator("#blog-conflict-title-mine").textContent()).toBe(mine.title);
    // A body as the texts of its blocks, never JSON.
    expect(await conflict.locator("#blog-conflict-content-theirs").textContent()).toBe(displayValue(theirs.content));
    expect(await conflict.locator("#blog-conflict-content-mine").textContent()).toBe(displayValue(mine.content));
    const theirBox = await conflict.locator("#blog-conflict-content-theirs").boundingBox();
    const myBox = await conflict.locator("#blog-conflict-content-mine").boundingBox();
    expect(theirBox!.x).toBeGreaterThanOrEqual(0);
    expect(theirBox!.x + theirBox!.width).toBeLessThanOrEqual(390);
    expect(myBox!.y).toBeGreaterThan(theirBox!.y + theirBox!.height);
    expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await content.getByRole("radio", { name: "Mine" }).isChecked()).toBe(true);
    expect(await violations(other)).toEqual([]);

    // Their title, my body; by keyboard on the title's choice.
    await title.getByRole("radio", { name: "Mine" }).focus();
    await other.keyboard.press("ArrowLeft");
    expect(await title.getByRole("radio", { name: "Theirs" }).isChecked()).toBe(true);

    // Saved once more while the dialog is open: the overwrite is refused, and their newest version shown.
    expect((await service.from("blog_posts").update({ milestone: "Beta" }).eq("id", post.id)).error).toBeNull();
    await conflict.getByRole("button", { name: "Overwrite with mine" }).click();
    await conflict.getByText("The post was changed again before your overwrite. This is their newest version: check your choices, then overwrite again.").waitFor();
    expect(await title.getByRole("radio", { name: "Theirs" }).isChecked()).toBe(true);
    expect(await savedPost(post.id)).toMatchObject({ ...theirs, milestone: "Beta" });

    await conflict.getByRole("button", { name: "Overwrite with mine" }).click();
    await secondEditor.waitFor({ state: "detached" });
    await expect.poll(() => savedPost(post.id)).toEqual({ title: theirs.title, content: mine.content, milestone: "Beta" });
  });
});
