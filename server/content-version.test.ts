import { describe, expect, it } from "vitest";
import { ContentVersion, parseVersion } from "./content-version.ts";

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("content version: one read serves every request for a second", () => {
  it("reads again only when the last read started more than maxAgeMs ago, sharing one read", async () => {
    const time = clock();
    let reads = 0;
    const versions = new ContentVersion(async () => ({ version: ++reads, nextChangeAt: null }), { maxAgeMs: 1000, now: time.now });
    const [a, b] = await Promise.all([versions.current(), versions.current()]);
    expect([a?.version, b?.version, reads]).toEqual([1, 1, 1]);
    time.advance(999);
    expect((await versions.current())?.version).toBe(1);
    expect(reads).toBe(1);
    time.advance(1000);
    // Too old to serve while reading (1.5 s by default): this request waits for the new read.
    expect((await versions.current())?.version).toBe(2);
  });

  it("a request waits up to readWaitMs for the read it started, and gets the new version when the read answers in time", async () => {
    const time = clock();
    let reads = 0;
    const versions = new ContentVersion(async () => ({ version: ++reads, nextChangeAt: null }), { maxAgeMs: 500, readWaitMs: 1000, now: time.now });
    expect((await versions.current())?.version).toBe(1);
    time.advance(600);
    expect((await versions.current())?.version).toBe(2);
  });

  it("while the next read is under way, requests go on with the known version after readWaitMs until it is servedWhileReadingMs old, then wait for that read", async () => {
    const time = clock();
    let reads = 0;
    const answers: ((version: number) => void)[] = [];
    const versions = new ContentVersion(
      () => {
        reads++;
        return new Promise((answer) => answers.push((version) => answer({ version, nextChangeAt: null })));
      },
      { maxAgeMs: 500, servedWhileReadingMs: 1500, readWaitMs: 5, now: time.now },
    );
    const first = versions.current();
    answers.shift()!(1);
    expect((await first)?.version).toBe(1);

    // Past maxAgeMs: a read starts, and the request waits for it no longer than readWaitMs.
    time.advance(600);
    expect((await versions.current())?.version).toBe(1);
    expect(reads).toBe(2);
    time.advance(800);
    expect((await versions.current())?.version).toBe(1);
    expect(reads).toBe(2);

    // Past servedWhileReadingMs, the version is too old to serve: requests wait for the read under way.
    time.advance(100);
    let waited: number | undefined;
    const late = versions.current().then((snapshot) => (waited = snapshot?.version));
    await Promise.resolve();
    expect(waited).toBeUndefined();
    answers.shift()!(2);
    await late;
    expect([waited, reads]).toEqual([2, 2]);
  });

  it("once a read took longer than readWaitMs, requests go on with the known version at once; after a quick read they wait again", async () => {
    const time = clock();
    const answers: ((version: number) => void)[] = [];
    let reads = 0;
    const versions = new ContentVersion(
      () => {
        reads++;
        return new Promise((answer) => answers.push((version) => answer({ version, nextChangeAt: null })));
      },
      // A wait no test sits through: a request that waited for a read left unanswered times the test out.
      { maxAgeMs: 500, servedWhileReadingMs: 1_000_000, readWaitMs: 60_000, now: time.now },
    );
    const answered = async (request: Promise<{ version: number } | null>, version: number, tookMs = 0) => {
      time.advance(tookMs);
      answers.shift()!(version);
      return (await request)?.version;
    };
    expect(await answered(versions.current(), 1, 200)).toBe(1);
    // The last read took 200 ms, under the wait: a request past maxAgeMs waits for the read it starts.
    time.advance(600);
    expect(await answered(versions.current(), 2, 70_000)).toBe(2);
    // That one took 70 s, over the wait: the next request starts a read and goes on without it.
    time.advance(600);
    expect((await versions.current())?.version).toBe(2);
    expect(reads).toBe(3);
    // That read answers at once: a request past maxAgeMs waits for its read again.
    answers.shift()!(3);
    await new Promise((settled) => setImmediate(settled));
    time.advance(600);
    expect(await answered(versions.current(), 4)).toBe(4);
  });

  it("keeps the last known version while the database cannot be read (stale-if-error)", async () => {
    const time = clock();
    let fail = false;
    const lines: string[] = [];
    const versions = new ContentVersion(
      async () => {
        if (fail) throw new Error("connect ECONNREFUSED");
        return { version: 7, nextChangeAt: null };
      },
      { maxAgeMs: 1000, now: time.now, log: (line) => lines.push(line) },
    );
    expect(await versions.current()).toEqual({ version: 7, nextChangeAt: null });
    fail = true;
    time.advance(5000);
    expect(await versions.current()).toEqual({ version: 7, nextChangeAt: null });
    time.advance(5000);
    await versions.current();
    expect(lines).toEqual(["[web] content version unreadable, serving cached pages: connect ECONNREFUSED"]);
  });

  it("on a first start, stays quiet while the backend is not yet answering, and says so once it has failed for quietStartMs", async () => {
    const time = clock();
    let fail = true;
    const lines: string[] = [];
    const versions = new ContentVersion(
      async () => {
        if (fail) throw new Error("timeout");
        return { version: 3, nextChangeAt: null };
      },
      { maxAgeMs: 1000, now: time.now, log: (line) => lines.push(line), quietStartMs: 60_000 },
    );
    // The start's warm-up reads and times out: nothing to report, the backend is still getting ready.
    expect(await versions.current()).toBeNull();
    time.advance(30_000);
    expect(await versions.current()).toBeNull();
    expect(versions.failing).toBe(true);
    expect(lines).toEqual([]);
    fail = false;
    expect(await versions.current()).toBeNull();
    time.advance(1000);
    expect(await versions.current()).toEqual({ version: 3, nextChangeAt: null });
    expect(lines).toEqual([]);

    // A backend that never answers is reported, once, after the quiet start.
    const never = new ContentVersion(() => Promise.reject(new Error("connect ECONNREFUSED")), { maxAgeMs: 1000, now: time.now, log: (line) => lines.push(line), quietStartMs: 60_000 });
    await never.current();
    time.advance(59_000);
    await never.current();
    expect(lines).toEqual([]);
    time.advance(1000);
    await never.current();
    time.advance(5000);
    await never.current();
    expect(lines).toEqual(["[web] content version unreadable for 60 s since the start: connect ECONNREFUSED"]);
  });

  it("parses content_version()'s answer", () => {
    expect(parseVersion({ version: 12, changed_at: "x", next_change_at: null })).toEqual({ version: 12, nextChangeAt: null });
    expect(parseVersion({ version: "13", next_change_at: "2026-01-01 00:00:00+00" })).toEqual({ version: 13, nextChangeAt: Date.parse("2026-01-01T00:00:00Z") });
    expect(() => parseVersion({ message: "permission denied" })).toThrow(/content_version\(\) returned/);
  });
});
