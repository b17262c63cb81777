import { describe, expect, it } from "vitest";
import { createDb } from "../lib/db.ts";
import type { PostSummary } from "../lib/queries.ts";
import { postSeo, showPost as showPostFrom } from "./post.tsx";

const db = createDb({ url: "https://api.rcrt.example", anonKey: "anon" });
const showPost = (post: PostSummary) => showPostFrom({ ...post, lang: "en", languages: ["en"] }, db);
const text = (value: string, marks?: unknown[]) => (marks ? { type: "text", text: value, marks } : { type: "text", text: value });

const post: PostSummary = {
  id: "p1",
  title: "First boot",
  slug: "first-boot",
  content: {
    type: "doc",
    content: [
      { type: "heading", attrs: { level: 2 }, content: [text("First boot")] },
      { type: "paragraph", content: [text("The "), text("prototype", [{ type: "bold" }]), text(" boots its "), text("first cartridge", [{ type: "link", attrs: { href: "https://x.example" } }]), text(".")] },
    ],
  } as PostSummary["content"],
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
  it("carries its document as the renderer's HTML instead of the document: text that looks like HTML stays text", async () => {
    const content = { type: "doc", content: [{ type: "paragraph", content: [text("Hello "), text("there", [{ type: "bold" }]), text("<script>x()</script>")] }] } as PostSummary["content"];
    const shown = await showPost({ ...post, content });
    expect(shown.html).toBe("<p>Hello <strong>there</strong>&lt;script&gt;x()&lt;/script&gt;</p>");
    expect(shown).not.toHaveProperty("content");
  });

  it("shows our own pictures from the API it reads, and a video of the videos table from its row", async () => {
    const videoId = "d0000000-0000-4000-8000-000000000001";
    const reads: string[] = [];
    const api = createDb(
      { url: "https://api.rcrt.example", anonKey: "anon" },
      {
        retry: false,
        fetch: async (input) => {
          reads.push(String(input));
          const row = { id: videoId, title: "Inside the pipeline", video_url: "/storage/v1/object/public/assets/media/pipeline.mp4", thumbnail_url: null };
          return new Response(JSON.stringify([row]), { status: 200, headers: { "Content-Type": "application/json" } });
        },
      },
    );
    const content = {
      type: "doc",
      content: [
        { type: "image", attrs: { src: "/storage/v1/object/public/assets/media/board.png", alt: "The board", caption: "Revision two" } },
        { type: "video", attrs: { videoId, title: "Inside the pipeline" } },
      ],
    } as PostSummary["content"];
    const { html } = await showPostFrom({ ...post, content, lang: "en", languages: ["en"] }, api);
    expect(html).toContain('src="https://api.rcrt.example/storage/v1/render/image/public/assets/media/board.png?width=960&amp;quality=80&amp;resize=cover"');
    expect(html).toContain('alt="The board"><figcaption>Revision two</figcaption>');
    expect(html).toContain('data-video-file="https://api.rcrt.example/storage/v1/object/public/assets/media/pipeline.mp4"');
    expect(reads).toHaveLength(1);
    expect(decodeURIComponent(reads[0]!)).toContain(`/rest/v1/videos?select=id,title,video_url,thumbnail_url&published=eq.true&id=in.(${videoId})`);
  });
});
