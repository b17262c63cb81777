import { DIST_DIR } from "../../scripts/build.ts";
import { startWebServer, type WebServer, type WebServerOptions } from "../../server/web.ts";
import type { TestBackend } from "./backend.ts";

/** The web tier in this process over a test backend: a free port, the production build, no log. */
export function startWebFor(backend: TestBackend, options: Partial<WebServerOptions> = {}): Promise<WebServer> {
  return startWebServer({
    port: 0,
    distDir: DIST_DIR,
    supabase: { url: backend.url, anonKey: backend.anonKey, serviceRoleKey: backend.serviceKey },
    siteUrl: "http://localhost:5173",
    log: () => {},
    ...options,
  });
}
