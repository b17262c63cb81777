import type { IncomingMessage, ServerResponse } from "node:http";
import { CallerError, resolveCaller, type Caller } from "../caller.ts";
import { describeError } from "../lite-adapters.ts";
import { sendJson, BodyError } from "../../../shared/http/http-util.ts";
import { badQueryText } from "../request-text.ts";
import { StorageError } from "./objects.ts";
import type { ListOptions, StorageService } from "./service.ts";
import { clampInt, header, incomingFile, readJsonBody, sendObject, type StorageArea } from "./area.ts";
import { createImageRenderer, type ImageRenderLimits } from "./transform.ts";
import { createResumableUploads } from "./resumable.ts";
import { bucketRoutes } from "./buckets.ts";
import { signedUrlRoutes } from "./signed-urls.ts";
import { objectManagementRoutes } from "./object-management.ts";

const SORT_COLUMNS = new Set(["name", "created_at", "updated_at", "last_accessed_at"]);

/**
 * `/storage/v1`, in the request and response shapes storage-js uses and the answers hosted Storage
 * gives. Each area (the path's first segment) is a table entry; a path no route matches is answered
 * as an unknown route, never read as a bucket or object name.
 */
export function createStorageHandler(storage: StorageService, jwtSecret: string, publicUrl: string, log: (line: string) => void, renderLimits?: ImageRenderLimits) {
  const renderImage = createImageRenderer(storage, jwtSecret, renderLimits);
  const resumableUpload = createResumableUploads(storage, storage.cacheDir("resumable"), jwtSecret, publicUrl);
  const areas: Record<string, StorageArea> = {
    object: objectRoutes(storage, jwtSecret),
    bucket: bucketRoutes(storage),
    render: ({ req, res, url, segments }) => renderImage(req, res, url, segments),
    upload: async ({ req, res, url, segments }) => (segments[0] === "resumable" ? resumableUpload(req, res, url, segments.slice(1)) : false),
  };

  return async function handleStorage(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    try {
      await route(req, res, url);
    } catch (error) {
      if (!res.headersSent) sendStorageError(res, error, log);
      else res.destroy();
    }
  };

  async function route(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    // The raw path, not the URL's normalised one: a `..` segment must be seen to be refused.
    const [rawPath = "", ...rawQuery] = (req.url ?? "").split("?");
    // Text Postgres cannot hold would otherwise fail inside a query and come back as its error.
    const badQuery = badQueryText(rawQuery.join("?"));
    if (badQuery) throw StorageError.invalidRequest(badQuery);
    const path = rawPath.replace(/^\/storage\/v1/, "");
    const method = req.method ?? "GET";
    const [area = "", ...segments] = path.split("/").slice(1).map(decodeSegment);
    const handler = Object.hasOwn(areas, area) ? areas[area] : undefined;
    const answered = handler && (await handler({ req, res, url, method, segments, caller: () => resolveCaller(req.headers, url.searchParams, jwtSecret) }));
    if (answered === false || !handler) throw StorageError.routeNotFound(method, req.url ?? "");
  }
}

/** `/object/...`: uploads, downloads, listing, removal, info, moves and copies, signed URLs. */
function objectRoutes(storage: StorageService, jwtSecret: string): StorageArea {
  const signed = signedUrlRoutes(storage, jwtSecret);
  const managed = objectManagementRoutes(storage);
  return async (request) => {
    const { req, res, method, segments } = request;
    const [first, ...rest] = segments;
    if (first === "public" && (method === "GET" || method === "HEAD") && rest.length >= 2) {
      const [bucketId, ...name] = rest;
      return void (await sendObject(storage, req, res, "public", bucketId!, name.join("/")));
    }
    if ((await signed(request)) !== false) return;
    if ((await managed(request)) !== false) return;
    if (first === "list" && method === "POST" && rest.length === 1) return void (await list(req, res, storage, await request.caller(), rest[0]!));
    if (first === "authenticated" && (method === "GET" || method === "HEAD") && rest.length >= 2) {
      const [bucketId, ...name] = rest;
      return void (await sendObject(storage, req, res, await request.caller(), bucketId!, name.join("/")));
    }
    const [bucketId, ...name] = segments;
    if (!bucketId) return false;
    if (method === "DELETE" && name.length === 0) return void (await removeMany(req, res, storage, await request.caller(), bucketId));
    if (name.length === 0) return false;
    const caller = await request.caller();
    if (method === "DELETE") {
      const removed = await storage.remove(caller, bucketId, [name.join("/")]);
      if (removed.length === 0) throw StorageError.objectNotFound();
      return void sendJson(res, 200, { message: "Successfully deleted" });
    }
    if (method === "POST" || method === "PUT") {
      const upsert = method === "PUT" || header(req, "x-upsert") === "true";
      const object = await storage.upload(caller, bucketId, name.join("/"), upsert, () => incomingFile(req));
      return void sendJson(res, 200, { Id: object.id, Key: `${bucketId}/${object.name}` });
    }
    if (method === "GET" || method === "HEAD") return void (await sendObject(storage, req, res, caller, bucketId, name.join("/")));
    return false;
  };
}

async function removeMany(req: IncomingMessage, res: ServerResponse, storage: StorageService, caller: Caller, bucketId: string): Promise<void> {
  const body = await readJsonBody(req);
  const prefixes = (body as { prefixes?: unknown } | null)?.prefixes;
  if (!Array.isArray(prefixes) || prefixes.some((p) => typeof p !== "string")) {
    throw StorageError.invalidRequest("body must be { prefixes: string[] }");
  }
  sendJson(res, 200, await storage.remove(caller, bucketId, prefixes as string[]));
}

async function list(req: IncomingMessage, res: ServerResponse, storage: StorageService, caller: Caller, bucketId: string): Promise<void> {
  const body = ((await readJsonBody(req)) ?? {}) as Record<string, unknown>;
  const sortBy = (body.sortBy ?? {}) as Record<string, unknown>;
  const options: ListOptions = {
    prefix: typeof body.prefix === "string" ? body.prefix : "",
    limit: clampInt(body.limit, 100, 1, 1000),
    offset: clampInt(body.offset, 0, 0, Number.MAX_SAFE_INTEGER),
    search: typeof body.search === "string" ? body.search : "",
    sortBy: {
      column: SORT_COLUMNS.has(String(sortBy.column)) ? (sortBy.column as ListOptions["sortBy"]["column"]) : "name",
      order: sortBy.order === "desc" ? "desc" : "asc",
    },
  };
  sendJson(res, 200, await storage.list(caller, bucketId, options));
}

/** Storage's error body, with the HTTP status hosted Storage gives it. */
function sendStorageError(res: ServerResponse, error: unknown, log: (line: string) => void): void {
  if (error instanceof StorageError) return sendJson(res, error.httpStatus, error.body());
  if (error instanceof CallerError) return sendJson(res, error.status, { statusCode: String(error.status), error: "Unauthorized", message: error.message });
  if (error instanceof BodyError) return sendJson(res, 400, { statusCode: String(error.status), code: "InvalidRequest", error: "invalid_body", message: error.message });
  log(`[storage] unexpected error: ${describeError(error, "info")}`);
  sendJson(res, 500, { statusCode: "500", code: "InternalError", error: "internal", message: "Internal storage error" });
}

function decodeSegment(segment: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    throw new StorageError(400, "InvalidKey", "Invalid key: bad percent-encoding or not UTF-8");
  }
  if (decoded.includes("\0")) throw new StorageError(400, "InvalidKey", "Invalid key: contains NUL");
  return decoded;
}
