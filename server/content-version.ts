// Whether cached pages are still current: the database keeps a counter that every change to the
// site's content moves (supabase/migrations/*_live_site.sql), and `content_version()` reads it, for
// the service role only (it also tells when scheduled content comes out, which visitors must not
// learn). One read serves every request for `maxAgeMs`, so a page costs no database work per request
// and a change reaches the served HTML within `maxAgeMs` plus one render, on every web instance.

export interface VersionSnapshot {
  version: number;
  /** Epoch ms at which content becomes visible or hidden by time alone, or null. */
  nextChangeAt: number | null;
}

interface ContentVersionOptions {
  maxAgeMs?: number;
  now?: () => number;
  log?: (line: string) => void;
}

export class ContentVersion {
  #snapshot: VersionSnapshot | null = null;
  #checkedAt = Number.NEGATIVE_INFINITY;
  #readAt = Number.NEGATIVE_INFINITY;
  #inflight: Promise<void> | null = null;
  #failing = false;
  readonly #maxAgeMs: number;
  readonly #now: () => number;
  readonly #log: (line: string) => void;

  constructor(
    private readonly read: () => Promise<VersionSnapshot>,
    options: ContentVersionOptions = {},
  ) {
    this.#maxAgeMs = options.maxAgeMs ?? 500;
    this.#now = options.now ?? Date.now;
    this.#log = options.log ?? (() => {});
  }

  /**
   * The version, read again when the last read started more than `maxAgeMs` ago (500 ms by default) (requests meanwhile
   * wait for that one read). When the read fails, the last known version stands (stale-if-error);
   * null until a first read succeeds.
   */
  async current(): Promise<VersionSnapshot | null> {
    const recent = this.recent();
    if (recent !== undefined) return recent;
    this.#inflight ??= this.#check().finally(() => (this.#inflight = null));
    await this.#inflight;
    return this.#snapshot;
  }

  /** When the last read that succeeded started (epoch ms): the version is known as of then. */
  get readAt(): number {
    return this.#readAt;
  }

  /** Whether the last read failed (the version stands as of `readAt`). */
  get failing(): boolean {
    return this.#failing;
  }

  /** The version when the last read is recent enough to stand (no waiting), else undefined. */
  recent(): VersionSnapshot | null | undefined {
    return this.#now() - this.#checkedAt < this.#maxAgeMs ? this.#snapshot : undefined;
  }

  async #check(): Promise<void> {
    const started = this.#now();
    try {
      this.#snapshot = await this.read();
      this.#readAt = started;
      if (this.#failing) this.#log("[web] content version readable again");
      this.#failing = false;
    } catch (error) {
      if (!this.#failing) this.#log(`[web] content version unreadable, serving cached pages: ${error instanceof Error ? error.message : String(error)}`);
      this.#failing = true;
    } finally {
      this.#checkedAt = started;
    }
  }
}

/** Parses what `content_version()` returns. */
export function parseVersion(value: unknown): VersionSnapshot {
  const row = value as { version?: unknown; next_change_at?: unknown } | null;
  const version = Number(row?.version);
  if (!row || !Number.isFinite(version)) throw new Error(`content_version() returned ${JSON.stringify(value)}`);
  const next = typeof row.next_change_at === "string" ? Date.parse(row.next_change_at) : Number.NaN;
  return { version, nextChangeAt: Number.isFinite(next) ? next : null };
}
