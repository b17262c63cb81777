// Rendered documents kept in memory, keyed by path. A copy is served while the content version it
// was rendered at is current and its scheduled expiry (if any) has not come; otherwise the document
// is rendered again, once however many requests ask at the same moment. A render that failed never
// replaces a good copy: the last good one is served (stale-if-error), also while a render is slow,
// but only for `maxStaleMs` after the copy was last known current, so that a page unpublished while
// the API is failing is not shown for the length of the outage.
//
// Anyone can ask for any address, so what they ask for must not push the site's pages out: pages
// and other answers (a 404, a redirect) are kept apart, each bounded, and only pages take the pages'
// places.

import type { ContentVersion, VersionSnapshot } from "./content-version.ts";

export interface Rendered<T> {
  value: T;
  /** False when a read failed: such a result is shown once but never kept. */
  complete: boolean;
}

export type CacheState = "hit" | "miss" | "stale" | "error";

export interface PageCacheOptions<T> {
  versions: ContentVersion;
  render: (key: string) => Promise<Rendered<T>>;
  /** How long a request waits for a new render before it takes the last good copy (default 1 s). */
  renderDeadlineMs?: number;
  /** Pages kept at most; the least recently served go first (default 1000). */
  maxEntries?: number;
  /** Whether a document is one of the site's pages (default: all are); others are kept apart. */
  isPage?: (value: T) => boolean;
  /** Other answers kept at most, apart from the pages (default 100). */
  maxOtherEntries?: number;
  /** How long after it was last known current a copy may stand in for a failed render (default 300 s). */
  maxStaleMs?: number;
  now?: () => number;
}

interface Entry<T> {
  value: T;
  version: number | null;
  expiresAt: number | null;
  /** When the copy was last known current: rendered, or its version read again since. */
  confirmedAt: number;
}

export class PageCache<T> {
  readonly #pages = new Map<string, Entry<T>>();
  readonly #others = new Map<string, Entry<T>>();
  readonly #renders = new Map<string, Promise<Rendered<T>>>();
  readonly #deadlineMs: number;
  readonly #maxEntries: number;
  readonly #maxOtherEntries: number;
  readonly #maxStaleMs: number;
  readonly #isPage: (value: T) => boolean;
  readonly #now: () => number;

  constructor(private readonly options: PageCacheOptions<T>) {
    this.#deadlineMs = options.renderDeadlineMs ?? 1000;
    this.#maxEntries = options.maxEntries ?? 1000;
    this.#maxOtherEntries = options.maxOtherEntries ?? 100;
    this.#maxStaleMs = options.maxStaleMs ?? 300_000;
    this.#isPage = options.isPage ?? (() => true);
    this.#now = options.now ?? Date.now;
  }

  /** A current copy, with no waiting at all (the version was read recently), or undefined. */
  peek(key: string): T | undefined {
    const snapshot = this.options.versions.recent();
    return snapshot === undefined ? undefined : this.#fresh(key, snapshot);
  }

  async get(key: string): Promise<{ value: T; state: CacheState }> {
    const snapshot = await this.options.versions.current();
    const fresh = this.#fresh(key, snapshot);
    if (fresh !== undefined) return { value: fresh, state: "hit" };
    const entry = this.#entry(key);
    const servable = entry && this.#now() - entry.confirmedAt < this.#maxStaleMs ? entry : undefined;
    const rendering = this.#render(key, snapshot?.version ?? null, snapshot?.nextChangeAt ?? null);
    if (!servable) {
      const result = await rendering;
      return { value: result.value, state: result.complete ? "miss" : "error" };
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((done) => (timer = setTimeout(() => done(null), this.#deadlineMs)));
    const result = await Promise.race([rendering, late]).finally(() => clearTimeout(timer));
    if (result?.complete) return { value: result.value, state: "miss" };
    return { value: servable.value, state: "stale" };
  }

  #fresh(key: string, snapshot: VersionSnapshot | null): T | undefined {
    const entry = this.#entry(key);
    if (!entry || !snapshot || entry.version !== snapshot.version) return undefined;
    // The version vouches for the copy up to its scheduled expiry: now while it is read, and as of
    // the last read that succeeded while reads fail, which may stand for the stale limit at most.
    const { failing, readAt } = this.options.versions;
    const now = this.#now();
    entry.confirmedAt = Math.max(entry.confirmedAt, Math.min(failing ? readAt : now, entry.expiresAt ?? Number.POSITIVE_INFINITY));
    if ((entry.expiresAt !== null && now >= entry.expiresAt) || (failing && now - entry.confirmedAt >= this.#maxStaleMs)) return undefined;
    const entries = this.#pages.has(key) ? this.#pages : this.#others;
    entries.delete(key);
    entries.set(key, entry);
    return entry.value;
  }

  #entry(key: string): Entry<T> | undefined {
    return this.#pages.get(key) ?? this.#others.get(key);
  }

  /** Forgets every copy (tests, and a deploy that changes the build in place). */
  clear(): void {
    this.#pages.clear();
    this.#others.clear();
  }

  get size(): number {
    return this.#pages.size + this.#others.size;
  }

  #render(key: string, version: number | null, expiresAt: number | null): Promise<Rendered<T>> {
    let rendering = this.#renders.get(key);
    if (rendering) return rendering;
    rendering = this.options
      .render(key)
      .then((result) => {
        if (result.complete) this.#store(key, { value: result.value, version, expiresAt, confirmedAt: this.#now() });
        return result;
      })
      .finally(() => this.#renders.delete(key));
    this.#renders.set(key, rendering);
    return rendering;
  }

  #store(key: string, entry: Entry<T>): void {
    this.#pages.delete(key);
    this.#others.delete(key);
    const [entries, max] = this.#isPage(entry.value) ? [this.#pages, this.#maxEntries] : [this.#others, this.#maxOtherEntries];
    entries.set(key, entry);
    while (entries.size > max) entries.delete(entries.keys().next().value!);
  }
}
