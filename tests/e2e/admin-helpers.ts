import type { SupabaseClient } from "@supabase/supabase-js";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { expect } from "vitest";

import { ADMIN, nodeClient } from "../support/backend.ts";
import { openBrowser } from "./support/browser.ts";

export { ADMIN, USER } from "../support/backend.ts";

/** Fills the back office's login form and submits it. */
export async function submitLogin(page: Page, webUrl: string, email: string, password: string): Promise<void> {
  if (!page.url().includes("/admin/login")) await page.goto(`${webUrl}/admin/login`);
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByLabel("Password *", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** A new page signed in as the seeded admin, on the dashboard. */
export async function adminPage(context: BrowserContext, webUrl: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${webUrl}/admin/login`);
  await submitLogin(page, webUrl, ADMIN.email, ADMIN.password);
  await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
  return page;
}

/** The anon key the server wrote into the page, for reading the API as a visitor. */
export async function anonKey(page: Page): Promise<string> {
  return (await page.locator('meta[name="supabase-anon-key"]').getAttribute("content")) ?? "";
}

/** GET on the REST API as a visitor (anon). */
export async function asVisitor<T>(apiUrl: string, key: string, path: string): Promise<T> {
  const response = await fetch(`${apiUrl}/rest/v1/${path}`, { headers: { apikey: key, Authorization: `Bearer ${key}` } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Searches the media library or its picker (`scope`) and waits until only matching files are shown:
 * the search is sent after a pause in typing, and a card found before that can move, or go, when the
 * answer arrives, taking a click aimed at it elsewhere.
 */
export async function searchMedia(scope: Page | Locator, search: string): Promise<void> {
  await scope.getByRole("textbox", { name: "Search media" }).fill(search);
  const shown = scope.locator('[data-testid="media-card"], button[aria-label^="Use "]');
  const texts = () => shown.evaluateAll((elements) => elements.map((element) => `${element.getAttribute("aria-label") ?? ""} ${element.textContent ?? ""}`.toLowerCase()));
  await expect.poll(texts).toSatisfy((found: string[]) => found.length > 0 && found.every((text) => text.includes(search.toLowerCase())));
}

export interface AdminSession {
  context: BrowserContext;
  /** Signed in as the seeded admin, on the dashboard. */
  page: Page;
  /** The API as the same admin, for arranging and checking data. */
  admin: SupabaseClient;
  close(): Promise<void>;
}

/** A browser with a back-office page and an API client, both signed in as the seeded admin. */
export async function openAdminSession(webUrl: string, apiUrl: string): Promise<AdminSession> {
  const browser = await openBrowser();
  try {
    const page = await adminPage(browser.context, webUrl);
    const admin = nodeClient(apiUrl, await anonKey(page));
    const { error } = await admin.auth.signInWithPassword(ADMIN);
    if (error) throw error;
    return {
      context: browser.context,
      page,
      admin,
      async close() {
        await admin.auth.signOut();
        await browser.close();
      },
    };
  } catch (error) {
    await browser.close();
    throw error;
  }
}
