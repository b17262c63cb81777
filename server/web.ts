import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { existsSync, readFileSync, statSync } from "node:fs";
import { extname, join, normalize, resolve, sep } from "node:path";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { PGliteInterface } from "@electric-sql/pglite";
import type { ViteDevServer } from "vite";
import { isPublicRoute } from "../shared/routes.ts";
import { BodyError, closeServer, listen, readBody, sendJson } from "../shared/http/http-util.ts";
import { RateLimiter, type RateLimit } from "../shared/http/rate-limit.ts";
import { intakePage, takeForm } from "./forms.ts";
import { BASE_HEADERS, contentSecurityPolicy } from "./security-headers.ts";

export interface WebServerOptions {
  port: number;
  host?: string;
  /** The production build; ignored when `vite` is given (development). */
  distDir: string;
  vite?: ViteDevServer;
  /** The API the apps talk to when the build carries no VITE_SUPABASE_* settings. */
  api: { url: string; anonKey: string };
  pg: PGliteInterface;
  log?: (line: string) => void;
  /** Form posts allowed per address (default 30 in 10 minutes). */
  formLimit?: RateLimit;
}

export interface WebServer {
  url: string;
  port: number;
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

const COMPRESSIBLE = /\.(html|js|css|json|svg|txt|xml|webmanifest)$/;
const FORM_BODY_LIMIT = 16 * 1024;


/**
 * Serves the two apps (`/admin/*` the back office, every other path the site) with history
 * fallback, answers unknown public paths with 404, and takes the site's forms at `POST /`.
 */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  const files = options.vite ? null : new StaticFiles(resolve(options.distDir), (html) => contentSecurityPolicy(html, options.api.url));
  const apiMeta = `<meta name="supabase-url" content="${escapeAttribute(options.api.url)}"><meta name="supabase-anon-key" content="${escapeAttribute(options.api.anonKey)}">`;
  const withApi = (html: string) => html.replace("</head>", `${apiMeta}</head>`);
  const formPosts = new RateLimiter(options.formLimit ?? { limit: 30, windowMs: 10 * 60_000 });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (req.method === "POST" && url.pathname === "/") return intake(req, res);
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, HEAD, POST", ...BASE_HEADERS }).end();
      return;
    }
    const isAdmin = url.pathname === "/admin" || url.pathname.startsWith("/admin/");
    if (options.vite) return serveDevelopment(options.vite, req, res, url.pathname, isAdmin);
    const asset = files!.find(url.pathname);
    if (asset) return files!.send(req, res, asset, 200);
    if (isAdmin) return files!.send(req, res, "backoffice/index.html", 200, withApi);
    if (isPublicRoute(url.pathname)) {
      const page = files!.find(join("site", url.pathname, "index.html")) ?? files!.find("site/shell.html") ?? "site/index.html";
      return files!.send(req, res, page, 200, withApi);
    }
    return files!.send(req, res, files!.find("site/404.html") ?? "site/index.html", 404, withApi);
  }

  async function serveDevelopment(vite: ViteDevServer, req: IncomingMessage, res: ServerResponse, pathname: string, isAdmin: boolean): Promise<void> {
    const accept = req.headers.accept ?? "";
    if (!accept.includes("text/html")) {
      vite.middlewares(req, res, () => sendJson(res, 404, { error: "Not found" }));
      return;
    }
    const entry = isAdmin ? "backoffice/index.html" : "site/index.html";
    const html = await vite.transformIndexHtml(pathname, readFileSync(resolve(vite.config.root, entry), "utf8"), `/${entry}`);
    const status = isAdmin || isPublicRoute(pathname) ? 200 : 404;
    res.writeHead(status, { "Content-Type": CONTENT_TYPES[".html"]!, ...BASE_HEADERS });
    res.end(withApi(html));
  }

  async function intake(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const type = req.headers["content-type"] ?? "";
    if (!type.startsWith("application/x-www-form-urlencoded")) {
      return sendJson(res, 415, { error: "Forms are posted as application/x-www-form-urlencoded" }, BASE_HEADERS);
    }
    const address = req.socket.remoteAddress ?? "unknown";
    const decision = formPosts.check(address);
    if (!decision.allowed) {
      req.resume();
      return sendJson(res, 429, { error: "Too many submissions from this address. Please try again later." }, { ...BASE_HEADERS, "Retry-After": String(decision.retryAfterSeconds) });
    }
    formPosts.record(address);
    try {
      const form = new URLSearchParams((await readBody(req, FORM_BODY_LIMIT)).toString("utf8"));
      const result = await takeForm(options.pg, form);
      if (!(req.headers.accept ?? "").includes("text/html")) return sendJson(res, result.status, result.body, BASE_HEADERS);
      const html = intakePage(form.get("form-name") ?? "", result, sameOriginPath(req.headers.referer, req.headers.host));
      res.writeHead(result.status, { ...BASE_HEADERS, "Content-Type": CONTENT_TYPES[".html"]!, "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'" });
      res.end(html);
    } catch (error) {
      if (error instanceof BodyError) return sendJson(res, error.status, { error: error.message }, BASE_HEADERS);
      throw error;
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
  return {
    url: `http://localhost:${port}`,
    port,
    stop: () => closeServer(server),
  };
}

/** The referring page's path when it is on this site, else the home page. */
function sameOriginPath(referer: string | undefined, host: string | undefined): string {
  if (!referer || !URL.canParse(referer)) return "/";
  const url = new URL(referer);
  return url.host === host ? `${url.pathname}${url.search}` : "/";
}

/** Files of the build, compressed once and kept in memory (the build is small and immutable). */
class StaticFiles {
  readonly #cache = new Map<string, { raw: Buffer; gzip?: Buffer; br?: Buffer; csp?: string }>();

  constructor(
    private readonly root: string,
    private readonly policyFor: (html: string) => string,
  ) {}

  /** The build-relative path of a regular file for this URL path, or null. */
  find(urlPath: string): string | null {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return null;
    }
    const relative = normalize(decoded).replace(/^([/\\])+/, "");
    const full = join(this.root, relative);
    if (relative === "" || !full.startsWith(this.root + sep)) return null;
    if (!existsSync(full) || !statSync(full).isFile()) return null;
    return relative;
  }

  send(req: IncomingMessage, res: ServerResponse, relative: string, status: number, transformHtml?: (html: string) => string): void {
    const type = CONTENT_TYPES[extname(relative)] ?? "application/octet-stream";
    const entry = this.#load(relative, transformHtml);
    const accepts = String(req.headers["accept-encoding"] ?? "");
    const compressible = COMPRESSIBLE.test(relative);
    let body = entry.raw;
    let encoding: string | null = null;
    if (compressible && /\bbr\b/.test(accepts)) {
      // Quality 5 of 11: nearly the size of the best, in milliseconds rather than seconds for the back office's bundle.
      entry.br ??= brotliCompressSync(entry.raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
      body = entry.br;
      encoding = "br";
    } else if (compressible && /\bgzip\b/.test(accepts)) {
      entry.gzip ??= gzipSync(entry.raw);
      body = entry.gzip;
      encoding = "gzip";
    }
    const immutable = relative.startsWith("assets/");
    res.writeHead(status, {
      ...BASE_HEADERS,
      "Content-Type": type,
      "Content-Length": body.length,
      "Cache-Control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
      Vary: "Accept-Encoding",
      ...(encoding ? { "Content-Encoding": encoding } : {}),
      ...(entry.csp ? { "Content-Security-Policy": entry.csp } : {}),
    });
    res.end(req.method === "HEAD" ? undefined : body);
  }

  #load(relative: string, transformHtml?: (html: string) => string) {
    const key = `${relative}${transformHtml ? "#api" : ""}`;
    let entry = this.#cache.get(key);
    if (!entry) {
      const raw = readFileSync(join(this.root, relative));
      entry = { raw: transformHtml ? Buffer.from(transformHtml(raw.toString("utf8"))) : raw };
      if (relative.endsWith(".html")) entry.csp = this.policyFor(entry.raw.toString("utf8"));
      this.#cache.set(key, entry);
    }
    return entry;
  }
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}
