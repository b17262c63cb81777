import { Agent, get } from "node:http";
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
  /** One request at a time: the latency a single client sees (Node's own HTTP client: see `httpClient`). */
  api: LatencyStats;
  /** The same through `fetch`, as supabase-js and postgrest-js send it: the API's figure plus that client's own work. */
  apiThroughFetch: LatencyStats;
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
/** The one-at-a-time paths are measured in this many turns each, taking turns, so a slow spell of the machine falls on all of them. */
const TURNS = 4;

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

interface HttpAnswer {
  status: number;
  body: Buffer;
}

/**
 * GET with Node's own HTTP client over kept-alive connections (at most `connections`). The client
 * runs in the process it measures, so its own work counts in every latency: this one does the least
 * (no WHATWG streams, `Headers` or `Response` objects), where `fetch` adds about 0.3 ms a request.
 */
function httpClient(connections: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  return {
    get: (url: string, headers: Record<string, string>) =>
      new Promise<HttpAnswer>((resolve, reject) => {
        get(url, { agent, headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
          response.on("error", reject);
        }).on("error", reject);
      }),
    close: () => agent.destroy(),
  };
}

/** Each task `count` times one at a time, in TURNS turns taking turns: latencies of each, as `timed` gives them. */
async function inTurns<K extends string>(count: number, tasks: Record<K, () => Promise<void>>): Promise<Record<K, LatencyStats>> {
  const names = Object.keys(tasks) as K[];
  const latencies = new Map<K, number[]>(names.map((name) => [name, []]));
  const elapsed = new Map<K, number>(names.map((name) => [name, 0]));
  for (let turn = 0; turn < TURNS; turn++) {
    for (const name of names) {
      const started = performance.now();
      for (let i = turn; i < count; i += TURNS) {
        const t = performance.now();
        await tasks[name]();
        latencies.get(name)!.push(performance.now() - t);
      }
      elapsed.set(name, elapsed.get(name)! + performance.now() - started);
    }
  }
  return Object.fromEntries(names.map((name) => [name, latencyStats(latencies.get(name)!, elapsed.get(name)!)])) as Record<K, LatencyStats>;
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
  const one = httpClient(1);
  const eight = httpClient(8);
  // PostgREST answers a partial page with 206 and the whole table with 200.
  const expectPage = (status: number, body: unknown[]) => {
    if (status >= 300 || body.length !== Math.min(PAGE, rows)) throw new Error(`unexpected API answer ${status}`);
  };
  const request = (client: ReturnType<typeof httpClient>) => async () => {
    const { status, body } = await client.get(url, headers);
    expectPage(status, JSON.parse(body.toString("utf8")) as unknown[]);
  };
  const throughFetch = async () => {
    const response = await fetch(url, { headers });
    expectPage(response.status, (await response.json()) as unknown[]);
  };
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
  try {
    // Steady state, as a server serving all day runs: the figures of the first thousand requests fall
    // as the JIT compiles the request path (lite's more than the direct path's, which warms up too).
    for (let i = 0; i < WARM_UP; i++) for (const task of [request(one), throughFetch, direct]) await task();
    const { api, apiThroughFetch, http, withoutCount, database } = await inTurns(requests, {
      api: request(one),
      apiThroughFetch: throughFetch,
      http: async () => {
        const { status } = await one.get(`${backend.url}/_dev/mail`, {});
        if (status !== 401) throw new Error(`unexpected mailbox answer ${status}`);
      },
      withoutCount: async () => {
        const { status } = await one.get(url, { ...headers, Prefer: "count=none" });
        if (status !== 200) throw new Error(`unexpected API answer ${status}`);
      },
      database: direct,
    });
    const apiConcurrent = await timed(requests, 8, request(eight));
    return { rows, api, apiThroughFetch, apiConcurrent, database, floor: { http, withoutCount }, ratio: Number((api.p50Ms / database.p50Ms).toFixed(2)) };
  } finally {
    one.close();
    eight.close();
  }
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
