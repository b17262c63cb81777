// The site's server entry: the same App, rendered to HTML on request from what the database holds
// now, each page from its route module (site/routes/: its reads, its head: title, description,
// canonical URL, Open Graph tags) in the language of its address (shared/languages.ts: its catalogue,
// `<html lang>`, hreflang alternates), plus sitemap.xml, the Atom feed of updates in each language
// and robots.txt. The web tier (server/) loads this module, caches what it returns and decides when
// to render again (see docs/architecture.md).

import { StrictMode, type ReactNode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router";
import type { ApiConfig } from "../shared/api-config.ts";
import { composePage, headTags, stripHead, withLanguage, type HeadMeta } from "../shared/html-meta.ts";
import { absoluteAssetUrl } from "../shared/images.ts";
import { DEFAULT_LANGUAGE, LANGUAGES, pathInLanguage, splitLanguage, type Language } from "../shared/languages.ts";
import { languageAlternates, matchRoute, pagePath, POST_ROUTE, routeAddress } from "../shared/routes.ts";
import { App } from "./App.tsx";
import { Footer } from "./components/Footer.tsx";
import { Header } from "./components/Header.tsx";
import { loadAllCatalogues, ruleMessage } from "./i18n/catalogues.ts";
import { en, type Messages } from "./i18n/en.ts";
import { contactTexts } from "./i18n/parts/contact.ts";
import { formAnswerTexts } from "./i18n/parts/form-answers.ts";
import { ImageApiContext } from "./lib/image-api.ts";
import { createDb } from "./lib/db.ts";
import { LanguageContext } from "./lib/language.ts";
import { notFoundMeta, pageMeta } from "./lib/meta.ts";
import { PageDataContext, type PageData } from "./lib/resource.ts";
import type { PageModule, RouteModule, RowModule } from "./lib/route-module.ts";
import { SERVER_RENDER_FAILED } from "./lib/recoverable-errors.ts";
import { NAV_LINKS, SITE_ROUTES } from "./route-table.tsx";
import type { PostShown } from "./routes/post.tsx";
import { PREVIEW_BANNER, previewInLanguage, previewPlacement, type Previewed, type PreviewTarget } from "./server/draft-preview.ts";
import { atomFeed, FEED_PATH, robotsTxt, sitemapXml, type SitemapEntry } from "./server/sitemap-and-feed.ts";

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
  /** The document for a path (any path: an unknown one gets the NO SIGNAL page with 404, in the language of its prefix). */
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
   * (HTML, escaped by the caller) in the site's header, main and footer in `language` (by default the
   * default one), with the site's styles and no script: nothing there needs the app, and the app
   * would render this address's own page over it.
   */
  formAnswer(title: string, content: string, language?: Language): Promise<string>;
  /**
   * The words of a form's answer (server/forms.ts: its headings, its texts, the field rules' and the
   * intake's messages, the way back) in `language`: a sentence in the default language's words gives
   * the same in `language`, or undefined where it has none.
   */
  answerTranslation(language: Language): Promise<(english: string) => string | undefined>;
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

export async function createSiteRenderer(options: SiteRendererOptions): Promise<SiteRenderer> {
  const { origin, template } = options;
  const readTimeoutMs = options.readTimeoutMs ?? 3000;
  // No retries here: a failed read is served from the cache's last good copy at once.
  const db = createDb(options.api, { fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(readTimeoutMs) }), retry: false });
  /** Every route's module, by its path, in the route table's order: the server renders them all. */
  const modules = new Map<string, RouteModule>(await Promise.all(SITE_ROUTES.map(async (route) => [route.definition.path, await route.load()] as const)));
  /** A post's page: the feed lists its rows as the page shows them, and says of each what its head says. */
  const postPage = modules.get(POST_ROUTE) as RowModule<PostShown>;
  const catalogues = await loadAllCatalogues();
  const messagesOf = (language: Language): Messages => catalogues.get(language)!;

  async function read<T>(load: () => Promise<T>): Promise<T> {
    try {
      return await load();
    } catch (error) {
      throw new ReadFailed(error instanceof Error ? error.message : String(error));
    }
  }

  /** The page at `path` (its address, in the language of its prefix) from `reads`, with `meta` as its head. */
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
    const head = { ...meta, lang: splitLanguage(path).language, image: meta.image ? absoluteAssetUrl(meta.image, options.api.url) : meta.image };
    const html = composePage(template, preview ? { ...head, robots: "noindex" } : head, path, body, pageData);
    return { status, type: "html", body: preview ? html.replace('<div id="root"', `${PREVIEW_BANNER}\n    <div id="root"`) : html, complete: pageData.failed.length === 0 };
  }

  const notFoundHead = (path: string): HeadMeta => ({ ...notFoundMeta(messagesOf(splitLanguage(path).language)), canonical: `${origin}${path}`, robots: "noindex" });
  const notFound = (path: string) => page(path, notFoundHead(path), {}, 404);
  const feedOf = ({ route }: RouteModule, language: Language) => (route.feed ? { feed: { href: pathInLanguage(FEED_PATH, language), title: messagesOf(language)["feed.title"] } } : {});
  /** The reads of its module's loader, in the page's language. */
  const loaderReads = (module: PageModule, language: Language) => Object.fromEntries(Object.entries(module.loader ?? {}).map(([key, load]) => [key, () => load(db, language)]));

  /**
   * A page of one row: the row its module's source reads by the parameter's value, in the page's
   * language; a renamed row's old address moves (301, in the same language), a missing row is the NO
   * SIGNAL page (404).
   */
  async function rowPage(path: string, module: RowModule, params: Record<string, string>, language: Language): Promise<SiteDocument> {
    const { row: source } = module;
    const { renamed } = source;
    const [[name, param]] = Object.entries(params) as [[string, string]];
    let row: Awaited<ReturnType<typeof source.read>>;
    try {
      row = await read(() => source.read(db, param, language));
    } catch {
      return page(path, { ...pageMeta(messagesOf(language), module.route.path), canonical: `${origin}${path}` }, { [source.key(param)]: () => Promise.reject(new ReadFailed()) });
    }
    if (row) return rowShown(path, module, row, { [source.key(param)]: async () => row });
    let moved: string | null = null;
    try {
      if (renamed) moved = await read(() => renamed.read(db, param));
    } catch {
      return page(path, notFoundHead(path), { [source.key(param)]: () => Promise.reject(new ReadFailed()) }, 404);
    }
    if (moved) return { status: 301, type: "html", location: pathInLanguage(routeAddress(module.route.path, { [name]: moved }), language), body: "", complete: true };
    // Unpublished, deleted or never written: the NO SIGNAL page, with nothing of the row.
    return page(path, notFoundHead(path), { [source.key(param)]: async () => null, ...(renamed ? { [renamed.key(param)]: async () => null } : {}) }, 404);
  }

  /**
   * A row's page, its head from the row; `rowReads` give the page its row, or a preview places it.
   * Its alternates are the languages the row is published in: a page showing the default language's
   * row for want of a translation is not one of the language's pages (its canonical link, the row's
   * head, names the default page).
   */
  function rowShown(path: string, module: RowModule, row: RowOf<RowModule>, rowReads: Record<string, () => Promise<unknown>>, preview?: Previewed): Promise<SiteDocument> {
    const { language, path: sitePath } = splitLanguage(path);
    const alternates = languageAlternates(origin, sitePath, row.languages);
    return page(path, { ...module.row.head(row, origin), ...feedOf(module, language), alternates }, rowReads, 200, preview);
  }

  /** A page without parameters in a language, from the reads of its module's loader. */
  function routePage(module: PageModule, language: Language, preview?: Previewed): Promise<SiteDocument> {
    const { path } = module.route;
    const address = pathInLanguage(path, language);
    const head: HeadMeta = { ...pageMeta(messagesOf(language), path, module.meta), canonical: `${origin}${address}`, ...feedOf(module, language), alternates: languageAlternates(origin, path) };
    return page(address, head, loaderReads(module, language), 200, preview);
  }

  /**
   * sitemap.xml's entries: the flagged pages in every language, then the rows of each flagged row
   * page in each language they are published in, at their canonical addresses, each with its
   * alternates. A row whose canonical address is elsewhere is a copy: the sitemap lists canonical
   * pages only.
   */
  async function sitemap(): Promise<SitemapEntry[]> {
    const flagged = [...modules.values()].filter((module) => module.route.sitemap);
    const pages = flagged.flatMap((module) =>
      "row" in module ? [] : LANGUAGES.map(({ code }) => ({ url: `${origin}${pathInLanguage(module.route.path, code)}`, alternates: languageAlternates(origin, module.route.path) })),
    );
    const rows = await Promise.all(
      flagged.flatMap((module) => {
        if (!("row" in module)) return [];
        const source = module.row;
        return LANGUAGES.map(({ code }) =>
          read(() => source.list(db, code)).then((found) =>
            found.map((row) => {
              const head = source.head(row, origin);
              const sitePath = splitLanguage(new URL(head.canonical).pathname).path;
              return { url: head.canonical, lastModified: head.modifiedTime, alternates: languageAlternates(origin, sitePath, row.languages) };
            }),
          ),
        );
      }),
    );
    return [...pages, ...rows.flat().filter((entry) => entry.url.startsWith(`${origin}/`))];
  }

  /** The Atom feed of the posts published in a language. */
  async function feed(language: Language): Promise<string> {
    const posts = await read(() => postPage.row.list(db, language));
    return atomFeed(origin, posts, (post) => postPage.row.head(post, origin), { language, title: messagesOf(language)["feed.title"] });
  }

  return {
    async render(rawPath) {
      const path = pagePath(rawPath);
      if (path === "/robots.txt") return { status: 200, type: "text", body: robotsTxt(origin), complete: true };
      const { language, path: sitePath } = splitLanguage(path);
      if (path === "/sitemap.xml" || sitePath === FEED_PATH) {
        const type = path === "/sitemap.xml" ? "xml" : "atom";
        try {
          return { status: 200, type, body: type === "xml" ? sitemapXml(await sitemap()) : await feed(language), complete: true };
        } catch {
          return { status: 200, type, body: "", complete: false };
        }
      }
      const match = matchRoute(path);
      if (!match) return notFound(path);
      const module = modules.get(match.path)!;
      return "row" in module ? rowPage(path, module, match.params, match.language) : routePage(module, match.language);
    },

    async formAnswer(title, content, language = DEFAULT_LANGUAGE) {
      const location = pathInLanguage(ANSWER_LOCATION, language);
      const [header, footer] = await Promise.all([renderElement(location, <Header links={NAV_LINKS} />, language), renderElement(location, <Footer links={NAV_LINKS} />, language)]);
      const messages = messagesOf(language);
      const head = headTags({ title, description: messages["description:/"], canonical: `${origin}${pathInLanguage("/", language)}`, robots: "noindex" });
      return withLanguage(stripHead(template), language)
        .replace(/<script\b[\s\S]*?<\/script>\s*/gi, "")
        .replace(/<link\s+rel="modulepreload"[^>]*>\s*/gi, "")
        .replace("</head>", `  ${head}\n    <style>.menu-toggle{display:none}</style>\n  </head>`)
        .replace(/<div id="root"[^>]*>\s*<\/div>/i, () => `<div id="root">${header}<main id="main" class="form-answer"><div class="container narrow">${content}</div></main>${footer}</div>`);
    },

    async answerTranslation(language) {
      const [contact, answers] = await Promise.all([contactTexts.load(language), formAnswerTexts.load(language)]);
      const english = { ...en, ...contactTexts.en, ...formAnswerTexts.en };
      const shown = { ...messagesOf(language), ...contact, ...answers };
      return (sentence) => {
        const said = ruleMessage(sentence, shown, english);
        return said === sentence && language !== DEFAULT_LANGUAGE ? undefined : said;
      };
    },

    async preview(rawPath, token) {
      const path = pagePath(rawPath);
      // The database issues 64 hex digits. Anything else (a NUL, bytes that are not UTF-8) would be
      // refused by the API and look like an outage: it is an unknown link, so the page is not found.
      if (!PREVIEW_TOKEN.test(token)) return notFound(path);
      const { data, error } = await db.rpc("preview_content", { token });
      if (error) throw new ReadFailed(error.message);
      const match = matchRoute(path);
      if (!data || !match) return notFound(path);
      const target = previewInLanguage(data as PreviewTarget, match.language);
      const module = modules.get(match.path)!;
      const placement = previewPlacement(target, splitLanguage(path).path, match, module, db);
      if (!placement) return notFound(path);
      if (!("row" in module)) return routePage(module, match.language, placement);
      const row = (await placement.place(undefined)) as RowOf<RowModule>;
      return rowShown(path, module, row, {}, { key: placement.key, place: async () => row });
    },
  };
}

/** The row type of a row page's source. */
type RowOf<M extends RowModule> = NonNullable<Awaited<ReturnType<M["row"]["read"]>>>;

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

/**
 * `element` at an address; a part rendered outside the App (a form answer's header and footer) gets
 * `language`'s catalogue, which the App gives its pages itself.
 */
async function renderElement(url: string, element: ReactNode, language?: Language): Promise<string> {
  const inLanguage = language ? <LanguageContext value={{ language, messages: (await loadAllCatalogues()).get(language)! }}>{element}</LanguageContext> : element;
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>{inLanguage}</StaticRouter>
    </StrictMode>,
    // No outlined boundaries: they would need inline scripts of their own (the CSP allows only the
    // template's) to show.
    {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // Logged here; the browser renders the part itself and knows it by the digest (site/lib/recoverable-errors.ts).
      onError: (error) => {
        console.error(`render ${url}:`, error);
        return SERVER_RENDER_FAILED;
      },
    },
  );
  let html = "";
  for await (const chunk of prelude) html += typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString("utf8");
  return html;
}
