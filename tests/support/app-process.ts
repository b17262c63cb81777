import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadOrCreateKeys } from "../../supabase/local/keys.ts";
import { projectScript } from "./child-processes.ts";


export interface AppProcess {
  webUrl: string;
  apiUrl: string;
  /** The dev mailbox with the local-only token the API prints at start. */
  mailboxUrl: string;
  /** The API's service-role key, for tests that arrange and restore shared data. */
  serviceKey: string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** A project script in a process of its own, once it has printed `readyText`. */
export async function spawnScript(
  script: string,
  env: Record<string, string>,
  readyText: string,
  timeoutMs: number,
): Promise<{ output: string; stop(): Promise<void> }> {
  const child = projectScript(script, { ...process.env, ...env });
  let output = "";
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`${script} did not come up:\n${output}`)), timeoutMs);
    const watch = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(readyText)) {
        clearTimeout(timer);
        ready();
      }
    };
    child.stdout!.on("data", watch);
    child.stderr!.on("data", watch);
    child.once("exit", (code) => {
      clearTimeout(timer);
      fail(new Error(`${script} exited with ${code}:\n${output}`));
    });
  });
  // A process that ends while still in use fails every request made of it after; what it printed says why.
  let stopping = false;
  child.once("exit", (code, signal) => {
    if (!stopping) console.error(`${script} exited while in use (${signal ?? `code ${code}`}); its last output:\n${output.slice(-8000)}`);
  });
  return {
    output,
    async stop() {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((done) => child.once("exit", done));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    },
  };
}

/**
 * What `npm start` runs (the production build, the web server and the local API) on free ports over
 * a temporary data directory, removed on stop; with `databaseUrl`, on that PostgreSQL database; `env`
 * adds settings (such as DIST_DIR and VITE_* for a build of its own). The build must exist (see scripts/build.ts).
 */
export async function startApp(options: { databaseUrl?: string; env?: Record<string, string> } = {}): Promise<AppProcess> {
  const [port, apiPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(join(tmpdir(), "rcrt-app-"));
  const env = { ...options.env, PORT: String(port), API_PORT: String(apiPort), DATA_DIR: dataDir, ...(options.databaseUrl && { DATABASE_URL: options.databaseUrl }) };
  const app = await spawnScript("scripts/start.ts", env, "Press Ctrl-C to stop.", 120_000).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  return {
    webUrl: `http://localhost:${port}`,
    apiUrl: `http://localhost:${apiPort}`,
    mailboxUrl: /reset mails are kept at (\S+)/.exec(app.output)?.[1] ?? `http://localhost:${apiPort}/_dev/mail`,
    // The API made its keys in the data directory as it started.
    serviceKey: (await loadOrCreateKeys(dataDir)).serviceKey,
    async stop() {
      await app.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
