import { createHash } from "node:crypto";

/** Headers every response carries. */
export const BASE_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
};

/** Third parties the pages use: video and map embeds, the YouTube Data API, and its thumbnails. */
const FRAME_SOURCES = ["https://www.youtube-nocookie.com", "https://www.youtube.com", "https://player.vimeo.com", "https://www.openstreetmap.org"];
const CONNECT_SOURCES = ["https://www.googleapis.com"];

/**
 * The Content-Security-Policy of the pages built from one HTML template: scripts only from this
 * origin, plus the exact inline scripts the template carries (by hash). It is computed from the
 * build's template, never from a rendered page, so a script that a page's content brought in cannot
 * run; data from the API.
 * Styles allow inline: emotion (back office) writes <style> tags and server-rendered markup has style
 * attributes; no script can be smuggled through them.
 */
export function contentSecurityPolicy(template: string, apiUrl: string): string {
  const api = new URL(apiUrl).origin;
  const hashes = inlineScripts(template).map((code) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`);
  return [
    "default-src 'self'",
    `script-src 'self'${hashes.length > 0 ? ` ${hashes.join(" ")}` : ""}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https: ${api}`,
    `media-src 'self' blob: https: ${api}`,
    "font-src 'self' data:",
    `connect-src 'self' ${api} ${CONNECT_SOURCES.join(" ")}`,
    `frame-src ${FRAME_SOURCES.join(" ")}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The bodies of a template's inline scripts (executable or not: hashing a JSON block does no harm). */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]!).filter((code) => code.length > 0);
}
