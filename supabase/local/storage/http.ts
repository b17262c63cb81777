import type { IncomingMessage, ServerResponse } from "node:http";
import busboy from "busboy";
import { pipeline } from "node:stream/promises";
import { CallerError, resolveCaller, type Caller } from "../caller.ts";
import { describeError } from "../lite-adapters.ts";
import { readJsonBody, sendJson, BodyError } from "../../../shared/http/http-util.ts";
import { parseRange, StorageError } from "./objects.ts";
import { parseMediaType, servedInline } from "../../../shared/media-types.ts";
import type { IncomingFile, ListOptions, StorageService } from "./service.ts";
import { createImageRenderer } from "./transform.ts";
import { createResumableUploads } from "./resumable.ts";

const SORT_COLUMNS = new Set(["name", "created_at", "updated_at", "last_accessed_at"]);

/**
 * `/storage/v1`, in the request and response shapes storage-js uses: upload (multipart or raw body),
 * public and authenticated download (with byte ranges), remove and list.
 */
export function createStorageHandler(storage: StorageService, jwtSecret: string, log: (line: string) => void) {
  const renderImage = createImageRenderer(storage, storage.cacheDir("render"), jwtSecret);
  const resumableUpload = createResumableUploads(storage, storage.cacheDir("resumable"), jwtSecret);
  return async function handleStorage(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    try {
      await route(req, res, url);
    } catch (error) {
      if (!res.headersSent) sendJson(res, ...storageFailure(error, log));
      else res.destroy();
    }
  };

  async function route(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    // The raw path, not the URL's normalised one: a `..` segment must be seen to be refused.
    const path = (req.url ?? "").split("?")[0]!.replace(/^\/storage\/v1/, "");
    const method = req.method ?? "GET";
    const parts = path.split("/").slice(1).map(decodeSegment);
    const [area, ...rest] = parts;
    if (area === "render") return renderImage(req, res, url, rest);
    if (area === "upload" && rest[0] === "resumable") return resumableUpload(req, res, url, rest.slice(1));
    if (area !== "object") throw new StorageError(404, "not_found", `Unknown storage route ${path}`);

    if (rest[0] === "public" && (method === "GET" || method === "HEAD")) {
      const [, bucketId, ...name] = rest;
      return download(req, res, "public", bucketId, name.join("/"));
    }
    const caller = await resolveCaller(req.headers, url.searchParams, jwtSecret);
    if (rest[0] === "list" && method === "POST") return list(req, res, caller, rest[1]);
    if (rest[0] === "authenticated" && (method === "GET" || method === "HEAD")) {
      const [, bucketId, ...name] = rest;
      return download(req, res, caller, bucketId, name.join("/"));
    }
    const [bucketId, ...name] = rest;
    if (method === "DELETE" && name.length === 0) return remove(req, res, caller, bucketId);
    if ((method === "POST" || method === "PUT") && name.length > 0) {
      const upsert = method === "PUT" || header(req, "x-upsert") === "true";
      return upload(req, res, caller, requireBucket(bucketId), name.join("/"), upsert);
    }
    if ((method === "GET" || method === "HEAD") && name.length > 0) return download(req, res, caller, bucketId, name.join("/"));
    throw new StorageError(405, "method_not_allowed", `${method} is not allowed on ${path}`);
  }

  async function upload(req: IncomingMessage, res: ServerResponse, caller: Caller, bucketId: string, name: string, upsert: boolean): Promise<void> {
    const object = await storage.upload(caller, bucketId, name, upsert, () => incomingFile(req));
    sendJson(res, 200, { Id: object.id, Key: `${bucketId}/${object.name}` });
  }

  async function download(req: IncomingMessage, res: ServerResponse, caller: Caller | "public", bucketId: string | undefined, name: string): Promise<void> {
    const { object, path, size } = await storage.find(caller, requireBucket(bucketId), name);
    // What was stored is parsed again: rows written before types were checked may hold a list.
    const mimeType = parseMediaType(object.metadata.mimetype);
    const inline = servedInline(mimeType, await storage.head(path));
    const range = parseRange(header(req, "range"), size);
    if (range === "invalid") {
      res.writeHead(416, { "Content-Range": `bytes */${size}` }).end();
      return;
    }
    const fileName = name.split("/").pop() ?? "file";
    const headers: Record<string, string | number> = {
      "Content-Type": mimeType ?? "application/octet-stream",
      "Content-Length": range ? range.end - range.start + 1 : size,
      "Accept-Ranges": "bytes",
      "Cache-Control": object.metadata.cacheControl || "no-cache",
      ETag: object.metadata.eTag,
      "Last-Modified": object.metadata.lastModified || new Date(object.updated_at).toUTCString(),
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": `${inline ? "inline" : "attachment"}; filename="${fileName.replace(/["\\\r\n]/g, "_")}"`,
    };
    if (range) headers["Content-Range"] = `bytes ${range.start}-${range.end}/${size}`;
    res.writeHead(range ? 206 : 200, headers);
    if (req.method === "HEAD") {
      res.end();
      return;
    }
    await pipeline(storage.open(path, range ?? undefined), res);
  }

  async function remove(req: IncomingMessage, res: ServerResponse, caller: Caller, bucketId: string | undefined): Promise<void> {
    const body = await readJsonBody(req);
    const prefixes = (body as { prefixes?: unknown } | null)?.prefixes;
    if (!Array.isArray(prefixes) || prefixes.some((p) => typeof p !== "string")) {
      throw new StorageError(400, "invalid_body", "body must be { prefixes: string[] }");
    }
    sendJson(res, 200, await storage.remove(caller, requireBucket(bucketId), prefixes as string[]));
  }

  async function list(req: IncomingMessage, res: ServerResponse, caller: Caller, bucketId: string | undefined): Promise<void> {
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
    sendJson(res, 200, await storage.list(caller, requireBucket(bucketId), options));
  }
}

/** The file of a multipart form (storage-js sends Blobs that way) or the raw request body. */
function incomingFile(req: IncomingMessage): Promise<IncomingFile> {
  const contentType = header(req, "content-type") ?? "application/octet-stream";
  const cacheControl = (/max-age=(\d+)/.exec(header(req, "cache-control") ?? "")?.[1]) ?? "3600";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
    const length = Number(header(req, "content-length"));
    return Promise.resolve({ stream: req, mimeType: contentType, cacheControl, declaredSize: Number.isFinite(length) && length > 0 ? length : null });
  }
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fields: 10, fieldSize: 64 * 1024 } });
    } catch {
      reject(new StorageError(400, "invalid_body", "Malformed multipart body"));
      return;
    }
    const fields: Record<string, string> = {};
    parser.on("field", (fieldName, value) => {
      fields[fieldName] = value;
    });
    parser.on("file", (_field, stream, info) => {
      resolve({ stream, mimeType: info.mimeType || "application/octet-stream", cacheControl: fields.cacheControl ?? cacheControl, declaredSize: null });
    });
    parser.on("error", () => reject(new StorageError(400, "invalid_body", "Malformed multipart body")));
    parser.on("finish", () => reject(new StorageError(400, "invalid_body", "Missing file in multipart upload")));
    req.pipe(parser);
  });
}

function storageFailure(error: unknown, log: (line: string) => void): [number, unknown] {
  if (error instanceof StorageError) return [error.status, error.body()];
  if (error instanceof CallerError) return [error.status, { statusCode: String(error.status), error: "Unauthorized", message: error.message }];
  if (error instanceof BodyError) return [error.status, { statusCode: String(error.status), error: "invalid_body", message: error.message }];
  log(`[storage] unexpected error: ${describeError(error, "info")}`);
  return [500, { statusCode: "500", error: "internal", message: "Internal storage error" }];
}

function requireBucket(id: string | undefined): string {
  if (!id) throw new StorageError(400, "InvalidBucketName", "A bucket name is required");
  return id;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new StorageError(400, "InvalidKey", "Invalid key: bad percent-encoding");
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function clampInt(value: unknown, fallback: number, min: number, max: number): number {
  const n = typeof value === "number" ? Math.trunc(value) : fallback;
  return Math.min(max, Math.max(min, Number.isFinite(n) ? n : fallback));
}
