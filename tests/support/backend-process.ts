import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { inject } from "vitest";
import { endsWithThisProcess } from "./child-processes.ts";

const ROOT = resolve(import.meta.dirname, "../..");

export interface BackendProcess {
  url: string;
  anonKey: string;
  serviceKey: string;
  child: ChildProcess;
  /** What the backend has logged so far (its standard error): told when a test of it fails. */
  log(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * A new data directory holding a copy of the `integration` project's migrated and seeded database
 * (tests/integration/pglite-setup.ts), for a backend process to start on without migrating and
 * seeding it again (seconds of CPU each). Its JWT secret is made by that first start, as no two
 * backends share one. The caller removes it.
 */
export function seededDataDir(prefix: string): string {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(inject("pgliteTemplateDir"), dataDir, { recursive: true });
  rmSync(join(dataDir, "jwt-secret"));
  return dataDir;
}

/** The local API in a child process of its own, for restarts, kill -9 and memory measurements. */
export async function spawnBackend(dataDir: string, port = 0, env: Record<string, string> = {}): Promise<BackendProcess> {
  const child = endsWithThisProcess(
    spawn(process.execPath, ["--import", "tsx", "scripts/api.ts"], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, API_PORT: String(port), ...env },
      stdio: ["ignore", "pipe", "pipe"],
    }),
  );
  let errors = "";
  child.stderr!.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  // `npm run api` prints "API URL: ...", "anon key: ..." and "service_role key: ..." once ready.
  const ready = await new Promise<{ url: string; anonKey: string; serviceKey: string }>((done, fail) => {
    const lines = createInterface({ input: child.stdout! });
    const status: Record<string, string> = {};
    lines.on("line", (line) => {
      const match = /^(API URL|anon key|service_role key): (\S+)$/.exec(line);
      if (match) status[match[1]!] = match[2]!;
      if (status["API URL"] && status["anon key"] && status["service_role key"]) {
        done({ url: status["API URL"], anonKey: status["anon key"], serviceKey: status["service_role key"] });
      }
    });
    child.once("exit", (code) => fail(new Error(`backend exited with ${code}: ${errors}`)));
  });
  return {
    ...ready,
    url: ready.url.replace("localhost", "127.0.0.1"),
    child,
    log: () => errors,
    stop(signal = "SIGTERM") {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
      return new Promise((done) => {
        child.once("exit", (code) => done(code));
        child.kill(signal);
      });
    },
  };
}

/** A chunk of generated video: the first starts with an MP4 signature, as Storage checks the bytes. */
export function videoChunk(size: number, first: boolean): Buffer {
  const chunk = Buffer.alloc(size, 0x42);
  if (first) Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom")]).copy(chunk);
  return chunk;
}

/** Uploads `size` bytes of video to the Storage API as a stream, generated on the fly. */
export async function uploadLargeVideo(backend: Pick<BackendProcess, "url" | "anonKey">, token: string, path: string, size: number): Promise<Response> {
  const { Readable } = await import("node:stream");
  const first = videoChunk(1024 * 1024, true);
  const chunk = videoChunk(1024 * 1024, false);
  const body = Readable.from(
    (function* () {
      for (let sent = 0; sent < size; sent += chunk.length) {
        const next = sent === 0 ? first : chunk;
        yield sent + next.length <= size ? next : next.subarray(0, size - sent);
      }
    })(),
  );
  return fetch(`${backend.url}/storage/v1/object/assets/${path}`, {
    method: "POST",
    headers: { apikey: backend.anonKey, Authorization: `Bearer ${token}`, "Content-Type": "video/mp4", "Content-Length": String(size) },
    body: Readable.toWeb(body) as ReadableStream,
    duplex: "half",
  } as RequestInit);
}

/**
 * Uploads `size` bytes of video through the resumable (TUS) endpoint in 6 MB PATCHes, as tus-js-client
 * sends them, generated on the fly; resolves with the last answer.
 */
export async function uploadLargeVideoResumably(backend: Pick<BackendProcess, "url" | "anonKey">, token: string, path: string, size: number): Promise<Response> {
  const chunkSize = 6 * 1024 * 1024;
  const auth = { apikey: backend.anonKey, Authorization: `Bearer ${token}`, "Tus-Resumable": "1.0.0" };
  const metadata = { bucketName: "assets", objectName: path, contentType: "video/mp4" };
  const created = await fetch(`${backend.url}/storage/v1/upload/resumable`, {
    method: "POST",
    headers: { ...auth, "Upload-Length": String(size), "Upload-Metadata": Object.entries(metadata).map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`).join(",") },
  });
  if (created.status !== 201) return created;
  const location = created.headers.get("location")!;
  const first = new Uint8Array(videoChunk(chunkSize, true));
  const chunk = new Uint8Array(videoChunk(chunkSize, false));
  let answer = created;
  for (let offset = 0; offset < size; offset += chunkSize) {
    const next = offset === 0 ? first : chunk;
    const body = offset + chunkSize <= size ? next : next.subarray(0, size - offset);
    answer = await fetch(location, { method: "PATCH", headers: { ...auth, "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" }, body });
    if (answer.status !== 204) return answer;
  }
  return answer;
}

/** A process's resident memory before `work`, and its peak while `work` runs (sampled every 20 ms). */
export async function peakResidentBytes<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; baseline: number; peak: number }> {
  const baseline = await residentBytes(pid);
  let peak = baseline;
  const sampler = setInterval(() => void residentBytes(pid).then((rss) => (peak = Math.max(peak, rss)), () => {}), 20);
  try {
    const result = await work();
    return { result, baseline, peak: Math.max(peak, await residentBytes(pid)) };
  } finally {
    clearInterval(sampler);
  }
}

/** Resident memory of a process in bytes (Linux). */
export async function residentBytes(pid: number): Promise<number> {
  const { readFile } = await import("node:fs/promises");
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}
