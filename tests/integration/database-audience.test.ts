import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ADMIN, startTestBackend, type TestBackend } from "../support/backend.ts";
import type { AudienceFigures } from "../../shared/types.ts";

// The stored audience figures are bounded whatever arrives, on each engine: a finished day keeps
// its busiest sources and pages, folds the rest into one "(other)" row each, and its totals whole.

const SOURCES_PER_DAY = 100;
const PAGES_PER_DAY = 200;

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});

afterAll(async () => {
  await backend?.stop();
});

beforeEach(async () => {
  for (const table of ["audience_events", "audience_days", "audience_page_days", "audience_source_days", "audience_device_days"]) {
    await backend.sql(`delete from private.${table}`);
  }
});

/** Two days ago: finished, whatever the time of day. */
const DAY = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);

/** `count` visits of one page view each, from visitors of their own, the i-th with campaign `c<i>` on page `/updates/p<i % pages>`. */
function visits(count: number, pages: number, from = 0) {
  return Array.from({ length: count }, (_, index) => {
    const i = from + index;
    return {
      id: randomUUID(),
      occurred_at: `${DAY}T12:00:00.000Z`,
      kind: "view",
      path: `/updates/p${i % pages}`,
      visitor: randomUUID().replace(/-/g, ""),
      referrer_host: `site${i}.example`,
      utm_source: "flood",
      utm_medium: "",
      utm_campaign: `c${i}`,
      device: "desktop",
      // The first visits are the busiest, so the kept ones are known.
      count: i < 10 ? 50 : 1,
    };
  });
}

async function record(events: ReturnType<typeof visits>) {
  for (let start = 0; start < events.length; start += 1000) {
    const { error } = await backend.service().rpc("record_audience_events", { events: events.slice(start, start + 1000) });
    expect(error).toBeNull();
  }
}

async function rollUp(args: Record<string, number> = { retention_days: 730, sources_per_day: SOURCES_PER_DAY, pages_per_day: PAGES_PER_DAY }) {
  const { error } = await backend.service().rpc("roll_up_audience", args);
  expect(error).toBeNull();
}

const rows = async (table: string) => Number((await backend.sql<{ n: string }>(`select count(*)::text as n from private.${table} where day = $1`, [DAY]))[0]!.n);
const totals = async (table: string, column: string) => Number((await backend.sql<{ n: string }>(`select coalesce(sum(${column}), 0)::text as n from private.${table} where day = $1`, [DAY]))[0]!.n);

describe("audience figures: stored figures are bounded whatever arrives", () => {
  it("keeps a day's 100 busiest sources and 200 busiest pages, and folds the rest into one (other) row each, totals whole", async () => {
    await record(visits(1500, 600));
    await rollUp();
    expect(await rows("audience_source_days")).toBe(SOURCES_PER_DAY + 1);
    expect(await rows("audience_page_days")).toBe(PAGES_PER_DAY + 1);
    expect([await totals("audience_source_days", "visitors"), await totals("audience_source_days", "views")]).toEqual([1500, 1500 + 10 * 49]);
    expect([await totals("audience_page_days", "views"), await totals("audience_days", "visitors")]).toEqual([1500 + 10 * 49, 1500]);
    const [other] = await backend.sql<{ visitors: number; utm_campaign: string }>("select visitors, utm_campaign from private.audience_source_days where day = $1 and referrer_host = '(other)'", [DAY]);
    expect(other).toEqual({ visitors: 1500 - SOURCES_PER_DAY, utm_campaign: "" });
    // The busiest are kept by name.
    const kept = await backend.sql<{ utm_campaign: string }>("select utm_campaign from private.audience_source_days where day = $1 and views = 50 order by utm_campaign", [DAY]);
    expect(kept.map((row) => row.utm_campaign)).toEqual(["c0", "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9"]);

    // Late events of the same day: a kept source adds to its row, new ones find no room left.
    const late = visits(50, 600, 1500);
    late[0] = { ...late[0]!, referrer_host: "site0.example", utm_campaign: "c0" };
    await record(late);
    await rollUp();
    expect(await rows("audience_source_days")).toBe(SOURCES_PER_DAY + 1);
    expect(await rows("audience_page_days")).toBeLessThanOrEqual(PAGES_PER_DAY + 1);
    expect((await backend.sql<{ visitors: number }>("select visitors from private.audience_source_days where day = $1 and utm_campaign = 'c0'", [DAY]))[0]!.visitors).toBe(2);
    expect(await totals("audience_source_days", "visitors")).toBe(1550);

    // The dashboard reads the folded row like any other source.
    const admin = await backend.signIn(ADMIN.email, ADMIN.password);
    const { data, error } = await admin.rpc("audience_figures", { days: 7 });
    expect(error).toBeNull();
    const figures = data as AudienceFigures;
    expect(figures.totals.visitors).toBe(1550);
    expect(figures.sources[0]).toEqual({ source: "(other)", visitors: 1550 - SOURCES_PER_DAY - 1, signups: 0, converted: 0 });
  });

  it("applies its default caps when called with the retention alone, and refuses caps below 1", async () => {
    await record(visits(150, 300));
    await rollUp({ retention_days: 730 });
    expect([await rows("audience_source_days"), await rows("audience_page_days")]).toEqual([SOURCES_PER_DAY + 1, 150]);
    for (const caps of [{ sources_per_day: 0 }, { pages_per_day: -1 }]) {
      const { error } = await backend.service().rpc("roll_up_audience", { retention_days: 730, ...caps });
      expect(error?.code, JSON.stringify(caps)).toBe("22023");
    }
  });
});

describe("audience figures: the conversion is the share of visitors who signed up", () => {
  /** One event of `visitor` (a letter, made a hash) on DAY, from news.example.com's launch campaign. */
  const event = (visitor: string, kind: "view" | "waitlist" | "newsletter", second: number) => ({
    id: randomUUID(),
    occurred_at: `${DAY}T12:00:${String(second).padStart(2, "0")}.000Z`,
    kind,
    path: "/",
    visitor: visitor.repeat(32),
    referrer_host: "news.example.com",
    utm_source: "news",
    utm_medium: "",
    utm_campaign: "launch",
    device: "mobile",
  });

  it("counts a visitor with two sign-ups once, with or without page views, the same before and after the day is rolled up", async () => {
    const admin = await backend.signIn(ADMIN.email, ADMIN.password);
    const read = async () => {
      const { data, error } = await admin.rpc("audience_figures", { days: 7 });
      expect(error).toBeNull();
      return data as AudienceFigures;
    };
    // a: a view, then the waitlist and the newsletter; b: a view, no sign-up; c: a sign-up with no view counted.
    const events = [event("a", "view", 1), event("a", "waitlist", 2), event("a", "newsletter", 3), event("b", "view", 4), event("c", "waitlist", 5)];
    await record(events as never);
    for (const stage of ["raw events", "rolled up"]) {
      if (stage === "rolled up") await rollUp();
      const figures = await read();
      expect(figures.totals, stage).toEqual({ views: 2, visitors: 3, signups: 3, converted: 2 });
      expect(figures.sources, stage).toEqual([{ source: "news.example.com", visitors: 3, signups: 3, converted: 2 }]);
      expect(figures.campaigns, stage).toEqual([{ campaign: "launch", source: "news", medium: "", visitors: 3, signups: 3, converted: 2 }]);
      expect(figures.days.find((day) => day.day === DAY), stage).toEqual({ day: DAY, views: 2, visitors: 3, signups: 3 });
    }
    // One visitor alone, signing up twice: one conversion out of one visitor, not two.
    await backend.sql("delete from private.audience_days");
    await backend.sql("delete from private.audience_source_days");
    await record([event("d", "view", 6), event("d", "waitlist", 7), event("d", "newsletter", 8)] as never);
    const alone = await read();
    expect(alone.totals).toEqual({ views: 1, visitors: 1, signups: 2, converted: 1 });
    expect(alone.sources).toEqual([{ source: "news.example.com", visitors: 1, signups: 2, converted: 1 }]);
  });
});
