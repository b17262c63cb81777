import { cataloguePart } from "../parts.ts";

// The videos page and its video cards (the videos' titles and descriptions are content).
// The default language's words (the product's: tests assert them); each other language's are in its
// own file beside this one (../parts.ts).

const en = {
  "videos.eyebrow": "Now playing",
  "videos.lead": "Prototype demos, filter deep dives, tutorials and build streams.",
  "videos.channel": "Visit our YouTube channel",
  "videos.latest": "Latest Videos",
  "videos.loading": "Loading videos…",
  "videos.failed": "Unable to load videos at this time.",
  "videos.workshop": "From the Workshop",
  "videos.play": "Play {title}",
  "videos.watch": "Watch {title}",
  "videos.views": "{views} views",
} as const;

export const videosTexts = cataloguePart<typeof en>(en, {
  ja: async () => (await import("./videos.ja.ts")).videosJa,
});
