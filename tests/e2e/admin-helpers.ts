import type { BrowserContext, Page } from "playwright-core";

import { ADMIN } from "../support/backend.ts";

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
