import { useEffect } from "react";
import { pageTitle } from "../../shared/brand.ts";
import { pathInLanguage } from "../../shared/languages.ts";
import type { PublicRoutePath } from "../../shared/routes.ts";
import type { Messages } from "../i18n/en.ts";
import { useSiteLanguage } from "./language.ts";

// What a page's head says (title, description, canonical URL): in the browser, set by the page
// itself; on the server, written into the page's HTML from the same values (entry-server.tsx).

export interface PageMeta {
  /** Without the brand: pageTitle() adds " | RCRT". */
  title: string;
  description: string;
  /** Absolute; the page's own address when not given (a post may name another). */
  canonical?: string;
}

/**
 * A route's title and description in a language (a page of one row: while its row is read, or cannot
 * be): the catalogue's, else the route module's own `meta` (a page whose head no catalogue names yet
 * shows its default language's words in every language).
 */
export function pageMeta(messages: Messages, path: PublicRoutePath, own?: PageMeta): PageMeta {
  const catalogue = messages as Readonly<Record<string, string | undefined>>;
  return { title: catalogue[`title:${path}`] ?? own?.title ?? "", description: catalogue[`description:${path}`] ?? own?.description ?? "" };
}

export function notFoundMeta(messages: Messages): PageMeta {
  return { title: messages["notFound.title"], description: messages["notFound.description"] };
}

/** Where the site is served; canonical and Open Graph URLs are absolute. Set VITE_SITE_URL for production. */
export const DEFAULT_SITE_URL = "http://localhost:5173";

export function siteOrigin(configured: string | undefined): string {
  return (configured || DEFAULT_SITE_URL).replace(/\/+$/, "");
}

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

/**
 * Sets the document title ("{title} | RCRT"), the meta description, the canonical URL, the Open Graph
 * tags and the document's language; `path` is the site path ("/updates"), in the page's language.
 */
export function usePageMeta(meta: PageMeta, path: string): void {
  const { title, description, canonical } = meta;
  const { language } = useSiteLanguage();
  const address = pathInLanguage(path, language);
  useEffect(() => {
    const fullTitle = pageTitle(title);
    const url = canonical ?? `${ORIGIN}${address}`;
    document.documentElement.lang = language;
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
    document.documentElement.dataset.ready = address;
  }, [title, description, canonical, address, language]);
}
