import { PostgrestClient } from "@supabase/postgrest-js";
import { metaReader, resolveApiConfig, type ApiConfig } from "../../shared/api-config.ts";

/** The site only reads published rows, so it carries PostgREST's client alone, not all of supabase-js. */
export function createDb(config: ApiConfig, options: { fetch?: typeof fetch; retry?: boolean } = {}): PostgrestClient {
  return new PostgrestClient(`${config.url}/rest/v1`, {
    headers: { apikey: config.anonKey, Authorization: `Bearer ${config.anonKey}` },
    // By default the global fetch at call time (not at creation), so a test's or a polyfill's fetch is used.
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    retry: options.retry ?? true,
  });
}

let client: PostgrestClient | null = null;

/** The shared client, made on first use from the build's settings or the page's meta tags. */
export function db(): PostgrestClient {
  client ??= createDb(resolveApiConfig(import.meta.env, metaReader(document)));
  return client;
}
