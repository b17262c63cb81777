import { cataloguePart } from "../parts.ts";

// A post's page and the post meta (category, milestone) of the updates list.
// The default language's words (the product's: tests assert them); each other language's are in its
// own file beside this one (../parts.ts).

const en = {
  "post.category.development": "Development",
  "post.category.hardware": "Hardware",
  "post.category.community": "Community",
  "post.milestone": "Milestone: {milestone}",
  "post.updates": "Updates",
  "post.allUpdates": "← All updates",
  "post.loading": "Loading post…",
  "post.failed": "Unable to load this post. Please make sure you are connected to Supabase.",
  "fallback.notice": "This page has not been translated yet: it is shown in English.",
} as const;

export const postsTexts = cataloguePart<typeof en>(en, {
  ja: async () => (await import("./posts.ja.ts")).postsJa,
});
