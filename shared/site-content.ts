// The public pages' titles and descriptions: what the site's components and the server's page
// rendering (title, description, canonical URL) both need. A post's excerpt is in markdown-text.ts.
// The site's own static copy (fallback slides, quotes, samples, the FAQ) is in site/content.ts.

import { BRAND } from "./brand.ts";

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

/** Title and meta description of each public route (spec: "{title} | {brand}" and a description per page). */
export const ROUTE_META = {
  "/": {
    title: "Retro FPGA Media Player",
    description: `${BRAND} is an FPGA-based media player with zero-latency playback, VHS and CRT filter modes, 4K output and physical smart cartridges.`,
  },
  "/about": {
    title: "Our Story",
    description: `Why we are building ${BRAND}: the personal journey, the media philosophy, the technology, the blockchain vision and the token economics.`,
  },
  "/updates": {
    title: "Updates",
    description: `Development, hardware and community updates from the ${BRAND} team, newest first.`,
  },
  "/gallery": {
    title: "Gallery",
    description: `Interface previews and smart cartridge models of the ${BRAND} media player.`,
  },
  "/youtube": {
    title: "Videos",
    description: `The latest ${BRAND} videos: prototype demos, filter deep dives, tutorials and build streams.`,
  },
  "/contact": {
    title: "Contact",
    description: `Write to the ${BRAND} team, find our office and read the answers to the most frequent questions.`,
  },
  "/whitepaper": {
    title: "Whitepaper",
    description: `The ${BRAND} whitepaper: hardware architecture, smart cartridges, blockchain ownership and token economics.`,
  },
} as const satisfies Record<string, PageMeta>;

export type PublicPath = keyof typeof ROUTE_META;

export const NOT_FOUND_META: PageMeta = {
  title: "Page Not Found",
  description: "NO SIGNAL - this page does not exist. Return home to keep watching.",
};
