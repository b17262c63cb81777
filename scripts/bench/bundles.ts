import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext, Page } from "playwright-core";

/** Markers that only react-admin or MUI code carries. */
const BACK_OFFICE_MARKERS = ["MuiButtonBase", "ra.action.", "ra.auth.", "react-admin"];

export interface RouteScripts {
  route: string;
  files: string[];
  gzipBytes: number;
}

const gzipSize = (path: string) => gzipSync(readFileSync(path)).length;

/** Every same-origin script the page requests from now on. */
function recordScripts(page: Page, webUrl: string): Set<string> {
  const files = new Set<string>();
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.origin === new URL(webUrl).origin && url.pathname.endsWith(".js")) files.add(url.pathname);
  });
  return files;
}

function routeScripts(route: string, files: Set<string>, distDir: string): RouteScripts {
  const list = [...files].sort();
  return { route, files: list, gzipBytes: list.reduce((sum, file) => sum + gzipSize(join(distDir, file)), 0) };
}

/** JavaScript a route loads before any interaction: every same-origin script the page requests. */
export async function measureRouteScripts(context: BrowserContext, webUrl: string, distDir: string, route: string): Promise<RouteScripts> {
  const page = await context.newPage();
  const files = recordScripts(page, webUrl);
  await page.goto(`${webUrl}${route}`, { waitUntil: "networkidle" });
  await page.close();
  return routeScripts(route, files, distDir);
}

/** What an admin's first visit of the back office downloads, in a fresh context (no cached script). */
export interface BackOfficeScripts {
  /** /admin/login alone, as it first draws. */
  signIn: RouteScripts;
  /** Everything from /admin/login to the dashboard drawn after signing in with `credentials`. */
  firstScreen: RouteScripts;
}

export async function measureBackOfficeScripts(browser: Browser, webUrl: string, distDir: string, credentials: { email: string; password: string }): Promise<BackOfficeScripts> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const files = recordScripts(page, webUrl);
    await page.goto(`${webUrl}/admin/login`, { waitUntil: "networkidle" });
    const signIn = routeScripts("/admin/login", files, distDir);
    await page.getByRole("textbox", { name: "Email" }).fill(credentials.email);
    await page.getByLabel("Password *", { exact: true }).fill(credentials.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    await page.waitForLoadState("networkidle");
    return { signIn, firstScreen: routeScripts("/admin/ (dashboard, after signing in at /admin/login)", files, distDir) };
  } finally {
    await context.close();
  }
}

/** Every chunk the site can load (entry, preloads and lazy imports), and whether any is back-office code. */
export function siteChunksFreeOfBackOffice(distDir: string): { chunks: string[]; offenders: string[] } {
  const html = readFileSync(join(distDir, "site/index.html"), "utf8");
  const pending = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const seen = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file) || !existsSync(join(distDir, file))) continue;
    seen.add(file);
    const code = readFileSync(join(distDir, file), "utf8");
    for (const match of code.matchAll(/["'`(/]([\w.-]+\.js)["'`)]/g)) pending.push(`assets/${match[1]}`);
  }
  const chunks = [...seen].sort();
  const offenders = chunks.filter((file) => {
    const code = readFileSync(join(distDir, file), "utf8");
    return BACK_OFFICE_MARKERS.some((marker) => code.includes(marker));
  });
  return { chunks, offenders };
}
