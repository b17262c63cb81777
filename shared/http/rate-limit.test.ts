import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limit.ts";

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
});
