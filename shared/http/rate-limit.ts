export interface RateLimit {
  /** Events allowed per key within the window. */
  limit: number;
  windowMs: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts events per key over a sliding window (e.g. failed sign-ins per address and email). Memory
 * stays bounded: keys whose events all left the window are dropped as they are seen.
 */
export class RateLimiter {
  readonly #events = new Map<string, number[]>();

  constructor(
    private readonly rule: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  check(key: string): RateDecision {
    const recent = this.#recent(key);
    if (recent.length < this.rule.limit) return { allowed: true };
    const retryAfterMs = recent[0]! + this.rule.windowMs - this.now();
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
  }

  record(key: string): void {
    const recent = this.#recent(key);
    recent.push(this.now());
    this.#events.set(key, recent);
    if (this.#events.size > 10_000) this.#sweep();
  }

  /** Drops the key's events, as when what they counted against no longer exists (a replaced code). */
  forget(key: string): void {
    this.#events.delete(key);
  }

  #recent(key: string): number[] {
    const since = this.now() - this.rule.windowMs;
    const recent = (this.#events.get(key) ?? []).filter((t) => t > since);
    if (recent.length === 0) this.#events.delete(key);
    return recent;
  }

  #sweep(): void {
    for (const key of [...this.#events.keys()]) this.#recent(key);
  }
}
