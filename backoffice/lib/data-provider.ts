import type { SupabaseClient } from "@supabase/supabase-js";
import { HttpError, type DataProvider, type GetListParams, type RaRecord } from "ra-core";
import { supabaseDataProvider } from "ra-supabase-core";
import type { ApiConfig } from "../../shared/api-config.ts";
import type { MediaAsset } from "../../shared/types.ts";
import { mediaPath, mediaPathFromUrl, uploadWithProgress, type ProgressListener } from "./upload.ts";

export const MEDIA_BUCKET = "assets";

/** How the data provider finds a resource's table and what its free-text search looks at. */
export interface ResourceRoute {
  name: string;
  table: string;
  searchFields?: readonly string[];
}

export type Direction = "up" | "down";

export interface AdminDataProvider extends DataProvider {
  /** A Postgres function through PostgREST, with errors as HttpError (status kept for checkError). */
  rpc<T = unknown>(fn: string, args: Record<string, unknown>): Promise<T>;
  /** Uploads a file to assets at media/{random}.{ext} and inserts its media_assets row. */
  uploadMedia(file: File, onProgress?: ProgressListener): Promise<MediaAsset>;
}

/** `q` (the search box) as a PostgREST or= of case-insensitive substring matches. */
function searchTerm(raw: unknown): string {
  return String(raw ?? "")
    .replace(/[,()"'\\*%:]/g, " ")
    .trim()
    .replace(/\s+/g, "*");
}

function withSearch(filter: Record<string, unknown> = {}, fields: readonly string[] | undefined): Record<string, unknown> {
  const { q, ...rest } = filter;
  const term = searchTerm(q);
  if (!term || !fields?.length) return rest;
  return { ...rest, "@or": Object.fromEntries(fields.map((field) => [`${field}@ilike`, term])) };
}

function asHttpError(error: { message: string; code?: string; details?: string | null; hint?: string | null }, status: number): HttpError {
  return new HttpError(error.message, status, error);
}

/**
 * ra-supabase's data provider (PostgREST through the shared client's session), with route names
 * mapped to tables (`blog` -> `blog_posts`), the search box as an ilike filter on the server, media
 * uploads and deletes through Storage, and RPCs.
 */
export function createDataProvider(client: SupabaseClient, api: ApiConfig, routes: readonly ResourceRoute[]): AdminDataProvider {
  const base = supabaseDataProvider({ instanceUrl: api.url, apiKey: api.anonKey, supabaseClient: client });
  const byName = new Map(routes.map((route) => [route.name, route]));
  const table = (resource: string) => byName.get(resource)?.table ?? resource;
  const searchFields = (resource: string) =>
    byName.get(resource)?.searchFields ?? routes.find((route) => route.table === resource)?.searchFields;

  async function rpc<T>(fn: string, args: Record<string, unknown>): Promise<T> {
    const { data, error, status } = await client.rpc(fn, args);
    if (error) throw asHttpError(error, status);
    return data as T;
  }

  async function accessToken(): Promise<string> {
    const { data } = await client.auth.getSession();
    if (!data.session) throw new HttpError("Not signed in", 401);
    return data.session.access_token;
  }

  const provider: AdminDataProvider = {
    ...base,
    getList: (resource, params: GetListParams) =>
      base.getList(table(resource), { ...params, filter: withSearch(params.filter, searchFields(resource)) }),
    getOne: (resource, params) => base.getOne(table(resource), params),
    getMany: (resource, params) => base.getMany(table(resource), params),
    getManyReference: (resource, params) =>
      base.getManyReference(table(resource), { ...params, filter: withSearch(params.filter, searchFields(resource)) }),
    create: (resource, params) => base.create(table(resource), params),
    update: (resource, params) => base.update(table(resource), params),
    updateMany: (resource, params) => base.updateMany(table(resource), params),
    async delete(resource, params) {
      if (table(resource) === "media_assets") {
        // Storage object first (media/{last URL segment}), then the row.
        const previous = (params.previousData ?? (await base.getOne("media_assets", { id: params.id })).data) as RaRecord & { url?: string };
        if (previous.url) {
          const { error } = await client.storage.from(MEDIA_BUCKET).remove([mediaPathFromUrl(previous.url)]);
          if (error) throw new HttpError(error.message, (error as { statusCode?: string | number }).statusCode ? Number((error as { statusCode?: string | number }).statusCode) : 500, error);
        }
      }
      return base.delete(table(resource), params);
    },
    deleteMany: (resource, params) => base.deleteMany(table(resource), params),
    rpc,
    async uploadMedia(file, onProgress) {
      const path = mediaPath(file);
      await uploadWithProgress({ api, bucket: MEDIA_BUCKET, path, accessToken: await accessToken() }, file, onProgress).catch((error: { message: string; status?: number }) => {
        throw new HttpError(error.message, error.status ?? 500, error);
      });
      const url = client.storage.from(MEDIA_BUCKET).getPublicUrl(path).data.publicUrl;
      const row = {
        url,
        filename: file.name,
        type: file.type.startsWith("video/") ? "video" : "image",
        size: file.size,
        metadata: { format: file.type },
      };
      try {
        const { data } = await base.create("media_assets", { data: row });
        return data as unknown as MediaAsset;
      } catch (error) {
        // The row was refused: do not leave an orphan file behind.
        await client.storage.from(MEDIA_BUCKET).remove([path]);
        throw error;
      }
    },
  };
  return provider;
}
