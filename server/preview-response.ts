import type { IncomingMessage, ServerResponse } from "node:http";
import { PREVIEW_PARAM } from "../shared/routes.ts";
import type { SiteRenderer } from "../site/entry-server.tsx";
import { served, unavailable, type ServedDocument } from "./served-document.ts";

/** The `preview` parameter of a request's query (a draft preview link), or null without one. */
export function previewTokenOf(query: string): string | null {
  return query === "" ? null : new URLSearchParams(query).get(PREVIEW_PARAM);
}

/**
 * A draft preview, rendered for this request alone: it never enters the page cache, is kept by no
 * cache, indexed by no crawler, and the link (its token) is not sent on as a referrer.
 */
export async function sendPreview(
  req: IncomingMessage,
  res: ServerResponse,
  site: SiteRenderer,
  policy: string | null,
  path: string,
  token: string,
  log: (line: string) => void,
): Promise<void> {
  let document: ServedDocument;
  try {
    const rendered = await site.preview(path, token);
    document = rendered.complete ? served(rendered, policy) : { ...served(rendered, policy), status: 503 };
  } catch (error) {
    log(`[web] preview of ${path} failed: ${error instanceof Error ? error.message : String(error)}`);
    document = unavailable();
  }
  document.body.send(req, res, document.status, {
    "Cache-Control": "no-store",
    "X-Robots-Tag": "noindex",
    "Referrer-Policy": "no-referrer",
    ...(document.status === 503 ? { "Retry-After": "5" } : {}),
    ...(document.csp ? { "Content-Security-Policy": document.csp } : {}),
  });
}
