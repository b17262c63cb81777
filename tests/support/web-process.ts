import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { freePort } from "./app-process.ts";

const ROOT = resolve(import.meta.dirname, "../..");

export interface WebProcess {
  url: string;
  stop(): Promise<void>;
}

/** `npm run serve` in a process of its own, configured by its environment only, as in production. */
export async function spawnWeb(env: Record<string, string>): Promise<WebProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), SITE_URL: "https://rcrt.example", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`npm run serve did not come up:\n${output}`)), 60_000);
    const watch = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("RCRT web server listening on")) {
        clearTimeout(timer);
        ready();
      }
    };
    child.stdout!.on("data", watch);
    child.stderr!.on("data", watch);
    child.once("exit", (code) => {
      clearTimeout(timer);
      fail(new Error(`npm run serve exited with ${code}:\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((done) => child.once("exit", done));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    },
  };
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
