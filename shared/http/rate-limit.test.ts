import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limit.ts";

/** The heap in use after a full garbage collection, in bytes. */
function heapAfterCollection(): number {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  gc();
  return process.memoryUsage().heapUsed;
}

describe("rate limiter", () => {
  const clock = () => {
    let now = 1_000_000;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };

  it("allows events up to the limit within the window, then refuses with a retry time", () => {
    const time = clock();
    const limiter = new RateLimiter({ limit: 3, windowMs: 60_000 }, time.now);
    for (let i = 0; i < 3; i++) {
      expect(limiter.check("ip")).toEqual({ allowed: true });
      limiter.record("ip");
      time.advance(1000);
    }
    expect(limiter.check("ip")).toEqual({ allowed: false, retryAfterSeconds: 57 });
  });

  it("allows again once the oldest events leave the window", () => {
    const time = clock();
    const limiter = new RateLimiter({ limit: 2, windowMs: 10_000 }, time.now);
    limiter.record("ip");
    limiter.record("ip");
    expect(limiter.check("ip").allowed).toBe(false);
    time.advance(10_001);
    expect(limiter.check("ip").allowed).toBe(true);
  });

  it("counts an event for the window's length less a millisecond: one exactly windowMs old has left it", () => {
    const time = clock();
    const limiter = new RateLimiter({ limit: 1, windowMs: 10_000 }, time.now);
    limiter.record("ip");
    time.advance(9_999);
    expect(limiter.check("ip")).toEqual({ allowed: false, retryAfterSeconds: 1 });
    time.advance(1);
    expect(limiter.check("ip")).toEqual({ allowed: true });
    limiter.record("ip");
    expect(limiter.check("ip")).toEqual({ allowed: false, retryAfterSeconds: 10 });
  });

  it("counts each key on its own", () => {
    const limiter = new RateLimiter({ limit: 1, windowMs: 10_000 }, clock().now);
    limiter.record("a");
    expect(limiter.check("a").allowed).toBe(false);
    expect(limiter.check("b").allowed).toBe(true);
  });

  it("forgets a key's events, and only that key's", () => {
    const limiter = new RateLimiter({ limit: 1, windowMs: 10_000 }, clock().now);
    limiter.record("a");
    limiter.record("b");
    limiter.forget("a");
    expect(limiter.check("a").allowed).toBe(true);
    expect(limiter.check("b").allowed).toBe(false);
  });

  it("keeps its memory bounded: 200,000 keys seen once each, a window's worth at a time, leave under 10 MB behind", () => {
    // Each key is an address seen once (a crawler, a spray of sign-ins), the window 1,000 of them
    // long. Kept forever, their events take some 55 MB of heap here; dropped once they leave the
    // window (beyond 10,000 keys the limiter sweeps), under 1 MB.
    const time = clock();
    const limiter = new RateLimiter({ limit: 1, windowMs: 1000 }, time.now);
    const before = heapAfterCollection();
    for (let i = 0; i < 200_000; i++) {
      limiter.record(`address ${i}`);
      time.advance(1);
    }
    expect(heapAfterCollection() - before).toBeLessThan(10_000_000);
    // The keys still in the window still count; those that left it do not.
    expect(limiter.check("address 199999")).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(limiter.check("address 199001").allowed).toBe(false);
    expect(limiter.check("address 199000").allowed).toBe(true);
  });
});
