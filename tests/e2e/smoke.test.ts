import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import { openBrowser } from "./support/browser.ts";
import { ADMIN, submitLogin } from "./admin-helpers.ts";

describe("smoke: the served apps in Chromium", () => {
  const webUrl = inject("webUrl");
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  let context: BrowserContext;

  beforeAll(async () => {
    browser = await openBrowser();
    context = browser.context;
  });
  afterAll(() => browser?.close());

  it("the site's home shows project progress read from the local API", async () => {
    const page = await context.newPage();
    const response = await page.goto(webUrl);
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { name: "Project Progress" }).scrollIntoViewIfNeeded();
    await expect.poll(() => page.getByText("Hardware Progress").count()).toBeGreaterThan(0);
    await page.getByRole("heading", { name: "Hardware Development" }).waitFor();
    // The seeded hardware stages (100, 100, 60, 25, 0) average 57%, which only the API's data gives.
    await expect.poll(() => page.getByTestId("hardware-percentage").textContent()).toBe("057%");
    await page.close();
  });

  it("an unknown path answers 404 with the not-found page", async () => {
    const page = await context.newPage();
    const response = await page.goto(`${webUrl}/no-such-page`);
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "NO SIGNAL - PAGE NOT FOUND" }).waitFor();
    await page.close();
  });

  it("the back office asks for a sign-in, then lists project stages for the seeded admin", async () => {
    const page = await context.newPage();
    await page.goto(`${webUrl}/admin`);
    await page.waitForURL(/\/admin\/login/);
    await submitLogin(page, webUrl, ADMIN.email, ADMIN.password);
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    await page.goto(`${webUrl}/admin/progress`);
    await page.getByText("Concept & Research").first().waitFor();
    await page.close();
  });
});
