import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, inject, it } from "vitest";
import { TOTP } from "otpauth";
import type { Page } from "playwright-core";
import type { SupabaseClient } from "@supabase/supabase-js";
import { submitLogin } from "./admin-helpers.ts";
import { openBrowser } from "./support/browser.ts";
import { nodeClient } from "../support/backend.ts";

// Two-factor sign-in (backoffice/security, backoffice/lib/two-factor.ts; Auth's TOTP factors, which
// the local backend serves as hosted Supabase does; the database's aal2 policies): an administrator
// adds an authenticator app, signs in again and is asked for its code, a wrong code is refused with a
// clear message and opens nothing, the right one opens the back office. The test computes the codes
// from the secret the page shows, as the app would.

type OpenBrowser = Awaited<ReturnType<typeof openBrowser>>;

describe("back office: two-factor sign-in with an authenticator app (Chromium, production build)", () => {
  const webUrl = inject("webUrl");
  const apiUrl = inject("apiUrl");
  const service: SupabaseClient = nodeClient(apiUrl, inject("serviceKey"));
  const browsers: OpenBrowser[] = [];
  const accounts: string[] = [];

  afterAll(async () => {
    for (const id of accounts) await service.auth.admin.deleteUser(id);
    for (const browser of browsers) await browser.close();
  });

  /** An administrator of their own, so that no other test meets their authenticator. */
  async function newAdministrator(): Promise<{ email: string; password: string }> {
    const account = { email: `two.factor.${randomUUID().slice(0, 8)}@example.com`, password: "TwoFactor12345" };
    const { data, error } = await service.auth.admin.createUser({ ...account, email_confirm: true });
    if (error) throw error;
    accounts.push(data.user.id);
    const added = await service.from("admin_users").insert({ id: data.user.id, email: account.email, role: "administrator" });
    if (added.error) throw added.error;
    return account;
  }

  async function newPage(): Promise<Page> {
    const browser = await openBrowser();
    browsers.push(browser);
    return browser.context.newPage();
  }

  /**
   * The code of the time step after `after` (a code is taken once: the next step's code, which Auth
   * accepts one step early, stands for the app's next code without waiting 30 s).
   */
  function codeAfter(totp: TOTP, after: number): { code: string; at: number } {
    const at = Math.max(Date.now(), after + totp.period * 1000);
    return { code: totp.generate({ timestamp: at }), at };
  }

  it("an administrator adds an authenticator, signs in again and is asked for the code; a wrong code says so and opens nothing; the right one opens the back office", async () => {
    const account = await newAdministrator();
    const page = await newPage();
    await submitLogin(page, webUrl, account.email, account.password);
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();

    await page.getByRole("menuitem", { name: "Security" }).click();
    await page.getByRole("heading", { name: "Security", level: 1 }).waitFor();
    await page.getByText("Off: your password alone signs you in.").waitFor();
    await page.getByRole("button", { name: "Add authenticator app" }).click();
    const dialog = page.getByRole("dialog", { name: "Add authenticator app" });
    await dialog.getByRole("textbox", { name: "Name" }).fill("Test phone");
    await dialog.getByRole("button", { name: "Continue" }).click();
    await dialog.getByRole("img", { name: /QR code/ }).waitFor();
    const secret = (await dialog.getByLabel("Secret key").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const totp = new TOTP({ secret, digits: 6, period: 30, algorithm: "SHA1" });
    const first = codeAfter(totp, 0);
    await dialog.getByRole("textbox", { name: /Authentication code/ }).fill(first.code);
    await dialog.getByRole("button", { name: "Turn on" }).click();
    await page.getByText("Two-factor sign-in is on").waitFor();
    await page.getByRole("list", { name: "Authenticator apps" }).getByText("Test phone").waitFor();

    // A new sign-in: the password alone is not enough any more.
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await submitLogin(page, webUrl, account.email, account.password);
    await page.getByRole("heading", { name: "Two-factor sign-in" }).waitFor();
    const wrong = String((Number(codeAfter(totp, first.at).code) + 500_000) % 1_000_000).padStart(6, "0");
    await page.getByRole("textbox", { name: /Authentication code/ }).fill(wrong);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("That code is not right. Check your authenticator app and try again.");
    expect(page.url()).toContain("/admin/login");
    expect(await page.getByRole("textbox", { name: /Authentication code/ }).inputValue()).toBe("");
    // Nothing else: the session the password opened is refused data by the database.
    const refused = await page.evaluate(async (url) => {
      const stored = Object.entries(localStorage).find(([key]) => key.endsWith("-auth-token"))?.[1];
      const token = stored ? (JSON.parse(stored) as { access_token: string }).access_token : "";
      const anon = document.querySelector('meta[name="supabase-anon-key"]')?.getAttribute("content") ?? "";
      const response = await fetch(`${url}/rest/v1/blog_posts?select=id&published=eq.false`, { headers: { apikey: anon, Authorization: `Bearer ${token}` } });
      return { status: response.status, rows: ((await response.json()) as unknown[]).length };
    }, apiUrl);
    expect(refused).toEqual({ status: 200, rows: 0 });

    await page.getByRole("textbox", { name: /Authentication code/ }).fill(codeAfter(totp, first.at).code);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    await page.getByRole("menuitem", { name: "Blog Posts" }).click();
    await page.getByRole("heading", { name: "Blog Posts", level: 1 }).waitFor();
    await page.getByRole("row").nth(1).waitFor();
  });
});
