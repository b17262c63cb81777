import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, inject, it } from "vitest";
import { TOTP } from "otpauth";
import type { Page } from "playwright-core";
import type { SupabaseClient } from "@supabase/supabase-js";
import { anonKey, submitLogin } from "./admin-helpers.ts";
import { violations, watchPolicy } from "./support/axe.ts";
import { openBrowser } from "./support/browser.ts";
import { nodeClient } from "../support/backend.ts";
import { Authenticator, enrollTotp } from "../support/totp.ts";

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

  /** A member of their own, so that no other test meets their authenticator. */
  async function newMember(role: "administrator" | "editor" = "administrator"): Promise<{ email: string; password: string }> {
    const account = { email: `two.factor.${randomUUID().slice(0, 8)}@example.com`, password: "TwoFactor12345" };
    const { data, error } = await service.auth.admin.createUser({ ...account, email_confirm: true });
    if (error) throw error;
    accounts.push(data.user.id);
    const added = await service.from("admin_users").insert({ id: data.user.id, email: account.email, role });
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
    const account = await newMember();
    const page = await newPage();
    const problems = watchPolicy(page);
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
    // The QR code is an image the page's policy lets in, and the dialog reads well.
    await expect.poll(() => dialog.getByRole("img", { name: /QR code/ }).evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(await violations(page)).toEqual([]);
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
    expect(await violations(page)).toEqual([]);
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
    expect(problems).toEqual([]);
  });

  it("an administrator requires two-factor for the team: an editor without an app adds one before anything else; a reset from the Team screen signs the editor out", async () => {
    const administrator = await newMember("administrator");
    const admin = await newPage();
    await admin.goto(`${webUrl}/admin/login`);
    // The administrator's app, added through Auth as the Security page does (the first test's subject).
    const adminApi = nodeClient(apiUrl, await anonKey(admin));
    expect((await adminApi.auth.signInWithPassword(administrator)).error).toBeNull();
    const { authenticator } = await enrollTotp(adminApi);
    await submitLogin(admin, webUrl, administrator.email, administrator.password);
    await admin.getByRole("textbox", { name: /Authentication code/ }).fill(await authenticator.nextCode());
    await admin.getByRole("button", { name: "Verify" }).click();
    await admin.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();

    try {
      await admin.getByRole("menuitem", { name: "Team" }).click();
      const requirement = admin.getByRole("switch", { name: "Require two-factor sign-in for every member" });
      await expect.poll(() => requirement.isEnabled()).toBe(true);
      // The switch turns once the database has taken the change.
      await requirement.click();
      await admin.getByText("Two-factor sign-in is now required for every member").waitFor();
      await expect.poll(() => requirement.isChecked()).toBe(true);

      const editorAccount = await newMember("editor");
      const editor = await newPage();
      await submitLogin(editor, webUrl, editorAccount.email, editorAccount.password);
      await editor.getByRole("heading", { name: "Add an authenticator app" }).waitFor();
      await editor.getByText(/Your team requires two-factor sign-in for every member/).waitFor();
      await editor.getByRole("button", { name: "Continue" }).click();
      const secret = (await editor.getByLabel("Secret key").textContent())?.trim() ?? "";
      await editor.getByRole("textbox", { name: /Authentication code/ }).fill(await new Authenticator(secret).nextCode());
      await editor.getByRole("button", { name: "Turn on" }).click();
      await editor.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();

      await admin.reload();
      const row = admin.getByRole("row").filter({ hasText: editorAccount.email });
      await row.getByText("On", { exact: true }).waitFor();
      await row.getByRole("button", { name: `Reset two-factor of ${editorAccount.email}` }).click();
      await admin.getByRole("dialog").getByRole("button", { name: "Reset" }).click();
      await admin.getByText(`Two-factor sign-in of ${editorAccount.email} was reset`).waitFor();
      await row.getByText("Off", { exact: true }).waitFor();

      // The editor's session has ended: their next step leads to the sign-in page.
      await editor.getByRole("menuitem", { name: "Press" }).click();
      await editor.getByRole("heading", { name: "Sign in" }).waitFor();
    } finally {
      expect((await adminApi.rpc("set_team_two_factor", { required: false })).error).toBeNull();
    }
  });
});
