import { BRAND } from "../../shared/brand.ts";
import { FORM_SUCCESS } from "../../shared/form-messages.ts";

// The site's own words in the default language: the spec's exact strings (tests assert them). Every
// other language's catalogue (ja.ts, ...) has the same keys, which its type requires; see
// docs/languages.md. Content (posts, FAQ, ...) is not here: it is translated in the database.
// `{name}` marks a value put in by `fill` (catalogues.ts).

export const en = {
  // Around every page
  "layout.skip": "Skip to content",
  "layout.loadingPage": "Tuning in…",
  "layout.returnHome": "Return Home",
  "header.home": `${BRAND} home`,
  "header.mainMenu": "Main",
  "header.mobileMenu": "Mobile",
  "header.menu": "Menu",
  "header.openMenu": "Open menu",
  "header.closeMenu": "Close menu",
  "menu:/": "Home",
  "menu:/about": "About",
  "menu:/updates": "Updates",
  "menu:/gallery": "Gallery",
  "menu:/youtube": "Videos",
  "menu:/whitepaper": "Whitepaper",
  "menu:/contact": "Contact",
  "footer.tagline": "The retro media player, rebuilt in silicon: FPGA playback, smart cartridges and a community that owns its media.",
  "footer.community": "Join our Discord community",
  "footer.explore": "Explore",
  "footer.youtube": "YouTube channel",
  "footer.admin": "Admin Portal",
  "footer.bottom": `© {year} ${BRAND}. Be kind, rewind.`,
  "footer.menu": "Footer",
  "link.newTab": " (opens in a new tab)",
  "switcher.label": "Language",

  // Each page's head: title (without the brand) and description
  "title:/": "Retro FPGA Media Player",
  "description:/": `${BRAND} is an FPGA-based media player with zero-latency playback, VHS and CRT filter modes, 4K output and physical smart cartridges.`,
  "title:/about": "Our Story",
  "description:/about": `Why we are building ${BRAND}: the personal journey, the media philosophy, the technology, the blockchain vision and the token economics.`,
  "title:/updates": "Updates",
  "description:/updates": `Development, hardware and community updates from the ${BRAND} team, newest first.`,
  "title:/gallery": "Gallery",
  "description:/gallery": `Interface previews and smart cartridge models of the ${BRAND} media player.`,
  "title:/youtube": "Videos",
  "description:/youtube": `The latest ${BRAND} videos: prototype demos, filter deep dives, tutorials and build streams.`,
  "title:/whitepaper": "Whitepaper",
  "description:/whitepaper": `The ${BRAND} whitepaper: hardware architecture, smart cartridges, blockchain ownership and token economics.`,
  "title:/contact": "Contact",
  "description:/contact": `Write to the ${BRAND} team, find our office and read the answers to the most frequent questions.`,
  "title:/updates/:slug": "Updates",
  "description:/updates/:slug": `An update from the ${BRAND} team.`,
  "feed.title": `${BRAND} updates`,

  // Loading and error states
  "state.loading": "Loading…",
  "state.tryAgain": "Try Again",

  // The not-found page
  "notFound.title": "Page Not Found",
  "notFound.description": "NO SIGNAL - this page does not exist. Return home to keep watching.",
  "notFound.heading": "NO SIGNAL - PAGE NOT FOUND",
  "notFound.text": "The channel you tuned to is not broadcasting. Check the address, or head back to the home screen.",

  // Forms
  "form.honeypot": "Leave this empty:",
  "form.email": "Email address",
  "form.emailPlaceholder": "you@example.com",
  "form.emailInvalid": "Please enter a valid email address",
  "form.emailRequired": "Email is required",
  "waitlist.join": "Join Waitlist",
  "newsletter.title": "Newsletter",
  "newsletter.text": "Build notes and launch news, once a month.",
  "newsletter.subscribe": "Subscribe",
  "newsletter.subscribing": "Subscribing...",
  "newsletter.done": FORM_SUCCESS.newsletter.text,
  "newsletter.failed": "Subscription failed. Please try again.",
} as const;

/** A catalogue: every key of the default language's, each with its text in that language. */
export type Messages = { readonly [K in keyof typeof en]: string };
export type MessageKey = keyof Messages;
