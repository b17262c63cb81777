import type { IncomingMessage, ServerResponse } from "node:http";
import { sendJson } from "../shared/http/http-util.ts";
import { BASE_HEADERS } from "./security-headers.ts";

/** The path and query ("?..." or "") of a request target. */
export interface RequestTarget {
  path: string;
  query: string;
}

/** One entry of the web tier's routing: the first entry whose test matches handles the request. */
export interface Route {
  matches(req: IncomingMessage, target: RequestTarget): boolean;
  handle(req: IncomingMessage, res: ServerResponse, target: RequestTarget): Promise<void> | void;
}

/** Hands a request to the first route that matches it; a target that is not a path is refused. */
export async function dispatch(routes: readonly Route[], req: IncomingMessage, res: ServerResponse): Promise<void> {
  const target = requestTarget(req.url);
  if (target === null) return sendJson(res, 400, { error: "The request target must be a path" }, BASE_HEADERS);
  const route = routes.find((entry) => entry.matches(req, target));
  if (route) return route.handle(req, res, target);
  sendJson(res, 404, { error: "Not found" }, BASE_HEADERS);
}

/**
 * The path and query of a request target as sent ("//x" stays a path, not a host); null for
 * anything else.
 */
function requestTarget(target: string | undefined): RequestTarget | null {
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

/** The back office's addresses: its page is served for all of them (its router takes it from there). */
export function isAdminPath(path: string): boolean {
  return path === "/admin" || path.startsWith("/admin/");
}

/** Methods other than these are answered 405 before any route that serves documents. */
export function isReadMethod(req: IncomingMessage): boolean {
  return req.method === "GET" || req.method === "HEAD";
}

export function methodNotAllowed(_req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(405, { Allow: "GET, HEAD, POST", ...BASE_HEADERS }).end();
}
