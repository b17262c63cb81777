/**
 * Taps that come before the app. The server's page is on screen (and its links work) seconds before
 * the app's code has run on a slow phone; its buttons need that code. A tiny inline script in
 * site/index.html (allowed by its hash in the pages' CSP) records a tap on any element marked
 * `data-early-tap="<name>"`, marks it busy, keeps the tap from going further and tells the entry
 * (main.tsx), which then starts the app at once instead of waiting for the first screen's image.
 *
 * Each element is handed over on its own: when its component has run, it unmarks the element (from
 * then on its taps go to the app alone) and performs the taps recorded so far with a real click
 * (useEarlyTap, ./use-early-tap.ts). A tap is thus recorded or handled, never both and never lost,
 * however long the app takes to start and whichever part of it is hydrated first.
 */

declare global {
  interface Window {
    /** The names tapped before their components ran, in order, until those components take them. */
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
 * How many times `name` was tapped before its component ran; they are forgotten. The list is changed
 * in place: the inline script goes on recording into it for the elements not handed over yet.
 */
export function takeEarlyTaps(name: string): number {
  const taps = window.rcrtEarlyTaps ?? [];
  const before = taps.length;
  for (let index = taps.length - 1; index >= 0; index--) if (taps[index] === name) taps.splice(index, 1);
  return before - taps.length;
}
