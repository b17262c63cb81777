import { freePort, spawnScript } from "./app-process.ts";

/**
 * How long a test's page render waits on a read, and the web tier's own writes on the API (in this
 * process, or through `npm run serve`'s settings in a process of its own): on a loaded machine the
 * product's defaults (3 s, 10 s) turn a cold page or a backend's first request into their designed
 * 503 (or an incomplete render), which server/page-cache.test.ts and the intake's own tests cover,
 * in tests about something else.
 */
export const LOADED_MACHINE_READ_TIMEOUT_MS = 60_000;

export interface WebProcess {
  url: string;
  stop(): Promise<void>;
}

/** `npm run serve` in a process of its own, configured by its environment only, as in production. */
export async function spawnWeb(env: Record<string, string>): Promise<WebProcess> {
  const port = await freePort();
  const loadedMachine = String(LOADED_MACHINE_READ_TIMEOUT_MS / 1000);
  const web = await spawnScript(
    "server/main.ts",
    { HOST: "127.0.0.1", PORT: String(port), SITE_URL: "https://rcrt.example", PAGE_READ_TIMEOUT_SECONDS: loadedMachine, API_WRITE_TIMEOUT_SECONDS: loadedMachine, ...env },
    "RCRT web server listening on",
    60_000,
  );
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

/**
 * What a reader gets once a change is due: the site promises that a change reaches every page within
 * `dueMs` of its write (`changedAt`, epoch ms: the row's `updated_at`, or when the write answered).
 * Reads before then may already show it, and then it is returned; otherwise the answer is that of a
 * read sent at or after the due moment. So a loaded machine that slows the reads down cannot fail the
 * check, and a change that arrives late always does.
 */
export async function answerWhenDue<T>(changedAt: number, dueMs: number, read: () => Promise<T>, accept: (value: T) => boolean): Promise<T> {
  const due = changedAt + dueMs;
  while (Date.now() < due) {
    const value = await read();
    if (accept(value)) return value;
    await new Promise((done) => setTimeout(done, 50));
  }
  return read();
}
