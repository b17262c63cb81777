// The public site's addresses, for every side: the web tier answers a path that matches none with
// 404, renders the pages without parameters ahead of the first visitor, counts page views and checks
// a form's way back; the back office builds a post's address and a preview link. Each address is the
// path of one route module of the site (site/routes/), which says everything else about its page:
// its reads, head, menu label, sitemap line and component. See docs/adding-a-content-type.md.
// Every route is also served under each other language's prefix (/ja/updates, shared/languages.ts).

import { DEFAULT_LANGUAGE, LANGUAGES, pathInLanguage, splitLanguage, type Language } from "./languages.ts";

export interface PublicAddress {
  /** React Router's path: "/about", or with a parameter, "/updates/:slug". */
  path: string;
  /** What each parameter must look like; anything else is not found. */
  params?: Readonly<Record<string, RegExp>>;
}

/** The URL part of a post's address (shared/format.ts's slugify makes them). */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A post's page. */
export const POST_ROUTE = "/updates/:slug";

/** In the order of the menus. */
export const PUBLIC_ROUTES = [
  { path: "/" },
  { path: "/about" },
  { path: "/updates" },
  { path: POST_ROUTE, params: { slug: SLUG } },
  { path: "/gallery" },
  { path: "/youtube" },
  { path: "/whitepaper" },
  { path: "/contact" },
] as const satisfies readonly PublicAddress[];

/** The path of a public route, as its route module names it. */
export type PublicRoutePath = (typeof PUBLIC_ROUTES)[number]["path"];
/** A route without parameters: one page. */
export type PublicPath = Exclude<PublicRoutePath, `${string}:${string}`>;

/** The routes without parameters: one page each, which the web tier renders ahead of the first visitor. */
export const PUBLIC_PATHS: readonly PublicPath[] = PUBLIC_ROUTES.flatMap((route) => ("params" in route ? [] : [route.path]));

/** A route's address with its parameters' values: the one way a page with a parameter gets its address. */
export function routeAddress(path: string, params: Readonly<Record<string, string>>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name]!));
}

/** A post's address, from its route. */
export function postPath(slug: string): string {
  return routeAddress(POST_ROUTE, { slug });
}

/** The query parameter of a draft preview link (the web tier renders the draft only with it). */
export const PREVIEW_PARAM = "preview";

/** A draft preview link: the row's public page with the token the database issued. */
export function previewLink(path: string, token: string): string {
  return `${path}?${new URLSearchParams({ [PREVIEW_PARAM]: token }).toString()}`;
}

export interface RouteMatch {
  path: PublicRoutePath;
  params: Record<string, string>;
  /** The language the address is in: its prefix's, or the default one's. */
  language: Language;
}

/** The route a path is a page of (a trailing slash and a language's prefix aside), with its parameters; null when none. */
export function matchRoute(pathname: string): RouteMatch | null {
  const { language, path } = splitLanguage(pathname);
  const segments = (path.length > 1 ? path.replace(/\/+$/, "") : path).split("/");
  for (const route of PUBLIC_ROUTES) {
    const pattern = route.path.split("/");
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const rules: Readonly<Record<string, RegExp>> = "params" in route ? route.params : {};
    const matches = pattern.every((part, index) => {
      const segment = segments[index]!;
      if (!part.startsWith(":")) return part === segment;
      params[part.slice(1)] = segment;
      return rules[part.slice(1)]?.test(segment) ?? false;
    });
    if (matches) return { path: route.path, params, language };
  }
  return null;
}

/**
 * A page's one address: no trailing slash, but for a language's home page, whose address ends in one
 * ("/", "/ja/").
 */
export function pagePath(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") || "/" : path;
  const { language, path: rest } = splitLanguage(trimmed);
  return rest === "/" ? pathInLanguage("/", language) : trimmed;
}

/** A page in another language, as a page's head names it (`<link rel="alternate" hreflang>`). */
export interface LanguageAlternate {
  /** A language's code, or "x-default": the page for a visitor whose language is none of them. */
  hreflang: string;
  /** Absolute. */
  href: string;
}

/**
 * The addresses of the page at site path `path` ("/updates/x") in each language it is `available` in
 * (a page without parameters: every language; a row's page: the default one and each language with
 * a published translation), in the list's order, then x-default: the default language's.
 */
export function languageAlternates(origin: string, path: string, available: readonly Language[] = LANGUAGES.map((entry) => entry.code)): LanguageAlternate[] {
  const languages = LANGUAGES.map((entry) => entry.code).filter((code) => code === DEFAULT_LANGUAGE || available.includes(code));
  return [...languages.map((code) => ({ hreflang: code, href: `${origin}${pathInLanguage(path, code)}` })), { hreflang: "x-default", href: `${origin}${path}` }];
}

export function isPublicRoute(pathname: string): boolean {
  return matchRoute(pathname) !== null;
}

/** The id of every page's newsletter box (the footer's): a post's "subscribe" card links to #newsletter. */
export const NEWSLETTER_ID = "newsletter";
