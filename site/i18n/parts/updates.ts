import { cataloguePart } from "../parts.ts";

// The updates list.
// The default language's words (the product's: tests assert them); each other language's are in its
// own file beside this one (../parts.ts).

const en = {
  "updates.eyebrow": "Transmission log",
  "updates.lead": "Development notes, hardware milestones and community news, newest first.",
  "updates.filter": "Filter updates by category",
  "updates.all": "All Updates",
  "updates.loading": "Loading posts…",
  "updates.failed": "Unable to load posts. Please make sure you are connected to Supabase.",
  "updates.none": "No posts found.",
  "updates.readMore": "Read more →",
} as const;

export const updatesTexts = cataloguePart<typeof en>(en, {
  ja: async () => (await import("./updates.ja.ts")).updatesJa,
});
