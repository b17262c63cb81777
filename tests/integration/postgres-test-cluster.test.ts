import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { once } from "node:events";
import postgres from "postgres";
import { describe, expect, it } from "vitest";

// A test run's PostgreSQL cluster (tests/support/postgres.ts) runs detached from the run, so a run
// killed before its teardown (Ctrl-C twice, a CI timeout, kill -9) must not leave it running.
const STARTER = `
  const { startPostgresCluster } = await import(${JSON.stringify(new URL("../support/postgres.ts", import.meta.url).pathname)});
  const cluster = await startPostgresCluster();
  console.log(cluster.serverUrl);
  setInterval(() => {}, 1000);
`;

async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return condition();
}

async function answers(serverUrl: string): Promise<boolean> {
  const sql = postgres(`${serverUrl}/postgres`, { max: 1, connect_timeout: 2, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 });
  }
}

describe("a test run's PostgreSQL cluster", () => {
  it("is stopped and its directory removed when the process that started it is killed", async () => {
    const starter = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", STARTER], { stdio: ["ignore", "pipe", "inherit"] });
    try {
      let output = "";
      starter.stdout.setEncoding("utf8");
      const serverUrl = await new Promise<string>((resolve, reject) => {
        starter.stdout.on("data", (chunk: string) => {
          output += chunk;
          const url = /postgres:\/\/\S+/.exec(output)?.[0];
          if (url) resolve(url);
        });
        starter.once("exit", (code) => reject(new Error(`the starter exited (${code}) before its cluster was up: ${output}`)));
      });
      const sql = postgres(`${serverUrl}/postgres`, { max: 1, onnotice: () => {} });
      const [{ data_directory: dataDir }] = (await sql`show data_directory`) as unknown as [{ data_directory: string }];
      await sql.end();
      expect(existsSync(dataDir)).toBe(true);

      starter.kill("SIGKILL");
      await once(starter, "exit");
      expect(await until(async () => !(await answers(serverUrl)) && !existsSync(dataDir), 30_000)).toBe(true);
    } finally {
      if (starter.exitCode === null && starter.signalCode === null) starter.kill("SIGKILL");
    }
  }, 120_000);
});
