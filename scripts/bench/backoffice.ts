import { chromium } from "playwright-core";
import { mediaUsageSources } from "../../shared/media-usage.ts";
import { ADMIN, startTestBackend } from "../../tests/support/backend.ts";
import { CHROMIUM } from "../../tests/e2e/support/browser.ts";
import { latencyStats, timed, type LatencyStats } from "./api.ts";

export interface BackOfficeBenchResult {
  /** From navigation to a usable sign-in form (the Sign in button drawn), fresh browser context each time. */
  signInPage: LatencyStats;
  /** Assets in the library for the reads below. */
  assets: number;
  /** Page 150 of the media library (24 a page, newest first, with the exact total), as an administrator. */
  deepMediaPage: LatencyStats;
  /** "In use by" for the 24 assets of that page: one media_usage call over every content table. */
  mediaUsage: LatencyStats;
}

const PER_PAGE = 24;
const DEEP_PAGE = 150;

async function signInPageTimes(webUrl: string, runs: number): Promise<LatencyStats> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking"] });
  const latencies: number[] = [];
  const started = performance.now();
  try {
    for (let run = 0; run < runs; run++) {
      // A context of its own each time: no cached script, as a first visit.
      const context = await browser.newContext();
      const page = await context.newPage();
      const t = performance.now();
      await page.goto(`${webUrl}/admin/login`);
      await page.getByRole("button", { name: "Sign in" }).waitFor();
      latencies.push(performance.now() - t);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return latencyStats(latencies, performance.now() - started);
}

/**
 * What the back office's heaviest reads cost: the sign-in screen in Chromium against `npm start`, and,
 * on a backend of its own with 5,000 assets, a deep page of the media library and the "in use by"
 * lookup for it.
 */
export async function benchBackOffice(webUrl: string, requests = 40): Promise<BackOfficeBenchResult> {
  const signInPage = await signInPageTimes(webUrl, 10);
  const backend = await startTestBackend();
  try {
    await backend.sql(
      `insert into public.media_assets (url, filename, type, size, metadata, created_at)
       select 'https://example.com/bulk/' || n || '.jpg', 'bulk-' || lpad(n::text, 4, '0') || '.jpg', 'image', 1000 + n,
              '{"format": "image/jpeg"}', now() - make_interval(secs => n)
         from generate_series(1, 5000) as n`,
    );
    const admin = await backend.signIn(ADMIN.email, ADMIN.password);
    const from = (DEEP_PAGE - 1) * PER_PAGE;
    let urls: string[] = [];
    const readDeepPage = async () => {
      const { data, count, error } = await admin
        .from("media_assets")
        .select("*", { count: "exact" })
        .order("created_at", { ascending: false })
        .range(from, from + PER_PAGE - 1);
      if (error || data.length !== PER_PAGE || (count ?? 0) < 5000) throw new Error(`unexpected media page: ${error?.message ?? `${data?.length} rows of ${count}`}`);
      urls = data.map((asset) => String(asset.url));
    };
    const sources = mediaUsageSources();
    const readUsage = async () => {
      const { error } = await admin.rpc("media_usage", { urls, sources });
      if (error) throw new Error(`media_usage: ${error.message}`);
    };
    // Warmed first, as the API bench is: the figures are steady reads, not the first plan or page-in.
    for (let i = 0; i < 3; i++) await readDeepPage().then(readUsage);
    const deepMediaPage = await timed(requests, 1, readDeepPage);
    const mediaUsage = await timed(requests, 1, readUsage);
    return { signInPage, assets: 5000, deepMediaPage, mediaUsage };
  } finally {
    await backend.stop();
  }
}
