import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Page, Request, Route } from "playwright-core";
import type { SupabaseClient } from "@supabase/supabase-js";
import { nodeClient } from "../support/backend.ts";
import { openAdminSession, type AdminSession } from "./admin-helpers.ts";
import { doc } from "../support/documents.ts";

// The key and messages of backoffice/lib/connection.ts, as the admin reads them.
const REQUEST_TIMEOUT_KEY = "rcrt:request-timeout-ms";
const OFFLINE = "You are offline. Check your connection and try again.";
const TIMEOUT = "The server did not answer in time. Check your connection and try again.";
const BACK_ONLINE = "Not saved yet: you are back online. Retry to save.";

describe("back office offline, with a server that does not answer, and on a phone (Chromium, production build)", () => {
  const webUrl = inject("webUrl");
  const apiUrl = inject("apiUrl");
  let session: AdminSession;
  let page: Page;
  let admin: SupabaseClient;
  // Past the row-version check, for putting the post back between tests.
  const service = nodeClient(apiUrl, inject("serviceKey"));
  const title = `Offline Draft ${Date.now()}`;
  let postId: string;

  const posts = `${apiUrl}/rest/v1/blog_posts`;
  const isPostWrite = (request: Request) => request.url().startsWith(posts) && request.method() === "PATCH";
  const row = (text: string) => page.locator("tbody tr").filter({ hasText: text });
  /** Every visible text on the page that says the admin is offline. */
  const offlineMessages = () =>
    page.evaluate((text) => {
      const found: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT);
      for (let node = walker.nextNode() as HTMLElement | null; node; node = walker.nextNode() as HTMLElement | null) {
        if (node.textContent?.includes(text) && ![...node.children].some((child) => child.textContent?.includes(text)) && node.checkVisibility()) found.push(node.textContent.trim());
      }
      return found;
    }, OFFLINE);
  const post = async () => (await admin.from("blog_posts").select("title, published").eq("id", postId).single()).data;

  beforeAll(async () => {
    session = await openAdminSession(webUrl, apiUrl);
    ({ page, admin } = session);
    const { data, error } = await admin.from("blog_posts").insert({ title, content: doc("Words written offline."), category: "community", published: false }).select("id").single();
    if (error) throw error;
    postId = data.id as string;
  });
  afterAll(async () => {
    await session?.context.setOffline(false);
    if (postId) await service.from("blog_posts").delete().eq("id", postId);
    await session?.close();
  });

  it("a save offline says so and keeps the form; one the server leaves unanswered times out; Retry saves once it can", async () => {
    const held: Route[] = [];
    try {
      await page.goto(`${webUrl}/admin/blog`);
      await row(title).getByRole("button", { name: "Edit", exact: true }).click();
      const editor = page.getByRole("dialog", { name: "Edit Post" });
      const titleField = editor.getByRole("textbox", { name: "Title" });
      await expect.poll(() => titleField.inputValue()).toBe(title);
      await titleField.fill(`${title} (edited)`);

      await session.context.setOffline(true);
      await editor.getByRole("button", { name: "Save Post" }).click();
      await editor.getByRole("alert").filter({ hasText: `Not saved: ${OFFLINE}` }).waitFor();
      expect(await titleField.inputValue()).toBe(`${title} (edited)`);
      expect(await editor.getByRole("button", { name: "Save Post" }).isEnabled()).toBe(true);
      // One message says it, wherever it could be (the form, a notification, a banner), even a moment later.
      await page.waitForTimeout(1500);
      expect(await offlineMessages()).toEqual([`Not saved: ${OFFLINE}`]);

      // Back online: the offline message goes at once, and Retry stays.
      await session.context.setOffline(false);
      await expect.poll(offlineMessages).toEqual([]);
      await editor.getByRole("alert").filter({ hasText: BACK_ONLINE }).waitFor();
      await editor.getByRole("button", { name: "Retry" }).waitFor();

      // The server keeps the write without answering: the (shortened) timeout ends it.
      await page.evaluate(([key]) => localStorage.setItem(key!, "1000"), [REQUEST_TIMEOUT_KEY]);
      await page.route((url) => url.href.startsWith(posts), (route) => (route.request().method() === "PATCH" ? void held.push(route) : route.fallback()));
      await editor.getByRole("button", { name: "Retry" }).click();
      await editor.getByRole("alert").filter({ hasText: `Not saved: ${TIMEOUT}` }).waitFor();
      expect(held).toHaveLength(1);
      expect(await titleField.inputValue()).toBe(`${title} (edited)`);
      expect((await post())?.title).toBe(title);

      // The server answers again, and a write gets the usual time: under load one can take over 1 s.
      await page.unrouteAll({ behavior: "ignoreErrors" });
      await page.evaluate(([key]) => localStorage.removeItem(key!), [REQUEST_TIMEOUT_KEY]);
      await editor.getByRole("button", { name: "Retry" }).click();
      await page.getByText("Saved", { exact: true }).waitFor();
      await editor.waitFor({ state: "detached" });
      expect((await post())?.title).toBe(`${title} (edited)`);
    } finally {
      await page.unrouteAll({ behavior: "ignoreErrors" });
      await page.evaluate(([key]) => localStorage.removeItem(key!), [REQUEST_TIMEOUT_KEY]);
      await session.context.setOffline(false);
      await service.from("blog_posts").update({ title }).eq("id", postId);
    }
  });

  it("a Publish click offline fails with a message and is never sent once back online", async () => {
    await page.goto(`${webUrl}/admin/blog`);
    const publish = row(title).getByRole("button", { name: `Publish ${title}` });
    await publish.waitFor();
    const writes: Request[] = [];
    const watch = (request: Request) => isPostWrite(request) && writes.push(request);
    page.on("request", watch);
    try {
      await session.context.setOffline(true);
      await publish.click();
      await page.getByText(`Error updating post: ${OFFLINE}`).waitFor();
      expect(await publish.isEnabled()).toBe(true);

      // Back online: a list read sent now goes after anything a queue would replay.
      await session.context.setOffline(false);
      const reread = page.waitForResponse((response) => response.url().startsWith(posts) && response.request().method() === "GET");
      await page.getByRole("button", { name: "Refresh" }).first().click();
      await reread;
      await row(title).getByText("Draft", { exact: true }).waitFor();
      expect(writes).toHaveLength(0);
      expect((await post())?.published).toBe(false);
    } finally {
      page.off("request", watch);
      await session.context.setOffline(false);
    }
  });

  it("on a phone (390×844): the blog list fits, New Post, bulk actions, Publish and Edit are in reach, and an editor fills the screen", async () => {
    const viewport = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(`${webUrl}/admin/blog`);
      await row(title).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const inView = async (locator: ReturnType<Page["locator"]>) => {
        const box = await locator.boundingBox();
        return Boolean(box && box.x >= 0 && box.x + box.width <= 390 && box.width > 0);
      };
      expect(await inView(page.getByRole("button", { name: "New Post" }))).toBe(true);
      // The bulk toolbar of a selection fits too.
      await row(title).getByRole("checkbox").check();
      expect(await inView(page.getByRole("button", { name: "Delete selected" }))).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await row(title).getByRole("checkbox").uncheck();

      const menuButton = row(title).getByRole("button", { name: `Actions for ${title}` });
      expect(await inView(menuButton)).toBe(true);
      await menuButton.click();
      const publish = page.getByRole("button", { name: `Publish ${title}` });
      expect(await inView(publish)).toBe(true);
      expect(await inView(page.getByRole("presentation").getByRole("button", { name: "Edit", exact: true }))).toBe(true);
      await publish.click();
      await page.getByRole("button", { name: `Unpublish ${title}` }).waitFor();
      expect((await post())?.published).toBe(true);

      await page.getByRole("presentation").getByRole("button", { name: "Edit", exact: true }).click();
      const editor = page.getByRole("dialog", { name: "Edit Post" });
      await editor.getByRole("textbox", { name: "Title" }).waitFor();
      const box = await editor.boundingBox();
      expect(box).toMatchObject({ x: 0, width: 390 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await inView(editor.getByRole("button", { name: "Save Post" }))).toBe(true);
      await editor.getByRole("button", { name: "Close" }).click();
      await editor.waitFor({ state: "detached" });
    } finally {
      if (viewport) await page.setViewportSize(viewport);
      await service.from("blog_posts").update({ published: false }).eq("id", postId);
    }
  });
});
