import { describe, expect, it } from "vitest";
import type { PostSummary } from "../lib/queries.ts";
import { postSeo, showPost } from "./post.tsx";

const post: PostSummary = {
  id: "p1",
  title: "First boot",
  slug: "first-boot",
  content: "## First boot\n\nThe **prototype** boots its [first cartridge](https://x.example).",
  image_url: "https://cdn.example/cover.webp",
  image_alt: null,
  image_decorative: false,
  category: "hardware",
  milestone: null,
  created_at: "2025-01-05T12:00:00Z",
  updated_at: "2025-01-05T12:00:00Z",
  read_time: "1 min read",
  seo_description: null,
  seo_image_url: null,
  canonical_url: null,
};

describe("postSeo", () => {
  it("defaults to what the page shows: the excerpt, the cover and the post's own address", async () => {
    expect(postSeo(await showPost(post), "https://rcrt.example")).toEqual({
      description: "First boot The prototype boots its first cartridge.",
      image: "https://cdn.example/cover.webp",
      canonical: "https://rcrt.example/updates/first-boot",
    });
    expect(postSeo(await showPost({ ...post, image_url: null, seo_description: "  " }), "https://rcrt.example")).toMatchObject({ description: "First boot The prototype boots its first cartridge.", image: null });
  });

  it("takes the editor's fields where they are set", async () => {
    const seo = postSeo(await showPost({ ...post, seo_description: "Hand-written.", seo_image_url: "https://cdn.example/card.png", canonical_url: "https://blog.example/first" }), "https://rcrt.example");
    expect(seo).toEqual({ description: "Hand-written.", image: "https://cdn.example/card.png", canonical: "https://blog.example/first" });
  });
});

describe("a post as its page shows it", () => {
  it("carries its Markdown as sanitised HTML instead of the Markdown", async () => {
    const shown = await showPost({ ...post, content: "Hello **there**<script>x()</script>" });
    expect(shown.html).toBe("<p>Hello <strong>there</strong></p>\n");
    expect(shown).not.toHaveProperty("content");
  });
});
