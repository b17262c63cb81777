import { createHash, randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import sharp from "sharp";
import { resolveCaller, type Caller } from "../caller.ts";
import { parseMediaType } from "../../../shared/media-types.ts";
import { StorageError } from "./objects.ts";
import type { StorageService, StoredObject } from "./service.ts";

/** Hosted Supabase's limits: output sides up to 2,500 px, sources up to 25 megapixels and 25 MB. */
export const TRANSFORM_LIMITS = { minSide: 1, maxSide: 2500, maxInputPixels: 25_000_000, maxInputBytes: 25 * 1024 * 1024 } as const;
export const DEFAULT_QUALITY = 80;

export type ResizeMode = "cover" | "contain" | "fill";
export type OutputFormat = "jpeg" | "png" | "webp" | "avif" | "gif";

export interface TransformOptions {
  width: number | null;
  height: number | null;
  resize: ResizeMode;
  quality: number;
  /** `origin` keeps the source's format; null lets the Accept header decide (WebP when accepted). */
  format: "origin" | "webp" | "avif" | null;
  /** `download` as hosted takes it: present means attachment, its value the file name. */
  download: string | null;
}

const RENDERABLE: Partial<Record<string, OutputFormat>> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/webp": "webp",
  "image/avif": "avif",
  "image/gif": "gif",
};

const CONTENT_TYPES: Record<OutputFormat, string> = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp", avif: "image/avif", gif: "image/gif" };

/** The query's transformation, validated as storage-api's schema does; a bad value is a 400 naming it. */
export function parseTransformOptions(query: URLSearchParams): TransformOptions {
  const invalid = (message: string) => new StorageError(400, "Bad Request", `querystring/${message}`);
  const integer = (name: string, min: number, max?: number): number | null => {
    const raw = query.get(name);
    if (raw === null || raw === "") return null;
    if (!/^-?\d+$/.test(raw.trim())) throw invalid(`${name} must be integer`);
    const value = Number(raw);
    if (value < min) throw invalid(`${name} must be >= ${min}`);
    if (max !== undefined && value > max) throw invalid(`${name} must be <= ${max}`);
    return value;
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[]): T | null => {
    const raw = query.get(name);
    if (raw === null || raw === "") return null;
    if (!(allowed as readonly string[]).includes(raw)) throw invalid(`${name} must be equal to one of the allowed values`);
    return raw as T;
  };
  // Sides are clamped into range rather than refused, as hosted does; 0 means "not given".
  const side = (name: string) => {
    const value = integer(name, 0);
    return value ? Math.min(TRANSFORM_LIMITS.maxSide, Math.max(TRANSFORM_LIMITS.minSide, value)) : null;
  };
  return {
    width: side("width"),
    height: side("height"),
    resize: oneOf("resize", ["cover", "contain", "fill"] as const) ?? "cover",
    quality: integer("quality", 20, 100) ?? DEFAULT_QUALITY,
    format: oneOf("format", ["origin", "webp", "avif"] as const),
    download: query.get("download"),
  };
}

/** The format served: an explicit one, else WebP for clients that accept it, else the source's own. */
export function outputFormat(source: OutputFormat, requested: TransformOptions["format"], accept: string | undefined): OutputFormat {
  if (requested === "webp" || requested === "avif") return requested;
  if (requested === null && /(^|[\s,])image\/webp\b/i.test(accept ?? "")) return "webp";
  return source;
}

export const CACHE_HEADER = "X-Transformation-Cache";

/**
 * `/storage/v1/render/image/{public,authenticated}/<bucket>/<name>`: the stored image resized and
 * re-encoded with sharp. Results are kept on disk in the object's rendered-copies folder, under
 * `<version>/`, the version being the object's ETag and update time, so replacing the file (an upsert)
 * makes a new entry and the older version's entries are removed when the first new one is written;
 * the storage service removes the folder with the object. Every answer says whether it
 * came from that cache in `X-Transformation-Cache: hit|miss`.
 */
export function createImageRenderer(storage: StorageService, jwtSecret: string) {
  return async function renderImage(req: IncomingMessage, res: ServerResponse, url: URL, route: string[]): Promise<void> {
    const method = req.method ?? "GET";
    const [kind, access, bucketId, ...name] = route;
    if (kind !== "image" || (access !== "public" && access !== "authenticated")) throw new StorageError(404, "not_found", "Unknown render route");
    if (method !== "GET" && method !== "HEAD") throw new StorageError(405, "method_not_allowed", `${method} is not allowed on a render route`);
    if (!bucketId || name.length === 0) throw new StorageError(400, "InvalidKey", "A bucket and an object name are required");
    const options = parseTransformOptions(url.searchParams);
    const caller: Caller | "public" = access === "public" ? "public" : await resolveCaller(req.headers, url.searchParams, jwtSecret);
    const { object, path, size } = await storage.find(caller, bucketId, name.join("/"));

    const source = RENDERABLE[parseMediaType(object.metadata.mimetype) ?? ""];
    if (!source) throw unsupportedSource();
    if (size > TRANSFORM_LIMITS.maxInputBytes) throw new StorageError(400, "InvalidRequest", "The source image file is too large to process");
    const format = outputFormat(source, options.format, headerValue(req.headers.accept));

    const objectDir = storage.renderedCopiesDir(bucketId, object.name);
    const versionKey = digest(`${object.metadata.eTag}|${object.updated_at}`);
    const variantKey = digest(JSON.stringify([options.width, options.height, options.resize, options.quality, format]));
    const cached = join(objectDir, versionKey, `${variantKey}.${format}`);
    const etag = `"${versionKey.slice(0, 16)}-${variantKey.slice(0, 16)}"`;
    const headers = responseHeaders(object, name.at(-1)!, format, etag, options.download);

    if (headerValue(req.headers["if-none-match"]) === etag) {
      res.writeHead(304, headers).end();
      return;
    }
    const hit = await stat(cached).catch(() => null);
    if (hit) {
      res.writeHead(200, { ...headers, "Content-Length": hit.size, [CACHE_HEADER]: "hit" });
      if (method === "HEAD") return void res.end();
      await pipeline(createReadStream(cached), res);
      return;
    }
    const rendered = await transform(path, source, format, options);
    await keepInCache(objectDir, versionKey, cached, rendered);
    res.writeHead(200, { ...headers, "Content-Length": rendered.length, [CACHE_HEADER]: "miss" });
    res.end(method === "HEAD" ? undefined : rendered);
  };
}

async function transform(path: string, source: OutputFormat, format: OutputFormat, options: TransformOptions): Promise<Buffer> {
  try {
    // `rotate()` applies the EXIF orientation, as imgproxy does; sources are never enlarged.
    let image = sharp(path, { limitInputPixels: TRANSFORM_LIMITS.maxInputPixels, animated: source === "gif" && format === "gif" }).rotate();
    if (options.width || options.height) {
      const fit = options.resize === "contain" ? "inside" : options.resize === "fill" ? "fill" : "cover";
      image = image.resize(options.width ?? undefined, options.height ?? undefined, { fit, withoutEnlargement: true });
    }
    const quality = options.quality;
    if (format === "jpeg") image = image.jpeg({ quality, mozjpeg: true });
    else if (format === "webp") image = image.webp({ quality });
    else if (format === "avif") image = image.avif({ quality, effort: 2 });
    else if (format === "png") image = image.png();
    else image = image.gif();
    return await image.toBuffer();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(message)) throw new StorageError(400, "InvalidRequest", "The source image resolution is too large to process");
    throw unsupportedSource();
  }
}

/** Written beside, then renamed: a concurrent reader sees a whole file or none. */
async function keepInCache(objectDir: string, versionKey: string, file: string, bytes: Buffer): Promise<void> {
  await mkdir(join(objectDir, versionKey), { recursive: true });
  const partial = `${file}.${randomUUID()}.part`;
  await writeFile(partial, bytes);
  await rename(partial, file);
  const versions = await readdir(objectDir).catch(() => [] as string[]);
  await Promise.all(versions.filter((entry) => entry !== versionKey).map((entry) => rm(join(objectDir, entry), { recursive: true, force: true })));
}

function responseHeaders(object: StoredObject, fileName: string, format: OutputFormat, etag: string, download: string | null): Record<string, string> {
  const disposition =
    download === null ? `inline; filename="${fileName.replace(/["\\\r\n]/g, "_")}"` : download === "" ? "attachment;" : `attachment; filename=${encodeURIComponent(download)}; filename*=UTF-8''${encodeURIComponent(download)}`;
  return {
    "Content-Type": CONTENT_TYPES[format],
    "Cache-Control": object.metadata.cacheControl || "no-cache",
    ETag: etag,
    "Last-Modified": object.metadata.lastModified || new Date(object.updated_at).toUTCString(),
    // The same URL answers WebP to one browser and the original format to another.
    Vary: "Accept",
    "X-Content-Type-Options": "nosniff",
    "Content-Disposition": disposition,
  };
}

function unsupportedSource(): StorageError {
  return new StorageError(400, "InvalidRequest", "The source image is invalid or unsupported for rendering");
}

function digest(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(", ") : value;
}
