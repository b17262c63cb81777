import { sendJson } from "../../../shared/http/http-util.ts";
import { StorageError } from "./objects.ts";
import type { ListV2Options, StorageService } from "./service.ts";
import { clampInt, header, readJsonBody, type StorageArea } from "./area.ts";

const V2_SORT_COLUMNS = new Set(["name", "created_at", "updated_at"]);

/** `/object/info/...`, `/object/list-v2/:bucket`, `/object/move` and `/object/copy`, as hosted Storage answers them. */
export function objectManagementRoutes(storage: StorageService): StorageArea {
  return async ({ req, res, method, segments, caller }) => {
    const [first, ...rest] = segments;
    if (first === "info" && method === "GET") {
      const access = rest[0] === "public" ? "public" : rest[0] === "authenticated" ? "authenticated" : null;
      const [bucketId, ...name] = access ? rest.slice(1) : rest;
      if (!bucketId || name.length === 0) return false;
      const { object } = await storage.find(access === "public" ? "public" : await caller(), bucketId, name.join("/"));
      return void sendJson(
        res,
        200,
        {
          id: object.id,
          name: object.name,
          version: null,
          bucket_id: object.bucket_id,
          size: object.metadata.size ?? null,
          content_type: object.metadata.mimetype ?? null,
          cache_control: object.metadata.cacheControl ?? null,
          etag: object.metadata.eTag ?? null,
          metadata: null,
          last_modified: new Date(object.updated_at).toISOString(),
          created_at: new Date(object.created_at).toISOString(),
        },
        { ETag: object.metadata.eTag, "Last-Modified": object.metadata.lastModified || new Date(object.updated_at).toUTCString() },
      );
    }
    if (first === "list-v2" && method === "POST" && rest.length === 1) {
      const body = ((await readJsonBody(req)) ?? {}) as Record<string, unknown>;
      const sortBy = (body.sortBy ?? {}) as Record<string, unknown>;
      const options: ListV2Options = {
        prefix: typeof body.prefix === "string" ? body.prefix : "",
        limit: clampInt(body.limit, 1000, 1, 1000),
        cursor: typeof body.cursor === "string" && body.cursor !== "" ? body.cursor : null,
        withDelimiter: body.with_delimiter === true,
        sortBy: {
          column: V2_SORT_COLUMNS.has(String(sortBy.column)) ? (sortBy.column as ListV2Options["sortBy"]["column"]) : "name",
          order: sortBy.order === "desc" ? "desc" : "asc",
        },
      };
      return void sendJson(res, 200, await storage.listV2(await caller(), rest[0]!, options));
    }
    if ((first === "move" || first === "copy") && method === "POST" && rest.length === 0) {
      const body = ((await readJsonBody(req)) ?? {}) as Record<string, unknown>;
      for (const field of ["bucketId", "sourceKey", "destinationKey"]) {
        if (typeof body[field] !== "string" || body[field] === "") throw StorageError.invalidRequest(`body must have required property '${field}'`);
      }
      const bucketId = body.bucketId as string;
      const destinationBucket = typeof body.destinationBucket === "string" && body.destinationBucket !== "" ? body.destinationBucket : bucketId;
      const who = await caller();
      if (first === "move") {
        const moved = await storage.move(who, bucketId, body.sourceKey as string, destinationBucket, body.destinationKey as string);
        return void sendJson(res, 200, { message: "Successfully moved", Id: moved.id, Key: moved.name });
      }
      const copied = await storage.copy(who, bucketId, body.sourceKey as string, destinationBucket, body.destinationKey as string, header(req, "x-upsert") === "true");
      return void sendJson(res, 200, { Id: copied.id, Key: `${destinationBucket}/${copied.name}`, ...copied });
    }
    return false;
  };
}
