import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { GrowthFigures } from "../../shared/types.ts";
import { ADMIN, EDITOR, rpcResult, startTestBackend, USER, type TestBackend } from "../support/backend.ts";

// The dashboard's growth figures on each engine (growth_figures in supabase/schemas/14_waitlist.sql):
// sign-ups made, confirmed and referred through the waitlist's own functions, then counted per day,
// direct and referred; the confirmation rate's counts, sign-ups the line has forgotten included; the
// top referrers in order, with addresses for administrators only; and who may call it.

let backend: TestBackend;
let service: SupabaseClient;
let admin: SupabaseClient;
let editor: SupabaseClient;

beforeAll(async () => {
  backend = await startTestBackend();
  service = backend.service();
  admin = await backend.signIn(ADMIN.email, ADMIN.password);
  editor = await backend.signIn(EDITOR.email, EDITOR.password);
});

afterAll(async () => {
  await backend?.stop();
});


const figures = (client: SupabaseClient, days: number) => rpcResult<GrowthFigures>(client, "growth_figures", { days });

async function signup(email: string, options: { ref?: string; client?: string; disposable?: boolean } = {}): Promise<string> {
  const { token } = await rpcResult<{ token: string | null }>(service, "waitlist_signup", {
    address: email,
    language: "en",
    referral_code: options.ref ?? null,
    client_hash: options.client ?? null,
    disposable: options.disposable ?? false,
  });
  expect(token, `a confirmation token for ${email}`).toMatch(/^[0-9a-f]{64}$/);
  return token!;
}

interface Member {
  id: string;
  code: string;
  statusToken: string;
}

/** Signs up and confirms. */
async function join(email: string, options: { ref?: string; client?: string; disposable?: boolean } = {}): Promise<Member> {
  const confirmed = await rpcResult<{ status_token: string } | null>(service, "waitlist_confirm", { token: await signup(email, options) });
  expect(confirmed, `${email} confirmed`).not.toBeNull();
  const [row] = await backend.sql<{ id: string; referral_code: string }>("select id, referral_code from public.waitlist_members where email = $1", [email]);
  return { id: row!.id, code: row!.referral_code, statusToken: confirmed!.status_token };
}

/** Dates a sign-up back by whole days, as if it had been made then. */
async function signedUpDaysAgo(email: string, days: number): Promise<void> {
  await backend.sql(
    "update private.waitlist_signups s set signed_up_at = s.signed_up_at - make_interval(days => $2) from public.waitlist_members m where m.id = s.member_id and m.email = $1",
    [email, days],
  );
}

/** The database's UTC day `offset` days from today, as the answer spells it. */
async function day(offset: number): Promise<string> {
  const [row] = await backend.sql<{ day: string }>("select ((now() at time zone 'UTC')::date + $1::integer)::text as day", [offset]);
  return row!.day;
}

async function resetLine(): Promise<void> {
  await backend.sql("delete from public.waitlist_credit_audit");
  await backend.sql("delete from public.waitlist_members");
  await backend.sql("delete from private.waitlist_signups");
  await backend.sql("delete from private.waitlist_mails");
  await backend.sql("delete from private.waitlist_credit_events");
  await backend.sql("update private.waitlist_settings set places_per_referral = 10, client_daily_credits = 5");
}

describe("sign-ups per day, direct and referred, and the confirmation rate", () => {
  beforeEach(resetLine);

  it("counts each day's sign-ups by whether they came through a referral link, every day of the period with a row", async () => {
    const a = await join("day-a@example.com");
    const b = await join("day-b@example.com");
    await join("day-c@example.com", { ref: a.code, client: "client-c" });
    await signup("day-d@example.com", { ref: a.code, client: "client-d" });
    await join("day-e@example.com", { ref: b.code, client: "client-e" });
    await signup("day-f@example.com");
    await signedUpDaysAgo("day-a@example.com", 2);
    await signedUpDaysAgo("day-b@example.com", 2);
    await signedUpDaysAgo("day-c@example.com", 1);

    const week = await figures(admin, 7);
    expect(week.days.map((row) => row.day)).toEqual(await Promise.all([-6, -5, -4, -3, -2, -1, 0].map(day)));
    expect(week.days.map(({ direct, referred }) => [direct, referred])).toEqual([[0, 0], [0, 0], [0, 0], [0, 0], [2, 0], [0, 1], [1, 2]]);
    // Of the period's 6 sign-ups, 4 confirmed: a, b, c and e.
    expect(week.totals).toEqual({ signed_up: 6, direct: 3, referred: 3, confirmed: 4 });

    const today = await figures(admin, 1);
    expect(today.days).toEqual([{ day: await day(0), direct: 1, referred: 2 }]);
    expect(today.totals).toEqual({ signed_up: 3, direct: 1, referred: 2, confirmed: 1 });
  });

  it("a sign-up counts on the day it was made when it is confirmed later, and still counts once the line has forgotten it unconfirmed", async () => {
    const late = await signup("late@example.com");
    await signup("never@example.com");
    await signedUpDaysAgo("late@example.com", 3);
    await rpcResult(service, "waitlist_confirm", { token: late });
    expect((await figures(admin, 2)).totals).toEqual({ signed_up: 1, direct: 1, referred: 0, confirmed: 0 });
    expect((await figures(admin, 7)).totals).toEqual({ signed_up: 2, direct: 2, referred: 0, confirmed: 1 });

    // Pending members are deleted 7 days after their last link: the sign-up stays counted.
    await backend.sql("update public.waitlist_members set created_at = now() - interval '8 days', confirmation_sent_at = now() - interval '8 days' where email = 'never@example.com'");
    await signedUpDaysAgo("never@example.com", 8);
    expect(await rpcResult(service, "waitlist_forget_unconfirmed")).toBe(1);
    const month = await figures(admin, 30);
    expect(month.totals).toEqual({ signed_up: 2, direct: 2, referred: 0, confirmed: 1 });
    const on = (offset: number) => month.days.at(offset - 1);
    expect(on(-8)).toEqual({ day: await day(-8), direct: 1, referred: 0 });
    expect(on(-3)).toEqual({ day: await day(-3), direct: 1, referred: 0 });
  });

  it("an empty period is all zeros", async () => {
    const empty = await figures(editor, 30);
    expect(empty.days).toHaveLength(30);
    expect(empty.days.every((row) => row.direct === 0 && row.referred === 0)).toBe(true);
    expect(empty.totals).toEqual({ signed_up: 0, direct: 0, referred: 0, confirmed: 0 });
    expect(empty.top_referrers).toEqual([]);
  });
});

describe("the top referrers", () => {
  beforeEach(resetLine);

  it("are ordered by credited referrals, then place; voided and refused credit earn no rank; only administrators get addresses", async () => {
    const first = await join("top-1@example.com");
    const second = await join("top-2@example.com");
    const third = await join("top-3@example.com");
    const voided = await join("top-4@example.com");
    await join("friend-1@example.com", { ref: first.code, client: "client-1" });
    await join("friend-2@example.com", { ref: second.code, client: "client-2" });
    await join("friend-3@example.com", { ref: second.code, client: "client-3" });
    await join("friend-4@example.com", { ref: third.code, client: "client-4" });
    await join("friend-5@example.com", { ref: third.code, client: "client-5" });
    await join("friend-6@example.com", { ref: voided.code, client: "client-6" });
    // Refused credit (a throwaway domain) and a friend still pending earn nothing.
    await join("friend-7@mailinator.com", { ref: first.code, client: "client-7", disposable: true });
    await signup("friend-8@example.com", { ref: first.code, client: "client-8" });
    await rpcResult(admin, "waitlist_void_credit", { member_id: voided.id, reason: "Referrals from a bought list" });

    // Scores: second 2 - 20, third 3 - 20, first 1 - 10; two credits each rank second and third
    // first, and the place (the status page's) orders them.
    const places = await Promise.all(
      [second, third, first].map(async (member) => (await rpcResult<{ place: number }>(service, "waitlist_status", { token: member.statusToken })).place),
    );
    expect(places).toEqual([1, 2, 3]);
    expect((await figures(admin, 7)).top_referrers).toEqual([
      { place: 1, referrals: 2, email: "top-2@example.com" },
      { place: 2, referrals: 2, email: "top-3@example.com" },
      { place: 3, referrals: 1, email: "top-1@example.com" },
    ]);

    const seenByEditor = await figures(editor, 7);
    expect(seenByEditor.top_referrers).toEqual([
      { place: 1, referrals: 2, email: null },
      { place: 2, referrals: 2, email: null },
      { place: 3, referrals: 1, email: null },
    ]);
    expect(JSON.stringify(seenByEditor)).not.toContain("@");
  });

  it("are at most 10", async () => {
    const referrers: Member[] = [];
    for (let i = 1; i <= 11; i++) referrers.push(await join(`many-${i}@example.com`));
    for (const [index, referrer] of referrers.entries()) await join(`many-friend-${index}@example.com`, { ref: referrer.code, client: `many-${index}` });
    const top = (await figures(admin, 7)).top_referrers;
    expect(top).toHaveLength(10);
    // One credit each: the places decide, and the last to confirm is left out.
    expect(top.map((row) => row.place)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(top.map((row) => row.email)).not.toContain("many-11@example.com");
    // Twenty-two sign-ups, each signed up and confirmed through the API: 0.6 s alone, and over 150 s
    // in a whole CI run (2026-11-27) whose browser lanes left this file's backend little of the cores.
  }, 300_000);
});

describe("who may read the growth figures", () => {
  it("editors and administrators; visitors and signed-in non-members are refused with 42501; the period is bounded", async () => {
    expect((await backend.anon().rpc("growth_figures", { days: 7 })).error?.code).toBe("42501");
    const user = await backend.signIn(USER.email, USER.password);
    expect((await user.rpc("growth_figures", { days: 7 })).error).toMatchObject({ code: "42501", message: "Access denied. Admin privileges required." });
    expect((await figures(editor, 7)).days).toHaveLength(7);
    expect((await figures(admin, 366)).days).toHaveLength(366);
    for (const days of [0, 367, null]) expect((await admin.rpc("growth_figures", { days })).error?.code, `days ${days}`).toBe("22023");
    // The sign-up log itself is read by no API role.
    const [privileges] = await backend.sql<{ readers: string[] }>(
      "select array_agg(r) filter (where has_table_privilege(r, 'private.waitlist_signups', 'select')) as readers from unnest(array['anon', 'authenticated', 'service_role']) r",
    );
    expect(privileges!.readers).toBeNull();
  });
});
