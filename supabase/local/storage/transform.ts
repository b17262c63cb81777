import { createHash } from "node:crypto";
import { readdir } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import sharp from "sharp";
import { resolveCaller, type Caller } from "../caller.ts";
import { contentDisposition } from "./content-disposition.ts";
import { StorageError } from "./objects.ts";
import type { RenderCache } from "./render-cache.ts";
import type { StorageRules } from "./rules.ts";
import type { StorageService, StoredObject } from "./service.ts";

/** Hosted Supabase's limits: output sides up to 2,500 px, sources up to 25 megapixels and 25 MB. */
const TRANSFORM_LIMITS = { minSide: 1, maxSide: 2500, maxInputPixels: 25_000_000, maxInputBytes: 25 * 1024 * 1024 } as const;
export const DEFAULT_QUALITY = 80;

export type ResizeMode = "cover" | "contain" | "fill";
type OutputFormat = "jpeg" | "png" | "webp" | "avif" | "gif";

interface TransformOptions {
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

/**
 * The transformation as it is rendered and cached: sides snapped up to the product's render sizes
 * (the largest at most) and quality to its render qualities, so one image has a handful of
 * renderings however many distinct parameters are sent. Without a side, resize changes nothing.
 */
export function snapTransformOptions(options: TransformOptions, rules: Pick<StorageRules, "renderSides" | "renderQualities">): TransformOptions {
  const side = (value: number | null) => (value === null ? null : snapUp(value, rules.renderSides));
  const width = side(options.width);
  const height = side(options.height);
  return { ...options, width, height, resize: width === null && height === null ? "cover" : options.resize, quality: snapUp(options.quality, rules.renderQualities) };
}

/** The smallest allowed value at or above `value`, or the largest allowed when none is (`allowed` ascending). */
function snapUp(value: number, allowed: readonly number[]): number {
  return allowed.find((candidate) => candidate >= value) ?? allowed[allowed.length - 1]!;
}

export interface ImageRenderLimits {
  /** Renders at once (default 2): each keeps a core and one of libuv's four threads busy. */
  concurrent: number;
  /** Renders waiting for a turn (default 4); past that a render is answered 429 with Retry-After. */
  queued: number;
}

export const DEFAULT_RENDER_LIMITS: ImageRenderLimits = { concurrent: 2, queued: 4 };

/** Seconds a refused render is told to wait: about what the renders ahead of it take. */
const RETRY_AFTER_SECONDS = 2;

/** Renders run a few at a time, and a few more wait; any other is refused at once. */
class RenderQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limits: ImageRenderLimits) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.limits.concurrent) this.running++;
    else if (this.waiting.length < this.limits.queued) await new Promise<void>((turn) => this.waiting.push(turn));
    else throw new StorageError(429, "too_many_requests", "Too many images are being rendered; retry shortly", "SlowDown", 429);
    try {
      return await work();
    } finally {
      // A finished render hands its slot to the next in line, or frees it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

const CACHE_HEADER = "X-Transformation-Cache";

/**
 * `/storage/v1/render/image/{public,authenticated}/<bucket>/<name>`: the stored image resized and
 * re-encoded with sharp, at the snapped sizes (snapTransformOptions). Results are kept on disk in the
 * object's rendered-copies folder, under `<version>/`, the version being the object's ETag and update
 * time, so replacing the file (an upsert) makes a new entry and the older version's entries are
 * removed when the first new one is written; the storage service removes the folder with the object,
 * and its render cache keeps them all within a byte budget. Every answer says whether it came from
 * that cache in `X-Transformation-Cache: hit|miss`. Renders wait in a short queue (ImageRenderLimits);
 * identical ones in flight share one render.
 */
export function createImageRenderer(storage: StorageService, jwtSecret: string, limits: ImageRenderLimits = DEFAULT_RENDER_LIMITS) {
  // One libvips thread per render: with the queue's limit, renders take at most that many cores and
  // leave the rest to pages and the API.
  sharp.concurrency(1);
  const queue = new RenderQueue(limits);
  const inFlight = new Map<string, Promise<Buffer>>();
  const cache = storage.renderCache;
  return async function renderImage(req: IncomingMessage, res: ServerResponse, url: URL, route: string[]): Promise<void> {
    const method = req.method ?? "GET";
    const [kind, access, bucketId, ...name] = route;
    if (kind !== "image" || (access !== "public" && access !== "authenticated")) throw new StorageError(404, "not_found", "Unknown render route");
    if (method !== "GET" && method !== "HEAD") throw new StorageError(405, "method_not_allowed", `${method} is not allowed on a render route`);
    if (!bucketId || name.length === 0) throw new StorageError(400, "InvalidKey", "A bucket and an object name are required");
    const options = snapTransformOptions(parseTransformOptions(url.searchParams), storage.rules);
    const caller: Caller | "public" = access === "public" ? "public" : await resolveCaller(req.headers, url.searchParams, jwtSecret);
    const { object, path, size } = await storage.find(caller, bucketId, name.join("/"));

    const source = RENDERABLE[storage.rules.mediaType(object.metadata.mimetype) ?? ""];
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
    const hit = await cache.open(cached);
    if (hit) {
      res.writeHead(200, { ...headers, "Content-Length": hit.size, [CACHE_HEADER]: "hit" });
      if (method === "HEAD") {
        await hit.handle.close();
        return void res.end();
      }
      await pipeline(hit.handle.createReadStream(), res);
      return;
    }
    let rendering = inFlight.get(cached);
    if (!rendering) {
      rendering = queue.run(async () => {
        const bytes = await transform(path, source, format, options);
        await cache.store(cached, bytes);
        await removeOlderVersions(cache, objectDir, versionKey);
        return bytes;
      });
      inFlight.set(cached, rendering);
      void rendering.catch(() => {}).finally(() => inFlight.delete(cached));
    }
    const rendered = await rendering.catch((error: unknown) => {
      if (error instanceof StorageError && error.status === 429) res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
      throw error;
    });
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

async function removeOlderVersions(cache: RenderCache, objectDir: string, versionKey: string): Promise<void> {
  const versions = await readdir(objectDir).catch(() => [] as string[]);
  await Promise.all(versions.filter((entry) => entry !== versionKey).map((entry) => cache.removeFolder(join(objectDir, entry))));
}

function responseHeaders(object: StoredObject, fileName: string, format: OutputFormat, etag: string, download: string | null): Record<string, string> {
  const disposition = download === null ? contentDisposition("inline", fileName) : download === "" ? "attachment;" : contentDisposition("attachment", download);
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
