import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import { openBrowser } from "./support/browser.ts";
import { restoreAfterEach } from "./support/restore.ts";
import { ADMIN, adminPage, submitLogin, USER } from "./admin-helpers.ts";

describe("back office: sign-in, password reset, guard and logout (Chromium, production build)", () => {
  const webUrl = inject("webUrl");
  const mailboxUrl = inject("mailboxUrl");
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  let context: BrowserContext;
  const restore = restoreAfterEach();

  beforeAll(async () => {
    browser = await openBrowser();
    context = browser.context;
  });
  afterAll(() => browser?.close());

  it.each(["/admin", "/admin/blog"])("a visitor opening %s reaches the login page, and after signing in is where they were going", async (path) => {
    const page = await context.newPage();
    await page.goto(`${webUrl}${path}`);
    await page.waitForURL(/\/admin\/login$/);
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    // Signing in leads back to where the visitor was going.
    await submitLogin(page, webUrl, ADMIN.email, ADMIN.password);
    await page.waitForURL(new RegExp(`${path}/?$`));
    await page.getByRole("heading", { level: 1 }).filter({ hasText: path === "/admin" ? "Dashboard" : "Blog Posts" }).waitFor();
    await page.evaluate(() => localStorage.clear());
    await page.close();
  });

  it("login validation and errors: invalid email, short password, bad password, non-admin", async () => {
    const page = await context.newPage();
    await page.goto(`${webUrl}/admin/login`);
    await page.getByRole("textbox", { name: "Email" }).fill("not-an-email");
    await page.getByLabel("Password *", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("Please enter a valid email address").waitFor();
    await page.getByText("Password must be at least 8 characters").waitFor();

    await submitLogin(page, webUrl, ADMIN.email, "WrongPassword1");
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Invalid email or password");

    await submitLogin(page, webUrl, USER.email, USER.password);
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Access denied. Admin privileges required.");
    // The non-admin's session was ended, so nothing of it is left for the guard to find.
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes("auth-token")))).toEqual([]);
    await page.close();
  });

  it("the reset flow works through the local mailbox and leads back to the login page", async () => {
    restore.changingPassword(USER);
    const page = await context.newPage();
    await page.goto(`${webUrl}/admin/login`);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL(/\/admin\/reset-password$/);
    await page.getByRole("textbox", { name: "Email" }).fill(USER.email);
    await page.getByRole("button", { name: "Send reset instructions" }).click();
    await page.getByText("If an account exists with this email, you will receive password reset instructions.").waitFor();

    // The mail is sent just after the answer (so that its timing says nothing about the account).
    const readMail = async () => ((await (await fetch(mailboxUrl)).json()) as { to: string; link: string }[]).find((entry) => entry.to === USER.email);
    await expect.poll(readMail).toBeDefined();
    const mail = await readMail();
    expect(mail?.link).toMatch(/type=recovery/);
    await page.goto(mail!.link);
    await page.waitForURL(/\/admin\/update-password/);
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();

    await page.getByLabel("New password *").fill("lowercase1");
    await page.getByLabel("Confirm password *").fill("different1");
    await page.getByRole("button", { name: "Update password" }).click();
    await page.getByText("Password must contain at least one uppercase letter").waitFor();
    await page.getByText("Passwords don't match").waitFor();

    await page.getByLabel("New password *").fill("Changed12345");
    await page.getByLabel("Confirm password *").fill("Changed12345");
    await page.getByRole("button", { name: "Update password" }).click();
    await page.waitForURL(/\/admin\/login$/);

    // The new password is the one that works now (the account is not an admin, so: access denied).
    await submitLogin(page, webUrl, USER.email, USER.password);
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Invalid email or password");
    await submitLogin(page, webUrl, USER.email, "Changed12345");
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Access denied. Admin privileges required.");
    await page.close();
  });

  it("the admin signs in, unknown /admin paths go to /admin, and Logout clears all local storage", async () => {
    const page = await adminPage(context, webUrl);
    // The admin token is supabase-js's stored session, not a second copy of it.
    const stored = await page.evaluate(() => Object.entries(localStorage).filter(([key]) => key.endsWith("-auth-token")).map(([, value]) => value));
    expect(stored).toHaveLength(1);
    expect((JSON.parse(stored[0]!) as { access_token: string }).access_token).toMatch(/^ey/);
    const sidebar = page.locator(".RaSidebar-fixed");
    // Each screen's entry shows once canAccess has answered for it.
    await sidebar.getByRole("menuitem", { name: "Team" }).waitFor();
    const entries = (await sidebar.getByRole("menuitem").allTextContents()).map((text) => text.trim());
    expect(entries).toEqual(["Dashboard", "Blog Posts", "Media Library", "Gallery", "Collections", "Videos", "Progress", "Press", "Community", "Mails", "Whitepaper", "FAQ", "Activity", "Subscribers", "Waitlist", "People", "Team", "Security", "View Site", "Logout"]);

    await page.goto(`${webUrl}/admin/no-such-screen`);
    await page.waitForURL(new RegExp(`${webUrl}/admin/?$`));
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();

    await page.evaluate(() => localStorage.setItem("left-behind", "by another screen"));
    await sidebar.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL(/\/admin\/login$/);
    const keys = await page.evaluate(() => Object.keys(localStorage));
    expect(keys.filter((key) => !key.startsWith("RaStore."))).toEqual([]);
    await page.goto(`${webUrl}/admin/videos`);
    await page.waitForURL(/\/admin\/login$/);
    await page.close();
  });

  it("Logout then Back: the login page again, at once", async () => {
    const page = await adminPage(context, webUrl);
    await page.getByRole("menuitem", { name: "Videos" }).click();
    await page.waitForURL(/\/admin\/videos$/);
    await page.locator(".RaSidebar-fixed").getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL(/\/admin\/login$/);
    await page.goBack();
    await page.waitForURL(/\/admin\/login$/, { timeout: 2000 });
    await page.getByRole("heading", { name: "Sign in" }).waitFor({ timeout: 2000 });
    await page.close();
  });

  it("an expired stored session that cannot be refreshed is cleared and the guard sends the admin to login", async () => {
    const page = await adminPage(context, webUrl);
    await page.evaluate(() => {
      const key = Object.keys(localStorage).find((candidate) => candidate.endsWith("-auth-token"))!;
      const session = JSON.parse(localStorage.getItem(key)!) as Record<string, unknown> & { access_token: string };
      const [head, , signature] = session.access_token.split(".");
      const past = Math.floor(Date.now() / 1000) - 10;
      const payload = btoa(JSON.stringify({ exp: past })).replace(/=+$/, "");
      localStorage.setItem(key, JSON.stringify({ ...session, access_token: `${head}.${payload}.${signature}`, expires_at: past, refresh_token: "revoked" }));
    });
    await page.getByRole("menuitem", { name: "Videos" }).click();
    await page.waitForURL(/\/admin\/login$/);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.endsWith("-auth-token")))).toEqual([]);
    await page.close();
  });

  it("a used reset link says it has expired and leads to a new request, instead of a form that cannot work", async () => {
    const page = await context.newPage();
    await page.goto(`${webUrl}/admin/reset-password`);
    await page.getByRole("textbox", { name: "Email" }).fill(ADMIN.email);
    await page.getByRole("button", { name: "Send reset instructions" }).click();
    await page.getByText("If an account exists with this email, you will receive password reset instructions.").waitFor();
    // The mail is sent after the answer (the same time for every address): wait for it.
    const readMail = async () => ((await (await fetch(mailboxUrl)).json()) as { to: string; link: string }[]).find((entry) => entry.to === ADMIN.email);
    await expect.poll(readMail, { timeout: 10_000 }).toBeDefined();
    const link = (await readMail())!.link;

    await page.goto(link);
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    await page.getByLabel("New password *").waitFor();

    const again = await context.newPage();
    await again.goto(link);
    await again.getByRole("alert").filter({ hasText: "This link has expired. Request a new one." }).waitFor();
    expect(await again.getByLabel("New password *").count()).toBe(0);
    await again.getByRole("link", { name: "Request a new link" }).click();
    await again.waitForURL(/\/admin\/reset-password$/);
    await again.getByRole("heading", { name: "Reset password" }).waitFor();
    await again.evaluate(() => localStorage.clear());
    await Promise.all([page.close(), again.close()]);
  });
});
