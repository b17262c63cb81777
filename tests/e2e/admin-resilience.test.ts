import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import type { Page, Route } from "playwright-core";
import type { SupabaseClient } from "@supabase/supabase-js";
import { ADMIN, openAdminSession, submitLogin, type AdminSession } from "./admin-helpers.ts";

/** Answers a request as a failing API would, in PostgREST's error shape. */
function failWith(status: number, message: string) {
  return (route: Route) =>
    route.fulfill({ status, contentType: "application/json", body: JSON.stringify({ code: status === 401 ? "PGRST301" : "XX000", message, details: null, hint: null }) });
}

/** Requests to one table (or RPC) of the REST API. */
function restTable(apiUrl: string, table: string): (url: URL) => boolean {
  return (url) => `${url.origin}${url.pathname}` === `${apiUrl}/rest/v1/${table}`;
}

/** The supabase-js session key in the page's localStorage: the admin token. */
function sessionKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(localStorage).filter((key) => key.endsWith("-auth-token")));
}

describe("back office when the session or the API fails (Chromium, production build, request interception)", () => {
  const webUrl = inject("webUrl");
  const apiUrl = inject("apiUrl");
  let session: AdminSession;
  let page: Page;
  let admin: SupabaseClient;

  beforeAll(async () => {
    session = await openAdminSession(webUrl, apiUrl);
    ({ page, admin } = session);
  });
  afterAll(() => session?.close());
  // However a test ends, its interception must not meet the next test on this shared page.
  afterEach(() => page?.unrouteAll());
  // Nor its session: one that ended signed out (its tokens removed, a sign-in that failed) would fail every test after it.
  beforeEach(async () => {
    if ((await sessionKeys(page)).length > 0) return;
    await submitLogin(page, webUrl, ADMIN.email, ADMIN.password);
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
  });

  const row = (text: string) => page.locator("tbody tr").filter({ hasText: text });

  describe("a save that meets an ended session (401)", () => {
    let quoteId: string;
    const source = `Session Weekly ${Date.now()}`;

    beforeAll(async () => {
      const { data, error } = await admin.from("press_quotes").insert({ quote: "Before the session ended.", source }).select("id").single();
      if (error) throw error;
      quoteId = data.id as string;
    });
    afterAll(async () => {
      await admin.from("press_quotes").delete().eq("id", quoteId);
    });

    it("keeps the form and its values, asks to sign in again in place, then saves; it never says Saved before", async () => {
      await page.goto(`${webUrl}/admin/press`);
      await row(source).getByRole("button", { name: "Edit" }).click();
      const editor = page.getByRole("dialog", { name: "Edit Quote" });
      await editor.getByRole("textbox", { name: "Quote" }).fill("Written while the session ended.");

      // The first PATCH is refused as an expired session would be.
      let refused = 0;
      const quotes = restTable(apiUrl, "press_quotes");
      await page.route(quotes, (route) => {
        if (route.request().method() !== "PATCH" || refused > 0) return route.fallback();
        refused++;
        return failWith(401, "JWT expired")(route);
      });
      await editor.getByRole("button", { name: "Save Quote" }).click();

      const signIn = page.getByRole("dialog", { name: "Session expired" });
      await signIn.getByText("Your session has expired. Please sign in again.").waitFor();
      expect(await page.getByText("Saved", { exact: true }).count()).toBe(0);
      // The editor is still there with the admin's text (hidden from the accessibility tree behind the sign-in dialog).
      expect(await page.locator('textarea[name="quote"]').inputValue()).toBe("Written while the session ended.");
      // Still at the record's own address, not sent to the sign-in page.
      expect(page.url()).toMatch(/\/admin\/press\/[0-9a-f-]{36}$/);

      await expect.poll(() => signIn.getByRole("textbox", { name: "Email" }).inputValue()).toBe(ADMIN.email);
      await signIn.getByLabel("Password *", { exact: true }).fill(ADMIN.password);
      await signIn.getByRole("button", { name: "Sign in" }).click();

      await page.getByText("Saved", { exact: true }).waitFor();
      await editor.waitFor({ state: "detached" });
      expect(refused).toBe(1);
      const { data } = await admin.from("press_quotes").select("quote").eq("id", quoteId).single();
      expect(data?.quote).toBe("Written while the session ended.");
    });

    it("with the tokens gone from storage, the same: the real 401, sign in again, saved", async () => {
      await page.goto(`${webUrl}/admin/press`);
      await row(source).getByRole("button", { name: "Edit" }).click();
      const editor = page.getByRole("dialog", { name: "Edit Quote" });
      await editor.getByRole("textbox", { name: "Source" }).fill(`${source} (renamed)`);
      // Under supabase-js's own lock: the checks that opening the editor started (the guard's, the
      // edit view's checkAuth) read the session before it goes, however slowly they run; one that read
      // it after would sign out and close the editor, which is not what this test is about.
      await page.evaluate(() =>
        Promise.all(
          Object.keys(localStorage)
            .filter((key) => key.endsWith("-auth-token"))
            .map((key) => navigator.locks.request(`lock:${key}`, () => localStorage.removeItem(key))),
        ),
      );
      await editor.getByRole("button", { name: "Save Quote" }).click();

      const signIn = page.getByRole("dialog", { name: "Session expired" });
      await signIn.getByText("Your session has expired. Please sign in again.").waitFor();
      expect(await page.getByText("Saved", { exact: true }).count()).toBe(0);
      await signIn.getByRole("textbox", { name: "Email" }).fill(ADMIN.email);
      await signIn.getByLabel("Password *", { exact: true }).fill(ADMIN.password);
      await signIn.getByRole("button", { name: "Sign in" }).click();
      await page.getByText("Saved", { exact: true }).waitFor();
      const { data } = await admin.from("press_quotes").select("source").eq("id", quoteId).single();
      expect(data?.source).toBe(`${source} (renamed)`);
    });

    it("Cancel lets the save fail as an error: the form stays open with its values, nothing says Saved", async () => {
      const before = (await admin.from("press_quotes").select("quote").eq("id", quoteId).single()).data?.quote;
      await page.goto(`${webUrl}/admin/press`);
      await row(source).getByRole("button", { name: "Edit" }).click();
      const editor = page.getByRole("dialog", { name: "Edit Quote" });
      await editor.getByRole("textbox", { name: "Quote" }).fill("Never saved.");
      const quotes = restTable(apiUrl, "press_quotes");
      await page.route(quotes, (route) => (route.request().method() === "PATCH" ? failWith(401, "JWT expired")(route) : route.fallback()));
      await editor.getByRole("button", { name: "Save Quote" }).click();
      const signIn = page.getByRole("dialog", { name: "Session expired" });
      await signIn.getByRole("button", { name: "Cancel" }).click();
      await page.getByText(/^Error saving quote/).waitFor();
      expect(await page.getByText("Saved", { exact: true }).count()).toBe(0);
      expect(await editor.getByRole("textbox", { name: "Quote" }).inputValue()).toBe("Never saved.");
      const { data } = await admin.from("press_quotes").select("quote").eq("id", quoteId).single();
      expect(data?.quote).toBe(before);
    });
  });

  describe("the admin check gets a 500", () => {
    it("keeps the session: an error with Retry instead of the login page, then the area once the API answers", async () => {
      await page.goto(`${webUrl}/admin/videos`);
      await page.getByRole("heading", { name: "Videos", level: 1 }).waitFor();
      const errors: string[] = [];
      page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
      const adminUsers = restTable(apiUrl, "admin_users");
      await page.route(adminUsers, failWith(500, "Internal server error"));
      await page.reload();

      await page.getByRole("heading", { name: "We could not check your admin access" }).waitFor();
      expect(page.url()).toMatch(/\/admin\/videos$/);
      expect(await page.getByRole("heading", { name: "Videos", level: 1 }).count()).toBe(0);
      expect(await page.getByRole("heading", { name: "Sign in" }).count()).toBe(0);
      expect(errors.some((text) => text.startsWith("Error checking admin status"))).toBe(true);
      expect(await sessionKeys(page)).toHaveLength(1);

      await page.unroute(adminUsers);
      await page.getByRole("button", { name: "Retry" }).click();
      await page.getByRole("heading", { name: "Videos", level: 1 }).waitFor();
    });
  });

  describe("reads that fail show an error with Try Again, never an empty state", () => {
    const screens = [
      { path: "blog", table: "blog_posts", heading: "Blog Posts", text: "Could not load posts. Check your connection and try again.", empty: "No posts yet." },
      { path: "media", table: "media_assets", heading: "Media Library", text: "Could not load media. Check your connection and try again.", empty: "No media yet" },
      { path: "community", table: "form_submissions", heading: "Community Inbox", text: "Could not load submissions. Check your connection and try again.", empty: "No submissions found." },
    ];

    it.each(screens)("$heading", async ({ path, table, heading, text, empty }) => {
      await page.goto(`${webUrl}/admin/${path}`);
      await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
      const reads = restTable(apiUrl, table);
      await page.route(reads, failWith(500, "Internal server error"));
      await page.reload();
      const alert = page.getByRole("alert").filter({ hasText: text });
      await alert.waitFor();
      expect(await page.getByText(empty).count()).toBe(0);
      expect(await page.getByText(/\d+-\d+ of \d+/).count()).toBe(0);
      await page.unroute(reads);
      await alert.getByRole("button", { name: "Try Again" }).click();
      await expect.poll(() => page.getByRole("alert").filter({ hasText: text }).count()).toBe(0);
      if (path === "media") await page.getByTestId("media-grid").or(page.getByText(empty)).first().waitFor();
      else await page.locator("tbody tr").first().waitFor();
    });

    it("Dashboard: every card says it could not load, none spins forever", async () => {
      // Everything but the admin check's own reads (the member's row and the session's two-factor state).
      const contentReads = (url: URL) => url.href.startsWith(`${apiUrl}/rest/v1/`) && !/\/(admin_users|rpc\/team_security)$/.test(url.pathname);
      await page.route(contentReads, failWith(500, "Internal server error"));
      await page.goto(`${webUrl}/admin`);
      await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
      await page.getByRole("region", { name: "Blog Posts" }).getByText("Could not load this count.").waitFor();
      await page.getByText("Could not load stages. Check your connection and try again.").waitFor();
      await page.getByText("Could not load submissions. Check your connection and try again.").waitFor();
      expect(await page.getByText("No submissions yet.").count()).toBe(0);
      await page.unroute(contentReads);
      await page.getByRole("region", { name: "Blog Posts" }).getByRole("button", { name: "Try Again" }).click();
      await expect.poll(() => page.getByTestId("count-blog").textContent()).toMatch(/^\d+$/);
    });
  });

  describe("a duplicate slug", () => {
    it("is shown under the Slug field in words, not as the constraint's text", async () => {
      const { data: posts } = await admin.from("blog_posts").select("id, title, slug").order("created_at", { ascending: false }).limit(2);
      const [first, second] = posts as { id: string; title: string; slug: string }[];
      await page.goto(`${webUrl}/admin/blog`);
      await row(second!.title).getByRole("button", { name: "Edit" }).click();
      const editor = page.getByRole("dialog", { name: "Edit Post" });
      await editor.getByRole("textbox", { name: "Slug" }).fill(first!.slug);
      await editor.getByRole("button", { name: "Save Post" }).click();
      await editor.getByText("This slug is already used by another post", { exact: true }).waitFor();
      expect(await page.getByText(/duplicate key|blog_posts_slug_key/).count()).toBe(0);
      expect(await editor.getByRole("textbox", { name: "Slug" }).inputValue()).toBe(first!.slug);
      const { data } = await admin.from("blog_posts").select("slug").eq("id", second!.id).single();
      expect(data?.slug).toBe(second!.slug);
    });
  });
});
