import { useEffect } from "react";
import { pageTitle } from "../../shared/brand.ts";
import { routeMeta, type PublicPath } from "../../shared/routes.ts";
import { siteOrigin, type PageMeta } from "../../shared/site-content.ts";

/** The site's canonical origin: the build's VITE_SITE_URL, else the address the page was served from. */
export const ORIGIN = siteOrigin((import.meta.env.VITE_SITE_URL as string | undefined) || (typeof window === "undefined" ? undefined : window.location.origin));

function setMeta(selector: string, create: () => HTMLElement, attribute: string, value: string): void {
  let element = document.head.querySelector<HTMLElement>(selector);
  if (!element) {
    element = create();
    document.head.append(element);
  }
  element.setAttribute(attribute, value);
}

function metaTag(attribute: "name" | "property", key: string): () => HTMLElement {
  return () => {
    const element = document.createElement("meta");
    element.setAttribute(attribute, key);
    return element;
  };
}

/** Sets the document title ("{title} | RCRT"), the meta description, the canonical URL and the Open Graph tags. */
export function usePageMeta(meta: PageMeta, path: string): void {
  const { title, description, canonical } = meta;
  useEffect(() => {
    const fullTitle = pageTitle(title);
    const url = canonical ?? `${ORIGIN}${path === "/" ? "/" : path}`;
    document.title = fullTitle;
    setMeta('meta[name="description"]', metaTag("name", "description"), "content", description);
    setMeta(
      'link[rel="canonical"]',
      () => {
        const link = document.createElement("link");
        link.rel = "canonical";
        return link;
      },
      "href",
      url,
    );
    setMeta('meta[property="og:title"]', metaTag("property", "og:title"), "content", fullTitle);
    setMeta('meta[property="og:description"]', metaTag("property", "og:description"), "content", description);
    setMeta('meta[property="og:url"]', metaTag("property", "og:url"), "content", url);
    // The page is interactive (hydrated or rendered): tests and tools wait for this.
    document.documentElement.dataset.ready = path;
  }, [title, description, canonical, path]);
}

/** A route's own title and description, from the route table. */
export function useRouteMeta(path: PublicPath): void {
  usePageMeta(routeMeta(path), path);
}
