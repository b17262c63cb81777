import { describe, expect, it } from "vitest";
import { readTime } from "../format.ts";
import type { RichTextDocument } from "./document.ts";
import { excerptOf, proseText, readTimeOf, renderText, wordCount } from "./render-text.ts";
import { EVERY_NODE, HOSTILE_HREFS, linked, nested, VIDEO_ROWS } from "./test-documents.ts";

const doc = (...content: unknown[]) => ({ type: "doc", content }) as unknown as RichTextDocument;
const paragraph = (text: string) => ({ type: "paragraph", content: [{ type: "text", text }] });

describe("renderText: every node and mark", () => {
  it("writes blocks apart, list items after their marker, quotes after >, pictures as caption, videos as title", () => {
    expect(renderText(EVERY_NODE, { videos: VIDEO_ROWS })).toBe(
      [
        "What works",
        "Level three",
        "Level four",
        "Plain, bold, italic, struck, a < b\nthe site and mail and the whitepaper.",
        "- First point\n- Second point\n  1. Nested step",
        "3. Third\n4. Fourth",
        "> A quoted line.",
        "const x = 1 < 2;\nconsole.log(x);",
        "---",
        "Revision two on the bench",
        "First boot",
        "Inside the pipeline",
      ].join("\n\n"),
    );
  });

  it("for a mail's text part, writes out links, videos and calls to action with their addresses", () => {
    const text = renderText(EVERY_NODE, { siteUrl: "https://rcrt.example", videos: VIDEO_ROWS });
    expect(text).toContain("the site (https://example.com/page) and mail (mailto:team@example.com) and the whitepaper (https://rcrt.example/whitepaper).");
    expect(text).toContain("First boot (https://www.youtube.com/watch?v=dQw4w9WgXcQ)\n\nInside the pipeline (https://videos.example.com/rcrt/crt-pipeline.mp4)");
    expect(text.endsWith("Join Waitlist: https://rcrt.example/\n\nTalk to us: https://discord.gg/rcrt\n\nSubscribe to the newsletter: https://rcrt.example/#newsletter")).toBe(true);
  });

  it("takes a picture's alt text when it has no caption, and nothing for a decorative one", () => {
    const image = (alt: string) => ({ type: "image", attrs: { src: "https://a.example/x.png", alt } });
    expect(renderText(doc(image("A board"), image(""), paragraph("after")))).toBe("A board\n\nafter");
  });

  it("quotes every line of a quote, nested blocks included", () => {
    expect(renderText(doc({ type: "blockquote", content: [paragraph("one"), { type: "bulletList", content: [{ type: "listItem", content: [paragraph("two")] }] }] }))).toBe("> one\n>\n> - two");
  });
});

describe("excerpts, word count and read time", () => {
  it("cuts excerpts from the prose alone, on one line, between words", () => {
    expect(proseText(EVERY_NODE)).toBe("What works Level three Level four Plain, bold, italic, struck, a < b the site and mail and the whitepaper. First point Second point Nested step Third Fourth A quoted line.");
    expect(excerptOf(EVERY_NODE, 40)).toBe("What works Level three Level four…");
    expect(excerptOf(doc(paragraph("Short.")))).toBe("Short.");
  });

  it("counts the words of the text, code included, and reads at 200 words a minute as readTime does", () => {
    expect(wordCount(EVERY_NODE)).toBe(38);
    expect(wordCount(doc())).toBe(0);
    expect(wordCount(doc({ type: "paragraph", content: [{ type: "text", text: "bo" }, { type: "text", text: "ld", marks: [{ type: "bold" }] }, { type: "hardBreak" }, { type: "text", text: "next" }] }))).toBe(2);
    const words = (count: number) => doc(paragraph(Array(count).fill("word").join(" ")));
    expect(readTimeOf(words(600))).toBe("3 min read");
    expect(readTimeOf(words(201))).toBe("2 min read");
    expect(readTimeOf(doc())).toBe("1 min read");
    expect(readTimeOf(words(401))).toBe(readTime(Array(401).fill("word").join(" ")));
  });
});

describe("renderText: hostile documents", () => {
  it("returns text as text (the caller escapes it), without unknown nodes or unsafe links", () => {
    expect(renderText(doc(paragraph("<script>alert(1)</script>"), { type: "iframe", content: [paragraph("hidden")] }))).toBe("<script>alert(1)</script>");
    for (const href of HOSTILE_HREFS) expect(renderText(linked(href) as RichTextDocument, { siteUrl: "https://rcrt.example" })).toBe("click");
    for (const value of [null, "text", [], { type: "paragraph" }]) expect(renderText(value as RichTextDocument)).toBe("");
  });

  it("stops at the depth limit on 10,000 levels of nesting", () => {
    expect(renderText(nested(10_000) as RichTextDocument)).not.toContain("deep");
    expect(proseText(nested(10_000) as RichTextDocument)).toBe("");
    expect(wordCount(nested(10) as RichTextDocument)).toBe(1);
  });
});
