// The public site's route table: each page declared once. The site builds its router from it (with
// the page components, site/route-objects.tsx), the server renders each route from the reads it names (a
// page with a parameter from the row source it names) and lists the flagged ones in sitemap.xml, the
// header and footer menus show the flagged ones, and the web tier answers any path that matches no
// route with 404. See docs/adding-a-content-type.md.

import { BRAND } from "./brand.ts";
import type { PageMeta } from "./site-content.ts";

export interface PublicRoute {
  /** React Router's path: "/about", or with a parameter, "/updates/:slug". */
  path: string;
  /** The page's module in site/pages/ (its default export; the home page is in the entry instead). */
  page: string;
  /**
   * What the server reads to render it, by query name (site/lib/queries.ts); the page reads the same
   * names with useResource.
   */
  data: readonly string[];
  /**
   * A page with a parameter shows one row: the name of its row source (site/server/detail-sources.ts),
   * which reads the row by the parameter's value, follows a renamed one (301), gives the page's head
   * and lists the rows for sitemap.xml. Every route with a parameter has one, and one parameter only.
   */
  detail?: string;
  /** Title and description; none for a page whose head comes from its row. */
  meta?: PageMeta;
  /** Its link's label in the header and footer menus; none, not in the menus. */
  nav?: string;
  /** Listed in sitemap.xml; for a route with a parameter, its rows are (each at its canonical address). */
  sitemap: boolean;
  /** Its head links the Atom feed of updates. */
  feed?: boolean;
  /** What each parameter must look like; anything else is not found. */
  params?: Record<string, RegExp>;
}

/** The URL part of a post's address (shared/format.ts's slugify makes them). */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A post's page. */
export const POST_ROUTE = "/updates/:slug";

/** In the order of the menus. */
export const PUBLIC_ROUTES = [
  {
    path: "/",
    page: "HomePage",
    data: ["home"],
    nav: "Home",
    sitemap: true,
    meta: {
      title: "Retro FPGA Media Player",
      description: `${BRAND} is an FPGA-based media player with zero-latency playback, VHS and CRT filter modes, 4K output and physical smart cartridges.`,
    },
  },
  {
    path: "/about",
    page: "AboutPage",
    data: [],
    nav: "About",
    sitemap: true,
    meta: {
      title: "Our Story",
      description: `Why we are building ${BRAND}: the personal journey, the media philosophy, the technology, the blockchain vision and the token economics.`,
    },
  },
  {
    path: "/updates",
    page: "UpdatesPage",
    data: ["posts"],
    nav: "Updates",
    sitemap: true,
    feed: true,
    meta: {
      title: "Updates",
      description: `Development, hardware and community updates from the ${BRAND} team, newest first.`,
    },
  },
  { path: POST_ROUTE, page: "PostPage", data: [], detail: "post", sitemap: true, feed: true, params: { slug: SLUG } },
  {
    path: "/gallery",
    page: "GalleryPage",
    data: ["previews", "cartridges"],
    nav: "Gallery",
    sitemap: true,
    meta: {
      title: "Gallery",
      description: `Interface previews and smart cartridge models of the ${BRAND} media player.`,
    },
  },
  {
    path: "/youtube",
    page: "VideosPage",
    data: ["videos"],
    nav: "Videos",
    sitemap: true,
    meta: {
      title: "Videos",
      description: `The latest ${BRAND} videos: prototype demos, filter deep dives, tutorials and build streams.`,
    },
  },
  {
    path: "/whitepaper",
    page: "WhitepaperPage",
    data: ["whitepaper"],
    nav: "Whitepaper",
    sitemap: true,
    meta: {
      title: "Whitepaper",
      description: `The ${BRAND} whitepaper: hardware architecture, smart cartridges, blockchain ownership and token economics.`,
    },
  },
  {
    path: "/contact",
    page: "ContactPage",
    data: ["faq"],
    nav: "Contact",
    sitemap: true,
    meta: {
      title: "Contact",
      description: `Write to the ${BRAND} team, find our office and read the answers to the most frequent questions.`,
    },
  },
] as const satisfies readonly PublicRoute[];

export type SiteRoute = (typeof PUBLIC_ROUTES)[number];
/** A route whose page shows one row, named by its parameter. */
export type DetailRoute = Extract<SiteRoute, { detail: string }>;
/** The row sources the route table names: the server's registry has one of each. */
export type DetailName = DetailRoute["detail"];
/** A route with its own title: a page without parameters. */
export type PublicPath = Extract<SiteRoute, { meta: PageMeta }>["path"];

/** The routes without parameters: one page each, which the web tier renders ahead of the first visitor. */
export const PUBLIC_PATHS: readonly PublicPath[] = PUBLIC_ROUTES.flatMap((route) => ("meta" in route ? [route.path] : []));

/** A page's title and description. */
export function routeMeta(path: PublicPath): PageMeta {
  return PUBLIC_ROUTES.find((route): route is Extract<SiteRoute, { meta: PageMeta }> => route.path === path)!.meta;
}

/** The links of the header and footer menus, in order. */
export const NAV_LINKS: readonly { to: PublicPath; label: string }[] = PUBLIC_ROUTES.flatMap((route) => ("nav" in route ? [{ to: route.path, label: route.nav }] : []));

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
  route: SiteRoute;
  params: Record<string, string>;
}

/** The route a path is a page of (a trailing slash aside), with its parameters; null when none. */
export function matchRoute(pathname: string): RouteMatch | null {
  const segments = (pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname).split("/");
  for (const route of PUBLIC_ROUTES) {
    const pattern = route.path.split("/");
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const rules: Record<string, RegExp> = "params" in route ? route.params : {};
    const matches = pattern.every((part, index) => {
      const segment = segments[index]!;
      if (!part.startsWith(":")) return part === segment;
      params[part.slice(1)] = segment;
      return rules[part.slice(1)]?.test(segment) ?? false;
    });
    if (matches) return { route, params };
  }
  return null;
}

export function isPublicRoute(pathname: string): boolean {
  return matchRoute(pathname) !== null;
}
