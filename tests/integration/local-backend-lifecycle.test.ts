import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { afterEach, describe, expect, it, onTestFailed, onTestFinished } from "vitest";
import { startLocalBackend } from "../../supabase/local/server.ts";
import { PRODUCT_CONFIG } from "../../scripts/local-backend.ts";
import { ADMIN, nodeClient } from "../support/backend.ts";
import { peakResidentBytes, seededDataDir, spawnBackend, uploadLargeVideo, type BackendProcess } from "../support/backend-process.ts";

const ROOT = resolve(import.meta.dirname, "../..");

describe("local backend: lifecycle and durability", () => {
  const cleanups: (() => Promise<unknown> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  };
  /** A data directory already migrated and seeded: what these tests are about starts after that. */
  const seededDir = (prefix: string) => {
    const dir = seededDataDir(prefix);
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  };
  const spawned = async (dataDir: string) => {
    const backend = await spawnBackend(dataDir);
    cleanups.push(() => backend.stop("SIGKILL"));
    return backend;
  };
  const adminClient = async (backend: Pick<BackendProcess, "url" | "anonKey">) => {
    const client = nodeClient(backend.url, backend.anonKey);
    const { error } = await client.auth.signInWithPassword(ADMIN);
    expect(error).toBeNull();
    return client;
  };

  // A fresh database is migrated and seeded, then stopped gracefully, which writes all of it to disk:
  // seconds on a quiet machine, and once over 150 s on a clean-clone CI run with a loaded disk.
  it("a restart keeps data, and seeds and migrates nothing twice", async () => {
    // Each step's start and the backends' logs are told if the test fails (a time-out says neither),
    // and the steps if it passed slowly: 7 s alone, it has taken 98 and 134 s in whole CI runs.
    const began = performance.now();
    const steps: string[] = [];
    const step = (name: string) => steps.push(`${((performance.now() - began) / 1000).toFixed(1)} s: ${name}`);
    const backends: BackendProcess[] = [];
    onTestFailed(() => console.error(`Steps begun:\n${steps.join("\n")}\n${backends.map((backend, i) => `Backend ${i + 1} logged:\n${backend.log()}`).join("\n")}`));
    onTestFinished(({ task }) => {
      const seconds = (performance.now() - began) / 1000;
      if (task.result?.state === "pass" && seconds > 60) console.warn(`The restart test passed in ${seconds.toFixed(0)} s. Steps begun:\n${steps.join("\n")}`);
    });
    const dataDir = tempDir("rcrt-restart-");
    step("first start, migrating and seeding a fresh database");
    const first = await spawned(dataDir);
    backends.push(first);
    step("a write and a count");
    const admin = await adminClient(first);
    const { error } = await admin.from("press_quotes").insert({ quote: "Survives restarts.", source: "Durability Digest" });
    expect(error).toBeNull();
    const stagesBefore = (await nodeClient(first.url, first.anonKey).from("project_stages").select("id", { count: "exact", head: true })).count;
    step("graceful stop");
    expect(await first.stop("SIGTERM")).toBe(0);

    step("second start");
    const second = await spawned(dataDir);
    backends.push(second);
    step("reads after the restart");
    const anonAgain = nodeClient(second.url, second.anonKey);
    expect((await anonAgain.from("project_stages").select("id", { count: "exact", head: true })).count).toBe(stagesBefore);
    const again = await adminClient(second);
    const { data } = await again.from("press_quotes").select("quote").eq("source", "Durability Digest");
    expect(data).toEqual([{ quote: "Survives restarts." }]);
    expect(second.anonKey).toBe(first.anonKey);
  }, 300_000);

  it("kill -9 in the middle of writes loses nothing that was acknowledged", async () => {
    const dataDir = seededDir("rcrt-kill-");
    const backend = await spawned(dataDir);
    const admin = await adminClient(backend);
    const acknowledged: string[] = [];
    const writes = (async () => {
      for (let i = 0; ; i++) {
        const source = `Crash test ${i}`;
        const { error } = await admin.from("press_quotes").insert({ quote: "Written before the crash.", source });
        if (error) return;
        acknowledged.push(source);
      }
    })().catch(() => {});
    while (acknowledged.length < 20) await new Promise((r) => setTimeout(r, 20));
    await backend.stop("SIGKILL");
    await writes;

    const restarted = await spawned(dataDir);
    const after = await adminClient(restarted);
    const { data } = await after.from("press_quotes").select("source").like("source", "Crash test %");
    const stored = new Set((data ?? []).map((r) => r.source as string));
    expect(acknowledged.filter((s) => !stored.has(s))).toEqual([]);
  });

  it("a broken migration stops the start, names the file and the Postgres error, and applies nothing of it", async () => {
    const dataDir = seededDir("rcrt-broken-");
    const supabaseDir = tempDir("rcrt-supabase-");
    cpSync(join(ROOT, "supabase/migrations"), join(supabaseDir, "migrations"), { recursive: true });
    writeFileSync(
      join(supabaseDir, "migrations", "29990101000000_broken.sql"),
      "create table public.half_done (id int);\nalter table public.no_such_table add column x int;\n",
    );
    const start = startLocalBackend({ product: PRODUCT_CONFIG, port: 0, host: "127.0.0.1", dataDir, supabaseDir, siteUrl: "http://localhost:5173", log: () => {} });
    await expect(start).rejects.toThrow(/29990101000000_broken\.sql.*no_such_table/s);

    // Without the broken file the same data directory starts, and the table the file began is absent.
    rmSync(join(supabaseDir, "migrations", "29990101000000_broken.sql"));
    const backend = await startLocalBackend({ product: PRODUCT_CONFIG, port: 0, host: "127.0.0.1", dataDir, supabaseDir, siteUrl: "http://localhost:5173", log: () => {} });
    cleanups.push(() => backend.stop());
    const { rows } = await backend.db.query("select to_regclass('public.half_done') as t");
    expect(rows).toEqual([{ t: null }]);
  });

  it("streams a 200 MB upload to disk without growing the server's memory by more than 64 MB", async () => {
    const dataDir = seededDir("rcrt-upload-");
    const backend = await spawned(dataDir);
    const admin = await adminClient(backend);
    const token = (await admin.auth.getSession()).data.session!.access_token;
    // The baseline is taken once an upload has been through the server, so that what the large one
    // adds is what grows with its size, not the route's first-use costs.
    expect((await uploadLargeVideo(backend, token, "media/warm-up.mp4", 1024 * 1024)).status).toBe(200);
    const size = 200 * 1024 * 1024;
    const { result: response, baseline, peak } = await peakResidentBytes(backend.child.pid!, () => uploadLargeVideo(backend, token, "media/large.mp4", size));
    expect(response.status).toBe(200);
    const head = await fetch(`${backend.url}/storage/v1/object/public/assets/media/large.mp4`, { method: "HEAD" });
    expect(head.headers.get("content-length")).toBe(String(size));
    expect(peak - baseline).toBeLessThan(64 * 1024 * 1024);
  });
});
