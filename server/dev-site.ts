import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { resolve } from "node:path";
import type { ViteDevServer } from "vite";
import { sendJson } from "../shared/http/http-util.ts";
import type { SiteRenderer } from "../site/entry-server.tsx";
import { DOCUMENT_TYPES } from "./served-document.ts";
import { headerSafeQuery } from "./page-address.ts";
import { previewTokenOf, sendPreview } from "./preview-response.ts";
import { isAdminPath, type RequestTarget } from "./router.ts";
import { BASE_HEADERS } from "./security-headers.ts";
import { CONTENT_TYPES } from "./static-files.ts";

interface DevelopmentSiteOptions {
  api: { url: string; anonKey: string };
  origin: string;
  /** Writes the API's address and anon key into an app's HTML. */
  withApi: (html: string) => string;
  log: (line: string) => void;
}

type ServerEntry = typeof import("../site/entry-server.tsx");

/**
 * `npm run dev`: Vite serves the sources and both apps' pages; the site's pages are rendered on
 * every request (no page cache), with the sources as they are now.
 */
export function developmentSite(vite: ViteDevServer, options: DevelopmentSiteOptions): (req: IncomingMessage, res: ServerResponse, target: RequestTarget) => Promise<void> {
  const { withApi, log } = options;
  const renderers = new DevelopmentRenderers(vite, options);

  return async function handle(req, res, { path, query }) {
    const accept = req.headers.accept ?? "";
    if (!accept.includes("text/html") && !/\.xml$|\/robots\.txt$/.test(path)) {
      vite.middlewares(req, res, () => sendJson(res, 404, { error: "Not found" }));
      return;
    }
    if (isAdminPath(path)) {
      const html = await vite.transformIndexHtml(path, readFileSync(resolve(vite.config.root, "backoffice/index.html"), "utf8"), "/backoffice/index.html");
      res.writeHead(200, { "Content-Type": CONTENT_TYPES[".html"]!, ...BASE_HEADERS });
      res.end(withApi(html));
      return;
    }
    const site = await renderers.current(path);
    const previewToken = previewTokenOf(query);
    if (previewToken !== null) return sendPreview(req, res, site, null, path, previewToken, log);
    const document = await site.render(path);
    res.writeHead(document.complete ? document.status : 503, {
      "Content-Type": DOCUMENT_TYPES[document.type],
      ...BASE_HEADERS,
      ...(document.location ? { Location: `${document.location}${headerSafeQuery(query)}` } : {}),
    });
    res.end(document.body);
  };
}

/**
 * The site's renderer is made again only when the sources change: Vite's module runner hands back
 * the same server entry until one of the files it imports changes, and the template is compared as text.
 */
export class DevelopmentRenderers {
  #made: { entry: ServerEntry; template: string; renderer: Promise<SiteRenderer> } | null = null;

  constructor(
    private readonly vite: Pick<ViteDevServer, "transformIndexHtml" | "ssrLoadModule" | "config">,
    private readonly options: Pick<DevelopmentSiteOptions, "api" | "origin" | "withApi">,
  ) {}

  async current(path: string): Promise<SiteRenderer> {
    const { vite, options } = this;
    const template = options.withApi(await vite.transformIndexHtml(path, readFileSync(resolve(vite.config.root, "site/index.html"), "utf8"), "/site/index.html"));
    const entry = (await vite.ssrLoadModule("/site/entry-server.tsx")) as ServerEntry;
    const made = this.#made;
    if (made && made.entry === entry && made.template === template) return made.renderer;
    const renderer = entry.createSiteRenderer({ api: options.api, origin: options.origin, template });
    this.#made = { entry, template, renderer };
    // A failed start is not kept: the next request tries again.
    renderer.catch(() => {
      if (this.#made?.renderer === renderer) this.#made = null;
    });
    return renderer;
  }
}
