import { useEffect, type RefObject } from "react";
import { takeEarlyTaps } from "./early-taps.ts";

// Apart from early-taps.ts, which the page's small entry imports without React.

/**
 * Performs a tap made on this element before the app ran, once it is interactive, as a real click:
 * it does what a tap now would. Repeated taps count once: a visitor who tapped again while nothing
 * happened wanted the same thing.
 */
export function useEarlyTap(name: string, element: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    target.removeAttribute("aria-busy");
    if (takeEarlyTaps(name) > 0) target.click();
  }, [name, element]);
}
