import { describe, expect, it } from "vitest";
import { ContentVersion, type VersionSnapshot } from "./content-version.ts";
import { PageCache, type PageCacheOptions } from "./page-cache.ts";

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("page cache", () => {
  function setup(initial: VersionSnapshot = { version: 1, nextChangeAt: null }, options: Partial<PageCacheOptions<string>> = {}) {
    const time = clock();
    let snapshot: VersionSnapshot | Error = initial;
    const versions = new ContentVersion(
      async () => {
        if (snapshot instanceof Error) throw snapshot;
        return snapshot;
      },
      // Read at every request, each waiting for its read: a test's version change is seen at once.
      { maxAgeMs: 0, servedWhileReadingMs: 0, now: time.now },
    );
    let renders = 0;
    let outcome: "ok" | "fail" | "slow" = "ok";
    const cache = new PageCache<string>({
      versions,
      now: time.now,
      renderDeadlineMs: 50,
      maxEntries: 3,
      render: async (key) => {
        renders += 1;
        if (outcome === "slow") await new Promise((done) => setTimeout(done, 200));
        return outcome === "fail" ? { value: `${key}: Try Again`, complete: false } : { value: `${key} #${renders}`, complete: true };
      },
      ...options,
    });
    return {
      cache,
      time,
      renders: () => renders,
      setVersion: (value: VersionSnapshot | Error) => (snapshot = value),
      setOutcome: (value: typeof outcome) => (outcome = value),
    };
  }

  it("serves a copy while the version is unchanged, and renders again once it moves", async () => {
    const t = setup();
    expect(await t.cache.get("/updates")).toEqual({ value: "/updates #1", state: "miss" });
    expect(await t.cache.get("/updates")).toEqual({ value: "/updates #1", state: "hit" });
    t.setVersion({ version: 2, nextChangeAt: null });
    expect(await t.cache.get("/updates")).toEqual({ value: "/updates #2", state: "miss" });
  });

  it("keeps each language's copy of a page apart, and renders every language's again once the version moves", async () => {
    const t = setup();
    expect(await t.cache.get("/updates")).toEqual({ value: "/updates #1", state: "miss" });
    expect(await t.cache.get("/ja/updates")).toEqual({ value: "/ja/updates #2", state: "miss" });
    expect(await t.cache.get("/updates")).toEqual({ value: "/updates #1", state: "hit" });
    expect(await t.cache.get("/ja/updates")).toEqual({ value: "/ja/updates #2", state: "hit" });
    t.setVersion({ version: 2, nextChangeAt: null });
    expect(await t.cache.get("/ja/updates")).toEqual({ value: "/ja/updates #3", state: "miss" });
    expect(await t.cache.get("/updates")).toEqual({ value: "/updates #4", state: "miss" });
  });

  it("renders once however many requests ask at the same moment", async () => {
    const t = setup();
    await Promise.all(Array.from({ length: 10 }, () => t.cache.get("/")));
    expect(t.renders()).toBe(1);
  });

  it("expires a copy when scheduled content comes due, with no change to the version", async () => {
    const t = setup({ version: 1, nextChangeAt: 1_000_000 + 5000 });
    await t.cache.get("/updates");
    t.time.advance(4999);
    expect((await t.cache.get("/updates")).state).toBe("hit");
    t.time.advance(1);
    expect(await t.cache.get("/updates")).toEqual({ value: "/updates #2", state: "miss" });
  });

  it("a copy rendered after the due moment its version named (a render that finished late, a version read not yet renewed) is not served again", async () => {
    const t = setup({ version: 1, nextChangeAt: 1_000_000 - 1 });
    expect((await t.cache.get("/updates")).state).toBe("miss");
    expect(await t.cache.get("/updates")).toEqual({ value: "/updates #2", state: "miss" });
    t.setVersion({ version: 1, nextChangeAt: null });
    await t.cache.get("/updates");
    expect((await t.cache.get("/updates")).state).toBe("hit");
  });

  it("never replaces a good copy with a failed render: the last good page is served", async () => {
    const t = setup();
    await t.cache.get("/updates");
    t.setVersion({ version: 2, nextChangeAt: null });
    t.setOutcome("fail");
    expect(await t.cache.get("/updates")).toEqual({ value: "/updates #1", state: "stale" });
    t.setOutcome("ok");
    expect(await t.cache.get("/updates")).toEqual({ value: "/updates #3", state: "miss" });
  });

  it("with nothing cached, a failed render is shown as an error and not kept", async () => {
    const t = setup();
    t.setOutcome("fail");
    expect(await t.cache.get("/gallery")).toEqual({ value: "/gallery: Try Again", state: "error" });
    expect(t.cache.size).toBe(0);
  });

  it("serves the last good copy when a render is slower than the deadline, and keeps the new one when it lands", async () => {
    const t = setup();
    await t.cache.get("/");
    t.setVersion({ version: 2, nextChangeAt: null });
    t.setOutcome("slow");
    expect(await t.cache.get("/")).toEqual({ value: "/ #1", state: "stale" });
    await new Promise((done) => setTimeout(done, 250));
    expect(await t.cache.get("/")).toEqual({ value: "/ #2", state: "hit" });
  });

  it("serves cached pages while the version cannot be read", async () => {
    const t = setup();
    await t.cache.get("/about");
    t.setVersion(new Error("down"));
    expect(await t.cache.get("/about")).toEqual({ value: "/about #1", state: "hit" });
  });

  it("keeps a bounded number of documents, dropping the least recently served", async () => {
    const t = setup();
    for (const key of ["/a", "/b", "/c"]) await t.cache.get(key);
    await t.cache.get("/a");
    await t.cache.get("/d");
    expect(t.cache.size).toBe(3);
    expect((await t.cache.get("/a")).state).toBe("hit");
    expect((await t.cache.get("/b")).state).toBe("miss");
  });

  it("keeps 404s and redirects apart from pages: no number of missing addresses pushes a page out", async () => {
    const t = setup(undefined, { isPage: (value) => !value.startsWith("/missing"), maxOtherEntries: 2 });
    await t.cache.get("/about");
    for (let i = 0; i < 1500; i++) expect((await t.cache.get(`/missing-${i}`)).state).toBe("miss");
    expect((await t.cache.get("/missing-1499")).state).toBe("hit");
    expect((await t.cache.get("/missing-1497")).state).toBe("miss");
    expect((await t.cache.get("/about")).state).toBe("hit");
    expect(t.cache.size).toBe(3);
  });

  it("serves a copy for a failed render only up to maxStaleMs after it was last known current, then shows the failure", async () => {
    const t = setup(undefined, { maxStaleMs: 60_000 });
    await t.cache.get("/updates");
    t.time.advance(30_000);
    expect((await t.cache.get("/updates")).state).toBe("hit");
    t.setVersion({ version: 2, nextChangeAt: null });
    t.setOutcome("fail");
    t.time.advance(59_999);
    expect(await t.cache.get("/updates")).toEqual({ value: "/updates #1", state: "stale" });
    t.time.advance(1);
    expect(await t.cache.get("/updates")).toEqual({ value: "/updates: Try Again", state: "error" });
    t.setOutcome("ok");
    expect((await t.cache.get("/updates")).state).toBe("miss");
  });

  it("with a maximum stale age of 0, current copies are still served, and a failed render is shown at once", async () => {
    const t = setup(undefined, { maxStaleMs: 0 });
    await t.cache.get("/updates");
    expect((await t.cache.get("/updates")).state).toBe("hit");
    t.setVersion({ version: 2, nextChangeAt: null });
    t.setOutcome("fail");
    expect(await t.cache.get("/updates")).toEqual({ value: "/updates: Try Again", state: "error" });
  });

  it("while the version cannot be read, copies are served only up to maxStaleMs after the last read that succeeded", async () => {
    const t = setup(undefined, { maxStaleMs: 60_000 });
    await t.cache.get("/about");
    t.setVersion(new Error("down"));
    t.setOutcome("fail");
    t.time.advance(59_999);
    expect(await t.cache.get("/about")).toEqual({ value: "/about #1", state: "hit" });
    t.time.advance(1);
    expect(await t.cache.get("/about")).toEqual({ value: "/about: Try Again", state: "error" });
    t.setVersion({ version: 1, nextChangeAt: null });
    expect(await t.cache.get("/about")).toEqual({ value: "/about #1", state: "hit" });
  });
});
