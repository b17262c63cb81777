import { existsSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { sendJson } from "../shared/http/http-util.ts";
import { LANGUAGES, pathInLanguage } from "../shared/languages.ts";
import { isPublicRoute, PUBLIC_PATHS } from "../shared/routes.ts";
import type { SiteRenderer } from "../site/entry-server.tsx";
import type { AudienceCounter } from "./audience.ts";
import type { ContentVersion } from "./content-version.ts";
import { served, unavailable, type ServedDocument } from "./served-document.ts";
import { headerSafeQuery, pageAddress } from "./page-address.ts";
import { PageCache, type CacheState } from "./page-cache.ts";
import { previewTokenOf, sendPreview } from "./preview-response.ts";
import { isAdminPath, type RequestTarget } from "./router.ts";
import { BASE_HEADERS, contentSecurityPolicy } from "./security-headers.ts";
import { StaticFiles } from "./static-files.ts";

interface BuiltSiteOptions {
  distDir: string;
  api: { url: string; anonKey: string };
  origin: string;
  /** Writes the API's address and anon key into an app's HTML. */
  withApi: (html: string) => string;
  versions: ContentVersion;
  audience: AudienceCounter;
  renderDeadlineMs?: number;
  readTimeoutMs?: number;
  maxStaleMs?: number;
  now?: () => number;
  log: (line: string) => void;
}

interface BuiltSite {
  /** GET and HEAD for every path: build files, the back office's page, the site's pages. */
  handle(req: IncomingMessage, res: ServerResponse, target: RequestTarget): Promise<void>;
  /** The site's own page around a form's answer (header, footer, styles). */
  formAnswer: SiteRenderer["formAnswer"];
  /** The words of a form's answer in a language. */
  answerTranslation: SiteRenderer["answerTranslation"];
  /** Resolves once every public route has been rendered into the cache. */
  warm(): Promise<void>;
}

/**
 * The production build served: its static files, the back office's page for `/admin/*`, and the
 * site's pages rendered from the database and kept in the page cache (page-cache.ts).
 */
export async function builtSite(options: BuiltSiteOptions): Promise<BuiltSite> {
  const { log } = options;
  const files = new StaticFiles(options.distDir);
  const { renderer, policy } = await loadBuiltRenderer(options);
  const pages = new PageCache<ServedDocument>({
    versions: options.versions,
    renderDeadlineMs: options.renderDeadlineMs,
    maxStaleMs: options.maxStaleMs,
    now: options.now,
    // 404s and redirects are kept apart: asking for missing addresses never pushes a page out.
    isPage: (document) => document.status === 200,
    render: async (path) => {
      try {
        const document = await renderer.render(path);
        return { value: served(document, policy), complete: document.complete };
      } catch (error) {
        log(`[web] rendering ${path} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        return { value: unavailable(), complete: false };
      }
    },
  });

  async function handle(req: IncomingMessage, res: ServerResponse, { path, query }: RequestTarget): Promise<void> {
    const asset = files.find(path);
    if (asset) return files.send(req, res, asset);
    if (isAdminPath(path)) return files.sendPage(req, res, "backoffice/index.html", options.withApi, options.api.url);
    // One address per page: other spellings are sent there, so they never make copies of their own.
    const address = pageAddress(path);
    if (address === null) return sendJson(res, 404, { error: "Not found" }, BASE_HEADERS);
    if (address !== path) {
      res.writeHead(301, { Location: `${address}${headerSafeQuery(query)}`, ...BASE_HEADERS }).end();
      return;
    }
    const previewToken = previewTokenOf(query);
    if (previewToken !== null) return sendPreview(req, res, renderer, policy, path, previewToken, log);
    const current = pages.peek(path);
    const { value, state } = current ? { value: current, state: "hit" as const } : await pages.get(path);
    sendDocument(req, res, value, state, query);
    if (req.method === "GET" && value.status === 200 && state !== "error" && isPublicRoute(path)) options.audience.pageView(req, path, query);
  }

  return {
    handle,
    formAnswer: (title, content, language) => renderer.formAnswer(title, content, language),
    answerTranslation: (language) => renderer.answerTranslation(language),
    // Rendered once at start, in every language, so the first visitors are served from the cache.
    warm: () => Promise.all(LANGUAGES.flatMap(({ code }) => PUBLIC_PATHS.map((path) => pages.get(pathInLanguage(path, code))))).then(() => undefined),
  };
}

/** `query` is the request's: a redirect (a renamed post's old address) carries it on, as the 301s of other spellings do. */
function sendDocument(req: IncomingMessage, res: ServerResponse, document: ServedDocument, state: CacheState, query: string): void {
  const failed = state === "error";
  document.body.send(req, res, failed ? 503 : document.status, {
    // Browsers revalidate (ETag) on every visit, so they never keep a page the database has changed.
    "Cache-Control": failed ? "no-store" : "no-cache",
    "X-Cache": state.toUpperCase(),
    ...(failed ? { "Retry-After": "5" } : {}),
    ...(document.csp ? { "Content-Security-Policy": document.csp } : {}),
    ...(document.location && !failed ? { Location: `${document.location}${headerSafeQuery(query)}` } : {}),
  });
}

/**
 * The site's renderer over the built template, and the pages' CSP, computed once from that template:
 * only the inline scripts the build itself emitted may run, never one that a page's content brought.
 */
async function loadBuiltRenderer({ distDir, withApi, api, origin, readTimeoutMs }: BuiltSiteOptions): Promise<{ renderer: SiteRenderer; policy: string }> {
  const entryFile = join(distDir, "server", "entry-server.js");
  const templateFile = join(distDir, "site", "index.html");
  if (!existsSync(entryFile) || !existsSync(templateFile)) throw new Error(`No build in ${distDir}: run \`npm run build\` first.`);
  const entry = (await import(pathToFileURL(entryFile).href)) as typeof import("../site/entry-server.tsx");
  const template = withApi(readFileSync(templateFile, "utf8"));
  return { renderer: await entry.createSiteRenderer({ api, origin, template, readTimeoutMs }), policy: contentSecurityPolicy(template, api.url) };
}
