import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { loadOrCreateKeys } from "../../supabase/local/keys.ts";
import { freePort } from "../../tests/support/app-process.ts";

const ROOT = resolve(import.meta.dirname, "../..");

export interface RestartRound {
  /** How the previous run ended, in the middle of writes. */
  stop: "SIGTERM" | "SIGKILL";
  /** From the signal to the process's exit. */
  stopSeconds: number;
  /** From the new process's spawn to the local API's readiness (its database open, migrations checked). */
  apiSeconds: number;
  /** From the new process's spawn to "Press Ctrl-C to stop." (every page rendered into the cache). */
  startSeconds: number;
  /** Lines the restarted process logged about reads that failed or timed out while it started. */
  complaints: string[];
}

export interface RestartBenchResult {
  engine: "embedded" | "postgres";
  rounds: RestartRound[];
}

interface Running {
  child: ChildProcess;
  apiUrl: string;
  output: () => string;
  apiSeconds: number;
  startSeconds: number;
}

async function startApp(dataDir: string, databaseUrl: string | undefined): Promise<Running> {
  const [port, apiPort] = [await freePort(), await freePort()];
  const started = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), API_PORT: String(apiPort), DATA_DIR: dataDir, ANALYTICS: "off", ...(databaseUrl && { DATABASE_URL: databaseUrl }) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let apiSeconds = 0;
  await new Promise<void>((ready, fail) => {
    const watch = (chunk: Buffer) => {
      output += chunk.toString();
      // The API prints where its mailbox is once it serves.
      if (!apiSeconds && output.includes("reset mails are kept at")) apiSeconds = (performance.now() - started) / 1000;
      if (output.includes("Press Ctrl-C to stop.")) ready();
    };
    child.stdout!.on("data", watch);
    child.stderr!.on("data", watch);
    child.once("exit", (code) => fail(new Error(`npm start exited with ${code}:\n${output}`)));
  });
  return { child, apiUrl: `http://127.0.0.1:${apiPort}`, output: () => output, apiSeconds, startSeconds: (performance.now() - started) / 1000 };
}

/** Inserts rows one after another with the service role until `stopped` says so. */
async function writeUntil(apiUrl: string, serviceKey: string, stopped: () => boolean): Promise<void> {
  for (let i = 0; !stopped(); i++) {
    await fetch(`${apiUrl}/rest/v1/press_quotes`, {
      method: "POST",
      headers: { apikey: serviceKey, Authorization: `Bearer ${serviceKey}`, "Content-Type": "application/json", Prefer: "return=minimal" },
      body: JSON.stringify({ quote: "Written while the instance stops.", source: `Restart bench ${i}` }),
    }).catch(() => undefined);
  }
}

/**
 * `npm start` on one data directory, stopped in the middle of writes by SIGTERM or kill -9 in turn,
 * and started again: how long each stop took and each start after it, side by side.
 */
export async function benchRestarts(options: { rounds?: number; databaseUrl?: string } = {}): Promise<RestartBenchResult> {
  const dataDir = mkdtempSync(join(tmpdir(), "rcrt-bench-restarts-"));
  const rounds: RestartRound[] = [];
  let app = await startApp(dataDir, options.databaseUrl);
  try {
    const { serviceKey } = await loadOrCreateKeys(dataDir);
    for (let round = 0; round < (options.rounds ?? 4) * 2; round++) {
      // In the order kill, stop, stop, kill, ...: every round starts on more rows and a busy machine
      // drifts, and this order gives each kind the same mean position, so a drift favours neither.
      const stop = round % 4 === 0 || round % 4 === 3 ? "SIGKILL" : "SIGTERM";
      let stopped = false;
      const writers = Array.from({ length: 4 }, () => writeUntil(app.apiUrl, serviceKey, () => stopped));
      await new Promise((done) => setTimeout(done, 2000));
      const exited = new Promise((done) => app.child.once("exit", done));
      const signalled = performance.now();
      app.child.kill(stop);
      await exited;
      const stopSeconds = (performance.now() - signalled) / 1000;
      stopped = true;
      await Promise.all(writers);
      app = await startApp(dataDir, options.databaseUrl);
      await new Promise((done) => setTimeout(done, 500));
      const complaints = app
        .output()
        .split("\n")
        .filter((line) => /unreadable|timed? ?out|failed/i.test(line));
      rounds.push({ stop, stopSeconds: Number(stopSeconds.toFixed(2)), apiSeconds: Number(app.apiSeconds.toFixed(2)), startSeconds: Number(app.startSeconds.toFixed(2)), complaints });
    }
  } finally {
    const exited = new Promise((done) => app.child.once("exit", done));
    app.child.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { engine: options.databaseUrl ? "postgres" : "embedded", rounds };
}
