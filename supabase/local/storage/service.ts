import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import type { Stats } from "node:fs";
import { copyFile, mkdir, open as openFile, rename, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Database } from "../db/engines.ts";
import { asCaller, type Caller } from "../caller.ts";
import { StorageError, validateBucketId, validateObjectName, mimeTypeAllowed } from "./objects.ts";
import { RenderCache } from "./render-cache.ts";
import type { StorageRules } from "./rules.ts";

/** Disk the rendered images may take by default. */
export const DEFAULT_RENDER_CACHE_BYTES = 256 * 1024 * 1024;

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

interface ObjectMetadata {
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

/** An object found for a reader: its row, its file and the file's size. */
export interface FoundObject {
  object: StoredObject;
  path: string;
  size: number;
}

/** Public objects remembered at most; past it the longest remembered is forgotten. */
const PUBLIC_OBJECTS_REMEMBERED = 10_000;

/** A file's identity: a replacement is a new file renamed into place, so its inode changes with its row. */
function fileIdentity(stats: Stats): string {
  return `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}`;
}

/**
 * Objects live as files under `root/<bucket>/<name>`; their rows in `storage.objects` are written in a
 * transaction as the caller's role, so the bucket's RLS policies decide every upload and delete.
 */
export class StorageService {
  /** Rendered copies of images (transform.ts), held to a byte budget. */
  readonly renderCache: RenderCache;
  /**
   * Objects of public buckets as last read, with the identity of their file then: a public read (a
   * cached render above all) checks the file instead of asking the database, so a crowd of them
   * never waits for it. Only this service writes objects and buckets (the migrations give the API
   * roles policies, no other way in), and every change it makes forgets them all once committed;
   * a replaced, moved or deleted file is also seen by its identity.
   */
  private readonly publicObjects = new Map<string, { found: FoundObject; file: string }>();
  /** Changes committed so far: a read that began before one is not remembered. */
  private changes = 0;

  constructor(
    private readonly db: Database,
    private readonly root: string,
    /** The product's rules for uploads, inline files and renders. */
    readonly rules: StorageRules,
    renderCacheBytes = DEFAULT_RENDER_CACHE_BYTES,
  ) {
    this.renderCache = new RenderCache(this.cacheDir("render"), renderCacheBytes);
  }

  /** A folder for derived files (rendered images, unfinished resumable uploads); no bucket id has a dot. */
  cacheDir(name: string): string {
    return join(this.root, `.${name}`);
  }

  /** Where an object's rendered copies are kept (transform.ts); they go when its file goes. */
  renderedCopiesDir(bucketId: string, name: string): string {
    return join(this.cacheDir("render"), createHash("sha256").update(`${bucketId}/${name}`).digest("hex"));
  }

  async bucket(id: string): Promise<Bucket> {
    validateBucketId(id);
    const { rows } = await this.db.query<Bucket>(
      "select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1",
      [id],
    );
    const bucket = rows[0];
    if (!bucket) throw StorageError.bucketNotFound();
    return { ...bucket, file_size_limit: bucket.file_size_limit === null ? null : Number(bucket.file_size_limit) };
  }

  async upload(caller: Caller, bucketId: string, rawName: string, upsert: boolean, openFile: () => Promise<IncomingFile>): Promise<StoredObject> {
    const bucket = await this.bucket(bucketId);
    const name = validateObjectName(rawName);
    // A dry run of the row write refuses a caller the policies reject before any byte is read.
    await this.writeRow(caller, bucket.id, name, upsert, placeholderMetadata(), { dryRun: true });

    const file = await openFile();
    // One media type the product's rules take, stored as they normalise it: a list such as
    // `image/png, text/html` must never reach a Content-Type header.
    const mimeType = this.rules.mediaType(file.mimeType);
    if (!mimeType || !mimeTypeAllowed(mimeType, bucket.allowed_mime_types)) {
      file.stream.resume();
      throw new StorageError(415, "invalid_mime_type", `mime type ${file.mimeType} is not supported`, "InvalidMimeType");
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
      const { size, md5 } = await streamToFile(file.stream, tmpPath, limit, mimeType, this.rules);
      const refusal = await this.rules.fileRefusal(mimeType, tmpPath, size);
      if (refusal !== null) throw contentMismatch(refusal);
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
    })
      .catch(rethrowDatabaseError)
      .finally(() => this.changed());
    await Promise.all(removed.map((o) => this.removeFiles(bucket.id, o.name)));
    return removed;
  }

  /**
   * Reads an object's row as the caller. Public buckets are read without RLS, as hosted does, and so
   * is an object a signed URL names (its token was granted by someone allowed to read it). A public
   * object read before, whose file is the same, is answered without the database.
   */
  async find(caller: Caller | "public" | "signed", bucketId: string, rawName: string): Promise<FoundObject> {
    if (caller !== "public") return (await this.read(caller, bucketId, rawName)).found;
    validateBucketId(bucketId);
    const key = `${bucketId}/${validateObjectName(rawName)}`;
    const known = this.publicObjects.get(key);
    if (known) {
      const stats = await stat(known.found.path).catch(() => null);
      if (stats && fileIdentity(stats) === known.file) return known.found;
      this.publicObjects.delete(key);
    }
    const changes = this.changes;
    const { found, file } = await this.read("public", bucketId, rawName);
    if (changes === this.changes) {
      if (this.publicObjects.size >= PUBLIC_OBJECTS_REMEMBERED) this.publicObjects.delete(this.publicObjects.keys().next().value!);
      this.publicObjects.set(key, { found, file });
    }
    return found;
  }

  private async read(caller: Caller | "public" | "signed", bucketId: string, rawName: string): Promise<{ found: FoundObject; file: string }> {
    const bucket = await this.bucket(bucketId);
    const name = validateObjectName(rawName);
    const query = `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`;
    let rows: StoredObject[];
    if (caller === "public" || caller === "signed") {
      if (caller === "public" && !bucket.public) throw StorageError.objectNotFound();
      rows = (await this.db.query<StoredObject>(query, [bucket.id, name])).rows;
    } else {
      rows = await asCaller(this.db, caller, async (tx) => (await tx.query<StoredObject>(query, [bucket.id, name])).rows).catch(rethrowDatabaseError);
    }
    const object = rows[0];
    if (!object) throw StorageError.objectNotFound();
    const path = this.filePath(bucket.id, name);
    const stats = await stat(path).catch(() => null);
    if (!stats) throw StorageError.objectNotFound();
    return { found: { object, path, size: stats.size }, file: fileIdentity(stats) };
  }

  /** Forgets the public objects read so far: called once a change to objects or buckets has committed. */
  private changed(): void {
    this.changes++;
    this.publicObjects.clear();
  }

  open(path: string, range?: { start: number; end: number }): Readable {
    return createReadStream(path, range);
  }

  /** The first bytes of a stored file, to check what it really is before serving it inline. */
  async head(path: string): Promise<Uint8Array> {
    const file = await openFile(path, "r");
    try {
      const buffer = Buffer.alloc(this.rules.sniffBytes);
      const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
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

  /** Refuses, before any byte is sent, an upload the caller's policies would refuse (signed upload URLs). */
  async checkUpload(caller: Caller, bucketId: string, rawName: string, upsert: boolean): Promise<void> {
    const bucket = await this.bucket(bucketId);
    await this.writeRow(caller, bucket.id, validateObjectName(rawName), upsert, placeholderMetadata(), { dryRun: true });
  }

  /** Which of `names` the caller may read (signed URLs are only handed out for those). */
  async readableNames(caller: Caller, bucketId: string, rawNames: string[]): Promise<Set<string>> {
    const bucket = await this.bucket(bucketId);
    const rows = await asCaller(this.db, caller, async (tx) =>
      (await tx.query<{ name: string }>("select name from storage.objects where bucket_id = $1 and name = any($2::text[])", [bucket.id, rawNames])).rows,
    ).catch(rethrowDatabaseError);
    return new Set(rows.map((row) => row.name));
  }

  /**
   * Objects under a prefix with full names, one page after a cursor (hosted's encoding); with a
   * delimiter, deeper names are folded into their folder (`name/`).
   */
  async listV2(caller: Caller, bucketId: string, options: ListV2Options): Promise<ListV2Result> {
    const bucket = await this.bucket(bucketId);
    const rows = await asCaller(this.db, caller, async (tx) =>
      (await tx.query<StoredObject>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and starts_with(name, $2)`, [bucket.id, options.prefix])).rows,
    ).catch(rethrowDatabaseError);
    const cursor = options.cursor ? decodeCursor(options.cursor) : null;
    const column = options.withDelimiter ? "name" : (cursor?.sortColumn ?? options.sortBy.column);
    const order = cursor?.sortOrder ?? options.sortBy.order;
    let entries: ListV2Entry[] = rows.map((row) => ({ ...row }));
    if (options.withDelimiter) {
      const folders = new Map<string, ListV2Entry>();
      const objects: ListV2Entry[] = [];
      for (const row of rows) {
        const slash = row.name.indexOf("/", options.prefix.length);
        if (slash < 0) objects.push({ ...row });
        else {
          const folder = row.name.slice(0, slash + 1);
          folders.set(folder, { id: null, name: folder, bucket_id: row.bucket_id });
        }
      }
      entries = [...folders.values(), ...objects];
    }
    const key = (entry: ListV2Entry) => (column === "name" ? "" : String(entry[column] ? new Date(entry[column]).toISOString() : ""));
    const direction = order === "desc" ? -1 : 1;
    entries.sort((a, b) => direction * (key(a).localeCompare(key(b)) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)));
    if (cursor) {
      entries = entries.filter((entry) => {
        const byKey = column === "name" ? 0 : key(entry).localeCompare(cursor.sortColumnAfter ?? "");
        const byName = entry.name < cursor.startAfter ? -1 : entry.name > cursor.startAfter ? 1 : 0;
        return direction * (byKey || byName) > 0;
      });
    }
    const page = entries.slice(0, options.limit);
    const hasNext = entries.length > options.limit;
    const last = page[page.length - 1];
    return {
      hasNext,
      nextCursor: hasNext && last ? encodeCursor({ startAfter: last.name, sortOrder: order, sortColumn: column, sortColumnAfter: column === "name" ? undefined : key(last) }) : undefined,
      nextCursorKey: hasNext && last ? last.name : undefined,
      folders: page.filter((entry) => entry.id === null),
      objects: page.filter((entry) => entry.id !== null),
    };
  }

  /** Renames an object as the caller (its update policy decides); the file follows in the same transaction. */
  async move(caller: Caller, bucketId: string, from: string, destinationBucketId: string, to: string): Promise<StoredObject> {
    const source = await this.bucket(bucketId);
    const destination = await this.bucket(destinationBucketId);
    validateObjectName(from);
    validateObjectName(to);
    const target = this.filePath(destination.id, to);
    await mkdir(dirname(target), { recursive: true });
    const moved = await asCaller(this.db, caller, async (tx) => {
      const { rows } = await tx.query<StoredObject>(
        `update storage.objects set bucket_id = $3, name = $4, updated_at = now() where bucket_id = $1 and name = $2 returning ${OBJECT_COLUMNS}`,
        [source.id, from, destination.id, to],
      );
      const row = rows[0];
      if (!row) throw StorageError.objectNotFound();
      // Only the rename, which commits or fails with the row, waits inside the transaction.
      await rename(this.filePath(source.id, from), target);
      return row;
    })
      .catch(rethrowDatabaseError)
      .finally(() => this.changed());
    await this.renderCache.removeFolder(this.renderedCopiesDir(source.id, from));
    return moved;
  }

  /** Copies an object the caller may read to a name the caller may write; the file is copied before the row commits. */
  async copy(caller: Caller, bucketId: string, from: string, destinationBucketId: string, to: string, upsert: boolean): Promise<StoredObject> {
    const { object, path } = await this.find(caller, bucketId, from);
    const destination = await this.bucket(destinationBucketId);
    const name = validateObjectName(to);
    const target = this.filePath(destination.id, name);
    await mkdir(dirname(target), { recursive: true });
    const staged = join(this.root, ".tmp", randomUUID());
    await mkdir(dirname(staged), { recursive: true });
    await copyFile(path, staged);
    try {
      return await this.writeRow(caller, destination.id, name, upsert, { ...object.metadata, lastModified: new Date().toUTCString() }, { beforeCommit: () => rename(staged, target) });
    } finally {
      await rm(staged, { force: true });
    }
  }

  /** Buckets as the caller sees them: hosted gives API roles no policy on `storage.buckets`, so only the service role. */
  async listBuckets(caller: Caller, options: BucketListOptions): Promise<BucketRow[]> {
    const rows = await asCaller(this.db, caller, async (tx) =>
      (
        await tx.query<BucketRow>(
          `select ${BUCKET_COLUMNS}, 'STANDARD' as type from storage.buckets where $1 = '' or name ilike '%' || $1 || '%'
            order by ${options.sortColumn} ${options.sortOrder === "desc" ? "desc" : "asc"}, id limit $2 offset $3`,
          [options.search, options.limit, options.offset],
        )
      ).rows,
    ).catch(rethrowDatabaseError);
    return rows.map(bucketRow);
  }

  async getBucket(caller: Caller, id: string): Promise<BucketRow> {
    validateBucketId(id);
    const [row] = await asCaller(this.db, caller, async (tx) => (await tx.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id])).rows).catch(
      rethrowDatabaseError,
    );
    if (!row) throw StorageError.bucketNotFound();
    return bucketRow(row);
  }

  async createBucket(caller: Caller, input: { id: string; name: string; public: boolean; fileSizeLimit: number | null; allowedMimeTypes: string[] | null }): Promise<void> {
    validateBucketId(input.id);
    const owner = typeof caller.claims.sub === "string" ? caller.claims.sub : null;
    await asCaller(this.db, caller, (tx) =>
      tx.query("insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types) values ($1, $2, $3::uuid, $3::text, $4, $5, $6)", [
        input.id,
        input.name,
        owner,
        input.public,
        input.fileSizeLimit,
        input.allowedMimeTypes,
      ]),
    ).catch(rethrowDatabaseError);
  }

  async updateBucket(caller: Caller, id: string, patch: { public?: boolean; fileSizeLimit?: number | null; allowedMimeTypes?: string[] | null }): Promise<void> {
    validateBucketId(id);
    const rows = await asCaller(this.db, caller, async (tx) =>
      (
        await tx.query(
          `update storage.buckets set public = coalesce($2, public),
                  file_size_limit = case when $3 then $4 else file_size_limit end,
                  allowed_mime_types = case when $5 then $6::text[] else allowed_mime_types end,
                  updated_at = now()
            where id = $1 returning id`,
          [id, patch.public ?? null, "fileSizeLimit" in patch, patch.fileSizeLimit ?? null, "allowedMimeTypes" in patch, patch.allowedMimeTypes ?? null],
        )
      ).rows,
    )
      .catch(rethrowDatabaseError)
      .finally(() => this.changed());
    if (rows.length === 0) throw StorageError.bucketNotFound();
  }

  /** Removes every object the caller may delete, rows and files. */
  async emptyBucket(caller: Caller, id: string): Promise<void> {
    const bucket = await this.getBucket(caller, id);
    const removed = await asCaller(this.db, caller, async (tx) =>
      (await tx.query<{ name: string }>("delete from storage.objects where bucket_id = $1 returning name", [bucket.id])).rows,
    )
      .catch(rethrowDatabaseError)
      .finally(() => this.changed());
    await Promise.all(removed.map((o) => this.removeFiles(bucket.id, o.name)));
  }

  /** Only an empty bucket is deleted (409 otherwise), as hosted does. */
  async deleteBucket(caller: Caller, id: string): Promise<void> {
    const bucket = await this.getBucket(caller, id);
    const { rows } = await this.db.query<{ n: number }>("select count(*)::int as n from storage.objects where bucket_id = $1", [bucket.id]);
    if (rows[0]!.n > 0) throw new StorageError(409, "ResourceNotEmpty", "The bucket you tried to delete is not empty");
    const deleted = await asCaller(this.db, caller, async (tx) => (await tx.query("delete from storage.buckets where id = $1 returning id", [bucket.id])).rows)
      .catch(rethrowDatabaseError)
      .finally(() => this.changed());
    if (deleted.length === 0) throw StorageError.bucketNotFound();
    await rm(join(this.root, bucket.id), { recursive: true, force: true });
  }

  private filePath(bucketId: string, name: string): string {
    return join(this.root, bucketId, ...name.split("/"));
  }

  private async removeFiles(bucketId: string, name: string): Promise<void> {
    await rm(this.filePath(bucketId, name), { force: true });
    await this.renderCache.removeFolder(this.renderedCopiesDir(bucketId, name));
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
    } finally {
      if (!options.dryRun) this.changed();
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

export interface ListV2Options {
  prefix: string;
  limit: number;
  cursor: string | null;
  withDelimiter: boolean;
  sortBy: { column: "name" | "created_at" | "updated_at"; order: "asc" | "desc" };
}

type ListV2Entry = Omit<Partial<StoredObject>, "id"> & { id: string | null; name: string; bucket_id: string };

interface ListV2Result {
  hasNext: boolean;
  nextCursor: string | undefined;
  nextCursorKey: string | undefined;
  folders: ListV2Entry[];
  objects: ListV2Entry[];
}

interface ListV2Cursor {
  startAfter: string;
  sortOrder?: "asc" | "desc";
  sortColumn?: "name" | "created_at" | "updated_at";
  sortColumnAfter?: string;
}

const CURSOR_PARTS = { l: "startAfter", o: "sortOrder", c: "sortColumn", a: "sortColumnAfter" } as const;

/** Hosted Storage's continuation token: `key:value` lines, base64. */
function encodeCursor(cursor: ListV2Cursor): string {
  const lines = Object.entries(CURSOR_PARTS).flatMap(([key, field]) => (cursor[field] ? [`${key}:${cursor[field]}`] : []));
  return Buffer.from(lines.join("\n")).toString("base64");
}

function decodeCursor(token: string): ListV2Cursor {
  const cursor: Record<string, string> = {};
  for (const line of Buffer.from(token, "base64").toString().split("\n")) {
    const field = CURSOR_PARTS[line.slice(0, 1) as keyof typeof CURSOR_PARTS];
    if (field && line[1] === ":") cursor[field] = line.slice(2);
  }
  if (!cursor.startAfter) throw new StorageError(400, "InvalidParameter", "Invalid Parameter cursor", "InvalidParameter");
  const sortColumn = ["name", "created_at", "updated_at"].includes(cursor.sortColumn ?? "") ? (cursor.sortColumn as ListV2Cursor["sortColumn"]) : undefined;
  return { startAfter: cursor.startAfter, sortOrder: cursor.sortOrder === "desc" ? "desc" : cursor.sortOrder === "asc" ? "asc" : undefined, sortColumn, sortColumnAfter: cursor.sortColumnAfter };
}

export interface BucketListOptions {
  limit: number | null;
  offset: number;
  search: string;
  sortColumn: "id" | "name" | "created_at" | "updated_at";
  sortOrder: "asc" | "desc";
}

interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: string;
  updated_at: string;
  type?: string;
}

const BUCKET_COLUMNS = "id, name, owner, public, file_size_limit, allowed_mime_types, created_at, updated_at";

function bucketRow(row: BucketRow): BucketRow {
  const iso = (value: string) => (value ? new Date(value).toISOString() : value);
  return { ...row, file_size_limit: row.file_size_limit === null ? null : Number(row.file_size_limit), created_at: iso(row.created_at), updated_at: iso(row.updated_at) };
}

interface ListEntry {
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

async function streamToFile(source: Readable, path: string, limit: number | null, declared: string, rules: StorageRules): Promise<{ size: number; md5: string }> {
  const hash = createHash("md5");
  let size = 0;
  let head: Buffer | null = Buffer.alloc(0);
  // The first bytes must be the declared format (not HTML or text labelled as PNG), checked before
  // the rest is read; a refused file leaves only the temporary file, which the caller removes.
  const checkHead = (): StorageError | null => {
    const refusal = rules.uploadRefusal(declared, head!);
    head = null;
    return refusal === null ? null : contentMismatch(refusal);
  };
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (limit !== null && size > limit) {
        done(tooLarge());
        return;
      }
      if (head !== null) {
        head = Buffer.concat([head, chunk]).subarray(0, rules.sniffBytes);
        const mismatch = head.length >= rules.sniffBytes ? checkHead() : null;
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
  const file = createWriteStream(path);
  try {
    await pipeline(source, meter, file);
  } catch (error) {
    await closed(file);
    if (error instanceof StorageError) {
      source.resume();
      throw error;
    }
    throw StorageError.invalidRequest("The upload was interrupted");
  }
  return { size, md5: hash.digest("hex") };
}

/**
 * Settles once a file written by a failed pipeline is closed. The pipeline fails as soon as a step
 * refuses the bytes, which can be before the file is even opened: removed before then, it would be
 * made again by the opening; and a write under way still lands.
 */
export function closed(file: WriteStream): Promise<void> {
  return new Promise((resolve) => (file.closed ? resolve() : file.once("close", () => resolve())));
}

/** A file whose bytes are not its declared type, answered as hosted Storage answers a refused type. */
export function contentMismatch(message: string): StorageError {
  return new StorageError(415, "invalid_mime_type", message, "InvalidMimeType");
}

function tooLarge(): StorageError {
  return new StorageError(413, "Payload too large", "The object exceeded the maximum allowed size", "EntityTooLarge");
}


/** Postgres decided: RLS refusals are 403, a taken name 409, anything else a 400 naming the cause. */
function rethrowDatabaseError(error: unknown): never {
  if (error instanceof StorageError) throw error;
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === "42501") throw new StorageError(403, "Unauthorized", "new row violates row-level security policy", "AccessDenied");
  if (code === "23505") throw new StorageError(409, "Duplicate", "The resource already exists", "ResourceAlreadyExists");
  throw new StorageError(400, "DatabaseError", message);
}
