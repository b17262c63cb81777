import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");

export interface AppProcess {
  webUrl: string;
  apiUrl: string;
  /** The dev mailbox with the local-only token the API prints at start. */
  mailboxUrl: string;
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

/**
 * What `npm start` runs (the production build, the web server and the local API) on free ports over
 * a temporary data directory, removed on stop. The build must exist (see scripts/build.ts).
 */
export async function startApp(): Promise<AppProcess> {
  const [port, apiPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(join(tmpdir(), "rcrt-app-"));
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), API_PORT: String(apiPort), DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`npm start did not come up:\n${output}`)), 120_000);
    const watch = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Press Ctrl-C to stop.")) {
        clearTimeout(timer);
        ready();
      }
    };
    child.stdout!.on("data", watch);
    child.stderr!.on("data", watch);
    child.once("exit", (code) => fail(new Error(`npm start exited with ${code}:\n${output}`)));
  });
  return {
    webUrl: `http://localhost:${port}`,
    apiUrl: `http://localhost:${apiPort}`,
    mailboxUrl: /reset mails are kept at (\S+)/.exec(output)?.[1] ?? `http://localhost:${apiPort}/_dev/mail`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((done) => child.once("exit", done));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
