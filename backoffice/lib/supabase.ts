import { createClient } from "@supabase/supabase-js";
import { metaReader, resolveApiConfig } from "../../shared/api-config.ts";
import { guardedFetch } from "./connection.ts";

export const apiConfig = resolveApiConfig(import.meta.env, metaReader(document));

/**
 * One client for the whole back office; URL session detection picks up password-reset links. Its
 * requests fail at once offline and after a timeout without an answer (connection.ts).
 */
export const supabase = createClient(apiConfig.url, apiConfig.anonKey, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
  global: { fetch: guardedFetch() },
});
