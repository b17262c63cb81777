import type { ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { loadOrCreateKeys } from "../../supabase/local/keys.ts";
import { freePort } from "../support/app-process.ts";
import { seededDataDir } from "../support/backend-process.ts";
import { projectScript } from "../support/child-processes.ts";

// `npm start` runs the local API and its database in a process of their own
// (supabase/local/process.ts): the pages never wait behind the API's work, the API process ends
// with the product however the product ends, and a crash of it is reported and repaired.

/**
 * How much slower the cached home page's median may be while six clients read the API than quiet,
 * in the same run: room for the CPU the crowd takes on two busy cores. With the API in the web
 * tier's process the page waited behind the queued API work, about 17 times the quiet median (and
 * as long as an API request) on the same machine.
 */
const CROWD_BUDGET = 8;

interface Started {
  child: ChildProcess;
  web: string;
  api: string;
  /** The API's process, as the banner prints it. */
  apiPid: () => number;
  output: () => string;
}

async function start(dataDir: string): Promise<Started> {
  const [webPort, apiPort] = [await freePort(), await freePort()];
  const env = { ...process.env, PORT: String(webPort), API_PORT: String(apiPort), DATA_DIR: dataDir, ANALYTICS: "off" };
  const child = projectScript("scripts/start.ts", env);
  let output = "";
  await new Promise<void>((ready, fail) => {
    const watch = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Press Ctrl-C to stop.")) ready();
    };
    child.stdout!.on("data", watch);
    child.stderr!.on("data", watch);
    child.once("exit", (code) => fail(new Error(`npm start exited with ${code}:\n${output}`)));
  });
  const apiPid = () => Number([...output.matchAll(/Local API +\S+ +\(process (\d+)|serving again \(process (\d+)\)/g)].map((match) => match[1] ?? match[2]).at(-1));
  return { child, web: `http://127.0.0.1:${webPort}`, api: `http://127.0.0.1:${apiPort}`, apiPid, output: () => output };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function stopped(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  child.kill(signal);
  return exited;
}

/** The median of `samples`. */
function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Milliseconds each of `count` fetches of `url` takes, one after another. */
async function latencies(url: string, count: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const began = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    out.push(performance.now() - began);
  }
  return out;
}

describe("npm start's local API in a process of its own", () => {
  const dataDir = seededDataDir("rcrt-api-process-");
  let app: Started;
  beforeAll(async () => {
    app = await start(dataDir);
  });
  afterAll(async () => {
    if (app) await stopped(app.child, "SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("a crowd of anonymous REST reads does not hold up the cached home page", async () => {
    const { anonKey } = await loadOrCreateKeys(dataDir);
    const list = `${app.api}/rest/v1/press_quotes?select=*&order=created_at.desc&limit=25`;
    const page = `${app.web}/`;
    // A start on a loaded machine may render the page from reads that timed out (a 503, not kept):
    // the crowd is measured against the page once it is served.
    const served = async () => {
      const response = await fetch(page);
      await response.arrayBuffer();
      return response.status;
    };
    await expect.poll(served, { timeout: 60_000, interval: 500 }).toBe(200);
    await latencies(page, 10);
    // Quiet and crowded turns alternate, so that the machine's own load (other tests, other
    // processes) weighs on both alike; the verdict compares medians of the same run.
    const quiet: number[] = [];
    const crowded: number[] = [];
    const apiLatencies: number[] = [];
    for (let round = 0; round < 4; round++) {
      quiet.push(...(await latencies(page, 40)));
      let crowding = true;
      const crowd = Array.from({ length: 6 }, async () => {
        while (crowding) {
          const began = performance.now();
          const response = await fetch(list, { headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` } });
          await response.arrayBuffer();
          expect(response.status).toBe(200);
          apiLatencies.push(performance.now() - began);
        }
      });
      // The crowd is at work before the page is measured.
      await new Promise((done) => setTimeout(done, 300));
      crowded.push(...(await latencies(page, 30).finally(() => (crowding = false))));
      await Promise.all(crowd);
    }
    const [page50, quiet50, api50] = [median(crowded), median(quiet), median(apiLatencies)];
    expect(apiLatencies.length, "the crowd was served meanwhile").toBeGreaterThan(30);
    expect(page50 / quiet50, `home page median ${page50.toFixed(1)} ms in the crowd against ${quiet50.toFixed(1)} ms quiet`).toBeLessThan(CROWD_BUDGET);
    // A page that waited in the API's line would take about as long as an API request (a ratio near
    // 1: so it was, 560 ms against 556 ms, while the content version's read waited there for every
    // page on a machine loaded to 40). Three quarters leaves room for a loaded machine, not for that:
    // with the API's reads cheaper (supabase/local/lite-mends.ts), the crowd's requests took 26.8 ms
    // beside the other test files on two cores, and a page that only shared the cores with them 13.9.
    expect(page50 / api50, `home page median ${page50.toFixed(1)} ms against the API's ${api50.toFixed(1)} ms in the same crowd`).toBeLessThan(0.75);
  });

  it("a crash of the API process is reported, and it serves again on the same port with every acknowledged write", async () => {
    const { serviceKey } = await loadOrCreateKeys(dataDir);
    const headers = { apikey: serviceKey, Authorization: `Bearer ${serviceKey}`, "Content-Type": "application/json", Prefer: "return=minimal" };
    const sources = Array.from({ length: 20 }, (_, i) => `Crash test ${Date.now()} #${i}`);
    // Each write answered 201 before the kill is one the next process must find.
    for (const source of sources) {
      const response = await fetch(`${app.api}/rest/v1/press_quotes`, { method: "POST", headers, body: JSON.stringify({ quote: "Kept through a crash", source, published: false }) });
      expect(response.status).toBe(201);
    }
    const crashed = app.apiPid();
    process.kill(crashed, "SIGKILL");
    await expect.poll(() => app.output(), { timeout: 60_000 }).toMatch(/the local API stopped unexpectedly \(killed by SIGKILL\)/);
    await expect.poll(() => app.output(), { timeout: 120_000 }).toContain("the local API is serving again");
    expect(app.apiPid()).not.toBe(crashed);
    expect(alive(crashed)).toBe(false);

    const read = await fetch(`${app.api}/rest/v1/press_quotes?select=source&source=like.Crash%20test*`, { headers });
    expect(((await read.json()) as { source: string }[]).map((row) => row.source).sort()).toEqual([...sources].sort());
    // The web tier still reaches it where it was.
    expect((await fetch(`${app.web}/`)).status).toBe(200);
  });

  it("the API process ends with the product: after a graceful stop, and when the product is killed", async () => {
    const ownDir = seededDataDir("rcrt-api-process-");
    onTestFinished(() => rmSync(ownDir, { recursive: true, force: true }));
    const graceful = await start(ownDir);
    const gracefulApi = graceful.apiPid();
    expect(alive(gracefulApi)).toBe(true);
    expect(await stopped(graceful.child, "SIGTERM")).toBe(0);
    expect(alive(gracefulApi)).toBe(false);

    const killed = await start(ownDir);
    const orphan = killed.apiPid();
    await stopped(killed.child, "SIGKILL");
    await expect.poll(() => alive(orphan), { timeout: 30_000 }).toBe(false);
  }, 300_000);
});
