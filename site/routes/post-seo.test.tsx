import { describe, expect, it } from "vitest";
import { postSeo } from "./post.tsx";

const post = {
  slug: "first-boot",
  content: "## First boot\n\nThe **prototype** boots its [first cartridge](https://x.example).",
  image_url: "https://cdn.example/cover.webp",
  seo_description: null,
  seo_image_url: null,
  canonical_url: null,
};

describe("postSeo", () => {
  it("defaults to what the page shows: the excerpt, the cover and the post's own address", () => {
    expect(postSeo(post, "https://rcrt.example")).toEqual({
      description: "First boot The prototype boots its first cartridge.",
      image: "https://cdn.example/cover.webp",
      canonical: "https://rcrt.example/updates/first-boot",
    });
    expect(postSeo({ ...post, image_url: null, seo_description: "  " }, "https://rcrt.example").image).toBeNull();
  });

  it("takes the editor's fields where they are set", () => {
    const seo = postSeo({ ...post, seo_description: "Hand-written.", seo_image_url: "https://cdn.example/card.png", canonical_url: "https://blog.example/first" }, "https://rcrt.example");
    expect(seo).toEqual({ description: "Hand-written.", image: "https://cdn.example/card.png", canonical: "https://blog.example/first" });
  });
});
