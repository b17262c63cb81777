import { performance } from "node:perf_hooks";
import { ADMIN, startTestBackend, type TestBackend } from "../../tests/support/backend.ts";

export interface LatencyStats {
  requests: number;
  throughputPerSecond: number;
  p50Ms: number;
  p95Ms: number;
}

export interface ApiBenchResult {
  engine: "embedded" | "PostgreSQL";
  rows: number;
  /** One request at a time: the latency a single client sees. */
  api: LatencyStats;
  /** Eight at a time: throughput under load (the embedded database runs one query at a time). */
  apiConcurrent: LatencyStats;
  database: LatencyStats;
  /**
   * Where the API's fixed cost goes, one at a time: an answer from the local API's own HTTP layer
   * that reaches neither lite nor the database (the mailbox refusing a request without its key), and
   * the same page without the count (one statement less).
   */
  floor: { http: LatencyStats; withoutCount: LatencyStats };
  /** API p50 over database p50, one at a time each: what HTTP, JSON and lite add to the query itself. */
  ratio: number;
}

const PAGE = 25;
/** Requests (and direct runs) before each is measured. */
const WARM_UP = 1500;

export function latencyStats(latencies: number[], elapsedMs: number): LatencyStats {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(2));
  return { requests: sorted.length, throughputPerSecond: Math.round((sorted.length / elapsedMs) * 1000), p50Ms: at(0.5), p95Ms: at(0.95) };
}

export async function timed(count: number, concurrency: number, task: () => Promise<void>): Promise<LatencyStats> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < count) {
        const t = performance.now();
        await task();
        latencies.push(performance.now() - t);
      }
    }),
  );
  return latencyStats(latencies, performance.now() - started);
}

/**
 * One 25-row page of press quotes, newest first, with an exact count, as an administrator: through
 * the local API (HTTP, lite, PostgREST semantics, RLS) and as the same SQL run directly on the
 * database as the same caller (role and claims), in the same process and run, through the backend's
 * own database interface (on the embedded database, the statement path lite's queries take too).
 */
async function measure(backend: TestBackend, token: string, rows: number, requests: number): Promise<Omit<ApiBenchResult, "engine">> {
  const url = `${backend.url}/rest/v1/press_quotes?select=*&order=created_at.desc&limit=${PAGE}&offset=0`;
  const headers = { apikey: backend.anonKey, Authorization: `Bearer ${token}`, Prefer: "count=exact" };
  const claims = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8")) as { sub: string; role: string };
  // Steady state, as a server serving all day runs: the figures of the first thousand requests fall
  // as the JIT compiles the request path (lite's more than the direct path's, which warms up too).
  for (let i = 0; i < WARM_UP; i++) await (await fetch(url, { headers })).arrayBuffer();

  const request = async () => {
    const response = await fetch(url, { headers });
    const body = (await response.json()) as unknown[];
    // PostgREST answers a partial page with 206 and the whole table with 200.
    if (response.status >= 300 || body.length !== Math.min(PAGE, rows)) throw new Error(`unexpected API answer ${response.status}`);
  };
  const api = await timed(requests, 1, request);
  const http = await timed(requests, 1, async () => {
    const response = await fetch(`${backend.url}/_dev/mail`);
    await response.arrayBuffer();
    if (response.status !== 401) throw new Error(`unexpected mailbox answer ${response.status}`);
  });
  const withoutCount = await timed(requests, 1, async () => {
    const response = await fetch(url, { headers: { ...headers, Prefer: "count=none" } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`unexpected API answer ${response.status}`);
  });
  const apiConcurrent = await timed(requests, 8, request);
  const direct = async () => {
    await backend.backend.db.transaction(async (tx) => {
      // The settings lite makes for the request (supabase/local/lite-adapters.ts, oneContextStatement):
      // the policies' checks read the whole claims (the session, its assurance level).
      await tx.query(
        "select set_config('role', $1, true), set_config('request.jwt.claim.sub', $2, true), set_config('request.jwt.claim.role', $1, true), set_config('storage.operation', '', true), set_config('request.jwt.claims', $3, true)",
        [claims.role, claims.sub, JSON.stringify(claims)],
      );
      await tx.query(`select * from public.press_quotes order by created_at desc limit ${PAGE} offset 0`);
      await tx.query("select count(*) from public.press_quotes");
    });
  };
  for (let i = 0; i < WARM_UP; i++) await direct();
  const database = await timed(requests, 1, direct);
  return { rows, api, apiConcurrent, database, floor: { http, withoutCount }, ratio: Number((api.p50Ms / database.p50Ms).toFixed(2)) };
}

/** On the embedded database, or with `databaseUrl` on that PostgreSQL database. */
export async function benchApi(requests = 400, databaseUrl?: string): Promise<ApiBenchResult[]> {
  const backend = await startTestBackend({ databaseUrl });
  try {
    const admin = await backend.signIn(ADMIN.email, ADMIN.password);
    const token = (await admin.auth.getSession()).data.session!.access_token;
    const results: ApiBenchResult[] = [];
    for (const rows of [PAGE, 10_000]) {
      await backend.sql("delete from public.press_quotes");
      await backend.sql(
        `insert into public.press_quotes (quote, source, published, created_at)
         select 'Quote number ' || i, 'Source ' || (i % 50), i % 2 = 0, now() - (i || ' seconds')::interval
         from generate_series(1, $1::int) as i`,
        [rows],
      );
      results.push({ engine: databaseUrl ? "PostgreSQL" : "embedded", ...(await measure(backend, token, rows, requests)) });
    }
    return results;
  } finally {
    await backend.stop();
  }
}
