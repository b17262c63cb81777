import { CAROUSEL_SWIPE_THRESHOLD_PX } from "../../shared/constants.ts";

/** The slide index after moving `step` from `index` among `count` slides: it wraps around both ways. */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

/**
 * The step a horizontal swipe asks for: a swipe left of more than the threshold (50 px) shows the next
 * slide (+1), a swipe right the previous one (-1); shorter or mostly vertical moves change nothing (0).
 */
export function swipeStep(deltaX: number, deltaY = 0, threshold = CAROUSEL_SWIPE_THRESHOLD_PX): -1 | 0 | 1 {
  if (Math.abs(deltaX) <= threshold || Math.abs(deltaX) < Math.abs(deltaY)) return 0;
  return deltaX < 0 ? 1 : -1;
}

/** The slide a key asks for: arrows step (wrapping), Home and End go to the first and last; null for other keys. */
export function slideForKey(key: string, index: number, count: number): number | null {
  if (count <= 0) return null;
  switch (key) {
    case "ArrowRight":
      return wrapIndex(index, 1, count);
    case "ArrowLeft":
      return wrapIndex(index, -1, count);
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}

/** Whether two lists of slides show the same thing (fresh data often repeats what is on screen). */
export function sameSlides(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a === b || (a.length === b.length && JSON.stringify(a) === JSON.stringify(b));
}
