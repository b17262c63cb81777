import { describe, expect, it } from "vitest";
import { imagesWithoutAlt, ownReferences, publishProblems } from "./publish-checks.ts";
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

  it("counts an image with no alt attribute at all, and none below the deepest level a document may have", () => {
    expect(imagesWithoutAlt(doc({ type: "image", attrs: { src: "https://a.example/x.png" } }))).toBe(1);
    const inQuotes = (levels: number) => {
      let node: unknown = image("https://a.example/x.png", "");
      for (let level = 0; level < levels; level++) node = { type: "blockquote", content: [node] };
      return doc(node);
    };
    // The document is level 1: an image in 18 quotes is at level 20, the deepest read; in 30, below it.
    expect(imagesWithoutAlt(inQuotes(18))).toBe(1);
    expect(imagesWithoutAlt(inQuotes(30))).toBe(0);
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

  it("takes a host-relative Storage path for our file, and a src on anything but an image for nothing", () => {
    expect(ownReferences(doc(image(BOARD, "A board"), link(BOARD)), ORIGINS)).toEqual({ posts: [], media: [BOARD], unknownPages: [] });
    expect(ownReferences(doc({ type: "paragraph", attrs: { src: BOARD } }), ORIGINS).media).toEqual([]);
  });

  it("follows links only, not the other marks of a text", () => {
    const marked = { type: "paragraph", content: [{ type: "text", text: "bold", marks: [{ type: "bold" }, { type: "italic" }] }] };
    expect(ownReferences(doc(marked, link("/no-such-page")), ORIGINS)).toEqual({ posts: [], media: [], unknownPages: ["/no-such-page"] });
  });

  it("takes addresses elsewhere, and addresses that are no URL, for no reference of ours, with or without our origins", () => {
    const document = doc(image("https://images.example/elsewhere.png", "Not ours"), link("https://example.com/updates/not-ours"), link("not a url"), link("updates/first-boot"));
    expect(ownReferences(document, ORIGINS)).toEqual({ posts: [], media: [], unknownPages: [] });
    expect(ownReferences(document)).toEqual({ posts: [], media: [], unknownPages: [] });
    expect(ownReferences(doc(image(`${API}${BOARD}`, "A board")))).toEqual({ posts: [], media: [], unknownPages: [] });
  });

  it("takes an address on the API's origin outside Storage for no file of ours", () => {
    expect(ownReferences(doc(image(`${API}/functions/v1/picture.png`, "x"), link(`${API}/rest/v1/posts`)), ORIGINS)).toEqual({ posts: [], media: [], unknownPages: [] });
  });

  it("takes an origin configured without its scheme for none: nothing is ours on it, and nothing throws", () => {
    const document = doc(image(`${API}${BOARD}`, "A board"), link(`${SITE}/no-such-page`));
    expect(ownReferences(document, { api: "project.supabase.co", site: "rcrt.example" })).toEqual({ posts: [], media: [], unknownPages: [] });
  });

  it("takes a Storage address on another host for someone else's file", () => {
    expect(ownReferences(doc(image(`https://other.supabase.co${BOARD}`, "x")), ORIGINS).media).toEqual([]);
  });
});

describe("publishProblems", () => {
  it("refuses an image without alt text, saying how many", () => {
    expect(publishProblems([doc(image("https://a.example/x.png", ""))], existing()).errors).toEqual(["Add alt text to every image before publishing: 1 image has none."]);
    expect(publishProblems([doc(image("https://a.example/x.png", "")), doc(image("https://a.example/y.png", ""))], existing()).errors).toEqual(["Add alt text to every image before publishing: 2 images have none."]);
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
