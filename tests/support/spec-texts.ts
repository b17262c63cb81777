import type { PublicPath } from "../../shared/routes.ts";

/**
 * The public pages' titles as the site's head and heading say them (before " | RCRT"), written out:
 * tests compare rendered pages with these, never with the site's own catalogue, so that a changed
 * title fails them. About's and the videos' are the spec's words ("Our Story", "Videos").
 */
export const PAGE_TITLES: Readonly<Record<PublicPath, string>> = {
  "/": "Retro FPGA Media Player",
  "/about": "Our Story",
  "/updates": "Updates",
  "/gallery": "Gallery",
  "/youtube": "Videos",
  "/whitepaper": "Whitepaper",
  "/contact": "Contact",
};
