import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import sharp from "sharp";
import { STORAGE_IMAGE_SIDES } from "../../shared/images.ts";
import { ADMIN, nodeClient } from "../../tests/support/backend.ts";

/** The cached home page's latency, fetched every 100 ms, while one kind of crowd is at work. */
export interface PageInCrowd {
  crowd: string;
  pageRequests: number;
  p50Ms: number;
  p90Ms: number;
  /** Requests the crowd's clients made meanwhile (answered 429 included), and how many failed otherwise. */
  crowdRequests: number;
  crowdFailures: number;
}

export interface CrowdBenchResult {
  engine: "embedded" | "PostgreSQL";
  seconds: number;
  clients: number;
  runs: PageInCrowd[];
  /** Anonymous `GET /rest/v1/press_quotes?limit=25` at 8 connections (autocannon). */
  restList: { connections: number; requestsPerSecond: number; p50Ms: number; p99Ms: number; non2xx: number };
}

const PAGE = "/";
const CLIENTS = 6;
const SECONDS = 10;
const PAGE_EVERY_MS = 100;
const LIST = "/rest/v1/press_quotes?select=*&order=created_at.desc&limit=25";
/** A noisy photo the size of a large upload: its cached copies are big, as the site's heaviest are. */
const SOURCE = { width: 2400, height: 1600 };

function percentile(sorted: number[], q: number): number {
  return Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(2));
}

/** The page fetched every PAGE_EVERY_MS for SECONDS while `client` runs in CLIENTS loops; the crowd stops with it. */
async function pageWhile(webUrl: string, crowd: string, client: (() => Promise<boolean>) | null): Promise<PageInCrowd> {
  let crowding = client !== null;
  let crowdRequests = 0;
  let crowdFailures = 0;
  const clients = client
    ? Array.from({ length: CLIENTS }, async () => {
        while (crowding) {
          crowdRequests++;
          if (!(await client())) crowdFailures++;
        }
      })
    : [];
  // The crowd is at work before the page is measured.
  if (client) await new Promise((done) => setTimeout(done, 500));
  const latencies: number[] = [];
  const began = performance.now();
  try {
    while (performance.now() - began < SECONDS * 1000) {
      const t = performance.now();
      const response = await fetch(`${webUrl}${PAGE}`, { headers: { "accept-encoding": "gzip, br" } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${PAGE} answered ${response.status}`);
      const took = performance.now() - t;
      latencies.push(took);
      await new Promise((done) => setTimeout(done, Math.max(0, PAGE_EVERY_MS - took)));
    }
  } finally {
    crowding = false;
    await Promise.all(clients);
  }
  const sorted = latencies.sort((a, b) => a - b);
  return { crowd, pageRequests: sorted.length, p50Ms: percentile(sorted, 0.5), p90Ms: percentile(sorted, 0.9), crowdRequests, crowdFailures };
}

/** Fetches `url` whole; true when it answered 2xx or 429 (a render queue refusing is its rule, not a failure). */
async function fetched(url: string, headers: Record<string, string> = {}): Promise<boolean> {
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  return response.ok || response.status === 429;
}

/**
 * The cached home page of `npm start` (its API in a process of its own) while six clients read a
 * REST list, while six ask for cached renders of one large picture (sizes snapping to copies already
 * rendered) and while six ask for new renders (a size, fit and format not rendered before each
 * time); then the anonymous REST list's throughput at 8 connections.
 */
export async function benchCrowd(app: { webUrl: string; apiUrl: string }, engine: CrowdBenchResult["engine"]): Promise<CrowdBenchResult> {
  const html = await (await fetch(`${app.webUrl}${PAGE}`)).text();
  const anonKey = /<meta name="supabase-anon-key" content="([^"]+)"/.exec(html)?.[1] ?? "";
  const anonHeaders = { apikey: anonKey, Authorization: `Bearer ${anonKey}` };
  const admin = nodeClient(app.apiUrl, anonKey);
  const { error } = await admin.auth.signInWithPassword(ADMIN);
  if (error) throw error;
  const photo = await sharp({ create: { ...SOURCE, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 40 } } }).jpeg({ quality: 90 }).toBuffer();
  const name = `bench/crowd-${Date.now()}.jpg`;
  const { error: uploadError } = await admin.storage.from("assets").upload(name, photo, { contentType: "image/jpeg" });
  if (uploadError) throw uploadError;
  const renderUrl = (query: string) => `${app.apiUrl}/storage/v1/render/image/public/assets/${name}?${query}`;

  try {
    // The cached sizes: each of the product's sides, rendered once before the crowd asks again.
    const cachedSizes = STORAGE_IMAGE_SIDES.map((side) => renderUrl(`width=${side}&format=webp`));
    for (const url of cachedSizes) await fetched(url);
    let nextCached = 0;
    let nextNew = 0;
    const formats = ["avif", "webp"] as const;
    const fits = ["cover", "contain", "fill"] as const;
    const newRender = () => {
      const n = nextNew++;
      const height = STORAGE_IMAGE_SIDES[n % STORAGE_IMAGE_SIDES.length];
      const resize = fits[Math.floor(n / STORAGE_IMAGE_SIDES.length) % fits.length];
      const format = formats[Math.floor(n / (STORAGE_IMAGE_SIDES.length * fits.length)) % formats.length];
      const width = STORAGE_IMAGE_SIDES[Math.floor(n / (STORAGE_IMAGE_SIDES.length * fits.length * formats.length)) % STORAGE_IMAGE_SIDES.length];
      return renderUrl(`width=${width}&height=${height}&resize=${resize}&format=${format}`);
    };

    const runs = [
      await pageWhile(app.webUrl, "nothing else", null),
      await pageWhile(app.webUrl, `${CLIENTS} clients reading ${LIST} anonymously`, () => fetched(`${app.apiUrl}${LIST}`, anonHeaders)),
      await pageWhile(app.webUrl, `${CLIENTS} clients asking for cached renders`, () => fetched(cachedSizes[nextCached++ % cachedSizes.length]!)),
      await pageWhile(app.webUrl, `${CLIENTS} clients asking for new renders`, () => fetched(newRender())),
    ];
    const load = await autocannon({ url: `${app.apiUrl}${LIST}`, connections: 8, duration: SECONDS, headers: anonHeaders });
    return {
      engine,
      seconds: SECONDS,
      clients: CLIENTS,
      runs,
      restList: { connections: 8, requestsPerSecond: Math.round(load.requests.average), p50Ms: load.latency.p50, p99Ms: load.latency.p99, non2xx: load.non2xx },
    };
  } finally {
    await admin.storage.from("assets").remove([name]);
  }
}
