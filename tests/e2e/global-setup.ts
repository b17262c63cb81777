import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { ensureBuild } from "../../scripts/build.ts";

declare module "vitest" {
  export interface ProvidedContext {
    webUrl: string;
    apiUrl: string;
  }
}

const ROOT = resolve(import.meta.dirname, "../..");

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** Runs `npm start` itself (the production build) on free ports over a temporary data directory. */
export default async function setup(project: TestProject) {
  await ensureBuild({ log: () => {} });
  const [port, apiPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(join(tmpdir(), "rcrt-e2e-"));
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
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
  project.provide("webUrl", `http://localhost:${port}`);
  project.provide("apiUrl", `http://localhost:${apiPort}`);

  return async () => {
    const exited = new Promise((done) => child.once("exit", done));
    child.kill("SIGTERM");
    await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
    if (child.exitCode === null) child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  };
}
