import { DIST_DIR } from "../../scripts/build.ts";
import { startWebServer, type WebServer, type WebServerOptions } from "../../server/web.ts";
import type { TestBackend } from "./backend.ts";

/**
 * How long a test's page render waits on a read, and the web tier's own writes on the API: on a
 * loaded machine the product's defaults (3 s, 10 s) turn a cold page or a backend's first request
 * into their designed 503 (or an incomplete render), which server/page-cache.test.ts and the
 * intake's own tests cover, in tests about something else.
 */
export const LOADED_MACHINE_READ_TIMEOUT_MS = 60_000;

/** The web tier in this process over a test backend: a free port, the production build, no log. */
export function startWebFor(backend: TestBackend, options: Partial<WebServerOptions> = {}): Promise<WebServer> {
  return startWebServer({
    port: 0,
    distDir: DIST_DIR,
    supabase: { url: backend.url, anonKey: backend.anonKey, serviceRoleKey: backend.serviceKey },
    siteUrl: "http://localhost:5173",
    log: () => {},
    readTimeoutMs: LOADED_MACHINE_READ_TIMEOUT_MS,
    apiTimeoutMs: LOADED_MACHINE_READ_TIMEOUT_MS,
    ...options,
  });
}
