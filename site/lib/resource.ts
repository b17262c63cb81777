import { useCallback, useEffect, useRef, useState } from "react";
import { DATA_SCRIPT_ID } from "../../shared/html-meta.ts";

// Data the page was prerendered with, then whatever was fetched since: a page shows what it has at
// once (so hydration matches the prerendered HTML) and always fetches fresh data on load.

const cache = new Map<string, unknown>();

export function primeData(data: Record<string, unknown>): void {
  cache.clear();
  for (const [key, value] of Object.entries(data)) cache.set(key, value);
}

/** Reads the JSON the prerender step wrote beside #root. */
export function readPrerenderedData(doc: Document): Record<string, unknown> {
  const script = doc.getElementById(DATA_SCRIPT_ID);
  if (!script?.textContent) return {};
  try {
    return JSON.parse(script.textContent) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** Forgets everything (tests). */
export function clearData(): void {
  cache.clear();
}

export type Resource<T> =
  | { status: "loading"; data?: undefined; reload: () => void }
  | { status: "error"; data?: undefined; reload: () => void }
  | { status: "ready"; data: T; reload: () => void };

type State<T> = { status: "loading" } | { status: "error" } | { status: "ready"; data: T };

/**
 * `load` runs on mount (and on reload); until it answers, the prerendered or last fetched value for
 * `key` is shown. A failure is logged and shown as the error state, which `reload` retries.
 */
export function useResource<T>(key: string, load: () => Promise<T>): Resource<T> {
  const [state, setState] = useState<State<T>>(() => (cache.has(key) ? { status: "ready", data: cache.get(key) as T } : { status: "loading" }));
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    let active = true;
    loadRef.current().then(
      (data) => {
        cache.set(key, data);
        if (active) setState({ status: "ready", data });
      },
      (error: unknown) => {
        console.error(`Error loading ${key}:`, error);
        if (active) setState({ status: "error" });
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
