import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { LANGUAGES, pathInLanguage, TRANSLATION_LANGUAGES, type Language } from "../../shared/languages.ts";
import { postPath, PUBLIC_PATHS } from "../../shared/routes.ts";
import blog from "../../shared/content-types/blog.ts";
import { ADMIN, nodeClient } from "../../tests/support/backend.ts";

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
}

export interface WebBenchResult {
  page: string;
  bytes: number;
  cached: LoadResult;
  staticFile: LoadResult;
  /** Cached page throughput over static file throughput. */
  ratio: number;
  connections: number;
  seconds: number;
  uncachedRender: { route: string; renders: number; p50Ms: number; p95Ms: number }[];
  changeVisible: { samples: number; p50Ms: number; maxMs: number };
  /** The same in each other language: a change to a published translation, to its page under the language's prefix. */
  changeVisibleIn: { language: Language; samples: number; p50Ms: number; maxMs: number }[];
}

const CONNECTIONS = 10;
const SECONDS = 8;

async function load(url: string): Promise<LoadResult> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: { "accept-encoding": "gzip, br" } });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
  };
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(2));
};

/**
 * The web tier under load: a cached page against the same bytes served as a static file (one run,
 * autocannon, same server); the site's server entry rendering each route with fresh reads; and the
 * delay from an admin's change to the new HTML.
 */
export async function benchWeb(app: { webUrl: string; apiUrl: string }, distDir: string): Promise<WebBenchResult> {
  const page = "/updates";
  const html = Buffer.from(await (await fetch(`${app.webUrl}${page}`)).arrayBuffer());
  const staticName = `bench-page-${Date.now()}.html`;
  const staticPath = join(distDir, "assets", staticName);
  writeFileSync(staticPath, html);
  let cached: LoadResult;
  let staticFile: LoadResult;
  try {
    await load(`${app.webUrl}${page}`); // warm-up: the copy is rendered and compressed
    cached = await load(`${app.webUrl}${page}`);
    staticFile = await load(`${app.webUrl}/assets/${staticName}`);
  } finally {
    rmSync(staticPath, { force: true });
  }

  const anonKey = /<meta name="supabase-anon-key" content="([^"]+)"/.exec(html.toString("utf8"))?.[1] ?? "";
  const entry = (await import(pathToFileURL(join(distDir, "server", "entry-server.js")).href)) as typeof import("../../site/entry-server.tsx");
  const renderer = await entry.createSiteRenderer({ api: { url: app.apiUrl, anonKey }, origin: app.webUrl, template: readFileSync(join(distDir, "site", "index.html"), "utf8") });
  const uncachedRender = [];
  // Every route of the table in every language, a seeded post for the post page.
  for (const route of LANGUAGES.flatMap(({ code }) => [...PUBLIC_PATHS, postPath("fpga-prototype-boots-its-first-cartridge")].map((path) => pathInLanguage(path, code)))) {
    const times: number[] = [];
    for (let i = 0; i < 30; i++) {
      const started = performance.now();
      const document = await renderer.render(route);
      times.push(performance.now() - started);
      if (!document.complete) throw new Error(`rendering ${route} failed`);
    }
    uncachedRender.push({ route, renders: times.length, p50Ms: quantile(times, 0.5), p95Ms: quantile(times, 0.95) });
  }

  const admin = nodeClient(app.apiUrl, anonKey);
  const { error } = await admin.auth.signInWithPassword(ADMIN);
  if (error) throw error;
  const postId = "b0000000-0000-4000-8000-000000000003";
  const { data } = await admin.from("blog_posts").select("slug,title,row_version").eq("id", postId).single();
  const { slug, title, row_version } = data as { slug: string; title: string; row_version: number };
  // Every save names the version it follows (the database refuses a stale one).
  let version = row_version;
  const save = (values: { title: string }) => admin.from("blog_posts").update({ ...values, row_version: ++version }).eq("id", postId);
  /** Milliseconds from each of 8 saves (`change(i)` writes the title `${title} (i)`) to that title in the page at `address`. */
  async function changeDelays(address: string, change: (next: string) => PromiseLike<{ error: unknown }>): Promise<number[]> {
    const delays: number[] = [];
    for (let i = 1; i <= 8; i++) {
      const next = `${title} (${i})`;
      await fetch(`${app.webUrl}${address}`);
      const started = performance.now();
      const { error: updateError } = await change(next);
      if (updateError) throw updateError;
      while (!(await (await fetch(`${app.webUrl}${address}`)).text()).includes(`<title>${next} | RCRT</title>`)) {
        if (performance.now() - started > 10_000) throw new Error(`a change did not reach the HTML of ${address} within 10 s`);
        await new Promise((done) => setTimeout(done, 20));
      }
      delays.push(performance.now() - started);
    }
    return delays;
  }
  const delays = await changeDelays(postPath(slug), (next) => save({ title: next }));
  await save({ title });

  // A published translation of the post in each other language, changed as the post was; deleted after.
  const { data: post } = await admin.from("blog_posts").select(blog.translatable!.join(",")).eq("id", postId).single();
  const fields = Object.fromEntries(Object.entries(post as unknown as Record<string, unknown>).filter(([, value]) => value !== null));
  const changeVisibleIn = [];
  for (const language of TRANSLATION_LANGUAGES) {
    const { data: created, error: createError } = await admin.from("content_translations").insert({ source_table: "blog_posts", row_id: postId, language, fields, published: true }).select("id,row_version").single();
    if (createError) throw createError;
    const translation = created as { id: string; row_version: number };
    let translationVersion = translation.row_version;
    try {
      const inLanguage = await changeDelays(pathInLanguage(postPath(slug), language), (next) =>
        admin.from("content_translations").update({ fields: { ...fields, title: next }, row_version: ++translationVersion }).eq("id", translation.id),
      );
      changeVisibleIn.push({ language, samples: inLanguage.length, p50Ms: quantile(inLanguage, 0.5), maxMs: Number(Math.max(...inLanguage).toFixed(0)) });
    } finally {
      await admin.from("content_translations").delete().eq("id", translation.id);
    }
  }

  return {
    page,
    bytes: html.length,
    cached,
    staticFile,
    ratio: Number((cached.requestsPerSecond / staticFile.requestsPerSecond).toFixed(2)),
    connections: CONNECTIONS,
    seconds: SECONDS,
    uncachedRender,
    changeVisible: { samples: delays.length, p50Ms: quantile(delays, 0.5), maxMs: Number(Math.max(...delays).toFixed(0)) },
    changeVisibleIn,
  };
}
