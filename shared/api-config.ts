export interface ApiConfig {
  url: string;
  anonKey: string;
}

export const LOCAL_API_URL = "http://localhost:54321";

/**
 * Where the apps find the Supabase API: a production build carries VITE_SUPABASE_URL and
 * VITE_SUPABASE_ANON_KEY; a local build reads the meta tags the local server writes into each page
 * (so nobody copies the local key by hand), falling back to the default local API address.
 */
export function resolveApiConfig(
  env: { VITE_SUPABASE_URL?: string; VITE_SUPABASE_ANON_KEY?: string },
  readMeta: (name: string) => string | null,
): ApiConfig {
  return {
    url: env.VITE_SUPABASE_URL || readMeta("supabase-url") || LOCAL_API_URL,
    anonKey: env.VITE_SUPABASE_ANON_KEY || readMeta("supabase-anon-key") || "",
  };
}

/** The meta-tag reader for a browser page. */
export function metaReader(doc: Document): (name: string) => string | null {
  return (name) => doc.querySelector(`meta[name="${name}"]`)?.getAttribute("content") ?? null;
}
