import { startTestBackend } from "../../tests/support/backend.ts";
import { benchPeopleFirstPage, type PeopleBenchResult } from "./people.ts";

export interface WaitlistBenchResult {
  engine: "embedded" | "PostgreSQL";
  members: number;
  referrals: number;
  /** Sequential waitlist_status calls through the REST API (`POST /rest/v1/rpc/waitlist_status`), as the web tier makes them. */
  calls: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** The same function called in SQL on the database, without the API: what the query itself costs. */
  sqlP50Ms: number;
  sqlP95Ms: number;
  /** People's first page with its total on the same lists (every member is a person). */
  people: PeopleBenchResult;
}

const MEMBERS = 100_000;
const REFERRALS = 20_000;
const CALLS = 400;

const percentile = (sorted: number[], p: number) => Number(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!.toFixed(2));

/**
 * A place in line on a waitlist of `members` confirmed members of whom `referrals` joined through
 * another member's link and earned them credit (supabase/schemas/14_waitlist.sql): the personal status
 * page's query, `waitlist_status(token)`, for random members, one call after another through the
 * local API with the service role, as the web tier calls it; then the same in SQL for comparison; then
 * People's first page on the same lists (scripts/bench/people.ts). Embedded engine unless
 * `databaseUrl` names a PostgreSQL database.
 */
export async function benchWaitlist(options: { databaseUrl?: string; members?: number; referrals?: number; calls?: number } = {}): Promise<WaitlistBenchResult> {
  const members = options.members ?? MEMBERS;
  const referrals = options.referrals ?? REFERRALS;
  const calls = options.calls ?? CALLS;
  const backend = await startTestBackend({ databaseUrl: options.databaseUrl });
  try {
    // The line as confirmations make it: numbers 1..members; the last `referrals` members each
    // referred by one of the earlier members (spread by a multiplicative hash), credited.
    await backend.sql(
      `insert into public.waitlist_members (email, folded_email, status, referral_code, confirmation_sent_at, confirmed_at, seq, score)
       select 'line' || g || '@example.com', 'line' || g || '@example.com', 'confirmed', lpad(to_hex(g), 10, '0'), now(), now(), g, g
         from generate_series(1, $1::integer) g`,
      [members],
    );
    const earlier = members - referrals;
    await backend.sql(
      `update public.waitlist_members f set referred_by = r.id, credited = true
         from public.waitlist_members r
        where f.seq > $1::bigint and r.seq = ((f.seq * 7919) % $1::bigint) + 1`,
      [earlier],
    );
    await backend.sql(
      `update public.waitlist_members m set credits = c.n, score = m.seq - 10 * c.n
         from (select referred_by, count(*)::integer as n from public.waitlist_members where referred_by is not null group by 1) c
        where c.referred_by = m.id`,
    );
    await backend.sql(
      `insert into private.waitlist_tokens (member_id, status_token)
       select id, replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') from public.waitlist_members`,
    );
    await backend.sql("update private.waitlist_settings set confirmed = $1", [members]);
    // As autovacuum leaves a table that has settled: statistics and the visibility map current.
    await backend.sql("vacuum analyze public.waitlist_members");
    await backend.sql("vacuum analyze private.waitlist_tokens");
    const tokens = (await backend.sql<{ status_token: string }>(`select status_token from private.waitlist_tokens order by random() limit $1`, [calls])).map((row) => row.status_token);
    const call = async (token: string) => {
      const response = await fetch(`${backend.url}/rest/v1/rpc/waitlist_status`, {
        method: "POST",
        headers: { apikey: backend.serviceKey, Authorization: `Bearer ${backend.serviceKey}`, "Content-Type": "application/json" },
        body: JSON.stringify({ token }),
      });
      if (!response.ok) throw new Error(`waitlist_status answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as { place: number; total: number };
    };
    const first = await call(tokens[0]!);
    if (first.total !== members) throw new Error(`the line holds ${first.total} members, not ${members}`);
    for (const token of tokens.slice(0, 20)) await call(token);
    const times: number[] = [];
    for (const token of tokens) {
      const started = performance.now();
      await call(token);
      times.push(performance.now() - started);
    }
    const sqlTimes: number[] = [];
    for (const token of tokens.slice(0, 100)) {
      const started = performance.now();
      await backend.sql("select public.waitlist_status($1)", [token]);
      sqlTimes.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    sqlTimes.sort((a, b) => a - b);
    const people = await benchPeopleFirstPage(backend);
    return {
      engine: options.databaseUrl ? "PostgreSQL" : "embedded",
      members,
      referrals,
      calls,
      p50Ms: percentile(times, 50),
      p95Ms: percentile(times, 95),
      maxMs: percentile(times, 100),
      sqlP50Ms: percentile(sqlTimes, 50),
      sqlP95Ms: percentile(sqlTimes, 95),
      people,
    };
  } finally {
    await backend.stop();
  }
}
