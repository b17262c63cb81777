import { DIST_DIR } from "../../scripts/build.ts";
import { startWebServer, type WebServer, type WebServerOptions } from "../../server/web.ts";
import type { TestBackend } from "./backend.ts";

/**
 * The web tier in this process over a test backend: a free port, the production build, no log. A
 * page's reads may take a minute: on a loaded machine the default 3 s would turn a cold page into its
 * designed 503, which server/page-cache.test.ts covers, in tests about something else.
 */
export function startWebFor(backend: TestBackend, options: Partial<WebServerOptions> = {}): Promise<WebServer> {
  return startWebServer({
    port: 0,
    distDir: DIST_DIR,
    supabase: { url: backend.url, anonKey: backend.anonKey, serviceRoleKey: backend.serviceKey },
    siteUrl: "http://localhost:5173",
    log: () => {},
    readTimeoutMs: 60_000,
    ...options,
  });
}
