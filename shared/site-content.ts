// What a page's head says (title, description, canonical URL), for the site's components and the
// server's page rendering. Each route's own title and description are in its entry of the route table
// (routes.ts); a post's excerpt is in markdown-text.ts. The site's own static copy (fallback slides,
// quotes, samples, the FAQ) is in site/content.ts.

/** Where the site is served; canonical and Open Graph URLs are absolute. Set VITE_SITE_URL for production. */
export const DEFAULT_SITE_URL = "http://localhost:5173";

export function siteOrigin(configured: string | undefined): string {
  return (configured || DEFAULT_SITE_URL).replace(/\/+$/, "");
}

export interface PageMeta {
  /** Without the brand: pageTitle() adds " | RCRT". */
  title: string;
  description: string;
  /** Absolute; the page's own address when not given (a post may name another). */
  canonical?: string;
}

export const NOT_FOUND_META: PageMeta = {
  title: "Page Not Found",
  description: "NO SIGNAL - this page does not exist. Return home to keep watching.",
};
