import { createHmac } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { extname, join, normalize, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import type { ViteDevServer } from "vite";
import { isPublicRoute, PREVIEW_PARAM, PUBLIC_PATHS } from "../shared/routes.ts";
import { BodyError, closeServer, listen, readBody, sendJson } from "../shared/http/http-util.ts";
import type { RateLimit } from "../shared/http/rate-limit.ts";
import type { SiteDocument, SiteRenderer } from "../site/entry-server.tsx";
import { AudienceCounter } from "./audience.ts";
import { ContentVersion, parseVersion } from "./content-version.ts";
import { backLink, INTAKE_UNAVAILABLE, intakeAnswer, intakePage, takeForm, type IntakeAnswer } from "./forms.ts";
import { headerSafeQuery, pageAddress } from "./page-address.ts";
import { PageCache, type CacheState } from "./page-cache.ts";
import { ResponseBody } from "./response-body.ts";
import { BASE_HEADERS, contentSecurityPolicy } from "./security-headers.ts";
import { SupabaseRest } from "./supabase-rest.ts";
import { isTeamPath, teamEndpoints } from "./team.ts";
import { isNewsletterPath, newsletterOptionsFromEnv, startNewsletters, type NewsletterOptions } from "./newsletters/index.ts";

export interface SupabaseProject {
  url: string;
  anonKey: string;
  /** Held by this server only: the form intake writes with it; the team endpoints use Auth's admin API with it. */
  serviceRoleKey: string;
}

export interface WebServerOptions {
  port: number;
  host?: string;
  /** The production build (`npm run build`); ignored when `vite` is given (development). */
  distDir: string;
  vite?: ViteDevServer;
  supabase: SupabaseProject;
  /** Canonical origin of the site (canonical links, Open Graph, sitemap, feed). */
  siteUrl: string;
  /** Behind a TLS proxy: take the client's address from the last X-Forwarded-For entry. */
  trustProxy?: boolean;
  log?: (line: string) => void;
  /** Form posts allowed per address (default 30 in 10 minutes), counted in Postgres. */
  formLimit?: RateLimit;
  /** How often the content version is read while pages are requested (default every 500 ms). */
  versionMaxAgeMs?: number;
  /** How long a request waits for a fresh render before taking the last good copy (default 1 s). */
  renderDeadlineMs?: number;
  /**
   * How long after a page was last known current its copy may be served while renders fail
   * (default 5 minutes); after that the failure is shown (503).
   */
  maxStaleMs?: number;
  /** Audience figures (docs/analytics.md): on unless `enabled` is false; daily figures kept `retentionDays`. */
  audience?: { enabled?: boolean; retentionDays?: number; flushMs?: number };
  /** The clock the page cache and the content version read (tests). */
  now?: () => number;
  /** Mail and the newsletter's sender (server/newsletters); unset fields come from the environment. */
  newsletters?: NewsletterOptions;
}

export interface WebServer {
  url: string;
  port: number;
  /** Resolves once every public route has been rendered into the cache. */
  warmed: Promise<void>;
  stop(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};
const DOCUMENT_TYPES: Record<SiteDocument["type"], string> = {
  html: CONTENT_TYPES[".html"]!,
  xml: CONTENT_TYPES[".xml"]!,
  atom: "application/atom+xml; charset=utf-8",
  text: CONTENT_TYPES[".txt"]!,
};

const COMPRESSIBLE = /\.(html|js|css|json|svg|txt|xml|webmanifest)$/;
const FORM_BODY_LIMIT = 16 * 1024;

/** A rendered document as served: its bytes (compressed on demand) and its own CSP. */
interface ServedDocument {
  status: number;
  /** Where a 301 points. */
  location?: string;
  body: ResponseBody;
  csp: string | null;
}

/**
 * The web tier: serves the site's pages rendered from the database on request (cached, see
 * page-cache.ts), the back office for `/admin/*` and its team endpoints at `/api/team...` (team.ts),
 * the build's static files, and takes the site's forms at `POST /`. It reaches Supabase over HTTP
 * only, so it runs beside a hosted project or the local backend alike, and keeps no state that
 * several instances would need to share.
 */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  const { supabase } = options;
  const apiMeta = `<meta name="supabase-url" content="${escapeAttribute(supabase.url)}"><meta name="supabase-anon-key" content="${escapeAttribute(supabase.anonKey)}">`;
  const withApi = (html: string) => html.replace("</head>", `${apiMeta}</head>`);
  const service = new SupabaseRest(supabase.url, supabase.serviceRoleKey);
  const formLimit = options.formLimit ?? { limit: 30, windowMs: 10 * 60_000 };
  const siteOrigin = new URL(options.siteUrl).origin;
  const audience = new AudienceCounter(service, {
    enabled: options.audience?.enabled ?? true,
    retentionDays: options.audience?.retentionDays,
    flushMs: options.audience?.flushMs,
    siteHost: new URL(options.siteUrl).hostname,
    clientAddress: (req) => clientAddress(req, options.trustProxy ?? false),
    log,
    now: options.now,
  });
  const team = teamEndpoints({ url: supabase.url, anonKey: supabase.anonKey, serviceRoleKey: supabase.serviceRoleKey, siteUrl: options.siteUrl, log });

  const files = options.vite ? null : new StaticFiles(resolve(options.distDir));
  const built = options.vite ? null : await loadBuiltRenderer(resolve(options.distDir), withApi, supabase, siteOrigin);
  const renderer = built?.renderer ?? null;
  const pagePolicy = built?.policy ?? null;
  const newsletters = startNewsletters({ ...newsletterOptionsFromEnv(process.env), ...options.newsletters, url: supabase.url, anonKey: supabase.anonKey, serviceRoleKey: supabase.serviceRoleKey, siteUrl: options.siteUrl, log, renderPage: renderer ? (heading, html) => renderer.formAnswer(heading, html, "/") : undefined });
  const versions = new ContentVersion(async () => parseVersion(await service.rpc("content_version", {}, 1500)), { maxAgeMs: options.versionMaxAgeMs, log, now: options.now });
  const pages = new PageCache<ServedDocument>({
    versions,
    renderDeadlineMs: options.renderDeadlineMs,
    maxStaleMs: options.maxStaleMs,
    now: options.now,
    // 404s and redirects are kept apart: asking for missing addresses never pushes a page out.
    isPage: (document) => document.status === 200,
    render: async (path) => {
      try {
        const document = await renderer!.render(path);
        return { value: served(document, pagePolicy!), complete: document.complete };
      } catch (error) {
        log(`[web] rendering ${path} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        return { value: unavailable(), complete: false };
      }
    },
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = requestTarget(req.url);
    if (target === null) return sendJson(res, 400, { error: "The request target must be a path" }, BASE_HEADERS);
    const pathname = target.path;
    if (req.method === "POST" && pathname === "/") return intake(req, res);
    if (req.method === "POST" && pathname === "/api/views") return audience.beacon(req, res);
    if (isTeamPath(pathname)) return team(req, res, pathname);
    if (isNewsletterPath(pathname)) return newsletters.handle(req, res, pathname, target.query.slice(1));
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, HEAD, POST", ...BASE_HEADERS }).end();
      return;
    }
    const isAdmin = pathname === "/admin" || pathname.startsWith("/admin/");
    if (options.vite) return serveDevelopment(options.vite, req, res, pathname, isAdmin);
    const asset = files!.find(pathname);
    if (asset) return files!.send(req, res, asset);
    if (isAdmin) return files!.sendPage(req, res, "backoffice/index.html", withApi, supabase.url);
    // One address per page: other spellings are sent there, so they never make copies of their own.
    const address = pageAddress(pathname);
    if (address === null) return sendJson(res, 404, { error: "Not found" }, BASE_HEADERS);
    if (address !== pathname) {
      res.writeHead(301, { Location: `${address}${headerSafeQuery(target.query)}`, ...BASE_HEADERS }).end();
      return;
    }
    const previewToken = previewTokenOf(req.url);
    if (previewToken !== null) return sendPreview(req, res, await renderPreview(renderer!, pathname, previewToken));
    const current = pages.peek(pathname);
    const { value, state } = current ? { value: current, state: "hit" as const } : await pages.get(pathname);
    sendDocument(req, res, value, state);
    if (req.method === "GET" && value.status === 200 && state !== "error" && isPublicRoute(pathname)) audience.pageView(req, pathname, target.query);
  }

  function sendDocument(req: IncomingMessage, res: ServerResponse, document: ServedDocument, state: CacheState): void {
    const failed = state === "error";
    document.body.send(req, res, failed ? 503 : document.status, {
      // Browsers revalidate (ETag) on every visit, so they never keep a page the database has changed.
      "Cache-Control": failed ? "no-store" : "no-cache",
      "X-Cache": state.toUpperCase(),
      ...(failed ? { "Retry-After": "5" } : {}),
      ...(document.csp ? { "Content-Security-Policy": document.csp } : {}),
      ...(document.location && !failed ? { Location: document.location } : {}),
    });
  }

  /** A draft preview, rendered for this request alone: it never enters the page cache. */
  async function renderPreview(site: SiteRenderer, pathname: string, token: string): Promise<ServedDocument> {
    try {
      const document = await site.preview(pathname, token);
      return document.complete ? served(document, pagePolicy!) : { ...served(document, pagePolicy!), status: 503 };
    } catch (error) {
      log(`[web] preview of ${pathname} failed: ${error instanceof Error ? error.message : String(error)}`);
      return unavailable();
    }
  }

  function sendPreview(req: IncomingMessage, res: ServerResponse, document: ServedDocument): void {
    document.body.send(req, res, document.status, {
      // Shown to the link's holder only: kept by no cache, indexed by no crawler, and the link (its
      // token) is not sent on as a referrer.
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
      "Referrer-Policy": "no-referrer",
      ...(document.status === 503 ? { "Retry-After": "5" } : {}),
      ...(document.csp ? { "Content-Security-Policy": document.csp } : {}),
    });
  }

  async function serveDevelopment(vite: ViteDevServer, req: IncomingMessage, res: ServerResponse, pathname: string, isAdmin: boolean): Promise<void> {
    const accept = req.headers.accept ?? "";
    if (!accept.includes("text/html") && !/\.xml$|\/robots\.txt$/.test(pathname)) {
      vite.middlewares(req, res, () => sendJson(res, 404, { error: "Not found" }));
      return;
    }
    if (isAdmin) {
      const html = await vite.transformIndexHtml(pathname, readFileSync(resolve(vite.config.root, "backoffice/index.html"), "utf8"), "/backoffice/index.html");
      res.writeHead(200, { "Content-Type": CONTENT_TYPES[".html"]!, ...BASE_HEADERS });
      res.end(withApi(html));
      return;
    }
    // Development renders every request afresh with the sources as they are now.
    const template = await vite.transformIndexHtml(pathname, readFileSync(resolve(vite.config.root, "site/index.html"), "utf8"), "/site/index.html");
    const entry = (await vite.ssrLoadModule("/site/entry-server.tsx")) as typeof import("../site/entry-server.tsx");
    const site = await entry.createSiteRenderer({ api: { url: supabase.url, anonKey: supabase.anonKey }, origin: siteOrigin, template: withApi(template) });
    const previewToken = previewTokenOf(req.url);
    if (previewToken !== null) return sendPreview(req, res, await renderPreview(site, pathname, previewToken));
    const document = await site.render(pathname);
    res.writeHead(document.complete ? document.status : 503, {
      "Content-Type": DOCUMENT_TYPES[document.type],
      ...BASE_HEADERS,
      ...(document.location ? { Location: document.location } : {}),
    });
    res.end(document.body);
  }

  async function intake(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const type = req.headers["content-type"] ?? "";
    if (!type.startsWith("application/x-www-form-urlencoded")) {
      return sendJson(res, 415, { error: "Forms are posted as application/x-www-form-urlencoded" }, BASE_HEADERS);
    }
    const wantsPage = (req.headers.accept ?? "").includes("text/html");
    const answer = async (kind: string, result: IntakeAnswer, headers: Record<string, string> = {}) => {
      if (!wantsPage) return sendJson(res, result.status, result.body, { ...BASE_HEADERS, ...headers });
      const back = backLink(req.headers.referer, req.headers.host);
      // The site's header and footer around the answer, from the build; development has no build.
      let html: string;
      try {
        const { heading, html: content } = intakeAnswer(kind, result, back);
        html = renderer ? await renderer.formAnswer(heading, content, back) : intakePage(kind, result, back);
      } catch (error) {
        log(`[web] the form's answer page failed: ${error instanceof Error ? error.message : String(error)}`);
        html = intakePage(kind, result, back);
      }
      res.writeHead(result.status, {
        ...BASE_HEADERS,
        ...headers,
        "Content-Type": CONTENT_TYPES[".html"]!,
        // The page has the site's styles and no script.
        "Content-Security-Policy": "default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
      });
      res.end(html);
    };
    try {
      // Counted in Postgres, so every web instance shares one count per address.
      const waitSeconds = await service.rpc<number>("take_form_post", {
        address_hash: addressHash(clientAddress(req, options.trustProxy ?? false), supabase.serviceRoleKey),
        max_posts: formLimit.limit,
        window_seconds: Math.max(1, Math.round(formLimit.windowMs / 1000)),
      });
      if (waitSeconds > 0) {
        req.resume();
        return answer("", { status: 429, body: { error: "Too many submissions from this address. Please try again later." } }, { "Retry-After": String(waitSeconds) });
      }
      const form = new URLSearchParams((await readBody(req, FORM_BODY_LIMIT)).toString("utf8"));
      const kind = form.get("form-name") ?? "";
      const result = await takeForm(service, form);
      await answer(kind, result);
      // A sign-up counts toward its page and its visit's source (a honeypot's "success" does not).
      if (result.status === 200 && (kind === "waitlist" || kind === "newsletter") && !form.get("bot-field")) audience.signup(req, kind);
      if (result.status === 200 && kind === "newsletter" && !form.get("bot-field")) void newsletters.signup(form.get("email") ?? "");
    } catch (error) {
      if (error instanceof BodyError) return sendJson(res, error.status, { error: error.message }, BASE_HEADERS);
      log(`[web] form intake failed: ${error instanceof Error ? error.message : String(error)}`);
      req.resume();
      await answer("", { status: 503, body: { error: INTAKE_UNAVAILABLE } }, { "Retry-After": "5" });
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`[web] ${req.method} ${req.url} failed: ${error instanceof Error ? error.stack : String(error)}`);
      if (!res.headersSent) sendJson(res, 500, { error: "Internal error" }, BASE_HEADERS);
      else res.destroy();
    });
  });
  const port = await listen(server, options.port, options.host ?? "127.0.0.1");
  // Render the public routes once now, so the first visitors are served from the cache.
  const warmed = renderer ? Promise.all(PUBLIC_PATHS.map((path) => pages.get(path))).then(() => undefined) : Promise.resolve();
  return {
    url: `http://localhost:${port}`,
    port,
    warmed,
    // Renders still running would outlive the server: let the warm-up finish first (reads time out).
    // Counted views are sent before the server goes.
    stop: () => warmed.then(() => closeServer(server)).then(() => Promise.all([audience.stop(), newsletters.stop()])).then(() => undefined),
  };
}

function served(document: SiteDocument, policy: string): ServedDocument {
  const raw = Buffer.from(document.body);
  return {
    status: document.status,
    location: document.location,
    body: new ResponseBody(raw, DOCUMENT_TYPES[document.type], true),
    csp: document.type === "html" ? policy : null,
  };
}

function unavailable(): ServedDocument {
  return { status: 503, body: new ResponseBody(Buffer.from("Service temporarily unavailable. Please try again in a moment.\n"), CONTENT_TYPES[".txt"]!, false), csp: null };
}

/**
 * The site's renderer over the built template, and the pages' CSP, computed once from that template:
 * only the inline scripts the build itself emitted may run, never one that a page's content brought.
 */
async function loadBuiltRenderer(distDir: string, withApi: (html: string) => string, supabase: SupabaseProject, origin: string): Promise<{ renderer: SiteRenderer; policy: string }> {
  const entryFile = join(distDir, "server", "entry-server.js");
  const templateFile = join(distDir, "site", "index.html");
  if (!existsSync(entryFile) || !existsSync(templateFile)) throw new Error(`No build in ${distDir}: run \`npm run build\` first.`);
  const entry = (await import(pathToFileURL(entryFile).href)) as typeof import("../site/entry-server.tsx");
  const template = withApi(readFileSync(templateFile, "utf8"));
  return { renderer: await entry.createSiteRenderer({ api: { url: supabase.url, anonKey: supabase.anonKey }, origin, template }), policy: contentSecurityPolicy(template, supabase.url) };
}

/**
 * The path and query ("?..." or "") of a request target as sent ("//x" stays a path, not a host);
 * null for anything else.
 */
function requestTarget(target: string | undefined): { path: string; query: string } | null {
  const raw = target ?? "/";
  // Absolute form ("GET http://host/path"), which HTTP/1.1 servers must accept.
  if (/^https?:\/\//i.test(raw)) {
    if (!URL.canParse(raw)) return null;
    const url = new URL(raw);
    return { path: url.pathname, query: url.search };
  }
  const queryAt = raw.indexOf("?");
  const path = queryAt === -1 ? raw : raw.slice(0, queryAt);
  return path.startsWith("/") ? { path, query: queryAt === -1 ? "" : raw.slice(queryAt) } : null;
}

/** The `preview` parameter of a request target (a draft preview link), or null without one. */
function previewTokenOf(target: string | undefined): string | null {
  const query = (target ?? "").split("?").slice(1).join("?");
  return query === "" ? null : new URLSearchParams(query).get(PREVIEW_PARAM);
}

/** The client's address: the socket's peer, or behind a trusted proxy the address it appended. */
function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? String(req.headers["x-forwarded-for"] ?? "").split(",").at(-1)?.trim() : "";
  return forwarded || req.socket.remoteAddress || "unknown";
}

/** Addresses are counted, never stored: a keyed hash (the same on every instance of this project). */
function addressHash(address: string, key: string): string {
  return createHmac("sha256", key).update(address).digest("hex");
}

/**
 * The build's files that are served as they are: hashed assets and the public folder's files (the
 * favicon). The apps' HTML, the server entry and anything else in the build folder are not.
 */
class StaticFiles {
  readonly #cache = new Map<string, ResponseBody>();
  readonly #policies = new Map<string, string>();

  constructor(private readonly root: string) {}

  /** The build-relative path of a servable file for this URL path, or null. */
  find(urlPath: string): string | null {
    // Only /assets/* and top-level names with an extension can be files: pages are not looked up on disk.
    if (!urlPath.startsWith("/assets/") && (urlPath.lastIndexOf("/") !== 0 || !urlPath.includes("."))) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return null;
    }
    const relative = normalize(decoded).replace(/^([/\\])+/, "");
    const full = join(this.root, relative);
    if (relative === "" || !full.startsWith(this.root + sep)) return null;
    const servable = relative.startsWith(`assets${sep}`) || (!relative.includes(sep) && !relative.startsWith(".") && extname(relative) !== ".html");
    if (!servable || !existsSync(full) || !statSync(full).isFile()) return null;
    return relative;
  }

  send(req: IncomingMessage, res: ServerResponse, relative: string): void {
    const immutable = relative.startsWith("assets");
    this.#body(relative).send(req, res, 200, { "Cache-Control": immutable ? "public, max-age=31536000, immutable" : "no-cache" });
  }

  /** An app's HTML page (the back office), with the API's address written in and its own CSP. */
  sendPage(req: IncomingMessage, res: ServerResponse, relative: string, transform: (html: string) => string, apiUrl: string): void {
    const body = this.#body(relative, transform);
    let policy = this.#policies.get(relative);
    if (!policy) this.#policies.set(relative, (policy = contentSecurityPolicy(body.raw.toString("utf8"), apiUrl)));
    body.send(req, res, 200, { "Cache-Control": "no-cache", "Content-Security-Policy": policy });
  }

  #body(relative: string, transform?: (html: string) => string): ResponseBody {
    let body = this.#cache.get(relative);
    if (!body) {
      const raw = readFileSync(join(this.root, relative));
      body = new ResponseBody(transform ? Buffer.from(transform(raw.toString("utf8"))) : raw, CONTENT_TYPES[extname(relative)] ?? "application/octet-stream", COMPRESSIBLE.test(relative));
      this.#cache.set(relative, body);
    }
    return body;
  }
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}
