import { resolve } from "node:path";
import { onStopSignals } from "../server/stop-signals.ts";
import { startLocalBackend } from "../supabase/local/server.ts";
import { PRODUCT_CONFIG } from "./local-backend.ts";

/**
 * The local API alone (`npm run api`). Once it is ready it prints its URL and keys the way
 * `supabase status` does, so the web tier (`npm run serve`) or a tool can be pointed at it.
 */
const backend = await startLocalBackend({
  product: PRODUCT_CONFIG,
  port: Number(process.env.API_PORT ?? 54321),
  dataDir: resolve(process.env.DATA_DIR ?? ".local"),
  databaseUrl: process.env.DATABASE_URL || undefined,
  siteUrl: process.env.SITE_URL ?? `http://localhost:${process.env.PORT ?? 5173}`,
  smtpPort: Number(process.env.SMTP_PORT ?? 0),
  log: (line) => console.error(line),
});
// The stop is in place before the lines that tell whoever started us that it may signal us.
onStopSignals(() => backend.stop(), (line) => console.error(line));
console.log(`API URL: ${backend.url}\nanon key: ${backend.anonKey}\nservice_role key: ${backend.serviceKey}\nmailbox: ${backend.mailboxUrl}\nSMTP_URL: ${backend.smtpUrl}\n`);
