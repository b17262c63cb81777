import { resolve } from "node:path";
import { readWebConfig } from "./config.ts";
import { onStopSignals } from "./stop-signals.ts";
import { startWebServer } from "./web.ts";

/**
 * `npm run serve`: the web tier alone, for production, against any Supabase project (hosted, or
 * the local API started by `npm run api`). Settings come from the environment (server/config.ts).
 */
const result = readWebConfig(process.env, resolve(import.meta.dirname, ".."));
if (!result.ok) {
  console.error(`The web server cannot start:\n${result.problems.map((problem) => `  - ${problem}`).join("\n")}`);
  process.exit(1);
}
const { config } = result;
try {
  const web = await startWebServer({
    port: config.port,
    host: config.host,
    distDir: config.distDir,
    supabase: { url: config.supabaseUrl, anonKey: config.anonKey, serviceRoleKey: config.serviceRoleKey },
    siteUrl: config.siteUrl,
    trustProxy: config.trustProxy,
    formLimit: config.formLimit,
    maxStaleMs: config.maxStaleMs,
    audience: config.audience,
    stopTimes: config.stopTimes,
    readTimeoutMs: config.readTimeoutMs,
    apiTimeoutMs: config.apiTimeoutMs,
  });
  // The stop is in place before the line that tells a supervisor (or a test) it may signal us.
  onStopSignals(() => web.stop());
  console.log(`RCRT web server listening on http://${config.host}:${web.port} (site ${config.siteUrl}, API ${config.supabaseUrl})`);
} catch (error) {
  console.error(`The web server cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
