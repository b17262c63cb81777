import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open as openFile, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { resolveCaller, type Caller } from "../caller.ts";
import { mimeTypeAllowed, StorageError, validateBucketId } from "./objects.ts";
import { closed, contentMismatch, type StorageService } from "./service.ts";

const TUS_VERSION = "1.0.0";
/** Unfinished uploads are forgotten a day after they were created, as hosted Supabase does. */
const RESUMABLE_UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** How long HEAD waits for a PATCH under way to end before answering 423. */
const LOCK_WAIT_MS = 5000;
const TUS_HEADERS = "Location, Upload-Offset, Upload-Length, Upload-Expires, Tus-Resumable, Tus-Version, Tus-Extension, Tus-Max-Size";

interface PendingUpload {
  bucketId: string;
  name: string;
  mimeType: string;
  cacheControl: string;
  length: number;
  upsert: boolean;
  /** Only the account (or key's role) that created an upload may continue it. */
  owner: string;
  expiresAt: number;
}

/**
 * The TUS 1.0 endpoint hosted Supabase serves at `/storage/v1/upload/resumable` (core protocol plus
 * creation, expiration and termination): POST creates an upload for the object named in
 * Upload-Metadata (bucketName, objectName, contentType, cacheControl), HEAD tells how many bytes
 * arrived, PATCH appends from that offset. Chunks stream to a file under `dir`, so memory stays flat
 * whatever the size; a dropped connection keeps the bytes that arrived, and the client resumes from
 * HEAD's offset. The bucket's limit and types and the caller's policies are checked at creation, the
 * first bytes as soon as they arrive, and the whole file again when it becomes the object, through
 * the same path as a plain upload. `publicUrl` is the API's own address: upload URLs never come from
 * the request's Host header, which any caller can forge.
 */
export function createResumableUploads(storage: StorageService, dir: string, jwtSecret: string, publicUrl: string) {
  /** Uploads a PATCH is writing to, with the moment that PATCH is over (completed, refused or dropped). */
  const writing = new Map<string, Promise<void>>();

  return async function handleResumable(req: IncomingMessage, res: ServerResponse, url: URL, route: string[]): Promise<void> {
    try {
      await serve(req, res, url, route);
    } catch (error) {
      // TUS clients act on the HTTP status (404 restarts, 409 re-reads the offset), so errors here
      // carry theirs, as hosted's TUS server sends them, rather than Storage's usual 400.
      if (error instanceof StorageError) throw new StorageError(error.status, error.error, error.message, error.code, error.status);
      throw error;
    }
  };

  async function serve(req: IncomingMessage, res: ServerResponse, url: URL, route: string[]): Promise<void> {
    res.setHeader("Tus-Resumable", TUS_VERSION);
    // Offsets change with every chunk: no answer here may be reused.
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Access-Control-Expose-Headers", `${String(res.getHeader("Access-Control-Expose-Headers") ?? "")}, ${TUS_HEADERS}`.replace(/^, /, ""));
    const method = req.method ?? "GET";
    const [id, ...extra] = route;
    if (extra.length > 0) throw new StorageError(404, "not_found", "Unknown upload");
    const caller = await resolveCaller(req.headers, url.searchParams, jwtSecret);
    if (header(req, "tus-resumable") !== TUS_VERSION) {
      res.setHeader("Tus-Version", TUS_VERSION);
      throw new StorageError(412, "invalid_tus_version", `Tus-Resumable ${TUS_VERSION} is required`);
    }
    if (!id) {
      if (method !== "POST") throw new StorageError(405, "method_not_allowed", `${method} is not allowed on the upload endpoint`);
      return create(req, res, caller);
    }
    if (!/^[A-Za-z0-9_-]{1,2048}$/.test(id)) throw notFound();
    const upload = await load(id, caller);
    if (method === "HEAD") {
      await settled(id);
      // The write just waited for may have finished the upload or refused it.
      const current = await load(id, caller);
      res.writeHead(200, { "Upload-Offset": await offsetOf(id), "Upload-Length": current.length, "Upload-Expires": new Date(current.expiresAt).toUTCString() }).end();
      return;
    }
    if (method === "DELETE") {
      await forget(id);
      res.writeHead(204).end();
      return;
    }
    if (method === "PATCH") return append(req, res, caller, id, upload);
    throw new StorageError(405, "method_not_allowed", `${method} is not allowed on an upload`);
  }

  async function create(req: IncomingMessage, res: ServerResponse, caller: Caller): Promise<void> {
    await forgetExpired();
    if (header(req, "upload-defer-length")) throw new StorageError(400, "invalid_upload_length", "Upload-Defer-Length is not supported: send Upload-Length");
    const lengthHeader = header(req, "upload-length") ?? "";
    if (!/^\d+$/.test(lengthHeader)) throw new StorageError(400, "invalid_upload_length", "Upload-Length must be a non-negative integer");
    const length = Number(lengthHeader);
    const metadata = parseUploadMetadata(header(req, "upload-metadata"));
    const bucketId = validateBucketId(metadata.bucketName ?? "");
    const bucket = await storage.bucket(bucketId);
    const mimeType = storage.rules.mediaType(metadata.contentType ?? "");
    if (!mimeType || !mimeTypeAllowed(mimeType, bucket.allowed_mime_types)) {
      throw new StorageError(415, "invalid_mime_type", `mime type ${metadata.contentType ?? "(none)"} is not supported`);
    }
    if (bucket.file_size_limit !== null && length > bucket.file_size_limit) {
      throw new StorageError(413, "Payload too large", "The object exceeded the maximum allowed size");
    }
    const upsert = header(req, "x-upsert") === "true";
    const name = await storage.authorizeWrite(caller, bucket.id, metadata.objectName ?? "", upsert);
    const id = Buffer.from(`${bucket.id}/${name}/${randomUUID()}`).toString("base64url");
    const upload: PendingUpload = {
      bucketId: bucket.id,
      name,
      mimeType,
      cacheControl: /^\d+$/.test(metadata.cacheControl ?? "") ? metadata.cacheControl! : "3600",
      length,
      upsert,
      owner: ownerOf(caller),
      expiresAt: Date.now() + RESUMABLE_UPLOAD_LIFETIME_MS,
    };
    await mkdir(dir, { recursive: true });
    await writeFile(dataPath(id), new Uint8Array());
    await writeFile(infoPath(id), JSON.stringify(upload));
    const location = `${publicUrl}/storage/v1/upload/resumable/${id}`;
    if (length === 0) await finish(caller, id, upload);
    res.writeHead(201, { Location: location, "Upload-Expires": new Date(upload.expiresAt).toUTCString(), "Upload-Offset": 0 }).end();
  }

  async function append(req: IncomingMessage, res: ServerResponse, caller: Caller, id: string, upload: PendingUpload): Promise<void> {
    if (header(req, "content-type") !== "application/offset+octet-stream") {
      throw new StorageError(415, "invalid_content_type", "PATCH needs Content-Type: application/offset+octet-stream");
    }
    if (writing.has(id)) throw locked();
    let release!: () => void;
    writing.set(id, new Promise((resolve) => (release = resolve)));
    try {
      const offset = await offsetOf(id);
      if (header(req, "upload-offset") !== String(offset)) throw new StorageError(409, "offset_mismatch", `Upload-Offset must be ${offset}`);
      let received = offset;
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          received += chunk.length;
          done(received > upload.length ? new StorageError(413, "Payload too large", "More bytes than Upload-Length") : null, chunk);
        },
      });
      const file = createWriteStream(dataPath(id), { flags: "a" });
      try {
        await pipeline(req, limit, file);
      } catch (error) {
        // The offset is final only once the file is closed: a write under way when the request failed still lands.
        await closed(file);
        // A dropped connection keeps what arrived: the client asks HEAD for the offset and resumes.
        if (error instanceof StorageError) {
          await forget(id);
          throw error;
        }
        if (!res.destroyed) res.destroy();
        return;
      }
      const now = await offsetOf(id);
      await checkFirstBytes(id, upload, now);
      if (now === upload.length) await finish(caller, id, upload);
      res.writeHead(204, { "Upload-Offset": now, "Upload-Expires": new Date(upload.expiresAt).toUTCString() }).end();
    } finally {
      writing.delete(id);
      release();
    }
  }

  /**
   * HEAD answers once no PATCH is writing, so the offset it reports no longer moves; a writer that
   * outlasts the wait (a connection not yet seen to be gone) gets 423, which TUS clients retry.
   */
  async function settled(id: string): Promise<void> {
    const write = writing.get(id);
    if (!write) return;
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), LOCK_WAIT_MS)));
    const outcome = await Promise.race([write, waited]).finally(() => clearTimeout(timer));
    if (outcome === "timeout") throw locked();
  }

  /**
   * The first bytes must be the declared format: checked as soon as enough have arrived (with
   * tus-js-client's chunks, the first), so a file of the wrong kind is refused and forgotten before
   * the rest is sent; the whole file is checked again when it becomes the object.
   */
  async function checkFirstBytes(id: string, upload: PendingUpload, offset: number): Promise<void> {
    const { rules } = storage;
    if (offset < Math.min(rules.sniffBytes, upload.length)) return;
    const file = await openFile(dataPath(id), "r");
    const head = Buffer.alloc(rules.sniffBytes);
    const { bytesRead } = await file.read(head, 0, rules.sniffBytes, 0).finally(() => file.close());
    const refusal = rules.uploadRefusal(upload.mimeType, head.subarray(0, bytesRead));
    if (refusal !== null) {
      await forget(id);
      throw contentMismatch(refusal);
    }
  }

  /** The assembled file becomes the object through the plain upload's path (checks, row, policies). */
  async function finish(caller: Caller, id: string, upload: PendingUpload): Promise<void> {
    try {
      await storage.upload(caller, upload.bucketId, upload.name, upload.upsert, async () => ({
        stream: createReadStream(dataPath(id)),
        mimeType: upload.mimeType,
        cacheControl: upload.cacheControl,
        declaredSize: upload.length,
      }));
    } finally {
      await forget(id);
    }
  }

  async function load(id: string, caller: Caller): Promise<PendingUpload> {
    const text = await readFile(infoPath(id), "utf8").catch(() => null);
    if (text === null) throw notFound();
    const upload = JSON.parse(text) as PendingUpload;
    if (upload.owner !== ownerOf(caller)) throw notFound();
    if (upload.expiresAt < Date.now()) {
      await forget(id);
      throw new StorageError(410, "gone", "The upload expired");
    }
    return upload;
  }

  async function offsetOf(id: string): Promise<number> {
    const file = await stat(dataPath(id)).catch(() => null);
    if (!file) throw notFound();
    return file.size;
  }

  async function forget(id: string): Promise<void> {
    await Promise.all([rm(infoPath(id), { force: true }), rm(dataPath(id), { force: true })]);
  }

  async function forgetExpired(): Promise<void> {
    const entries = await readdir(dir).catch(() => [] as string[]);
    for (const entry of entries.filter((name) => name.endsWith(".json"))) {
      const id = entry.slice(0, -".json".length);
      const upload = await readFile(infoPath(id), "utf8").then((text) => JSON.parse(text) as PendingUpload, () => null);
      if (upload && upload.expiresAt < Date.now() && !writing.has(id)) await forget(id);
    }
  }

  function infoPath(id: string): string {
    return join(dir, `${id}.json`);
  }

  function dataPath(id: string): string {
    return join(dir, `${id}.part`);
  }
}

/** `key base64,key2 base64`: TUS's Upload-Metadata. */
export function parseUploadMetadata(value: string | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const pair of (value ?? "").split(",")) {
    const [key, encoded, ...rest] = pair.trim().split(" ");
    if (!key) continue;
    if (rest.length > 0 || (encoded !== undefined && !/^[A-Za-z0-9+/]*={0,2}$/.test(encoded))) {
      throw new StorageError(400, "invalid_metadata", "Invalid Upload-Metadata header");
    }
    const value = encoded === undefined ? "" : utf8Text(Buffer.from(encoded, "base64"));
    if (value === null || value.includes("\0")) throw new StorageError(400, "invalid_metadata", "Upload-Metadata values must be UTF-8 text without NUL");
    result[key] = value;
  }
  return result;
}

function utf8Text(bytes: Buffer): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

function ownerOf(caller: Caller): string {
  return typeof caller.claims.sub === "string" ? caller.claims.sub : caller.role;
}

function locked(): StorageError {
  return new StorageError(423, "locked", "Another request is writing this upload; retry shortly");
}

function notFound(): StorageError {
  return new StorageError(404, "not_found", "Upload not found");
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
