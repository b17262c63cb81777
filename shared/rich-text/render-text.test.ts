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

describe("renderText: the cases the documents above leave out", () => {
  const text = (value: string, href?: string) => ({ type: "text", text: value, ...(href ? { marks: [{ type: "link", attrs: { href } }] } : {}) });
  const item = (...content: unknown[]) => ({ type: "listItem", content });
  const video = (attrs: Record<string, unknown>) => ({ type: "video", attrs });
  const ROW_ID = [...VIDEO_ROWS.keys()][0]!;

  it("a link whose words are its address is written once, a mail address too", () => {
    const options = { siteUrl: "https://rcrt.example" };
    expect(renderText(doc({ type: "paragraph", content: [text("https://example.com/page", "https://example.com/page")] }), options)).toBe("https://example.com/page");
    expect(renderText(doc({ type: "paragraph", content: [text("team@example.com", "mailto:team@example.com")] }), options)).toBe("team@example.com");
  });

  it("a list keeps only its items, and an item only its blocks that have words", () => {
    expect(renderText(doc({ type: "bulletList", content: [item(paragraph("one")), paragraph("stray")] }))).toBe("- one");
    expect(renderText(doc({ type: "bulletList", content: [item({ type: "paragraph", content: [] }, paragraph("two"))] }))).toBe("- two");
  });

  it("lists nested past the depth limit keep only the levels within it", () => {
    let list: unknown = { type: "bulletList", content: [item(paragraph("L12"))] };
    for (let level = 11; level >= 1; level--) list = { type: "bulletList", content: [item(paragraph(`L${level}`), list)] };
    const written = renderText(doc(list));
    expect(written).toContain("L1");
    expect(written).toContain("L8");
    expect(written).not.toContain("L9");
  });

  it("a list at the depth limit writes its items' markers but nothing inside them", () => {
    // 17 quotes put the list one level above the limit: its items are read, their blocks are not.
    let node: unknown = { type: "bulletList", content: [item({ type: "horizontalRule" })] };
    for (let level = 0; level < 17; level++) node = { type: "blockquote", content: [node] };
    expect(renderText(doc(node))).toMatch(/- $/);
  });

  it("a video is its own title trimmed, else its row's title, else nothing", () => {
    expect(renderText(doc(video({ title: "  Boot  " })))).toBe("Boot");
    expect(renderText(doc(video({ videoId: ROW_ID })), { videos: VIDEO_ROWS })).toBe("Inside the CRT Filter Pipeline");
    expect(renderText(doc(video({ videoId: ROW_ID, title: "Own title" })))).toBe("Own title");
    expect(renderText(doc(video({}), paragraph("after")))).toBe("after");
  });

  it("a video's row is looked up only by a well-formed id, and a YouTube address only from a well-formed YouTube id", () => {
    const videos = new Map([["not a row id", { title: "Forged", url: "https://evil.example/v.mp4", thumbnail: "" }]]);
    expect(renderText(doc(video({ videoId: "not a row id" }), paragraph("after")), { videos })).toBe("after");
    expect(renderText(doc(video({ youtubeId: "not an id!", title: "T" })), { siteUrl: "https://rcrt.example" })).toBe("T");
  });

  it("a code block's text nodes are joined as they are", () => {
    expect(renderText(doc({ type: "codeBlock", content: [text("a = 1;"), text("b = 2;")] }))).toBe("a = 1;b = 2;");
  });

  it("a picture's caption or alt text is trimmed; a picture with neither is nothing", () => {
    const image = (attrs: Record<string, unknown>) => ({ type: "image", attrs: { src: "https://a.example/x.png", ...attrs } });
    expect(renderText(doc(image({ caption: "  The board  " })))).toBe("The board");
    expect(renderText(doc(image({ alt: "  A board  " })))).toBe("A board");
    expect(renderText(doc(image({}), paragraph("after")))).toBe("after");
    expect(renderText(doc(image({ src: "javascript:alert(1)", alt: "A board" }), paragraph("after")))).toBe("after");
  });

  it("a call to action whose address cannot be made from the site's origin is left out", () => {
    expect(renderText(doc({ type: "callToAction", attrs: { action: "waitlist" } }, paragraph("after")), { siteUrl: "http://[" })).toBe("after");
  });
});

describe("proseText and readTimeOf: the cases the documents above leave out", () => {
  it("reads only a document, and nothing of unknown nodes", () => {
    expect(proseText(null)).toBe("");
    expect(proseText({ type: "blockquote", content: [paragraph("hidden")] } as unknown as RichTextDocument)).toBe("");
    expect(proseText(doc({ type: "iframe", content: [paragraph("hidden")] }, paragraph("shown")))).toBe("shown");
  });

  it("is one line with single spaces and no space at either end", () => {
    expect(proseText(doc(paragraph(" lead  and\ttab "), paragraph("next")))).toBe("lead and tab next");
  });

  it("the read time counts the words of code too", () => {
    const code = { type: "codeBlock", content: [{ type: "text", text: Array(201).fill("word").join(" ") }] };
    expect(readTimeOf(doc(code))).toBe("2 min read");
  });
});
