import { resolve } from "node:path";
import { startBackendProcess } from "../supabase/local/process.ts";
import { readWebSettings } from "../server/config.ts";
import { onStopSignals } from "../server/stop-signals.ts";
import { startWebServer } from "../server/web.ts";
import { DIST_DIR, ensureBuild } from "./build.ts";

const ROOT = resolve(import.meta.dirname, "..");
const development = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 5173);
const apiPort = Number(process.env.API_PORT ?? 54321);
const dataDir = resolve(ROOT, process.env.DATA_DIR ?? ".local");
const siteUrl = process.env.SITE_URL ?? `http://localhost:${port}`;
// The web tier's settings that make sense locally, read as `npm run serve` reads them.
const settings = readWebSettings(process.env);
if (!settings.ok) {
  console.error(`RCRT cannot start:\n${settings.problems.map((problem) => `  - ${problem}`).join("\n")}`);
  process.exit(1);
}

// The local API and its database in a process of their own (scripts/local-backend-process.ts): a
// crowd of API requests never waits in line with the pages, nor the pages with it.
const backend = await startBackendProcess({
  entry: resolve(import.meta.dirname, "local-backend-process.ts"),
  settings: { port: apiPort, dataDir, siteUrl, databaseUrl: process.env.DATABASE_URL || undefined, stopDeadlineMs: settings.config.stopTimes.deadlineMs },
});
if (!development) await ensureBuild();
const vite = development
  ? await (await import("vite")).createServer({ root: ROOT, configFile: resolve(ROOT, "vite.config.ts"), server: { middlewareMode: true, hmr: { port: port + 10000 } }, appType: "custom" })
  : undefined;
// The same web tier as `npm run serve`, pointed at the local API over HTTP.
const web = await startWebServer({
  port,
  distDir: DIST_DIR,
  vite,
  supabase: { url: backend.url, anonKey: backend.anonKey, serviceRoleKey: backend.serviceKey },
  siteUrl,
  ...settings.config,
  // Locally the web tier's mails (newsletters, their confirmations) land in the mailbox too.
  newsletters: { smtpUrl: process.env.SMTP_URL || backend.smtpUrl },
});
await web.warmed;

// The web tier drains first: requests in flight may still need the API. In place before the banner,
// which tells whoever started us (a terminal, a supervisor, a test) that a signal now stops us in order.
onStopSignals(async () => {
  // Both leave their load balancers' rotation at the signal; the API serves on while the web tier drains.
  backend.leave();
  await web.stop();
  await vite?.close();
  await backend.stop();
});

console.log(`
RCRT is running${development ? " (development, hot reload)" : ""}:
  Site         ${siteUrl}
  Back office  ${siteUrl}/admin
  Local API    ${backend.url}  (process ${backend.pid()}, restarted if it stops)
  Mails        ${backend.mailboxUrl}  (password resets, invitations, newsletters)
  Data         ${process.env.DATABASE_URL ? `PostgreSQL at DATABASE_URL; stored files in ${dataDir}` : dataDir}

Seeded accounts (local only):
  admin@example.com  / Admin12345   administrator
  editor@example.com / Editor12345  editor
  user@example.com   / User12345    signed in, not a member of the team

Press Ctrl-C to stop.`);

