import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import { CHROMIUM_PATH } from "../ensure-chromium.ts";

export interface LighthouseResult {
  route: string;
  runs: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Audits that cost points in any run, with what they found (for stating the gap). */
  findings: string[];
  /**
   * The main thread's long tasks of the run with the median total blocking time, longest first, as
   * Lighthouse attributes them (script or "unattributable"), in ms of the simulated phone.
   */
  longTasks: string[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** Lighthouse's mobile preset (its default) in Debian's Chromium; each figure is the median of `runs`. */
export async function runLighthouse(url: string, route: string, runs: number): Promise<LighthouseResult> {
  const results: (Omit<LighthouseResult, "route" | "runs" | "findings" | "longTasks"> & { longTasks: string[] })[] = [];
  const findings = new Set<string>();
  for (let i = 0; i < runs; i++) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    });
    try {
      const result = await lighthouse(`${url}${route}`, { port: chrome.port, output: "json", logLevel: "error" });
      const lhr = result!.lhr;
      const score = (key: string) => Math.round((lhr.categories[key]?.score ?? 0) * 100);
      const audit = (key: string) => lhr.audits[key]?.numericValue ?? Number.NaN;
      for (const category of ["accessibility", "best-practices", "seo"]) {
        for (const ref of lhr.categories[category]?.auditRefs ?? []) {
          const found = lhr.audits[ref.id];
          if (ref.weight > 0 && found?.score !== null && found?.score !== undefined && found.score < 1) {
            const first = (found.details as { items?: { description?: string; url?: string; sourceLocation?: { url?: string } }[] } | undefined)?.items?.[0];
            const url = first?.url ?? first?.sourceLocation?.url;
            findings.add(`${category}: ${ref.id}${first?.description ? ` (${first.description}${url ? `: ${new URL(url).host}` : ""})` : ""}`);
          }
        }
      }
      results.push({
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcpMs: Math.round(audit("largest-contentful-paint")),
        tbtMs: Math.round(audit("total-blocking-time")),
        cls: Number(audit("cumulative-layout-shift").toFixed(3)),
        longTasks: longTasksOf(lhr.audits["long-tasks"]?.details),
      });
    } finally {
      await chrome.kill();
    }
  }
  const pick = (key: Exclude<keyof (typeof results)[number], "longTasks">) => median(results.map((r) => r[key]));
  const tbtMs = pick("tbtMs");
  return {
    route,
    runs,
    performance: pick("performance"),
    accessibility: pick("accessibility"),
    bestPractices: pick("bestPractices"),
    seo: pick("seo"),
    lcpMs: pick("lcpMs"),
    tbtMs,
    cls: pick("cls"),
    findings: [...findings],
    longTasks: results.find((r) => r.tbtMs === tbtMs)!.longTasks,
  };
}

/** The long-tasks audit's items as "<ms> ms <script file or what ran>", longest first. */
function longTasksOf(details: unknown): string[] {
  const items = (details as { items?: { url?: string; duration?: number }[] } | undefined)?.items ?? [];
  return [...items]
    .sort((a, b) => (b.duration ?? 0) - (a.duration ?? 0))
    .map((item) => `${Math.round(item.duration ?? 0)} ms ${item.url ? (URL.canParse(item.url) ? new URL(item.url).pathname : item.url) : "unattributed"}`);
}
