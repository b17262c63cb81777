import type { SupabaseClient } from "@supabase/supabase-js";
import { HttpError, withLifecycleCallbacks, type CreateParams, type DataProvider, type GetListParams, type Identifier, type RaRecord, type ResourceCallbacks, type UpdateParams } from "ra-core";
import { supabaseDataProvider, supabaseHttpClient } from "ra-supabase-core";
import type { ApiConfig } from "../../shared/api-config.ts";
import type { MediaAsset } from "../../shared/content-types/media.ts";
import { storedAssetUrl } from "../../shared/images.ts";
import { translatableColumns } from "../../shared/translations.ts";
import { connectionFailureIn, guardRequest } from "./connection.ts";
import { withFieldErrors } from "./constraint-errors.ts";
import { isVersioned, staleError, versionOf, withNextVersion } from "./row-versions.ts";
import { needingTranslation, NEEDS_TRANSLATION_FILTER, packedTranslation, TRANSLATIONS_RESOURCE, TRANSLATIONS_TABLE, unpackedTranslation, type StoredTranslation, type TranslationStatus } from "./translations.ts";
import { mediaPath, mediaPathFromUrl, uploadFile, type ProgressListener } from "./upload.ts";

export const MEDIA_BUCKET = "assets";
const MEDIA_TABLE = "media_assets";

/** How the data provider finds a resource's table, what its search looks at, and what it calls a row. */
export interface ResourceRoute {
  name: string;
  table: string;
  searchFields?: readonly string[];
  /** "post": for messages such as "This slug is already used by another post". */
  noun?: string;
  /**
   * Publishing through an RPC instead of a write of `published` (the whitepaper's, which keeps one
   * version published): an `update` of `{ published }` alone calls it with the row as the admin saw
   * it (its version goes with it) and answers the row it returns.
   */
  publish?(dataProvider: AdminDataProvider, record: RaRecord, published: boolean): Promise<RaRecord>;
}

export type Direction = "up" | "down";

/** What a media upload is given: `create("media", { data: { file }, meta: { onProgress } })`. */
export interface MediaUpload {
  file: File;
}

/**
 * What replacing an asset's file is given: `update("media", { id, data: { file }, previousData, meta: { onProgress } })`.
 * The new file takes the old one's place in Storage (same URL, so every page using it shows the new
 * one); the row keeps its URL and takes the new file's name, size and type.
 */
export interface MediaReplacement {
  file: File;
}

export const REPLACE_ERRORS = {
  otherKind: (type: MediaAsset["type"]) => (type === "image" ? "Replace an image with another image" : "Replace a video with another video"),
  notInLibrary: "Only files uploaded to the media library can be replaced",
} as const;

export interface AdminDataProvider extends DataProvider {
  /** A Postgres function through PostgREST, with errors as HttpError (the status kept). */
  rpc<T = unknown>(fn: string, args: Record<string, unknown>): Promise<T>;
  /**
   * A Postgres function called as the page goes away (`pagehide`): a keepalive request with the
   * session's token, sent at once, which the browser completes after the page is gone. Its answer
   * is not read.
   */
  rpcKeepalive(fn: string, args: Record<string, unknown>): Promise<void>;
}

/** An update that only publishes or unpublishes the row (PublishToggle, bulk publish, Publish immediately). */
function isPublishToggle(params: UpdateParams): boolean {
  const fields = Object.keys(params.data ?? {});
  return fields.length === 1 && fields[0] === "published" && params.previousData !== undefined;
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

function storageError(error: { message: string; statusCode?: string | number; status?: number }): HttpError {
  return new HttpError(error.message, Number(error.statusCode ?? error.status ?? 500) || 500, error);
}

/**
 * The side effects of writing media_assets rows, as react-admin lifecycle callbacks: a new asset is
 * its file uploaded to Storage first (media/{random}.{ext}, with progress), then its row; deleting
 * assets removes their Storage objects first, then the rows.
 */
function mediaCallbacks(client: SupabaseClient, api: ApiConfig): ResourceCallbacks<MediaAsset & { id: Identifier }> {
  const bucket = () => client.storage.from(MEDIA_BUCKET);
  const upload = (target: { path: string; upsert: boolean; accessToken: string }, file: Blob, onProgress?: ProgressListener) =>
    uploadFile({ api, bucket: MEDIA_BUCKET, ...target }, file, onProgress).catch((error: { message: string; status?: number }) => {
      throw new HttpError(error.message, error.status || 500, error);
    });
  const removeObjects = async (urls: string[]) => {
    if (urls.length === 0) return;
    const { error } = await bucket().remove(urls.map(mediaPathFromUrl));
    if (error) throw storageError(error);
  };
  return {
    resource: MEDIA_TABLE,
    async beforeCreate(params: CreateParams) {
      const { file } = params.data as MediaUpload;
      const onProgress = params.meta?.onProgress as ProgressListener | undefined;
      const { data } = await client.auth.getSession();
      if (!data.session) throw new HttpError("Not signed in", 401);
      const path = mediaPath(file);
      await upload({ path, upsert: false, accessToken: data.session.access_token }, file, onProgress);
      return {
        ...params,
        data: {
          // Stored host-relative: the same content serves under any API host (see shared/images.ts).
          url: storedAssetUrl(bucket().getPublicUrl(path).data.publicUrl),
          filename: file.name,
          type: mediaKind(file),
          size: file.size,
          metadata: { format: file.type },
        },
      };
    },
    async beforeUpdate(params, dataProvider) {
      const { file } = params.data as Partial<MediaReplacement>;
      if (!(file instanceof Blob)) return params;
      const current = (await dataProvider.getOne(MEDIA_TABLE, { id: params.id })).data;
      const previous = params.previousData ?? current;
      // The row's update would be refused as stale: refuse before the file in Storage is overwritten.
      if (versionOf(previous) !== versionOf(current)) throw staleError(current);
      if (mediaKind(file) !== previous.type) throw new HttpError(REPLACE_ERRORS.otherKind(previous.type), 400);
      const path = mediaPathFromUrl(previous.url);
      if (storedAssetUrl(bucket().getPublicUrl(path).data.publicUrl) !== storedAssetUrl(previous.url)) throw new HttpError(REPLACE_ERRORS.notInLibrary, 400);
      const { data } = await client.auth.getSession();
      if (!data.session) throw new HttpError("Not signed in", 401);
      await upload({ path, upsert: true, accessToken: data.session.access_token }, file, params.meta?.onProgress as ProgressListener | undefined);
      return {
        ...params,
        // replaced_at lets screens that showed the old file ask for the new one past the browser's cache.
        data: { filename: file.name, size: file.size, metadata: { ...previous.metadata, format: file.type, replaced_at: new Date().toISOString() } },
      };
    },
    async beforeDelete(params, dataProvider) {
      const previous = params.previousData ?? (await dataProvider.getOne(MEDIA_TABLE, { id: params.id })).data;
      await removeObjects(previous.url ? [previous.url] : []);
      return params;
    },
    async beforeDeleteMany(params, dataProvider) {
      const { data } = await dataProvider.getMany(MEDIA_TABLE, { ids: params.ids });
      await removeObjects(data.map((asset) => asset.url).filter(Boolean));
      return params;
    },
  };
}

function mediaKind(file: Blob): MediaAsset["type"] {
  return file.type.startsWith("video/") ? "video" : "image";
}

/**
 * ra-supabase's data provider (PostgREST through the shared client's session) with the media
 * lifecycle callbacks, route names mapped to tables (`blog` -> `blog_posts`), the search box as an
 * ilike filter on the server, constraint violations as form field errors, a route's publish RPC
 * behind its updates of `published`, and RPCs.
 */
export function createDataProvider(client: SupabaseClient, api: ApiConfig, routes: readonly ResourceRoute[]): AdminDataProvider {
  // ra-supabase reads and writes with the global fetch, not the client's: its requests get the same
  // offline and timeout guard here (the request's options reach fetch, the signal with them).
  const http = supabaseHttpClient({ apiKey: api.anonKey, supabaseClient: client });
  const httpClient: typeof http = (url, options = {}) => guardRequest((signal) => http(url, { ...options, signal }), options.signal);
  const postgrest = supabaseDataProvider({ instanceUrl: api.url, apiKey: api.anonKey, supabaseClient: client, httpClient });
  // Under the lifecycle callbacks, so that an update they rewrite (a media file replaced) keeps its version.
  const versioned: DataProvider = {
    ...postgrest,
    update: (table, params) => postgrest.update(table, isVersioned(table) ? { ...params, data: withNextVersion(params.data, params.previousData) } : params),
  };
  const base = withLifecycleCallbacks(versioned, [mediaCallbacks(client, api)]);
  // Read when the page goes away, when there is no time to ask the client for it.
  let accessToken: string | undefined;
  client.auth.onAuthStateChange((_event, session) => {
    accessToken = session?.access_token;
  });
  const byName = new Map([...routes, { name: TRANSLATIONS_RESOURCE, table: TRANSLATIONS_TABLE }].map((route) => [route.name, route]));
  const route = (resource: string) => byName.get(resource) ?? routes.find((candidate) => candidate.table === resource);
  const table = (resource: string) => byName.get(resource)?.table ?? resource;
  const searchFields = (resource: string) => route(resource)?.searchFields;
  const noun = (resource: string) => route(resource)?.noun ?? "item";

  /** A write refused on a constraint becomes errors on the form's fields. */
  const write = <T>(resource: string, data: object, run: () => Promise<T>): Promise<T> =>
    run().catch((error: unknown) => {
      throw withFieldErrors(error, table(resource), noun(resource), Object.keys(data));
    });

  /**
   * A translation's write: refused on one of its record's table's checks (which the translations
   * table applies to each field), it names that table's constraint, and becomes the same errors on
   * the same fields as a refusal of the record's own save.
   */
  const writeTranslation = async (data: Record<string, unknown>, previous: Record<string, unknown> | undefined, run: (packed: Record<string, unknown>) => Promise<{ data: RaRecord }>) => {
    const parent = String(data.source_table ?? previous?.source_table ?? "");
    // Every translatable column may be named, a field never typed in among them (publishing an incomplete translation).
    const fields = [...new Set([...Object.keys(data), ...translatableColumns(parent)])];
    const { data: row } = await run(packedTranslation(data, previous)).catch((error: unknown) => {
      throw withFieldErrors(error, parent, noun(parent), fields);
    });
    return { data: unpackedTranslation(row as StoredTranslation) as never };
  };

  /** The "Needs translation in <language>" filter as the ids translation_status() finds missing or outdated. */
  const withTranslationFilter = async (resource: string, filter: Record<string, unknown> = {}): Promise<Record<string, unknown>> => {
    const { [NEEDS_TRANSLATION_FILTER]: language, ...rest } = filter;
    if (!language) return rest;
    const statuses = await provider.rpc<TranslationStatus[]>("translation_status", { source_table: table(resource), language });
    return { ...rest, "id@in": `(${needingTranslation(statuses).join(",")})` };
  };

  const provider: AdminDataProvider = {
    ...base,
    async getList(resource, params: GetListParams) {
      const filter = withSearch(await withTranslationFilter(resource, params.filter), searchFields(resource));
      const answer = await base.getList(table(resource), { ...params, filter });
      return resource === TRANSLATIONS_RESOURCE ? { ...answer, data: answer.data.map((row) => unpackedTranslation(row as StoredTranslation) as never) } : answer;
    },
    getOne: (resource, params) =>
      resource === TRANSLATIONS_RESOURCE
        ? base.getOne(TRANSLATIONS_TABLE, params).then(({ data }) => ({ data: unpackedTranslation(data as unknown as StoredTranslation) as never }))
        : base.getOne(table(resource), params),
    getMany: (resource, params) => base.getMany(table(resource), params),
    getManyReference: (resource, params) =>
      base.getManyReference(table(resource), { ...params, filter: withSearch(params.filter, searchFields(resource)) }),
    create: (resource, params) =>
      resource === TRANSLATIONS_RESOURCE
        ? writeTranslation(params.data, undefined, (data) => base.create(TRANSLATIONS_TABLE, { ...params, data }))
        : write(resource, params.data, () => base.create(table(resource), params)),
    update: (resource, params) => {
      if (resource === TRANSLATIONS_RESOURCE) return writeTranslation(params.data, params.previousData, (data) => base.update(TRANSLATIONS_TABLE, { ...params, data }));
      const publish = route(resource)?.publish;
      if (publish && isPublishToggle(params)) return publish(provider, params.previousData, Boolean(params.data.published)).then((data) => ({ data: data as never }));
      return write(resource, params.data, () => base.update(table(resource), params));
    },
    updateMany: (resource, params) => write(resource, params.data, () => base.updateMany(table(resource), params)),
    delete: (resource, params) => base.delete(table(resource), params),
    deleteMany: (resource, params) => base.deleteMany(table(resource), params),
    async rpc<T>(fn: string, args: Record<string, unknown>): Promise<T> {
      const { data, error, status } = await client.rpc(fn, args);
      if (error) throw connectionFailureIn(error.message) ?? new HttpError(error.message, status, error);
      return data as T;
    },
    async rpcKeepalive(fn: string, args: Record<string, unknown>): Promise<void> {
      if (!accessToken) return;
      await fetch(`${api.url}/rest/v1/rpc/${fn}`, {
        method: "POST",
        keepalive: true,
        headers: { "Content-Type": "application/json", apikey: api.anonKey, Authorization: `Bearer ${accessToken}` },
        body: JSON.stringify(args),
      }).catch(() => {
        // The page is gone: nobody is left to tell, and the lease expires by itself.
      });
    },
  };
  return provider;
}
