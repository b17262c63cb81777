import { ROUTE_META, type PublicPath } from "./site-content.ts";

/** The public site's routes (those ROUTE_META titles); the production server answers any other path with 404. */
export const PUBLIC_PATHS = Object.keys(ROUTE_META) as readonly PublicPath[];

const DYNAMIC_ROUTES = [/^\/updates\/[a-z0-9]+(?:-[a-z0-9]+)*$/];

/** The query parameter of a draft preview link (the web tier renders the draft only with it). */
export const PREVIEW_PARAM = "preview";

/** A draft preview link: the row's public page with the token the database issued. */
export function previewLink(path: string, token: string): string {
  return `${path}?${new URLSearchParams({ [PREVIEW_PARAM]: token }).toString()}`;
}

export function isPublicRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return (PUBLIC_PATHS as readonly string[]).includes(path) || DYNAMIC_ROUTES.some((route) => route.test(path));
}
