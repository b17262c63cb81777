import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIENCE_CAPS } from "../../server/audience.ts";
import type { WebServer } from "../../server/web.ts";
import type { AudienceFigures } from "../../shared/types.ts";
import { ADMIN, EDITOR, startTestBackend, type TestBackend } from "../support/backend.ts";
import { startWebFor } from "../support/web-server.ts";

// Audience figures end to end on the web tier: pages served and navigations reported are counted by
// the web server, sent in batches, and read back through audience_figures() as an administrator.

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const DAY = 86_400_000;


let backend: TestBackend;
let admin: SupabaseClient;
/** How far the web instances' clock is from the real one: a test moves them to yesterday and back. */
let offset = 0;
const now = () => Date.now() + offset;
let web: WebServer;

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.signIn(ADMIN.email, ADMIN.password);
  web = await startWebFor(backend, { audience: { flushMs: 100 }, now });
});

afterAll(async () => {
  await web?.stop();
  await backend?.stop();
});

/** Starts each test from no figures at all (the day's salt stays: running instances hold it). */
async function clearFigures() {
  for (const table of ["audience_events", "audience_days", "audience_page_days", "audience_source_days", "audience_device_days"]) {
    await backend.sql(`delete from private.${table}`);
  }
}

/**
 * Moves every stored figure a day back. The web tier counts visits of yesterday at the earliest (it
 * gets no salt for older days), and a day is finished (rolled up) only 10 minutes after the next
 * midnight UTC: moved to the day before, yesterday's visits lie in a finished day whatever the time.
 */
async function moveFiguresADayBack() {
  await backend.sql("update private.audience_events set occurred_at = occurred_at - interval '1 day', day = day - 1");
  for (const table of ["audience_days", "audience_page_days", "audience_source_days", "audience_device_days"]) {
    await backend.sql(`update private.${table} set day = day - 1`);
  }
}

const visit = (server: WebServer, path: string, headers: Record<string, string> = {}) =>
  fetch(`http://127.0.0.1:${server.port}${path}`, { headers: { "User-Agent": BROWSER, Accept: "text/html", ...headers } });

const navigate = (server: WebServer, path: string, headers: Record<string, string> = {}) =>
  fetch(`http://127.0.0.1:${server.port}/api/views`, { method: "POST", headers: { "User-Agent": BROWSER, "Content-Type": "text/plain;charset=UTF-8", ...headers }, body: JSON.stringify({ path }) });

const storedEvents = async () => Number((await backend.sql<{ n: string }>("select count(*)::text as n from private.audience_events"))[0]!.n);

/** Today's figures and those of the two days before (where moveFiguresADayBack puts yesterday's). */
async function figures(days = 3): Promise<AudienceFigures> {
  const { data, error } = await admin.rpc("audience_figures", { days });
  if (error) throw error;
  return data as AudienceFigures;
}

describe("audience figures without cookies", () => {
  it("counts a page load and each in-app navigation once, with the campaign and referrer the visit came with", async () => {
    await clearFigures();
    offset = 0;
    const landing = await visit(web, "/updates?utm_source=newsletter&utm_medium=email&utm_campaign=launch", { Referer: "https://news.example.com/story" });
    expect(landing.status).toBe(200);
    expect((await navigate(web, "/gallery")).status).toBe(204);
    expect((await navigate(web, "/contact")).status).toBe(204);
    await expect.poll(storedEvents).toBe(3);

    const { totals, pages, sources, campaigns, devices } = await figures();
    expect(totals).toEqual({ views: 3, visitors: 1, signups: 0, converted: 0 });
    expect(pages.map((page) => [page.path, page.views, page.visitors]).sort()).toEqual([
      ["/contact", 1, 1],
      ["/gallery", 1, 1],
      ["/updates", 1, 1],
    ]);
    expect(sources).toEqual([{ source: "news.example.com", visitors: 1, signups: 0, converted: 0 }]);
    expect(campaigns).toEqual([{ campaign: "launch", source: "newsletter", medium: "email", visitors: 1, signups: 0, converted: 0 }]);
    expect(devices).toEqual([{ device: "desktop", visitors: 1 }]);
  });

  it("does not count Global Privacy Control, Do Not Track, robots, previews, the back office or errors, and sets no cookie", async () => {
    await clearFigures();
    offset = 0;
    const answers = await Promise.all([
      visit(web, "/", { "Sec-GPC": "1" }),
      visit(web, "/", { DNT: "1" }),
      visit(web, "/", { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }),
      visit(web, "/", { "User-Agent": "curl/8.5.0" }),
      visit(web, "/admin"),
      visit(web, "/admin/blog"),
      visit(web, "/updates/no-such-post"),
      visit(web, "/about?preview=not-a-token"),
      navigate(web, "/", { "Sec-GPC": "1" }),
    ]);
    for (const answer of answers) expect(answer.headers.get("set-cookie")).toBeNull();
    // A counted view, sent after the others: once it is stored, the others would have been too.
    const counted = await visit(web, "/whitepaper");
    expect(counted.headers.get("set-cookie")).toBeNull();
    await expect.poll(storedEvents).toBe(1);
    expect((await figures()).pages.map((page) => page.path)).toEqual(["/whitepaper"]);
  });

  it("is one visitor within a day, on every web instance, and another visitor the next day", async () => {
    await clearFigures();
    offset = 0;
    const second = await startWebFor(backend, { audience: { flushMs: 100 }, now });
    try {
      await visit(web, "/");
      await visit(second, "/about");
      await expect.poll(storedEvents).toBe(2);
      expect((await figures()).totals).toEqual({ views: 2, visitors: 1, signups: 0, converted: 0 });
      // The next day (on the instance's clock): the same address and browser hash to someone else.
      offset = DAY;
      await visit(second, "/");
      await expect.poll(storedEvents).toBe(3);
      const perDay = await backend.sql<{ days: string; visitors: string }>(
        "select count(distinct day)::text as days, count(distinct visitor)::text as visitors from private.audience_events",
      );
      expect(perDay).toEqual([{ days: "2", visitors: "2" }]);
    } finally {
      offset = 0;
      await second.stop();
    }
  });

  it("attributes a sign-up to the page it was made on and to its visit's source", async () => {
    await clearFigures();
    offset = 0;
    await visit(web, "/?utm_source=forum&utm_campaign=beta", { Referer: "https://forum.example.org/t/1" });
    await navigate(web, "/updates");
    const signup = await fetch(`http://127.0.0.1:${web.port}/`, {
      method: "POST",
      headers: { "User-Agent": BROWSER, "Content-Type": "application/x-www-form-urlencoded", Referer: `http://localhost:5173/updates` },
      body: new URLSearchParams({ "form-name": "waitlist", "bot-field": "", email: "converted@example.com" }).toString(),
    });
    expect(signup.status).toBe(200);
    await expect.poll(storedEvents).toBe(3);
    const { totals, pages, sources, campaigns } = await figures();
    expect(totals).toEqual({ views: 2, visitors: 1, signups: 1, converted: 1 });
    expect(pages.find((page) => page.path === "/updates")).toEqual({ path: "/updates", views: 1, visitors: 1, signups: 1 });
    expect(sources).toEqual([{ source: "forum.example.org", visitors: 1, signups: 1, converted: 1 }]);
    expect(campaigns).toEqual([{ campaign: "beta", source: "forum", medium: "", visitors: 1, signups: 1, converted: 1 }]);
  });

  it("rolls finished days into daily figures and deletes their events, with the same figures", async () => {
    await clearFigures();
    offset = -DAY;
    await visit(web, "/gallery");
    await visit(web, "/gallery");
    // An instance may roll up as soon as it sends (the first time in an hour): either way the
    // figures are the same before and after.
    await expect.poll(async () => (await figures()).totals.views).toBe(2);
    await moveFiguresADayBack();
    const before = await figures();
    const { error } = await backend.service().rpc("roll_up_audience", { retention_days: 730 });
    expect(error).toBeNull();
    expect(await storedEvents()).toBe(0);
    expect(await figures()).toEqual(before);
    expect(before.pages).toEqual([{ path: "/gallery", views: 2, visitors: 1, signups: 0 }]);
    offset = 0;
  });

  it("bounds the navigation reports: size, shape and rate", async () => {
    const oversized = await fetch(`http://127.0.0.1:${web.port}/api/views`, { method: "POST", body: JSON.stringify({ path: `/${"a".repeat(2000)}` }) });
    expect(oversized.status).toBe(413);
    expect((await navigate(web, "/admin")).status).toBe(400);
    expect((await navigate(web, "/no-such-page")).status).toBe(400);
    const garbled = await fetch(`http://127.0.0.1:${web.port}/api/views`, { method: "POST", body: "{not json" });
    expect([garbled.status, await garbled.json()]).toEqual([400, { error: 'The body must be JSON: {"path": "/a-page"}' }]);
    // One address may report 120 navigations a minute; the rest are refused until the minute is over.
    // On an instance of its own, whose allowance no other test spends (nor needs).
    const bounded = await startWebFor(backend, { audience: { flushMs: 100 }, now });
    try {
      const statuses = await Promise.all(Array.from({ length: 125 }, () => navigate(bounded, "/").then((response) => response.status)));
      expect(statuses.filter((status) => status === 204)).toHaveLength(120);
      expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    } finally {
      await bounded.stop();
    }
  });

  it("counts at most one client's daily caps, whatever it sends: 1,500 page views with 1,500 browsers and campaigns leave a bounded day", async () => {
    await clearFigures();
    offset = -DAY;
    try {
      // On an instance of its own, whose allowance for 127.0.0.1 no other test spends (nor needs).
      const flooded = await startWebFor(backend, { audience: { flushMs: 100 }, now });
      try {
        const agent = (i: number) => `${BROWSER} Flood/${i}`;
        const statuses: number[] = [];
        for (let start = 0; start < 1500; start += 50) {
          const batch = Array.from({ length: 50 }, (_, index) => start + index);
          statuses.push(...(await Promise.all(batch.map((i) => visit(flooded, `/?utm_source=flood&utm_campaign=c${i}`, { "User-Agent": agent(i) }).then((answer) => answer.status)))));
        }
        expect(statuses.every((status) => status === 200)).toBe(true);
        // The same caps hold for the site's navigation reports: a new browser adds nothing.
        expect((await navigate(flooded, "/gallery", { "User-Agent": agent(1500) })).status).toBe(204);
      } finally {
        // Stopping sends everything the instance counted.
        await flooded.stop();
      }
      await moveFiguresADayBack();
      const { error } = await backend.service().rpc("roll_up_audience", { retention_days: 730, sources_per_day: AUDIENCE_CAPS.sources, pages_per_day: AUDIENCE_CAPS.pages });
      expect(error).toBeNull();
      expect(await storedEvents()).toBe(0);
      expect((await figures()).totals).toEqual({ views: AUDIENCE_CAPS.clientVisitors, visitors: AUDIENCE_CAPS.clientVisitors, signups: 0, converted: 0 });
      const stored = await backend.sql<{ sources: number; pages: number }>(
        "select (select count(*)::int from private.audience_source_days) as sources, (select count(*)::int from private.audience_page_days) as pages",
      );
      // One source row per counted browser (its campaign), far below the 1,500 sent.
      expect(stored).toEqual([{ sources: AUDIENCE_CAPS.clientVisitors, pages: 1 }]);
    } finally {
      offset = 0;
    }
  });

  it("shows the figures to administrators only", async () => {
    const { error: anonError } = await backend.anon().rpc("audience_figures", { days: 7 });
    expect(anonError?.code).toBe("42501");
    const editor = await backend.signIn(EDITOR.email, EDITOR.password);
    const { error: editorError } = await editor.rpc("audience_figures", { days: 7 });
    expect(editorError?.code).toBe("42501");
    expect((await admin.rpc("audience_figures", { days: 0 })).error?.code).toBe("22023");
    for (const who of [backend.anon(), editor, admin]) {
      const { error } = await who.rpc("record_audience_events", { events: [] });
      expect(error).not.toBeNull();
    }
  });
});
