import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { Readable } from "node:stream";
import { ADMIN, nodeClient } from "../../tests/support/backend.ts";
import { residentBytes, spawnBackend } from "../../tests/support/backend-process.ts";

export interface UploadBenchResult {
  bytes: number;
  seconds: number;
  megabytesPerSecond: number;
  serverBaselineMb: number;
  serverPeakMb: number;
  serverGrowthMb: number;
}

const MB = 1024 * 1024;

/** A 200 MB video upload to the local Storage API, its time and the server's resident memory. */
export async function benchUpload(sizeMb = 200): Promise<UploadBenchResult> {
  const dataDir = mkdtempSync(join(tmpdir(), "rcrt-bench-upload-"));
  const backend = await spawnBackend(dataDir);
  try {
    const client = nodeClient(backend.url, backend.anonKey);
    await client.auth.signInWithPassword(ADMIN);
    const token = (await client.auth.getSession()).data.session!.access_token;
    const pid = backend.child.pid!;
    await new Promise((r) => setTimeout(r, 500));
    const baseline = await residentBytes(pid);
    let peak = baseline;
    const sampler = setInterval(() => void residentBytes(pid).then((rss) => (peak = Math.max(peak, rss))).catch(() => {}), 20);
    const size = sizeMb * MB;
    const chunk = Buffer.alloc(MB, 0x42);
    const body = Readable.from((function* () {
      for (let sent = 0; sent < size; sent += MB) yield chunk;
    })());
    const started = performance.now();
    const response = await fetch(`${backend.url}/storage/v1/object/assets/media/bench.mp4`, {
      method: "POST",
      headers: { apikey: backend.anonKey, Authorization: `Bearer ${token}`, "Content-Type": "video/mp4", "Content-Length": String(size) },
      body: Readable.toWeb(body) as ReadableStream,
      duplex: "half",
    } as RequestInit);
    await response.arrayBuffer();
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    if (response.status !== 200) throw new Error(`upload answered ${response.status}`);
    return {
      bytes: size,
      seconds: Number(seconds.toFixed(2)),
      megabytesPerSecond: Math.round(sizeMb / seconds),
      serverBaselineMb: Math.round(baseline / MB),
      serverPeakMb: Math.round(peak / MB),
      serverGrowthMb: Math.round((peak - baseline) / MB),
    };
  } finally {
    await backend.stop("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }
}
