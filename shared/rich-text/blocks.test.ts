import { describe, expect, it } from "vitest";
import { documentBlocks, isDocument } from "./blocks.ts";
import { CTA_LABELS } from "./nodes.ts";
import { EVERY_NODE } from "./test-documents.ts";

describe("documentBlocks", () => {
  it("gives each top-level block's text, and names a picture, a video and a button as what they are", () => {
    expect(documentBlocks(EVERY_NODE)).toEqual([
      "What works",
      "Level three",
      "Level four",
      "Plain, bold, italic, struck, a < b\nthe site and mail and the whitepaper.",
      "- First point\n- Second point\n  1. Nested step",
      "3. Third\n4. Fourth",
      "> A quoted line.",
      "const x = 1 < 2;\nconsole.log(x);",
      "---",
      "Image: The prototype board\nCaption: Revision two on the bench",
      "Video: First boot",
      "Video: Inside the pipeline",
      `Button: ${CTA_LABELS.waitlist}`,
      "Button: Talk to us",
      `Button: ${CTA_LABELS.newsletter}`,
    ]);
  });

  it("leaves empty paragraphs out and reads anything that is not a document as no blocks", () => {
    const doc = { type: "doc", content: [{ type: "paragraph" }, { type: "paragraph", content: [{ type: "text", text: "Words" }] }, { type: "script", content: [] }] };
    expect(documentBlocks(doc)).toEqual(["Words"]);
    expect(documentBlocks("Words")).toEqual([]);
    expect(documentBlocks({ type: "paragraph" })).toEqual([]);
    expect(documentBlocks(null)).toEqual([]);
  });

  it("trims a picture's alt text and caption and a video's title; a picture with no alt at all says so; a video with neither title nor YouTube id is untitled", () => {
    const blocks = (...content: unknown[]) => documentBlocks({ type: "doc", content });
    expect(blocks({ type: "image", attrs: { src: "https://a.example/x.png", alt: "  Board  ", caption: "  On the bench  " } })).toEqual(["Image: Board\nCaption: On the bench"]);
    expect(blocks({ type: "image", attrs: { src: "https://a.example/x.png" } })).toEqual(["Image: no alt text"]);
    expect(blocks({ type: "video", attrs: { title: "  First boot  " } }, { type: "video", attrs: {} })).toEqual(["Video: First boot", "Video: untitled"]);
  });

  it("a picture without alt text says so; a video without a title gives its YouTube id", () => {
    const doc = {
      type: "doc",
      content: [
        { type: "image", attrs: { src: "https://example.com/a.png", alt: "" } },
        { type: "video", attrs: { youtubeId: "dQw4w9WgXcQ" } },
        { type: "callToAction", attrs: { action: "waitlist" } },
      ],
    };
    expect(documentBlocks(doc)).toEqual(["Image: no alt text", "Video: YouTube dQw4w9WgXcQ", `Button: ${CTA_LABELS.waitlist}`]);
  });
});

describe("isDocument", () => {
  it("is a doc node with content, nothing else", () => {
    expect(isDocument({ type: "doc", content: [] })).toBe(true);
    expect(isDocument({ type: "doc" })).toBe(false);
    expect(isDocument({ type: "paragraph", content: [] })).toBe(false);
    expect(isDocument("text")).toBe(false);
    expect(isDocument([{ type: "doc", content: [] }])).toBe(false);
  });
});
