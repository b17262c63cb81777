import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import type { Page } from "playwright-core";
import { timeUntil } from "../support/web-process.ts";
import { openAdminSession, type AdminSession } from "./admin-helpers.ts";
import { openBrowser } from "./support/browser.ts";
import { fromMarkdown } from "../support/documents.ts";

// Draft preview and scheduled publishing on npm start's live site: an admin previews a draft on its
// real page (banner, never cached); the page without the link is 404 with nothing of the draft; a
// post scheduled a few seconds ahead appears on the live page at its time, with no write and no build.

describe("editorial workflow: preview and schedule", () => {
  const webUrl = inject("webUrl");
  const apiUrl = inject("apiUrl");
  let session: AdminSession;
  let admin: Page;
  let api: SupabaseClient;
  const stamp = Date.now();
  const draftTitle = `Preview Draft ${stamp}`;
  const draftWords = `Secret cartridge words ${stamp}`;
  const scheduledTitle = `Timed Post ${stamp}`;
  const slugs: Record<string, string> = {};

  async function insertPost(title: string, markdown: string): Promise<string> {
    const { data, error } = await api.from("blog_posts").insert({ title, content: fromMarkdown(markdown), category: "hardware" }).select("slug").single();
    if (error) throw error;
    return (data as { slug: string }).slug;
  }

  beforeAll(async () => {
    session = await openAdminSession(webUrl, apiUrl);
    ({ page: admin, admin: api } = session);
    slugs.draft = await insertPost(draftTitle, `${draftWords}: the **shutter** closes.`);
    slugs.scheduled = await insertPost(scheduledTitle, "It boots at its time.");
  });
  afterAll(async () => {
    await api?.from("blog_posts").delete().in("slug", Object.values(slugs));
    await session?.close();
  });

  it("Preview opens the draft on its real page with the banner, never cached; without the link the page is 404 with nothing of the draft", async () => {
    await admin.getByRole("menuitem", { name: "Blog Posts" }).click();
    const row = admin.locator("tbody tr").filter({ hasText: draftTitle });
    await row.getByText("Draft", { exact: true }).waitFor();
    const [tab] = await Promise.all([admin.context().waitForEvent("page"), row.getByRole("button", { name: `Preview ${draftTitle}` }).click()]);
    await tab.waitForURL(new RegExp(`/updates/${slugs.draft}\\?preview=[0-9a-f]{64}$`));
    await tab.getByRole("heading", { level: 1, name: draftTitle }).waitFor();
    await expect(tab.getByRole("status").filter({ hasText: "Preview" }).isVisible()).resolves.toBe(true);
    // Hydrated, the page keeps the draft (it does not swap in what visitors may read).
    await tab.waitForLoadState("networkidle");
    await expect(tab.getByRole("heading", { level: 1, name: draftTitle }).isVisible()).resolves.toBe(true);
    await expect(tab.locator("strong", { hasText: "shutter" }).isVisible()).resolves.toBe(true);
    const previewUrl = tab.url();
    await tab.close();

    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await fetch(previewUrl);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("x-robots-tag")).toBe("noindex");
      expect(response.headers.get("x-cache")).toBeNull();
      const html = await response.text();
      expect(html).toContain(`<title>${draftTitle} | RCRT</title>`);
      expect(html).toContain('<meta name="robots" content="noindex" />');
      expect(html).toContain('class="preview-banner"');
    }

    // The same address without the link, in a browser with no session at all: NO SIGNAL, 404.
    const visitor = await openBrowser();
    try {
      const page = await visitor.context.newPage();
      const response = await page.goto(`${webUrl}/updates/${slugs.draft}`);
      expect(response?.status()).toBe(404);
      await page.getByText("NO SIGNAL").first().waitFor();
      expect(await page.content()).not.toContain(draftWords);
    } finally {
      await visitor.close();
    }
    for (const address of [`${webUrl}/updates/${slugs.draft}`, `${webUrl}/updates/${slugs.draft}?preview=${"0".repeat(64)}`, `${webUrl}/updates/${slugs.draft}?preview=`]) {
      const response = await fetch(address);
      expect(response.status, address).toBe(404);
      const html = await response.text();
      expect(html).not.toContain(draftTitle);
      expect(html).not.toContain(draftWords);
    }
    // A link opens its own row's page only.
    const token = new URL(previewUrl).searchParams.get("preview")!;
    const elsewhere = await fetch(`${webUrl}/updates?preview=${token}`);
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.text()).not.toContain(draftWords);
  });

  it("a draft collection previews on the home page among the published ones", async () => {
    const title = `Preview Collection ${stamp}`;
    const { data, error } = await api.from("featured_collections").insert({ title, description: "Not out yet", features: ["Gold Contacts"], capacity: "1TB" }).select("id").single();
    if (error) throw error;
    const id = (data as { id: string }).id;
    try {
      const link = await api.rpc("create_preview_link", { target_table: "featured_collections", row_id: id });
      expect(link.error).toBeNull();
      const { token } = link.data as { token: string };
      const html = await (await fetch(`${webUrl}/?preview=${token}`)).text();
      expect(html).toContain(title);
      expect(html).toContain("Featured Collections");
      expect(await (await fetch(`${webUrl}/`)).text()).not.toContain(title);
      expect((await fetch(`${webUrl}/gallery?preview=${token}`)).status).toBe(404);
    } finally {
      await api.from("featured_collections").delete().eq("id", id);
    }
  });

  it("a post scheduled a few seconds ahead in the back office (Schedule alone, no Publish) is listed as Scheduled and appears on the live page at its time", async () => {
    await admin.getByRole("menuitem", { name: "Blog Posts" }).click();
    const row = admin.locator("tbody tr").filter({ hasText: scheduledTitle });
    // As a person would: the list drawn with the row's status, then the row opened.
    await row.getByText("Draft", { exact: true }).waitFor();
    await row.getByText(scheduledTitle).click();
    const dialog = admin.getByRole("dialog");
    await dialog.getByTestId("publishing-outcome").getByText("Stays a draft").waitFor();
    await dialog.getByLabel("Schedule").check();
    expect(await dialog.getByLabel("Publish immediately").isChecked()).toBe(false);
    const dueAt = Date.now() + 15_000;
    // datetime-local takes the browser's local time; seconds are kept when given.
    const local = await admin.evaluate((at) => {
      const date = new Date(at);
      const pad = (value: number) => String(value).padStart(2, "0");
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
    }, dueAt);
    await dialog.getByLabel("Publish at").fill(local);
    const outcome = await dialog.getByTestId("publishing-outcome").textContent();
    const shown = await admin.evaluate((at) => {
      const date = new Date(at);
      return `Goes live ${date.toLocaleDateString("en-US", { month: "short", day: "numeric" })}, ${date.toLocaleTimeString("en-US", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" })}`;
    }, dueAt);
    expect(outcome).toBe(shown);
    await dialog.getByRole("button", { name: "Save Post" }).click();
    await dialog.waitFor({ state: "detached" });
    await row.getByText(/^Scheduled /).waitFor();

    const { data } = await api.from("blog_posts").select("publish_at, published").eq("slug", slugs.scheduled).single();
    expect(Math.abs(Date.parse((data as { publish_at: string }).publish_at) - Math.floor(dueAt / 1000) * 1000)).toBe(0);
    expect(Date.now()).toBeLessThan(dueAt);
    expect((await fetch(`${webUrl}/updates/${slugs.scheduled}`)).status).toBe(404);
    expect(await (await fetch(`${webUrl}/updates`)).text()).not.toContain(scheduledTitle);

    await new Promise((done) => setTimeout(done, Math.max(0, Math.floor(dueAt / 1000) * 1000 - Date.now())));
    const elapsed = await timeUntil(() => fetch(`${webUrl}/updates/${slugs.scheduled}`), (response) => response.status === 200, 5000);
    expect(elapsed).toBeLessThan(2000);
    expect(await (await fetch(`${webUrl}/updates`)).text()).toContain(scheduledTitle);
    expect(await (await fetch(`${webUrl}/sitemap.xml`)).text()).toContain(`/updates/${slugs.scheduled}`);
  });
});
