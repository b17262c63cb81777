// The site's server entry: the same App, rendered to HTML on request from what the database holds
// now, each page from its route module (site/routes/: its reads, its head: title, description,
// canonical URL, Open Graph tags), plus sitemap.xml, the Atom feed of updates and robots.txt. The web
// tier (server/) loads this module, caches what it returns and decides when to render again (see
// docs/architecture.md).

import { StrictMode, type ReactNode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router";
import type { ApiConfig } from "../shared/api-config.ts";
import { composePage, headTags, stripHead, type HeadMeta } from "../shared/html-meta.ts";
import { absoluteAssetUrl } from "../shared/images.ts";
import { matchRoute, POST_ROUTE, routeAddress } from "../shared/routes.ts";
import { App } from "./App.tsx";
import { Footer } from "./components/Footer.tsx";
import { Header } from "./components/Header.tsx";
import { ImageApiContext } from "./lib/image-api.ts";
import { createDb } from "./lib/db.ts";
import { NOT_FOUND_META } from "./lib/meta.ts";
import { PageDataContext, type PageData } from "./lib/resource.ts";
import type { PageModule, RouteModule, RowModule } from "./lib/route-module.ts";
import { NAV_LINKS, SITE_ROUTES } from "./route-table.tsx";
import { meta as HOME_META } from "./routes/home.tsx";
import type { PostShown } from "./routes/post.tsx";
import { PREVIEW_BANNER, previewPlacement, type Previewed, type PreviewTarget } from "./server/draft-preview.ts";
import { atomFeed, FEED_PATH, FEED_TITLE, robotsTxt, sitemapXml, type SitemapEntry } from "./server/sitemap-and-feed.ts";

export interface SiteDocument {
  /** 301: a renamed row's old address (a post's), moved to `location`. */
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
  /**
   * The page at `path` with the row a preview link opens, shown as it will be once published, under
   * a "Preview" banner and marked noindex; the NO SIGNAL page with 404, and nothing of any draft,
   * when the token is not a valid link or the path is not its row's page. Throws when the link cannot
   * be read. Never to be cached.
   */
  preview(path: string, token: string): Promise<SiteDocument>;
  /**
   * A page the web tier writes itself (the answer to a form posted without JavaScript): `content`
   * (HTML, escaped by the caller) in the site's header, main and footer, with the site's styles and
   * no script: nothing there needs the app, and the app would render this address's own page over it.
   */
  formAnswer(title: string, content: string): Promise<string>;
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

/**
 * Where the menus of a page of the web tier's own (a form's answer, a newsletter link's page) are
 * rendered: an address of no page, so that no menu link is marked current there.
 */
const ANSWER_LOCATION = "/_answer";

/** What a draft preview link's token looks like (supabase/migrations/*_preview_links.sql issues them). */
const PREVIEW_TOKEN = /^[0-9a-f]{64}$/;

/** Normalises a page path: no trailing slash except for "/". */
export function pagePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, "") || "/" : path;
}

export async function createSiteRenderer(options: SiteRendererOptions): Promise<SiteRenderer> {
  const { origin, template } = options;
  const readTimeoutMs = options.readTimeoutMs ?? 3000;
  // No retries here: a failed read is served from the cache's last good copy at once.
  const db = createDb(options.api, { fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(readTimeoutMs) }), retry: false });
  /** Every route's module, by its path, in the route table's order: the server renders them all. */
  const modules = new Map<string, RouteModule>(await Promise.all(SITE_ROUTES.map(async (route) => [route.definition.path, await route.load()] as const)));
  /** A post's page: the feed lists its rows as the page shows them, and says of each what its head says. */
  const postPage = modules.get(POST_ROUTE) as RowModule<PostShown>;

  async function read<T>(load: () => Promise<T>): Promise<T> {
    try {
      return await load();
    } catch (error) {
      throw new ReadFailed(error instanceof Error ? error.message : String(error));
    }
  }

  async function page(path: string, meta: HeadMeta, reads: Partial<Record<string, () => Promise<unknown>>>, status: 200 | 404 = 200, preview?: Previewed): Promise<SiteDocument> {
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
    if (preview) {
      pageData.preview = true;
      if (!pageData.failed.includes(preview.key)) pageData.data[preview.key] = await preview.place(pageData.data[preview.key]);
    }
    const unread = new Set<string>();
    const body = await renderApp(path, { ...pageData, data: noticingUnread(pageData, unread) }, options.api.url);
    if (unread.size > 0) console.error(`render ${path}: the page waits for ${[...unread].join(", ")}, which its route module does not read`);
    // A page shared on social media is fetched from elsewhere: its picture must be absolute.
    const head = { ...meta, image: meta.image ? absoluteAssetUrl(meta.image, options.api.url) : meta.image };
    const html = composePage(template, preview ? { ...head, robots: "noindex" } : head, path, body, pageData);
    return { status, type: "html", body: preview ? html.replace('<div id="root"', `${PREVIEW_BANNER}\n    <div id="root"`) : html, complete: pageData.failed.length === 0 };
  }

  const notFoundMeta = (path: string): HeadMeta => ({ ...NOT_FOUND_META, canonical: `${origin}${path}`, robots: "noindex" });
  const notFound = (path: string) => page(path, notFoundMeta(path), {}, 404);
  const feedOf = ({ route }: RouteModule) => (route.feed ? { feed: { href: FEED_PATH, title: FEED_TITLE } } : {});
  /** The reads of its module's loader. */
  const loaderReads = (module: PageModule) => Object.fromEntries(Object.entries(module.loader ?? {}).map(([key, load]) => [key, () => load(db)]));

  /**
   * A page of one row: the row its module's source reads by the parameter's value; a renamed row's
   * old address moves (301), a missing row is the NO SIGNAL page (404).
   */
  async function rowPage(path: string, module: RowModule, params: Record<string, string>): Promise<SiteDocument> {
    const { row: source } = module;
    const { renamed } = source;
    const [[name, param]] = Object.entries(params) as [[string, string]];
    let row: unknown;
    try {
      row = await read(() => source.read(db, param));
    } catch {
      return page(path, { ...source.unreadMeta, canonical: `${origin}${path}` }, { [source.key(param)]: () => Promise.reject(new ReadFailed()) });
    }
    if (row) return rowShown(path, module, row, { [source.key(param)]: async () => row });
    let moved: string | null = null;
    try {
      if (renamed) moved = await read(() => renamed.read(db, param));
    } catch {
      return page(path, notFoundMeta(path), { [source.key(param)]: () => Promise.reject(new ReadFailed()) }, 404);
    }
    if (moved) return { status: 301, type: "html", location: routeAddress(module.route.path, { [name]: moved }), body: "", complete: true };
    // Unpublished, deleted or never written: the NO SIGNAL page, with nothing of the row.
    return page(path, notFoundMeta(path), { [source.key(param)]: async () => null, ...(renamed ? { [renamed.key(param)]: async () => null } : {}) }, 404);
  }

  /** A row's page, its head from the row; `rowReads` give the page its row, or a preview places it. */
  function rowShown(path: string, module: RowModule, row: unknown, rowReads: Record<string, () => Promise<unknown>>, preview?: Previewed): Promise<SiteDocument> {
    return page(path, { ...module.row.head(row, origin), ...feedOf(module) }, rowReads, 200, preview);
  }

  /** A page without parameters, from the reads of its module's loader. */
  function routePage(module: PageModule, preview?: Previewed): Promise<SiteDocument> {
    const { path } = module.route;
    return page(path, { ...module.meta, canonical: `${origin}${path}`, ...feedOf(module) }, loaderReads(module), 200, preview);
  }

  /**
   * sitemap.xml's entries: the flagged pages, then the rows of each flagged row page at their
   * canonical addresses. A row whose canonical address is elsewhere is a copy: the sitemap lists
   * canonical pages only.
   */
  async function sitemap(): Promise<SitemapEntry[]> {
    const flagged = [...modules.values()].filter((module) => module.route.sitemap);
    const pages = flagged.flatMap((module) => ("row" in module ? [] : [{ url: `${origin}${module.route.path}` }]));
    const rows = await Promise.all(
      flagged.flatMap((module) => {
        if (!("row" in module)) return [];
        const source = module.row;
        return [read(() => source.list(db)).then((found) => found.map((row) => source.head(row, origin)).map((head) => ({ url: head.canonical, lastModified: head.modifiedTime })))];
      }),
    );
    return [...pages, ...rows.flat().filter((entry) => entry.url.startsWith(`${origin}/`))];
  }

  return {
    async render(rawPath) {
      const path = pagePath(rawPath);
      if (path === "/robots.txt") return { status: 200, type: "text", body: robotsTxt(origin), complete: true };
      if (path === "/sitemap.xml" || path === FEED_PATH) {
        try {
          if (path === FEED_PATH) return { status: 200, type: "atom", body: atomFeed(origin, await read(() => postPage.row.list(db)), (post) => postPage.row.head(post, origin)), complete: true };
          return { status: 200, type: "xml", body: sitemapXml(await sitemap()), complete: true };
        } catch {
          return { status: 200, type: path === FEED_PATH ? "atom" : "xml", body: "", complete: false };
        }
      }
      const match = matchRoute(path);
      if (!match) return notFound(path);
      const module = modules.get(match.path)!;
      return "row" in module ? rowPage(path, module, match.params) : routePage(module);
    },

    async formAnswer(title, content) {
      const [header, footer] = await Promise.all([renderElement(ANSWER_LOCATION, <Header links={NAV_LINKS} />), renderElement(ANSWER_LOCATION, <Footer links={NAV_LINKS} />)]);
      const head = headTags({ title, description: HOME_META.description, canonical: `${origin}/`, robots: "noindex" });
      return stripHead(template)
        .replace(/<script\b[\s\S]*?<\/script>\s*/gi, "")
        .replace(/<link\s+rel="modulepreload"[^>]*>\s*/gi, "")
        .replace("</head>", `  ${head}\n    <style>.menu-toggle{display:none}</style>\n  </head>`)
        .replace(/<div id="root"[^>]*>\s*<\/div>/i, () => `<div id="root">${header}<main id="main" class="form-answer"><div class="container narrow">${content}</div></main>${footer}</div>`);
    },

    async preview(rawPath, token) {
      const path = pagePath(rawPath);
      // The database issues 64 hex digits. Anything else (a NUL, bytes that are not UTF-8) would be
      // refused by the API and look like an outage: it is an unknown link, so the page is not found.
      if (!PREVIEW_TOKEN.test(token)) return notFound(path);
      const { data, error } = await db.rpc("preview_content", { token });
      if (error) throw new ReadFailed(error.message);
      const target = data as PreviewTarget | null;
      const match = matchRoute(path);
      if (!target || !match) return notFound(path);
      const module = modules.get(match.path)!;
      const placement = previewPlacement(target, path, match, module, db);
      if (!placement) return notFound(path);
      if (!("row" in module)) return routePage(module, placement);
      const row = await placement.place(undefined);
      return rowShown(path, module, row, {}, { key: placement.key, place: async () => row });
    },
  };
}

/**
 * The page's data as the page sees it, noting each key a component asks for that was neither read
 * nor failed: such a page would show its loading state in the server's HTML.
 */
function noticingUnread({ data, failed }: PageData, unread: Set<string>): PageData["data"] {
  return new Proxy(data, {
    has(target, key) {
      const present = key in target;
      if (!present && typeof key === "string" && !failed.includes(key)) unread.add(key);
      return present;
    },
  });
}

/** The App at one address, with the data it was read with; lazy pages and islands are awaited. */
function renderApp(url: string, data: PageData, apiUrl: string): Promise<string> {
  return renderElement(
    url,
    <PageDataContext value={data}>
      <ImageApiContext value={apiUrl}>
        <App />
      </ImageApiContext>
    </PageDataContext>,
  );
}

async function renderElement(url: string, element: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>{element}</StaticRouter>
    </StrictMode>,
    // No outlined boundaries: they would need inline scripts of their own (the CSP allows only the
    // template's) to show.
    { progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (error) => console.error(`render ${url}:`, error) },
  );
  let html = "";
  for await (const chunk of prelude) html += typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString("utf8");
  return html;
}
