import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { ADMIN, nodeClient } from "../../tests/support/backend.ts";
import { peakResidentBytes, spawnBackend, uploadLargeVideo, uploadLargeVideoResumably } from "../../tests/support/backend-process.ts";

export interface UploadBenchResult {
  bytes: number;
  seconds: number;
  megabytesPerSecond: number;
  serverBaselineMb: number;
  serverPeakMb: number;
  serverGrowthMb: number;
  /** The same size through the resumable (TUS) endpoint in 6 MB chunks, on the same server afterwards. */
  resumable: { seconds: number; serverBaselineMb: number; serverPeakMb: number; serverGrowthMb: number };
}

const MB = 1024 * 1024;

/** A 200 MB video upload to the local Storage API, plain then resumable: time and the server's resident memory. */
export async function benchUpload(sizeMb = 200): Promise<UploadBenchResult> {
  const dataDir = mkdtempSync(join(tmpdir(), "rcrt-bench-upload-"));
  const backend = await spawnBackend(dataDir);
  try {
    const client = nodeClient(backend.url, backend.anonKey);
    await client.auth.signInWithPassword(ADMIN);
    const token = (await client.auth.getSession()).data.session!.access_token;
    await new Promise((r) => setTimeout(r, 500));
    const size = sizeMb * MB;
    const started = performance.now();
    const { result: response, baseline, peak } = await peakResidentBytes(backend.child.pid!, async () => {
      const answer = await uploadLargeVideo(backend, token, "media/bench.mp4", size);
      await answer.arrayBuffer();
      return answer;
    });
    const seconds = (performance.now() - started) / 1000;
    if (response.status !== 200) throw new Error(`upload answered ${response.status}`);
    const resumableStarted = performance.now();
    const resumable = await peakResidentBytes(backend.child.pid!, () => uploadLargeVideoResumably(backend, token, "media/bench-resumable.mp4", size));
    const resumableSeconds = (performance.now() - resumableStarted) / 1000;
    if (resumable.result.status !== 204) throw new Error(`resumable upload answered ${resumable.result.status}`);
    return {
      bytes: size,
      seconds: Number(seconds.toFixed(2)),
      megabytesPerSecond: Math.round(sizeMb / seconds),
      serverBaselineMb: Math.round(baseline / MB),
      serverPeakMb: Math.round(peak / MB),
      serverGrowthMb: Math.round((peak - baseline) / MB),
      resumable: {
        seconds: Number(resumableSeconds.toFixed(2)),
        serverBaselineMb: Math.round(resumable.baseline / MB),
        serverPeakMb: Math.round(resumable.peak / MB),
        serverGrowthMb: Math.round((resumable.peak - resumable.baseline) / MB),
      },
    };
  } finally {
    await backend.stop("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }
}
