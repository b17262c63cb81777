import { resolve } from "node:path";
import { startLocalBackend } from "./server.ts";

/**
 * The local API alone (`npm run api`), for tools and tests that want it in a process of its own.
 * Prints one JSON line with its URL and keys once it is ready.
 */
const backend = await startLocalBackend({
  port: Number(process.env.API_PORT ?? 54321),
  dataDir: resolve(process.env.DATA_DIR ?? ".local"),
  siteUrl: `http://localhost:${process.env.PORT ?? 5173}`,
  log: (line) => console.error(line),
});
console.log(JSON.stringify({ ready: true, url: backend.url, anonKey: backend.anonKey, serviceKey: backend.serviceKey, pid: process.pid }));

const stop = async () => {
  await backend.stop();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
