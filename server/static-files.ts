import { existsSync, readFileSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, normalize, sep } from "node:path";
import { ResponseBody } from "./response-body.ts";
import { contentSecurityPolicy } from "./security-headers.ts";

export const CONTENT_TYPES: Record<string, string> = {
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

/**
 * The build's files that are served as they are: hashed assets and the public folder's files (the
 * favicon). The apps' HTML, the server entry and anything else in the build folder are not.
 */
export class StaticFiles {
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
