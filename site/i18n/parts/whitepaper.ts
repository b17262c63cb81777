import { cataloguePart } from "../parts.ts";

// The whitepaper page (its sections and change log are content, translated in the database).
// The default language's words (the product's: tests assert them); each other language's are in its
// own file beside this one (../parts.ts).

const en = {
  "whitepaper.eyebrow": "Whitepaper",
  "whitepaper.loading": "Loading the whitepaper…",
  "whitepaper.failed": "Unable to load the whitepaper. Please try again.",
  "whitepaper.missing": "Whitepaper coming soon...",
  "whitepaper.version": "Version {version}",
  "whitepaper.contents": "Contents",
  "whitepaper.changeLog": "Change Log",
} as const;

export const whitepaperTexts = cataloguePart<typeof en>(en, {
  ja: async () => (await import("./whitepaper.ja.ts")).whitepaperJa,
});
