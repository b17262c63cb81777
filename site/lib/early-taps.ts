/**
 * Taps that come before the app. The server's page is on screen (and its links work) seconds before
 * the app's code has run on a slow phone; its buttons need that code. A tiny inline script in
 * site/index.html (allowed by its hash in the pages' CSP) records a tap on any element marked
 * `data-early-tap="<name>"`, marks it busy and tells the entry (main.tsx), which then starts the app
 * at once instead of waiting for the first screen's image. Once hydrated, the element's component
 * takes its taps and performs them with a real click (useEarlyTap, ./use-early-tap.ts).
 */

declare global {
  interface Window {
    /** The names tapped before the app ran, in order, until their components take them. */
    rcrtEarlyTaps?: string[];
  }
}

/** What the inline script dispatches on `document` at each tap it records. */
export const EARLY_TAP_EVENT = "rcrt-early-tap";

/** Resolves at the first tap the inline script records (at once if one was recorded already). */
export function firstEarlyTap(): Promise<void> {
  return new Promise((tapped) => {
    if ((window.rcrtEarlyTaps?.length ?? 0) > 0) tapped();
    else document.addEventListener(EARLY_TAP_EVENT, () => tapped(), { once: true });
  });
}

/**
 * React handles every tap from the moment the page is handed to it (a tap on a part not hydrated yet
 * is hydrated and replayed by React itself), so the inline script stops recording then. It records
 * only into the list it made: a copy stops it and keeps the taps not taken yet.
 */
export function endEarlyTaps(): void {
  window.rcrtEarlyTaps = [...(window.rcrtEarlyTaps ?? [])];
}

/** How many times `name` was tapped before the app ran; they are forgotten. */
export function takeEarlyTaps(name: string): number {
  const taps = window.rcrtEarlyTaps ?? [];
  window.rcrtEarlyTaps = taps.filter((tapped) => tapped !== name);
  return taps.length - window.rcrtEarlyTaps.length;
}
