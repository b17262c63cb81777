// Rendered documents kept in memory, keyed by path. A copy is served while the content version it
// was rendered at is current and its scheduled expiry (if any) has not come; otherwise the document
// is rendered again, once however many requests ask at the same moment. A render that failed never
// replaces a good copy: the last good one is served (stale-if-error), also while a render is slow.

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
  /** Documents kept at most; the least recently served go first (default 1000). */
  maxEntries?: number;
  now?: () => number;
}

interface Entry<T> {
  value: T;
  version: number | null;
  expiresAt: number | null;
}

export class PageCache<T> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #renders = new Map<string, Promise<Rendered<T>>>();
  readonly #deadlineMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(private readonly options: PageCacheOptions<T>) {
    this.#deadlineMs = options.renderDeadlineMs ?? 1000;
    this.#maxEntries = options.maxEntries ?? 1000;
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
    const entry = this.#entries.get(key);
    const rendering = this.#render(key, snapshot?.version ?? null, snapshot?.nextChangeAt ?? null);
    if (!entry) {
      const result = await rendering;
      return { value: result.value, state: result.complete ? "miss" : "error" };
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((done) => (timer = setTimeout(() => done(null), this.#deadlineMs)));
    const result = await Promise.race([rendering, late]).finally(() => clearTimeout(timer));
    if (result?.complete) return { value: result.value, state: "miss" };
    return { value: entry.value, state: "stale" };
  }

  #fresh(key: string, snapshot: VersionSnapshot | null): T | undefined {
    const entry = this.#entries.get(key);
    if (!entry || !snapshot || entry.version !== snapshot.version || (entry.expiresAt !== null && this.#now() >= entry.expiresAt)) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Forgets every copy (tests, and a deploy that changes the build in place). */
  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }

  #render(key: string, version: number | null, expiresAt: number | null): Promise<Rendered<T>> {
    let rendering = this.#renders.get(key);
    if (rendering) return rendering;
    rendering = this.options
      .render(key)
      .then((result) => {
        if (result.complete) this.#store(key, { value: result.value, version, expiresAt });
        return result;
      })
      .finally(() => this.#renders.delete(key));
    this.#renders.set(key, rendering);
    return rendering;
  }

  #store(key: string, entry: Entry<T>): void {
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    while (this.#entries.size > this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
  }
}
