import { performance } from "node:perf_hooks";
import sharp from "sharp";
import { ADMIN, nodeClient } from "../../tests/support/backend.ts";
import { STORAGE_IMAGE_SIDES } from "../../shared/images.ts";
import { latencyStats, type LatencyStats } from "./api.ts";

export interface PagesDuringRendersResult {
  page: string;
  /** How long each of the two measurements lasts. */
  seconds: number;
  /** The cached page fetched one request at a time, with nothing else running. */
  quiet: LatencyStats;
  /** The same while `renderers` clients each ask for one heavy render after another. */
  duringRenders: LatencyStats;
  renderers: number;
  source: { width: number; height: number; bytes: number };
  /** Answers the render requests got while the page was measured. */
  renders: { rendered: number; refused: number; failed: number };
}

const PAGE = "/";
const RENDERERS = 6;
const SECONDS = 8;
const SOURCE = { width: 3000, height: 2000 };
const FORMATS = ["avif", "webp"] as const;
const RESIZES = ["cover", "contain", "fill"] as const;

/** Latencies of `url` fetched one at a time for `seconds`. */
async function pageLatency(url: string, seconds: number): Promise<LatencyStats> {
  const latencies: number[] = [];
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    const t = performance.now();
    const response = await fetch(url, { headers: { "accept-encoding": "gzip, br" } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    latencies.push(performance.now() - t);
  }
  return latencyStats(latencies, performance.now() - started);
}

/**
 * The cached home page's latency while six clients ask for heavy renders of a large photo, each a
 * size, fit and format not rendered before (so none is a cache hit), against the same page quiet.
 * Renders the queue refuses (429) are counted and asked again with the next size, as a client
 * ignoring Retry-After would.
 */
export async function benchPagesDuringRenders(app: { webUrl: string; apiUrl: string }): Promise<PagesDuringRendersResult> {
  const html = await (await fetch(`${app.webUrl}${PAGE}`)).text();
  const anonKey = /<meta name="supabase-anon-key" content="([^"]+)"/.exec(html)?.[1] ?? "";
  const admin = nodeClient(app.apiUrl, anonKey);
  const { error } = await admin.auth.signInWithPassword(ADMIN);
  if (error) throw error;
  // Noise encodes and decodes like a detailed photo, the heaviest kind of source.
  const photo = await sharp({ create: { ...SOURCE, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 40 } } }).jpeg({ quality: 90 }).toBuffer();
  const name = `bench/large-photo-${Date.now()}.jpg`;
  const { error: uploadError } = await admin.storage.from("assets").upload(name, photo, { contentType: "image/jpeg" });
  if (uploadError) throw uploadError;

  try {
    const quiet = await pageLatency(`${app.webUrl}${PAGE}`, SECONDS);
    const renders = { rendered: 0, refused: 0, failed: 0 };
    const largest = [...STORAGE_IMAGE_SIDES].reverse();
    let next = 0;
    const variant = () => {
      const n = next++;
      const height = STORAGE_IMAGE_SIDES[n % STORAGE_IMAGE_SIDES.length];
      const resize = RESIZES[Math.floor(n / STORAGE_IMAGE_SIDES.length) % RESIZES.length];
      const format = FORMATS[Math.floor(n / (STORAGE_IMAGE_SIDES.length * RESIZES.length)) % FORMATS.length];
      const width = largest[Math.floor(n / (STORAGE_IMAGE_SIDES.length * RESIZES.length * FORMATS.length))];
      return `${app.apiUrl}/storage/v1/render/image/public/assets/${name}?width=${width}&height=${height}&resize=${resize}&format=${format}`;
    };
    let rendering = true;
    const renderers = Array.from({ length: RENDERERS }, async () => {
      while (rendering) {
        const response = await fetch(variant());
        await response.arrayBuffer();
        if (response.ok) renders.rendered++;
        else if (response.status === 429) renders.refused++;
        else renders.failed++;
      }
    });
    const duringRenders = await pageLatency(`${app.webUrl}${PAGE}`, SECONDS).finally(() => (rendering = false));
    await Promise.all(renderers);
    return { page: PAGE, seconds: SECONDS, quiet, duringRenders, renderers: RENDERERS, source: { ...SOURCE, bytes: photo.length }, renders };
  } finally {
    await admin.storage.from("assets").remove([name]);
  }
}
