// The site's server entry: the same App, rendered to HTML on request from what the database holds
// now, with each page's own head (title, description, canonical URL, Open Graph tags), plus
// sitemap.xml, the Atom feed of updates and robots.txt. The web tier (server/) loads this module,
// caches what it returns and decides when to render again (see docs/architecture.md).

import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router";
import type { ApiConfig } from "../shared/api-config.ts";
import { composePage, type HeadMeta } from "../shared/html-meta.ts";
import { isPublicRoute, PUBLIC_PATHS } from "../shared/routes.ts";
import { excerpt, NOT_FOUND_META, ROUTE_META, type PublicPath } from "../shared/site-content.ts";
import { renderMarkdown, setPurifier } from "../shared/markdown.ts";
import { stockImage } from "../shared/images.ts";
import { App } from "./App.tsx";
import { createDb } from "./lib/db.ts";
import { postKey, queries, ROUTE_QUERIES, type PostSummary, type QueryName } from "./lib/queries.ts";
import { PageDataContext, type PageData } from "./lib/resource.ts";
import { atomFeed, FEED_PATH, FEED_TITLE, robotsTxt, sitemapXml } from "./server/documents.ts";

export interface SiteDocument {
  /** 301: a renamed post's old address, moved to `location`. */
  status: 200 | 301 | 404;
  location?: string;
  type: "html" | "xml" | "atom" | "text";
  body: string;
  /**
   * False when a read failed or timed out: the body then shows the site's error state ("Try Again")
   * where the data would be, and must never replace a good copy of the same document.
   */
  complete: boolean;
}

export interface SiteRenderer {
  /** The document for a path (any path: an unknown one gets the NO SIGNAL page with 404). */
  render(path: string): Promise<SiteDocument>;
}

export interface SiteRendererOptions {
  /** The Supabase project the site reads, with the anon key (visitors' rights). */
  api: ApiConfig;
  /** Canonical origin of the site, such as https://rcrt.example. */
  origin: string;
  /** The built site/index.html: scripts, styles and an empty #root. */
  template: string;
  /** How long one read may take before the page counts as failed. */
  readTimeoutMs?: number;
}

class ReadFailed extends Error {}

/** Normalises a page path: no trailing slash except for "/". */
export function pagePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, "") || "/" : path;
}

export async function createSiteRenderer(options: SiteRendererOptions): Promise<SiteRenderer> {
  const { origin, template } = options;
  const readTimeoutMs = options.readTimeoutMs ?? 3000;
  await installServerPurifier();
  // No retries here: a failed read is served from the cache's last good copy at once.
  const db = createDb(options.api, { fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(readTimeoutMs) }), retry: false });

  async function read<T>(load: () => Promise<T>): Promise<T> {
    try {
      return await load();
    } catch (error) {
      throw new ReadFailed(error instanceof Error ? error.message : String(error));
    }
  }

  async function page(path: string, meta: HeadMeta, reads: Partial<Record<string, () => Promise<unknown>>>, status: 200 | 404 = 200): Promise<SiteDocument> {
    const pageData: PageData = { data: {}, failed: [] };
    await Promise.all(
      Object.entries(reads).map(async ([key, load]) => {
        try {
          pageData.data[key] = await read(load!);
        } catch {
          pageData.failed.push(key);
        }
      }),
    );
    const body = await renderApp(path, pageData);
    return { status, type: "html", body: composePage(template, meta, path, body, pageData), complete: pageData.failed.length === 0 };
  }

  const notFound = (path: string, data: Record<string, unknown> = {}) =>
    page(path, { ...NOT_FOUND_META, canonical: `${origin}${path}`, robots: "noindex" }, Object.fromEntries(Object.entries(data).map(([key, value]) => [key, async () => value])), 404);

  async function post(path: string, slug: string): Promise<SiteDocument> {
    let found: PostSummary | null;
    try {
      found = await read(() => queries.post(db, slug));
    } catch {
      return page(path, { title: "Updates", description: ROUTE_META["/updates"].description, canonical: `${origin}${path}` }, { [postKey(slug)]: () => Promise.reject(new ReadFailed()) });
    }
    if (!found) {
      // A renamed post's old address moves permanently to its current one.
      let moved: string | null;
      try {
        moved = await read(() => queries.postRedirect(db, slug));
      } catch {
        return page(path, { ...NOT_FOUND_META, canonical: `${origin}${path}`, robots: "noindex" }, { [postKey(slug)]: () => Promise.reject(new ReadFailed()) }, 404);
      }
      if (moved) return { status: 301, type: "html", location: `/updates/${encodeURIComponent(moved)}`, body: "", complete: true };
      // Unpublished, deleted or never written: the NO SIGNAL page, with nothing of the post.
      return notFound(path, { [postKey(slug)]: null });
    }
    return page(
      path,
      {
        title: found.title,
        description: excerpt(found.content),
        canonical: `${origin}${path}`,
        type: "article",
        image: found.image_url ? stockImage(found.image_url, { width: 1200, height: 630 }) : null,
        publishedTime: found.created_at,
        modifiedTime: found.updated_at,
        feed: { href: FEED_PATH, title: FEED_TITLE },
      },
      { [postKey(slug)]: async () => found },
    );
  }

  async function posts(): Promise<PostSummary[]> {
    return read(() => queries.posts(db));
  }

  return {
    async render(rawPath) {
      const path = pagePath(rawPath);
      if (path === "/robots.txt") return { status: 200, type: "text", body: robotsTxt(origin), complete: true };
      if (path === "/sitemap.xml" || path === FEED_PATH) {
        try {
          const published = await posts();
          if (path === FEED_PATH) return { status: 200, type: "atom", body: atomFeed(origin, published, renderMarkdown), complete: true };
          const pages = PUBLIC_PATHS.map((route) => ({ url: `${origin}${route}` }));
          const articles = published.map((entry) => ({ url: `${origin}/updates/${entry.slug}`, lastModified: entry.updated_at }));
          return { status: 200, type: "xml", body: sitemapXml([...pages, ...articles]), complete: true };
        } catch {
          return { status: 200, type: path === FEED_PATH ? "atom" : "xml", body: "", complete: false };
        }
      }
      if (!isPublicRoute(path)) return notFound(path);
      const slug = /^\/updates\/([^/]+)$/.exec(path)?.[1];
      if (slug) return post(path, slug);
      const route = path as PublicPath;
      const reads = Object.fromEntries((ROUTE_QUERIES[route] ?? []).map((name: QueryName) => [name, () => (queries[name] as (client: typeof db) => Promise<unknown>)(db)]));
      const feed = route === "/updates" ? { feed: { href: FEED_PATH, title: FEED_TITLE } } : {};
      return page(route, { ...ROUTE_META[route], canonical: `${origin}${route}`, ...feed }, reads);
    },
  };
}

/** The App at one address, with the data it was read with; lazy pages and islands are awaited. */
async function renderApp(url: string, data: PageData): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <PageDataContext value={data}>
        <StaticRouter location={url}>
          <App />
        </StaticRouter>
      </PageDataContext>
    </StrictMode>,
    // No outlined boundaries: they would need inline scripts (the CSP allows none) to show.
    { progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (error) => console.error(`render ${url}:`, error) },
  );
  let html = "";
  for await (const chunk of prelude) html += typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString("utf8");
  return html;
}

/** Markdown is sanitised with DOMPurify, which needs a DOM: on the server, a jsdom window. */
async function installServerPurifier(): Promise<void> {
  const { JSDOM } = await import("jsdom");
  const createDOMPurify = (await import("dompurify")).default;
  setPurifier(createDOMPurify(new JSDOM("").window as unknown as Window & typeof globalThis));
}
