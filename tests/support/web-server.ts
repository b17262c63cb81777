import { DIST_DIR } from "../../scripts/build.ts";
import { startWebServer, type WebServer, type WebServerOptions } from "../../server/web.ts";
import type { TestBackend } from "./backend.ts";
import { LOADED_MACHINE_READ_TIMEOUT_MS } from "./web-process.ts";

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
