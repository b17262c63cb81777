import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { ADMIN, startTestBackend, type TestBackend } from "../../tests/support/backend.ts";
import { spawnBackend } from "../../tests/support/backend-process.ts";
import { spawnWeb } from "../../tests/support/web-process.ts";
import { vacuumWhereDue } from "../../supabase/local/db/autovacuum.ts";
import { timed, type LatencyStats } from "./api.ts";

export interface AudienceBenchResult {
  /** Synthetic page views stored, over `days` finished days, rolled up into daily figures. */
  views: number;
  days: number;
  rollUpSeconds: number;
  /** Raw events of today (read live by every figures call). */
  todayEvents: number;
  /**
   * audience_figures(90) as the seeded administrator, through the API, once the local backend's
   * autovacuum pass has run over what the roll-up deleted (as Postgres's own does on a server).
   */
  figures: LatencyStats;
  /**
   * The cached page under load from browsers (each request counted), on two `npm run serve`
   * processes over one API process, as in production: counting on and off, four runs each, taking
   * turns to go first; the ratio is of the medians.
   */
  throughput: { on: number[]; off: number[]; ratio: number };
}

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

/** `count` synthetic events over the `days` days before today and today's `today`, 40 pages, a few thousand visitors a day. */
async function fill(backend: TestBackend, count: number, days: number, today: number): Promise<void> {
  await backend.sql(
    `insert into private.audience_events (id, occurred_at, day, kind, path, visitor, referrer_host, utm_source, utm_medium, utm_campaign, device)
     select gen_random_uuid(), t, (t at time zone 'UTC')::date,
            case when n % 97 = 0 then 'waitlist' else 'view' end,
            case when n % 4 = 0 then '/' else '/updates/post-' || (n % 40) end,
            md5((n % 5000)::text || (t at time zone 'UTC')::date::text),
            case n % 5 when 0 then 'news.example.com' when 1 then 'reddit.com' else '' end,
            case when n % 11 = 0 then 'newsletter' else '' end, case when n % 11 = 0 then 'email' else '' end,
            case when n % 11 = 0 then 'launch-' || (n % 3) else '' end,
            case n % 3 when 0 then 'mobile' when 1 then 'desktop' else 'tablet' end
       from (select n, date_trunc('day', now() - make_interval(days => 1 + n % $2)) + make_interval(secs => n % 86000) as t
               from generate_series(1, $1) n) s`,
    [count, days],
  );
  await backend.sql(
    `insert into private.audience_events (id, occurred_at, day, kind, path, visitor, referrer_host, device)
     select gen_random_uuid(), now(), (now() at time zone 'UTC')::date, 'view', '/updates/post-' || (n % 40), md5(n::text), '', 'desktop'
       from generate_series(1, $1) n`,
    [today],
  );
}

async function throughput(url: string): Promise<number> {
  const result = await autocannon({ url, connections: 10, duration: 6, headers: { "accept-encoding": "gzip, br", "user-agent": BROWSER, accept: "text/html" } });
  return Math.round(result.requests.average);
}

async function throughputOnAndOff(): Promise<{ on: number[]; off: number[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), "rcrt-bench-audience-"));
  const api = await spawnBackend(dataDir);
  const env = { SUPABASE_URL: api.url, SUPABASE_ANON_KEY: api.anonKey, SUPABASE_SERVICE_ROLE_KEY: api.serviceKey };
  const measured = { on: [] as number[], off: [] as number[] };
  try {
    // The load comes from one client and one browser: its daily cap is lifted so that every request
    // is counted, as many visitors' would be, not refused at the cap.
    const on = await spawnWeb({ ...env, ANALYTICS: "on", ANALYTICS_CLIENT_DAILY_VIEWS: String(Number.MAX_SAFE_INTEGER) });
    const off = await spawnWeb({ ...env, ANALYTICS: "off" });
    try {
      await throughput(`${on.url}/updates`);
      await throughput(`${off.url}/updates`);
      // Each goes first in turn: what the machine does meanwhile falls on both alike.
      for (let round = 0; round < 4; round++) {
        const order = round % 2 === 0 ? (["on", "off"] as const) : (["off", "on"] as const);
        for (const which of order) measured[which].push(await throughput(`${(which === "on" ? on : off).url}/updates`));
      }
    } finally {
      await on.stop();
      await off.stop();
    }
  } finally {
    await api.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return measured;
}

/**
 * The audience figures at scale: a million page views over 90 days rolled up, then the dashboard's
 * one call timed; and the cached page's throughput from browsers with counting on and off.
 */
export async function benchAudience(views = 1_000_000, days = 90): Promise<AudienceBenchResult> {
  const backend = await startTestBackend();
  try {
    // Today's events are read live by every call: half an average day's worth.
    const todayEvents = Math.round(views / days / 2);
    await fill(backend, views, days, todayEvents);
    const started = performance.now();
    const { error } = await backend.service().rpc("roll_up_audience", { retention_days: 730 });
    if (error) throw new Error(`roll_up_audience: ${error.message}`);
    const rollUpSeconds = Number(((performance.now() - started) / 1000).toFixed(1));
    const admin = await backend.signIn(ADMIN.email, ADMIN.password);
    const call = async () => {
      const { data, error: figuresError } = await admin.rpc("audience_figures", { days: 90 });
      if (figuresError || !data) throw new Error(`audience_figures: ${figuresError?.message}`);
    };
    // The pass the backend makes every minute, made now rather than waited for.
    await vacuumWhereDue(backend.backend.db);
    for (let i = 0; i < 3; i++) await call();
    const figures = await timed(20, 1, call);

    const measured = await throughputOnAndOff();
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    return { views, days, rollUpSeconds, todayEvents, figures, throughput: { ...measured, ratio: Number((median(measured.on) / median(measured.off)).toFixed(3)) } };
  } finally {
    await backend.stop();
  }
}
