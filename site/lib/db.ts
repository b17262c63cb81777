import { PostgrestClient } from "@supabase/postgrest-js";
import { metaReader, resolveApiConfig } from "../../shared/api-config.ts";

const config = resolveApiConfig(import.meta.env, metaReader(document));

/** The site only reads published rows, so it carries PostgREST's client alone, not all of supabase-js. */
export const db = new PostgrestClient(`${config.url}/rest/v1`, {
  headers: { apikey: config.anonKey, Authorization: `Bearer ${config.anonKey}` },
});
