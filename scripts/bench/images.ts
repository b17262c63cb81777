import type { Browser } from "playwright-core";

export interface FirstScreenImages {
  route: string;
  /** "mobile" is Lighthouse's phone (412 x 823 CSS px at 1.75x), "desktop" 1280 x 720. */
  viewport: "mobile" | "desktop";
  /** Image responses received (any status), and those that failed or answered an error. */
  requests: number;
  failed: number;
  /** Bytes on the wire for those responses: headers and (compressed) bodies. */
  bytes: number;
}

const VIEWPORTS = {
  mobile: { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
} as const;

/**
 * The images a page fetches for its first screen: loaded without scrolling or input until the network
 * is idle, in a fresh context (no cache). What lazy loading and responsive sizes save shows here.
 */
export async function measureFirstScreenImages(browser: Browser, webUrl: string, route: string, viewport: keyof typeof VIEWPORTS): Promise<FirstScreenImages> {
  const context = await browser.newContext(VIEWPORTS[viewport]);
  const page = await context.newPage();
  const sizes: Promise<number>[] = [];
  let requests = 0;
  let failed = 0;
  page.on("requestfinished", (request) => {
    if (request.resourceType() !== "image") return;
    requests++;
    sizes.push(
      Promise.all([request.sizes(), request.response()]).then(([size, response]) => {
        if (!response || response.status() >= 400) failed++;
        return size.responseHeadersSize + size.responseBodySize;
      }),
    );
  });
  page.on("requestfailed", (request) => {
    if (request.resourceType() !== "image") return;
    requests++;
    failed++;
  });
  try {
    await page.goto(`${webUrl}${route}`, { waitUntil: "networkidle" });
    const bytes = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
    return { route, viewport, requests, failed, bytes };
  } finally {
    await context.close();
  }
}
