// Whether cached pages are still current: the database keeps a counter that every change to the
// site's content moves (supabase/migrations/*_live_site.sql), and `content_version()` reads it, for
// the service role only (it also tells when scheduled content comes out, which visitors must not
// learn). One read serves every request for `maxAgeMs`, so a page costs no database work per request
// and a change reaches the served HTML within `maxAgeMs` plus one read and one render, on every web
// instance. A request waits for that read for `readWaitMs` at most, then goes on with the version
// already known, while it is under `servedWhileReadingMs` old: a crowd that makes the API slow must
// not make every cached page wait in its line (with a read slower than `maxAgeMs`, each request
// would otherwise wait for a whole one), and once a read has taken longer than `readWaitMs`, they
// do not wait at all: they would only be later, with the same version.

export interface VersionSnapshot {
  version: number;
  /** Epoch ms at which content becomes visible or hidden by time alone, or null. */
  nextChangeAt: number | null;
}

interface ContentVersionOptions {
  maxAgeMs?: number;
  /**
   * How long after its read started a version still serves requests, without their waiting, while
   * the next read is under way (1500 ms by default; at or under `maxAgeMs`, every read is waited
   * for). Older than that, requests wait for the read, so that no page is older than the site's
   * live-content budget (2 s) allows.
   */
  servedWhileReadingMs?: number;
  /**
   * How long a request waits for a read under way before it goes on with the known version (100 ms
   * by default): on a machine at ease a read takes milliseconds, and each request gets its answer.
   * While the last read took longer than this (a crowd keeps the API busy), requests do not wait.
   */
  readWaitMs?: number;
  now?: () => number;
  log?: (line: string) => void;
  /**
   * Until a first read succeeds, failures are logged only once they have lasted this long (60 s by
   * default): on a first start the web tier renders its pages while the backend is still busy
   * (a fresh database's first queries), and a timeout then is no fault anyone must act on.
   */
  quietStartMs?: number;
}

export class ContentVersion {
  #snapshot: VersionSnapshot | null = null;
  #checkedAt = Number.NEGATIVE_INFINITY;
  #readAt = Number.NEGATIVE_INFINITY;
  /** How long the last read took, answered or failed (ms); 0 before the first. */
  #lastReadMs = 0;
  #inflight: Promise<void> | null = null;
  #failing = false;
  #reported = false;
  #firstCheckAt: number | null = null;
  readonly #maxAgeMs: number;
  readonly #servedWhileReadingMs: number;
  readonly #readWaitMs: number;
  readonly #quietStartMs: number;
  readonly #now: () => number;
  readonly #log: (line: string) => void;

  constructor(
    private readonly read: () => Promise<VersionSnapshot>,
    options: ContentVersionOptions = {},
  ) {
    this.#maxAgeMs = options.maxAgeMs ?? 500;
    this.#servedWhileReadingMs = options.servedWhileReadingMs ?? 1500;
    this.#readWaitMs = options.readWaitMs ?? 100;
    this.#now = options.now ?? Date.now;
    this.#log = options.log ?? (() => {});
    this.#quietStartMs = options.quietStartMs ?? 60_000;
  }

  /**
   * The version, read again when the last read started more than `maxAgeMs` ago (500 ms by default):
   * one read for every request meanwhile. Each waits for it up to `readWaitMs` (not at all when the
   * last read took longer), then goes on with the known version while that is under
   * `servedWhileReadingMs` old, and waits for the whole read after that. When the read fails, the
   * last known version stands (stale-if-error); null until a first read succeeds.
   */
  async current(): Promise<VersionSnapshot | null> {
    const recent = this.recent();
    if (recent !== undefined) return recent;
    const reading = (this.#inflight ??= this.#check().finally(() => (this.#inflight = null)));
    if (this.#snapshot !== null && this.#now() - this.#checkedAt < this.#servedWhileReadingMs) {
      if (this.#lastReadMs > this.#readWaitMs) return this.#snapshot;
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<void>((done) => (timer = setTimeout(done, this.#readWaitMs)));
      await Promise.race([reading, waited]).finally(() => clearTimeout(timer));
      return this.#snapshot;
    }
    await reading;
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
    this.#firstCheckAt ??= started;
    try {
      this.#snapshot = await this.read();
      this.#readAt = started;
      if (this.#reported) this.#log("[web] content version readable again");
      this.#failing = false;
      this.#reported = false;
    } catch (error) {
      this.#failing = true;
      const starting = this.#readAt === Number.NEGATIVE_INFINITY;
      if (!this.#reported && (!starting || started - this.#firstCheckAt >= this.#quietStartMs)) {
        this.#reported = true;
        const reason = error instanceof Error ? error.message : String(error);
        this.#log(starting ? `[web] content version unreadable for ${Math.round((started - this.#firstCheckAt) / 1000)} s since the start: ${reason}` : `[web] content version unreadable, serving cached pages: ${reason}`);
      }
    } finally {
      this.#checkedAt = started;
      this.#lastReadMs = this.#now() - started;
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
