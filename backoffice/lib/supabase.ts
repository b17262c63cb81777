import { createClient } from "@supabase/supabase-js";
import { metaReader, resolveApiConfig } from "../../shared/api-config.ts";

export const apiConfig = resolveApiConfig(import.meta.env, metaReader(document));

/** One client for the whole back office; URL session detection picks up password-reset links. */
export const supabase = createClient(apiConfig.url, apiConfig.anonKey, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
});
