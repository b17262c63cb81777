import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open as openFile, rename, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Database } from "../db.ts";
import { asCaller, type Caller } from "../caller.ts";
import { contentAgrees, parseMediaType, sniffMediaType, type MediaType } from "../../../shared/media-types.ts";
import { StorageError, validateBucketId, validateObjectName, mimeTypeAllowed } from "./objects.ts";

export interface Bucket {
  id: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

export interface StoredObject {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  metadata: ObjectMetadata;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
}

export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface IncomingFile {
  stream: Readable;
  mimeType: string;
  cacheControl: string;
  /** Size announced by the client, when known, to refuse oversize uploads before reading them. */
  declaredSize: number | null;
}

const OBJECT_COLUMNS = "id, bucket_id, name, owner, metadata, created_at, updated_at, last_accessed_at";

/**
 * Objects live as files under `root/<bucket>/<name>`; their rows in `storage.objects` are written in a
 * transaction as the caller's role, so the bucket's RLS policies decide every upload and delete.
 */
export class StorageService {
  constructor(
    private readonly db: Database,
    private readonly root: string,
  ) {}

  /** A folder for derived files (rendered images, unfinished resumable uploads); no bucket id has a dot. */
  cacheDir(name: string): string {
    return join(this.root, `.${name}`);
  }

  async bucket(id: string): Promise<Bucket> {
    validateBucketId(id);
    const { rows } = await this.db.query<Bucket>(
      "select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1",
      [id],
    );
    const bucket = rows[0];
    if (!bucket) throw new StorageError(404, "Bucket not found", "Bucket not found");
    return { ...bucket, file_size_limit: bucket.file_size_limit === null ? null : Number(bucket.file_size_limit) };
  }

  async upload(caller: Caller, bucketId: string, rawName: string, upsert: boolean, openFile: () => Promise<IncomingFile>): Promise<StoredObject> {
    const bucket = await this.bucket(bucketId);
    const name = validateObjectName(rawName);
    // A dry run of the row write refuses a caller the policies reject before any byte is read.
    await this.writeRow(caller, bucket.id, name, upsert, placeholderMetadata(), { dryRun: true });

    const file = await openFile();
    // One known media type, strictly parsed and stored normalised: a list such as
    // `image/png, text/html` must never reach a Content-Type header.
    const mimeType = parseMediaType(file.mimeType);
    if (!mimeType || !mimeTypeAllowed(mimeType, bucket.allowed_mime_types)) {
      file.stream.resume();
      throw new StorageError(415, "invalid_mime_type", `mime type ${file.mimeType} is not supported`);
    }
    const limit = bucket.file_size_limit;
    if (limit !== null && file.declaredSize !== null && file.declaredSize > limit) {
      file.stream.resume();
      throw tooLarge();
    }

    const tmpDir = join(this.root, ".tmp");
    await mkdir(tmpDir, { recursive: true });
    const tmpPath = join(tmpDir, randomUUID());
    try {
      const { size, md5 } = await streamToFile(file.stream, tmpPath, limit, mimeType);
      const metadata: ObjectMetadata = {
        eTag: `"${md5}"`,
        size,
        mimetype: mimeType,
        cacheControl: `max-age=${file.cacheControl}`,
        lastModified: new Date().toUTCString(),
        contentLength: size,
        httpStatusCode: 200,
      };
      const finalPath = this.filePath(bucket.id, name);
      await mkdir(dirname(finalPath), { recursive: true });
      // The file takes its place inside the row's transaction: a refused write leaves no file.
      return await this.writeRow(caller, bucket.id, name, upsert, metadata, { beforeCommit: () => rename(tmpPath, finalPath) });
    } finally {
      await rm(tmpPath, { force: true });
    }
  }

  /** The policies' answer to writing `name`, without writing it: a resumable upload asks before its first byte. */
  async authorizeWrite(caller: Caller, bucketId: string, rawName: string, upsert: boolean): Promise<string> {
    const name = validateObjectName(rawName);
    await this.writeRow(caller, bucketId, name, upsert, placeholderMetadata(), { dryRun: true });
    return name;
  }

  async remove(caller: Caller, bucketId: string, names: string[]): Promise<StoredObject[]> {
    const bucket = await this.bucket(bucketId);
    names.forEach(validateObjectName);
    const removed = await asCaller(this.db, caller, async (tx) => {
      const { rows } = await tx.query<StoredObject>(
        `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
        [bucket.id, names],
      );
      return rows;
    }).catch(rethrowDatabaseError);
    await Promise.all(removed.map((o) => rm(this.filePath(bucket.id, o.name), { force: true })));
    return removed;
  }

  /** Reads an object's row as the caller (public buckets are read without RLS, as hosted does). */
  async find(caller: Caller | "public", bucketId: string, rawName: string): Promise<{ object: StoredObject; path: string; size: number }> {
    const bucket = await this.bucket(bucketId);
    const name = validateObjectName(rawName);
    const query = `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`;
    let rows: StoredObject[];
    if (caller === "public") {
      if (!bucket.public) throw notFound();
      rows = (await this.db.query<StoredObject>(query, [bucket.id, name])).rows;
    } else {
      rows = await asCaller(this.db, caller, async (tx) => (await tx.query<StoredObject>(query, [bucket.id, name])).rows).catch(rethrowDatabaseError);
    }
    const object = rows[0];
    if (!object) throw notFound();
    const path = this.filePath(bucket.id, name);
    const stats = await stat(path).catch(() => null);
    if (!stats) throw notFound();
    return { object, path, size: stats.size };
  }

  open(path: string, range?: { start: number; end: number }): Readable {
    return createReadStream(path, range);
  }

  /** The first bytes of a stored file, to check what it really is before serving it inline. */
  async head(path: string): Promise<Uint8Array> {
    const file = await openFile(path, "r");
    try {
      const buffer = Buffer.alloc(SNIFF_BYTES);
      const { bytesRead } = await file.read(buffer, 0, SNIFF_BYTES, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  }

  /** Lists one folder level under `prefix`, as storage-js's `list` expects (folders have id null). */
  async list(caller: Caller, bucketId: string, options: ListOptions): Promise<ListEntry[]> {
    const bucket = await this.bucket(bucketId);
    const prefix = options.prefix.replace(/^\/+|\/+$/g, "");
    const base = prefix === "" ? "" : `${prefix}/`;
    const rows = await asCaller(this.db, caller, async (tx) =>
      (await tx.query<StoredObject>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and starts_with(name, $2)`, [bucket.id, base])).rows,
    ).catch(rethrowDatabaseError);
    const entries = new Map<string, ListEntry>();
    for (const row of rows) {
      const rest = row.name.slice(base.length);
      const [head, ...tail] = rest.split("/");
      if (!head || (options.search && !head.toLowerCase().includes(options.search.toLowerCase()))) continue;
      if (tail.length > 0) {
        if (!entries.has(head)) entries.set(head, { name: head, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
      } else {
        entries.set(head, { name: head, id: row.id, updated_at: row.updated_at, created_at: row.created_at, last_accessed_at: row.last_accessed_at, metadata: row.metadata });
      }
    }
    const column = options.sortBy.column;
    const direction = options.sortBy.order === "desc" ? -1 : 1;
    const sorted = [...entries.values()].sort((a, b) => direction * String(a[column] ?? "").localeCompare(String(b[column] ?? "")));
    return sorted.slice(options.offset, options.offset + options.limit);
  }

  private filePath(bucketId: string, name: string): string {
    return join(this.root, bucketId, ...name.split("/"));
  }

  private async writeRow(
    caller: Caller,
    bucketId: string,
    name: string,
    upsert: boolean,
    metadata: ObjectMetadata,
    options: { dryRun?: boolean; beforeCommit?: () => Promise<void> },
  ): Promise<StoredObject> {
    const owner = typeof caller.claims.sub === "string" ? caller.claims.sub : null;
    const conflict = upsert ? "on conflict (bucket_id, name) do update set metadata = excluded.metadata, owner = excluded.owner, updated_at = now()" : "";
    const rollback = new Error("dry run");
    try {
      return await asCaller(this.db, caller, async (tx) => {
        const { rows } = await tx.query<StoredObject>(
          `insert into storage.objects (bucket_id, name, owner, owner_id, metadata) values ($1, $2, $3::uuid, $3::text, $4) ${conflict} returning ${OBJECT_COLUMNS}`,
          [bucketId, name, owner, JSON.stringify(metadata)],
        );
        if (options.dryRun) throw rollback;
        await options.beforeCommit?.();
        return rows[0]!;
      });
    } catch (error) {
      if (error === rollback) return undefined as never;
      return rethrowDatabaseError(error);
    }
  }
}

export interface ListOptions {
  prefix: string;
  limit: number;
  offset: number;
  search: string;
  sortBy: { column: "name" | "created_at" | "updated_at" | "last_accessed_at"; order: "asc" | "desc" };
}

export interface ListEntry {
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: ObjectMetadata | null;
}

function placeholderMetadata(): ObjectMetadata {
  return { eTag: "", size: 0, mimetype: "", cacheControl: "", lastModified: "", contentLength: 0, httpStatusCode: 200 };
}

/** Bytes enough to recognise a format by its signature or markup. */
export const SNIFF_BYTES = 512;

async function streamToFile(source: Readable, path: string, limit: number | null, declared: MediaType): Promise<{ size: number; md5: string }> {
  const hash = createHash("md5");
  let size = 0;
  let head: Buffer | null = Buffer.alloc(0);
  // The first bytes must not say the file is something else than declared (HTML labelled as PNG).
  const checkHead = (): StorageError | null => {
    const sniffed = sniffMediaType(head!);
    head = null;
    return contentAgrees(declared, sniffed) ? null : new StorageError(415, "invalid_mime_type", `The file's content does not match its type ${declared}`);
  };
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (limit !== null && size > limit) {
        done(tooLarge());
        return;
      }
      if (head !== null) {
        head = Buffer.concat([head, chunk]).subarray(0, SNIFF_BYTES);
        const mismatch = head.length >= SNIFF_BYTES ? checkHead() : null;
        if (mismatch) {
          done(mismatch);
          return;
        }
      }
      hash.update(chunk);
      done(null, chunk);
    },
    flush(done) {
      done(head !== null ? checkHead() : null);
    },
  });
  try {
    await pipeline(source, meter, createWriteStream(path));
  } catch (error) {
    if (error instanceof StorageError) {
      source.resume();
      throw error;
    }
    throw new StorageError(400, "invalid_body", "The upload was interrupted");
  }
  return { size, md5: hash.digest("hex") };
}

function tooLarge(): StorageError {
  return new StorageError(413, "Payload too large", "The object exceeded the maximum allowed size");
}

function notFound(): StorageError {
  return new StorageError(404, "not_found", "Object not found");
}

/** Postgres decided: RLS refusals are 403, a taken name 409, anything else a 400 naming the cause. */
function rethrowDatabaseError(error: unknown): never {
  if (error instanceof StorageError) throw error;
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === "42501") throw new StorageError(403, "Unauthorized", "new row violates row-level security policy");
  if (code === "23505") throw new StorageError(409, "Duplicate", "The resource already exists");
  throw new StorageError(400, "DatabaseError", message);
}
