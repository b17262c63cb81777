import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { DATA_SCRIPT_ID } from "../../shared/html-meta.ts";

// Data the page was rendered with on the server, then whatever was fetched since: a page shows what
// it has at once (so hydration matches the server's HTML). The server's data is current (the web tier
// renders a page again within 2 s of a change), so the page it came with does not read it again; any
// other page, or the same one visited again, reads afresh. A read that failed on the server is
// rendered as its error state, hydrates as one, and is read again at once.

/** What the server rendered a page from: the reads that answered, and the names of those that failed. */
export interface PageData {
  data: Record<string, unknown>;
  failed: string[];
  /** A draft preview: the data holds a row visitors cannot read yet (the browser keeps it, as any server data). */
  preview?: boolean;
}

const cache = new Map<string, unknown>();
const failedKeys = new Set<string>();
/** Reads under way: components mounting together with the same key share one request. */
const inflight = new Map<string, Promise<unknown>>();
/**
 * The visit (the router's key of the location) each key was last read for: a part of the page that
 * mounts after the read ended (a section drawn as it nears the screen) uses it instead of reading again.
 */
const readForVisit = new Map<string, string>();

function loadShared(key: string, load: () => Promise<unknown>): Promise<unknown> {
  let pending = inflight.get(key);
  if (!pending) {
    pending = load().finally(() => inflight.delete(key));
    inflight.set(key, pending);
  }
  return pending;
}
/** The page the server rendered and the keys it read for it, until the visitor goes to another page. */
let firstView: { path: string; keys: Set<string> } | null = null;

/**
 * On the server, the data of the one page being rendered (several renders may run at once, so it is
 * passed down, not kept in the module). In the browser the module's cache serves instead.
 */
export const PageDataContext = createContext<PageData | null>(null);

/** The server's data, and the address it rendered the page for (its #root's data-route). */
export function primeData({ data, failed }: PageData, path: string): void {
  cache.clear();
  failedKeys.clear();
  for (const [key, value] of Object.entries(data)) cache.set(key, value);
  for (const key of failed) failedKeys.add(key);
  firstView = { path, keys: new Set(Object.keys(data)) };
}

/** Reads the JSON the server wrote beside #root. */
export function readServerData(doc: Document): PageData {
  const script = doc.getElementById(DATA_SCRIPT_ID);
  try {
    const parsed = JSON.parse(script?.textContent ?? "null") as Partial<PageData> | null;
    return { data: parsed?.data ?? {}, failed: Array.isArray(parsed?.failed) ? parsed.failed : [], ...(parsed?.preview === true ? { preview: true } : {}) };
  } catch {
    return { data: {}, failed: [] };
  }
}

/** The visitor went to another page: what the server rendered is no longer the page's own reading. */
export function leaveFirstView(): void {
  firstView = null;
}

/** Forgets everything (tests). */
export function clearData(): void {
  cache.clear();
  failedKeys.clear();
  inflight.clear();
  readForVisit.clear();
  firstView = null;
}

export type Resource<T> =
  | { status: "loading"; data?: undefined; reload: () => void }
  | { status: "error"; data?: undefined; reload: () => void }
  | { status: "ready"; data: T; reload: () => void };

type State<T> = { status: "loading" } | { status: "error" } | { status: "ready"; data: T };

/**
 * `load` runs on mount (and on reload), unless the server rendered this very page with `key`, or a
 * read of the same key is already under way, which is shared; until it answers, the server-rendered
 * or last fetched value for `key` is shown. A failure is logged and shown as the error state, which
 * `reload` retries (a component gone by then does neither).
 */
export function useResource<T>(key: string, load: () => Promise<T>): Resource<T> {
  const rendered = useContext(PageDataContext);
  const [state, setState] = useState<State<T>>(() => {
    if (rendered) return key in rendered.data ? { status: "ready", data: rendered.data[key] as T } : rendered.failed.includes(key) ? { status: "error" } : { status: "loading" };
    return cache.has(key) ? { status: "ready", data: cache.get(key) as T } : failedKeys.has(key) ? { status: "error" } : { status: "loading" };
  });
  const [attempt, setAttempt] = useState(0);
  // The address this part was drawn for: a section of a page being left may mount (its code arriving)
  // once the address has already changed, and is still part of that page.
  const { key: visit, pathname } = useLocation();
  const loadRef = useRef(load);
  const drawnFor = useRef({ visit, pathname });
  useEffect(() => {
    loadRef.current = load;
    drawnFor.current = { visit, pathname };
  });

  useEffect(() => {
    const readFor = drawnFor.current.visit;
    if (firstView && firstView.path !== drawnFor.current.pathname) firstView = null;
    if (attempt === 0 && (firstView?.keys.has(key) || (readForVisit.get(key) === readFor && cache.has(key)))) return;
    let active = true;
    (loadShared(key, loadRef.current) as Promise<T>).then(
      (data) => {
        cache.set(key, data);
        readForVisit.set(key, readFor);
        failedKeys.delete(key);
        if (active) setState({ status: "ready", data });
      },
      (error: unknown) => {
        // A page left before its read failed shows nothing of it.
        if (!active) return;
        console.error(`Error loading ${key}:`, error);
        setState({ status: "error" });
      },
    );
    return () => {
      active = false;
    };
  }, [key, attempt]);

  const reload = useCallback(() => {
    setState({ status: "loading" });
    setAttempt((count) => count + 1);
  }, []);

  return { ...state, reload } as Resource<T>;
}
