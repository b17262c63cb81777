import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { BrowserContext } from "playwright-core";

/** Markers that only react-admin or MUI code carries. */
const BACK_OFFICE_MARKERS = ["MuiButtonBase", "ra.action.", "ra.auth.", "react-admin"];

export interface RouteScripts {
  route: string;
  files: string[];
  gzipBytes: number;
}

const gzipSize = (path: string) => gzipSync(readFileSync(path)).length;

/** JavaScript a route loads before any interaction: every same-origin script the page requests. */
export async function measureRouteScripts(context: BrowserContext, webUrl: string, distDir: string, route: string): Promise<RouteScripts> {
  const page = await context.newPage();
  const files = new Set<string>();
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.origin === new URL(webUrl).origin && url.pathname.endsWith(".js")) files.add(url.pathname);
  });
  await page.goto(`${webUrl}${route}`, { waitUntil: "networkidle" });
  await page.close();
  const list = [...files].sort();
  return { route, files: list, gzipBytes: list.reduce((sum, file) => sum + gzipSize(join(distDir, file)), 0) };
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
