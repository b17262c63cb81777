import { sendJson } from "../../../shared/http/http-util.ts";
import { StorageError } from "./objects.ts";
import type { BucketListOptions, StorageService } from "./service.ts";
import { readJsonBody, type StorageArea } from "./area.ts";

const SORT_COLUMNS = ["id", "name", "created_at", "updated_at"] as const;
/** The largest `limit` or `offset` a bucket listing takes (Postgres' integer), so no number reaches SQL out of range. */
const MAX_LIST_NUMBER = 2 ** 31 - 1;

/**
 * `/bucket`: list, get, create, update, empty and delete buckets, as the caller. Hosted Supabase gives
 * API roles no policy on `storage.buckets`, so the service role manages buckets and others see none.
 */
export function bucketRoutes(storage: StorageService): StorageArea {
  return async ({ req, res, url, method, segments, caller }) => {
    const [id, action, ...extra] = segments;
    if (extra.length > 0) return false;
    if (id === undefined || id === "") {
      if (method === "GET") return void sendJson(res, 200, await storage.listBuckets(await caller(), listOptions(url.searchParams)));
      if (method === "POST") {
        const body = await jsonObject(req);
        const name = body.name;
        if (typeof name !== "string") throw StorageError.invalidRequest("body must have required property 'name'");
        await storage.createBucket(await caller(), {
          id: typeof body.id === "string" && body.id !== "" ? body.id : name,
          name,
          public: body.public === true,
          fileSizeLimit: fileSizeLimit(body.file_size_limit),
          allowedMimeTypes: mimeTypes(body.allowed_mime_types),
        });
        return void sendJson(res, 200, { name });
      }
      return false;
    }
    if (action === "empty" && method === "POST") {
      await storage.emptyBucket(await caller(), id);
      return void sendJson(res, 200, { message: "Empty bucket has been queued. Completion may take up to an hour." });
    }
    if (action !== undefined) return false;
    if (method === "GET") return void sendJson(res, 200, await storage.getBucket(await caller(), id));
    if (method === "PUT") {
      const body = await jsonObject(req);
      const patch: Parameters<StorageService["updateBucket"]>[2] = {};
      if (typeof body.public === "boolean") patch.public = body.public;
      if ("file_size_limit" in body) patch.fileSizeLimit = fileSizeLimit(body.file_size_limit);
      if ("allowed_mime_types" in body) patch.allowedMimeTypes = mimeTypes(body.allowed_mime_types);
      if (Object.keys(patch).length === 0) throw StorageError.invalidRequest("body must have required property 'public'");
      await storage.updateBucket(await caller(), id, patch);
      return void sendJson(res, 200, { message: "Successfully updated" });
    }
    if (method === "DELETE") {
      await storage.deleteBucket(await caller(), id);
      return void sendJson(res, 200, { message: "Successfully deleted" });
    }
    return false;
  };
}

function listOptions(query: URLSearchParams): BucketListOptions {
  const integer = (name: string, min: number): number | null => {
    const value = query.get(name);
    if (value === null) return null;
    if (!/^\d+$/.test(value) || Number(value) < min) throw StorageError.invalidRequest(`querystring/${name} must be >= ${min}`);
    if (Number(value) > MAX_LIST_NUMBER) throw StorageError.invalidRequest(`querystring/${name} must be <= ${MAX_LIST_NUMBER}`);
    return Number(value);
  };
  const sortColumn = query.get("sortColumn") ?? "name";
  if (!(SORT_COLUMNS as readonly string[]).includes(sortColumn)) throw StorageError.invalidRequest("querystring/sortColumn must be equal to one of the allowed values");
  const sortOrder = query.get("sortOrder") ?? "asc";
  if (sortOrder !== "asc" && sortOrder !== "desc") throw StorageError.invalidRequest("querystring/sortOrder must be equal to one of the allowed values");
  return { limit: integer("limit", 1), offset: integer("offset", 0) ?? 0, search: query.get("search") ?? "", sortColumn: sortColumn as BucketListOptions["sortColumn"], sortOrder };
}

async function jsonObject(req: Parameters<typeof readJsonBody>[0]): Promise<Record<string, unknown>> {
  const body = await readJsonBody(req);
  if (!body || typeof body !== "object" || Array.isArray(body)) throw StorageError.invalidRequest("body must be object");
  return body as Record<string, unknown>;
}

/** A number of bytes, or a size such as `20MB` / `500KB` (hosted's units: powers of 1000). */
function fileSizeLimit(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return value;
  const match = typeof value === "string" ? /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(value) : null;
  if (!match) throw StorageError.invalidRequest("Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B");
  const units: Record<string, number> = { gb: 1e9, mb: 1e6, kb: 1e3, b: 1 };
  const bytes = Math.round(Number(parseFloat(match[1]!).toPrecision(3)) * units[match[2]!.toLowerCase()]!);
  if (!Number.isSafeInteger(bytes)) throw StorageError.invalidRequest("Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B");
  return bytes;
}

function mimeTypes(value: unknown): string[] | null {
  if (value === null || value === undefined) return null;
  if (!Array.isArray(value) || value.some((type) => typeof type !== "string")) throw StorageError.invalidRequest("body/allowed_mime_types must be array");
  return (value as string[]).filter((type) => type !== "");
}
