/**
 * The first screen comes before the app. The server's HTML is the page and its links work on their
 * own; the app's code (about 90 KB) only makes it interactive. Downloading and running that code while
 * the first screen's largest image is still on its way shares a phone's bandwidth and CPU with it, so
 * the app starts once that image has been painted (or the first content, on pages without one).
 */

/** The Element Timing name of the largest image of the first screen (Picture's "priority" loading). */
export const FIRST_SCREEN_IMAGE = "first-screen-image";

/** However slow the image, the page is made interactive this long after the entry ran. */
const LONGEST_WAIT_MS = 2000;

export function firstScreenPainted(): Promise<void> {
  return new Promise((painted) => {
    setTimeout(painted, LONGEST_WAIT_MS);
    const marked = document.querySelector<HTMLImageElement>(`img[elementtiming="${FIRST_SCREEN_IMAGE}"]`);
    // An image below a short viewport is never painted, so it cannot be waited for.
    const image = marked && marked.getBoundingClientRect().top < window.innerHeight ? marked : null;
    // Element Timing is Chromium's; other browsers wait for the first content, or for the load event.
    const supported = PerformanceObserver.supportedEntryTypes ?? [];
    const entryType = image && supported.includes("element") ? "element" : supported.includes("paint") ? "paint" : null;
    if (!entryType) {
      const afterNextFrame = () => requestAnimationFrame(() => setTimeout(painted));
      if (document.readyState === "complete") afterNextFrame();
      else window.addEventListener("load", afterNextFrame, { once: true });
      return;
    }
    image?.addEventListener("error", () => painted(), { once: true });
    const isAwaited = (entry: PerformanceEntry) =>
      entryType === "element" ? (entry as PerformanceEntry & { identifier: string }).identifier === FIRST_SCREEN_IMAGE : entry.name === "first-contentful-paint";
    new PerformanceObserver((entries, observer) => {
      if (!entries.getEntries().some(isAwaited)) return;
      observer.disconnect();
      painted();
    }).observe({ type: entryType, buffered: true });
  });
}
