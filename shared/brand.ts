/** The product's name, used in page titles and copy ("We'll be in touch soon with updates about RCRT."). */
export const BRAND = "RCRT";

/** Document title of every page: "{title} | {brand}". */
export function pageTitle(title: string): string {
  return `${title} | ${BRAND}`;
}

// The Discord community and the video channel: the project's handles, kept here so the hero, the community section and the footer agree.
export const COMMUNITY_URL = "https://discord.gg/rcrt";
export const YOUTUBE_CHANNEL_URL = "https://www.youtube.com/@rcrt";
