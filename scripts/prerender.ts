// The prerender step of the production build (scripts/build.ts runs it after the site's client
// build): every public route, and each published blog post, is rendered to real HTML with its own
// title, meta description, canonical URL and Open Graph tags, plus sitemap.xml and robots.txt. The
// client hydrates that HTML (site/main.tsx) and fetches fresh data on load.
//
// Data: the build reads the API if it answers (VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY, else
// the local API on API_PORT with the key of DATA_DIR). When it does not, the routes are rendered
// without data (their loading states) and no post pages are written.

import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";
import { LOCAL_API_URL } from "../shared/api-config.ts";
import { composePage, robots, sitemap, type HeadMeta } from "../shared/html-meta.ts";
import { PUBLIC_PATHS } from "../shared/routes.ts";
import { excerpt, NOT_FOUND_META, ROUTE_META, siteOrigin, type PublicPath } from "../shared/site-content.ts";
import { stockImage } from "../shared/images.ts";

type ServerEntry = typeof import("../site/entry-server.tsx");
type PostRow = Awaited<ReturnType<ServerEntry["queries"]["posts"]>>[number];

const ROOT = resolve(import.meta.dirname, "..");

/** The API the build may read, if it answers within a moment. */
async function buildTimeApi(log: (line: string) => void): Promise<{ url: string; anonKey: string } | null> {
  let url = process.env.VITE_SUPABASE_URL;
  let anonKey = process.env.VITE_SUPABASE_ANON_KEY;
  if (!url || !anonKey) {
    url = process.env.API_PORT ? `http://localhost:${process.env.API_PORT}` : LOCAL_API_URL;
    const secret = join(resolve(ROOT, process.env.DATA_DIR ?? ".local"), "jwt-secret");
    if (!existsSync(secret)) return null;
    const { loadOrCreateKeys } = await import("../supabase/local/keys.ts");
    anonKey = (await loadOrCreateKeys(dirname(secret))).anonKey;
  }
  try {
    const response = await fetch(`${url}/rest/v1/project_stages?select=id&limit=1`, {
      headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
      signal: AbortSignal.timeout(1500),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return { url, anonKey };
  } catch (error) {
    log(`Prerender: the API at ${url} does not answer (${error instanceof Error ? error.message : String(error)}); pages are rendered without data.`);
    return null;
  }
}

/** The server entry, built for Node next to node_modules (so react and friends resolve). */
async function loadServerEntry(distDir: string): Promise<{ entry: ServerEntry; cleanup: () => void }> {
  // A folder of its own per build: a module is imported once per path, and chunks import the entry by path.
  const outDir = join(ROOT, "node_modules", ".cache", `rcrt-prerender-${createHash("sha256").update(distDir).digest("hex").slice(0, 12)}-${Date.now()}`);
  await build({
    root: ROOT,
    configFile: join(ROOT, "vite.config.ts"),
    logLevel: "warn",
    build: {
      ssr: join(ROOT, "site", "entry-server.tsx"),
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: false,
      rollupOptions: { output: { entryFileNames: "entry-server.js" } },
    },
  });
  const entry = (await import(pathToFileURL(join(outDir, "entry-server.js")).href)) as ServerEntry;
  return { entry, cleanup: () => rmSync(outDir, { recursive: true, force: true }) };
}

function outputFile(distDir: string, route: string): string {
  return route === "/" ? join(distDir, "site", "index.html") : join(distDir, "site", ...route.slice(1).split("/"), "index.html");
}

export async function prerenderSite(options: { distDir: string; log?: (line: string) => void }): Promise<{ pages: string[] }> {
  const log = options.log ?? console.log;
  const { distDir } = options;
  const origin = siteOrigin(process.env.VITE_SITE_URL);
  const template = readFileSync(join(distDir, "site", "index.html"), "utf8");
  const { entry, cleanup } = await loadServerEntry(distDir);
  try {
    const { JSDOM } = await import("jsdom");
    const createDOMPurify = (await import("dompurify")).default;
    entry.setPurifier(createDOMPurify(new JSDOM("").window));

    const api = await buildTimeApi(log);
    const client = api ? entry.createDb(api) : null;

    async function fetchData(names: readonly (keyof ServerEntry["queries"])[]): Promise<Record<string, unknown>> {
      const data: Record<string, unknown> = {};
      if (!client) return data;
      for (const name of names) {
        try {
          if (name === "post") continue;
          data[name] = await entry.queries[name](client);
        } catch (error) {
          log(`Prerender: ${name} not loaded (${error instanceof Error ? error.message : String(error)})`);
        }
      }
      return data;
    }

    const pages: { route: string; meta: HeadMeta; data: Record<string, unknown> }[] = [];
    let posts: PostRow[] = [];
    for (const path of PUBLIC_PATHS) {
      const data = await fetchData(entry.ROUTE_QUERIES[path] ?? []);
      if (path === "/updates" && Array.isArray(data.posts)) posts = data.posts as PostRow[];
      pages.push({ route: path, meta: { ...ROUTE_META[path as PublicPath], canonical: `${origin}${path}` }, data });
    }
    for (const post of posts) {
      const route = `/updates/${post.slug}`;
      pages.push({
        route,
        meta: {
          title: post.title,
          description: excerpt(post.content),
          canonical: `${origin}${route}`,
          type: "article",
          image: post.image_url ? stockImage(post.image_url, { width: 1200, height: 630 }) : null,
        },
        data: { [entry.postKey(post.slug)]: post },
      });
    }

    for (const page of pages) {
      const body = await entry.renderPage(page.route, page.data);
      const file = outputFile(distDir, page.route);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, composePage(template, page.meta, page.route, body, page.data));
    }
    // Served for unknown paths (with status 404), and, unrendered, for routes that have no page of
    // their own (a post published after the build), so neither shows the home page's HTML first.
    const notFound = await entry.renderPage("/404", {});
    writeFileSync(join(distDir, "site", "404.html"), composePage(template, { ...NOT_FOUND_META, canonical: `${origin}/404` }, "/404", notFound, {}));
    writeFileSync(join(distDir, "site", "shell.html"), template);
    writeFileSync(join(distDir, "sitemap.xml"), sitemap(pages.map((page) => `${origin}${page.route === "/" ? "/" : page.route}`)));
    writeFileSync(join(distDir, "robots.txt"), robots(origin));
    log(`Prerendered ${pages.length} pages${api ? "" : " (without data)"}.`);
    return { pages: pages.map((page) => page.route) };
  } finally {
    cleanup();
  }
}
