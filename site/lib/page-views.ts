import { isPublicRoute, PREVIEW_PARAM } from "../../shared/routes.ts";

/**
 * Tells the web tier that the visitor moved to another page without a reload (docs/analytics.md):
 * the address alone, with sendBeacon, which never delays the page. The first page of a visit is
 * counted when the server sends it, and a draft preview is not counted at all.
 */
export function reportPageView(path: string, search: string): void {
  if (!isPublicRoute(path) || new URLSearchParams(search).has(PREVIEW_PARAM) || typeof navigator.sendBeacon !== "function") return;
  navigator.sendBeacon("/api/views", JSON.stringify({ path }));
}
