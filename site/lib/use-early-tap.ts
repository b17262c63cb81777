import { useEffect, type RefObject } from "react";
import { takeEarlyTaps } from "./early-taps.ts";

// Apart from early-taps.ts, which the page's small entry imports without React.

/**
 * Takes over the element's taps from the page's inline script once the component runs: the element
 * is unmarked (its taps now go to the app alone) and the taps recorded so far are performed as a real
 * click: it does what a tap now would. Repeated taps count once: a visitor who tapped again while
 * nothing happened wanted the same thing.
 */
export function useEarlyTap(name: string, element: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    target.removeAttribute("data-early-tap");
    target.removeAttribute("aria-busy");
    if (takeEarlyTaps(name) > 0) target.click();
  }, [name, element]);
}
