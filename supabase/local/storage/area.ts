import type { IncomingMessage, ServerResponse } from "node:http";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import type { Caller } from "../caller.ts";
import { readBody } from "../../../shared/http/http-util.ts";
import { badRequestText } from "../request-text.ts";
import { contentDisposition } from "./content-disposition.ts";
import { parseRange, StorageError } from "./objects.ts";
import type { IncomingFile, StorageService } from "./service.ts";

// An area of `/storage/v1` (objects, buckets, signed URLs, ...) and what its routes share: reading a
// request, sending an object. http.ts routes to the areas; the areas need nothing from it.

/** What a route of one area (`/storage/v1/<area>/...`) is given. */
interface StorageRequest {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  method: string;
  /** The path's segments after the area, percent-decoded. */
  segments: string[];
  /** The caller the API key and bearer token name (401 when they are missing or invalid). */
  caller(): Promise<Caller>;
}

/** Answers a request of its area, or returns false when no route of the area matches it. */
export type StorageArea = (request: StorageRequest) => Promise<boolean | void>;

/** Serves an object's bytes (with byte ranges); `download` (a query parameter) asks for an attachment. */
export async function sendObject(storage: StorageService, req: IncomingMessage, res: ServerResponse, caller: Caller | "public" | "signed", bucketId: string, name: string): Promise<void> {
  const { object, path, size } = await storage.find(caller, bucketId, name);
  // What was stored is parsed again: rows written before types were checked may hold a list.
  const mimeType = storage.rules.mediaType(object.metadata.mimetype);
  const download = new URL(req.url ?? "/", "http://localhost").searchParams.get("download");
  const inline = download === null && storage.rules.servedInline(mimeType, await storage.head(path));
  const range = parseRange(header(req, "range"), size);
  if (range === "invalid") {
    res.writeHead(416, { "Content-Range": `bytes */${size}` }).end();
    return;
  }
  const fileName = download || name.split("/").pop() || "file";
  const headers: Record<string, string | number> = {
    "Content-Type": mimeType ?? "application/octet-stream",
    "Content-Length": range ? range.end - range.start + 1 : size,
    "Accept-Ranges": "bytes",
    "Cache-Control": object.metadata.cacheControl || "no-cache",
    ETag: object.metadata.eTag,
    "Last-Modified": object.metadata.lastModified || new Date(object.updated_at).toUTCString(),
    "X-Content-Type-Options": "nosniff",
    "Content-Disposition": contentDisposition(inline ? "inline" : "attachment", fileName),
  };
  if (range) headers["Content-Range"] = `bytes ${range.start}-${range.end}/${size}`;
  res.writeHead(range ? 206 : 200, headers);
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  await pipeline(storage.open(path, range ?? undefined), res);
}

/** The file of a multipart form (storage-js sends Blobs that way) or the raw request body. */
export function incomingFile(req: IncomingMessage): Promise<IncomingFile> {
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
      reject(StorageError.invalidRequest("Malformed multipart body"));
      return;
    }
    const fields: Record<string, string> = {};
    parser.on("field", (fieldName, value) => {
      fields[fieldName] = value;
    });
    parser.on("file", (_field, stream, info) => {
      const fieldCacheControl = /^\d+$/.test(fields.cacheControl ?? "") ? fields.cacheControl! : cacheControl;
      resolve({ stream, mimeType: info.mimeType || "application/octet-stream", cacheControl: fieldCacheControl, declaredSize: null });
    });
    parser.on("error", () => reject(StorageError.invalidRequest("Malformed multipart body")));
    parser.on("finish", () => reject(StorageError.invalidRequest("Missing file in multipart upload")));
    req.pipe(parser);
  });
}

/** A JSON body whose text Postgres can store (UTF-8, no NUL, escaped or not), as REST and Auth require. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const body = await readBody(req);
  const badText = badRequestText(new URLSearchParams(), body, "application/json");
  if (badText) throw StorageError.invalidRequest(badText);
  const text = body.toString("utf8");
  if (text.trim() === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    throw StorageError.invalidRequest("Request body is not valid JSON");
  }
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function clampInt(value: unknown, fallback: number, min: number, max: number): number {
  const n = typeof value === "number" ? Math.trunc(value) : fallback;
  return Math.min(max, Math.max(min, Number.isFinite(n) ? n : fallback));
}
