import type { SiteDocument } from "../site/entry-server.tsx";
import { ResponseBody } from "./response-body.ts";
import { CONTENT_TYPES } from "./static-files.ts";

export const DOCUMENT_TYPES: Record<SiteDocument["type"], string> = {
  html: CONTENT_TYPES[".html"]!,
  xml: CONTENT_TYPES[".xml"]!,
  atom: "application/atom+xml; charset=utf-8",
  text: CONTENT_TYPES[".txt"]!,
};

/** A rendered document as served: its bytes (compressed on demand) and its own CSP. */
export interface ServedDocument {
  status: number;
  /** Where a 301 points. */
  location?: string;
  body: ResponseBody;
  csp: string | null;
}

/** `policy` is the pages' CSP; development has none. */
export function served(document: SiteDocument, policy: string | null): ServedDocument {
  return {
    status: document.status,
    location: document.location,
    body: new ResponseBody(Buffer.from(document.body), DOCUMENT_TYPES[document.type], true),
    csp: document.type === "html" ? policy : null,
  };
}

export function unavailable(): ServedDocument {
  return { status: 503, body: new ResponseBody(Buffer.from("Service temporarily unavailable. Please try again in a moment.\n"), CONTENT_TYPES[".txt"]!, false), csp: null };
}
