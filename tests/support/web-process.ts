import { freePort, spawnScript } from "./app-process.ts";

export interface WebProcess {
  url: string;
  stop(): Promise<void>;
}

/** `npm run serve` in a process of its own, configured by its environment only, as in production. */
export async function spawnWeb(env: Record<string, string>): Promise<WebProcess> {
  const port = await freePort();
  const web = await spawnScript("server/main.ts", { HOST: "127.0.0.1", PORT: String(port), SITE_URL: "https://rcrt.example", ...env }, "RCRT web server listening on", 60_000);
  return { url: `http://127.0.0.1:${port}`, stop: web.stop };
}

/**
 * Polls `read` until `accept` holds, and returns how long after the call it held. Fails after
 * `limitMs` with the last value seen.
 */
export async function timeUntil<T>(read: () => Promise<T>, accept: (value: T) => boolean, limitMs = 10_000): Promise<number> {
  const started = performance.now();
  let last: T | undefined;
  while (performance.now() - started < limitMs) {
    last = await read();
    if (accept(last)) return performance.now() - started;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`not within ${limitMs} ms; last seen: ${String(last).slice(0, 400)}`);
}
