import { spawn, type ChildProcess } from "node:child_process";
import { resolve } from "node:path";
import { createInterface } from "node:readline";

const ROOT = resolve(import.meta.dirname, "../..");

export interface BackendProcess {
  url: string;
  anonKey: string;
  serviceKey: string;
  child: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** The local API in a child process of its own, for restarts, kill -9 and memory measurements. */
export async function spawnBackend(dataDir: string, port = 0): Promise<BackendProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "supabase/local/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, API_PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let errors = "";
  child.stderr!.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const ready = await new Promise<{ url: string; anonKey: string; serviceKey: string }>((done, fail) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on("line", (line) => {
      if (line.startsWith("{")) done(JSON.parse(line));
    });
    child.once("exit", (code) => fail(new Error(`backend exited with ${code}: ${errors}`)));
  });
  return {
    ...ready,
    url: ready.url.replace("localhost", "127.0.0.1"),
    child,
    stop(signal = "SIGTERM") {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
      return new Promise((done) => {
        child.once("exit", (code) => done(code));
        child.kill(signal);
      });
    },
  };
}

/** Resident memory of a process in bytes (Linux). */
export async function residentBytes(pid: number): Promise<number> {
  const { readFile } = await import("node:fs/promises");
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}
