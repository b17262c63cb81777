import { describe, expect, it } from "vitest";
import { ALT_TEXT_REQUIRED, imagesWithoutAlt, ownReferences, publishProblems } from "./publish-checks.ts";
import { EVERY_NODE, nested } from "./test-documents.ts";

const API = "https://project.supabase.co";
const SITE = "https://rcrt.example";
const ORIGINS = { api: API, site: SITE };
const BOARD = "/storage/v1/object/public/media/media/board.webp";

const doc = (...content: unknown[]) => ({ type: "doc", content });
const image = (src: string, alt: string) => ({ type: "image", attrs: { src, alt } });
const link = (href: string, text = "here") => ({ type: "paragraph", content: [{ type: "text", text, marks: [{ type: "link", attrs: { href } }] }] });
const existing = (posts: string[] = [], media: string[] = []) => ({ posts: new Set(posts), media: new Set(media) });

describe("imagesWithoutAlt", () => {
  it("counts images whose alt text is missing or blank, wherever they stand", () => {
    const document = doc(image(`${API}${BOARD}`, "A board"), image("https://a.example/x.png", ""), { type: "blockquote", content: [image("https://a.example/y.png", "  ")] });
    expect(imagesWithoutAlt(document)).toBe(2);
    expect(imagesWithoutAlt(EVERY_NODE)).toBe(0);
  });

  it("reads anything without throwing: not a document, a hostile depth", () => {
    expect(imagesWithoutAlt(null)).toBe(0);
    expect(imagesWithoutAlt("text")).toBe(0);
    expect(imagesWithoutAlt(nested(10_000))).toBe(0);
  });
});

describe("ownReferences", () => {
  it("finds our posts, our Storage files and site paths that are no page, each once", () => {
    const document = doc(
      image(`${API}${BOARD}`, "A board"),
      image("https://images.example/elsewhere.png", "Not ours"),
      link("/updates/first-boot"),
      link(`${SITE}/updates/second-post?ref=mail#top`),
      link("/updates/first-boot"),
      link("/no-such-page"),
      link("/about"),
      link("https://example.com/updates/not-ours"),
      link(`${API}/storage/v1/object/public/media/media/spec.pdf`),
    );
    expect(ownReferences(document, ORIGINS)).toEqual({
      posts: ["first-boot", "second-post"],
      media: [BOARD, "/storage/v1/object/public/media/media/spec.pdf"],
      unknownPages: ["/no-such-page"],
    });
  });

  it("takes a Storage address on another host for someone else's file", () => {
    expect(ownReferences(doc(image(`https://other.supabase.co${BOARD}`, "x")), ORIGINS).media).toEqual([]);
  });
});

describe("publishProblems", () => {
  it("refuses an image without alt text, saying how many", () => {
    expect(publishProblems([doc(image("https://a.example/x.png", ""))], existing()).errors).toEqual([`${ALT_TEXT_REQUIRED}: 1 image has none.`]);
    expect(publishProblems([doc(image("https://a.example/x.png", "")), doc(image("https://a.example/y.png", ""))], existing()).errors).toEqual([`${ALT_TEXT_REQUIRED}: 2 images have none.`]);
  });

  it("warns of each reference of ours that no longer exists, naming it", () => {
    const document = doc(image(`${API}${BOARD}`, "A board"), image(`${API}/storage/v1/object/public/media/media/gone.png`, "Gone"), link("/updates/live"), link("/updates/deleted"), link("/old-page"));
    const { errors, warnings } = publishProblems([document], existing(["live"], [BOARD]), ORIGINS);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      "The link to /old-page goes to no page of the site.",
      "The link to /updates/deleted goes to a post that is not published or no longer exists.",
      "The file gone.png is no longer in the media library.",
    ]);
  });

  it("has nothing to say of a document whose references all exist", () => {
    const document = doc(image(`${API}${BOARD}`, "A board"), link("/updates/live"), link("/whitepaper"), link("https://example.com/x"));
    expect(publishProblems([document], existing(["live"], [BOARD]), ORIGINS)).toEqual({ errors: [], warnings: [] });
  });
});
