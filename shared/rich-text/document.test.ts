import { describe, expect, it } from "vitest";
import { DOCUMENT_LIMITS, MAX_DEPTH, type DocumentLimits, safeHref, safeHttpUrl, safeImageUrl, validateDocument, youtubeIdFromUrl } from "./document.ts";
import { EVERY_NODE, HOSTILE_HREFS, linked, nested } from "./test-documents.ts";

const refusal = (value: unknown, limits: DocumentLimits = DOCUMENT_LIMITS.content) => {
  const result = validateDocument(value, limits);
  return result.ok ? null : result.error;
};
const doc = (...content: unknown[]) => ({ type: "doc", content });
const paragraph = (...content: unknown[]) => ({ type: "paragraph", content });
const text = (value: string, marks?: unknown[]) => (marks ? { type: "text", text: value, marks } : { type: "text", text: value });

describe("validateDocument accepts the format", () => {
  it("accepts a document with every node and mark, and returns it", () => {
    expect(validateDocument(EVERY_NODE)).toEqual({ ok: true, document: EVERY_NODE });
  });

  it("accepts marks on a line break, as ProseMirror gives it those of the text it is typed in", () => {
    expect(refusal(doc(paragraph(text("a", [{ type: "bold" }]), { type: "hardBreak", marks: [{ type: "bold" }] }, text("b", [{ type: "bold" }]))))).toBeNull();
  });

  it("accepts an empty document, empty paragraphs and headings, and TipTap's null defaults", () => {
    expect(refusal(doc())).toBeNull();
    expect(refusal(doc({ type: "paragraph" }, { type: "heading", attrs: { level: 3 } }))).toBeNull();
    expect(refusal(doc({ type: "codeBlock", attrs: { language: null } }, { type: "orderedList", attrs: { start: null }, content: [{ type: "listItem", content: [paragraph(text("a"))] }] }))).toBeNull();
    expect(refusal(doc({ type: "image", attrs: { src: "https://a.example/x.png", alt: "", caption: null, width: null, height: null } }))).toBeNull();
  });
});

describe("validateDocument refuses what is not the format, saying where", () => {
  it.each([
    ["a string", "<p>hi</p>", 'doc: must be a node (an object with a type), not string "<p>hi</p>"'],
    ["null", null, "doc: must be a node (an object with a type), not null"],
    ["a number", 42, "doc: must be a node (an object with a type), not number 42"],
    ["an array", [doc()], "doc: must be a node (an object with a type), not a list"],
    ["a node that is not a doc", paragraph(), "doc: a paragraph cannot stand here"],
    ["a doc without content", { type: "doc" }, null],
    ["content that is not a list", { type: "doc", content: {} }, "doc.content: must be a list of nodes"],
    ["an array where a node is expected", doc([paragraph()]), "doc.content[0]: must be a node (an object with a type), not a list"],
    ["an unknown node type", doc(paragraph(text("ok")), { type: "iframe", attrs: { src: "https://evil.example" } }), 'doc.content[1].type: unknown node type "iframe"'],
    ["a node without a type", doc({ content: [] }), "doc.content[0].type: missing"],
    ["an inline node among blocks", doc(text("loose")), "doc.content[0]: a text cannot stand here"],
    ["a block inside a paragraph", doc(paragraph(paragraph())), "doc.content[0].content[0]: a paragraph cannot stand here"],
    ["a paragraph directly in a list", doc({ type: "bulletList", content: [paragraph()] }), "doc.content[0].content[0]: a paragraph cannot stand here"],
    ["an empty list", doc({ type: "bulletList", content: [] }), "doc.content[0].content: a bulletList holds at least 1 node"],
    ["an empty blockquote", doc({ type: "blockquote", content: [] }), "doc.content[0].content: a blockquote holds at least 1 node"],
    ["an unknown property", doc({ type: "paragraph", content: [], html: "<b>x</b>" }), "doc.content[0].html: not a property of a paragraph"],
    ["attrs on a node without any", doc({ type: "paragraph", attrs: {} }), "doc.content[0].attrs: not a property of a paragraph"],
    ["heading level 1", doc({ type: "heading", attrs: { level: 1 } }), "doc.content[0].attrs.level: must be a whole number from 2 to 4"],
    ["heading level 7", doc({ type: "heading", attrs: { level: 7 } }), "doc.content[0].attrs.level: must be a whole number from 2 to 4"],
    ["heading level as text", doc({ type: "heading", attrs: { level: "2" } }), "doc.content[0].attrs.level: must be a whole number from 2 to 4"],
    ["a heading without attrs", doc({ type: "heading" }), "doc.content[0].attrs: missing (level required)"],
    ["an unknown attribute", doc({ type: "heading", attrs: { level: 2, id: "x" } }), "doc.content[0].attrs.id: not an attribute of a heading"],
    ["a negative list start", doc({ type: "orderedList", attrs: { start: -1 }, content: [{ type: "listItem", content: [paragraph()] }] }), "doc.content[0].attrs.start: must be a whole number from 0 to 1000000"],
    ["an empty text node", doc(paragraph({ type: "text", text: "" })), "doc.content[0].content[0].text: must be text, not empty"],
    ["a text node without text", doc(paragraph({ type: "text" })), "doc.content[0].content[0].text: must be text, not empty"],
    ["an unknown mark on a hard break", doc(paragraph({ type: "hardBreak", marks: [{ type: "underline" }] })), 'doc.content[0].content[0].marks[0].type: unknown mark "underline"'],
    ["marks on a paragraph", doc({ type: "paragraph", marks: [{ type: "bold" }] }), "doc.content[0].marks: not a property of a paragraph"],
    ["marks on an image", doc({ type: "image", attrs: { src: "https://a.example/x.png", alt: "" }, marks: [{ type: "link", attrs: { href: "https://a.example" } }] }), "doc.content[0].marks: not a property of an image"],
    ["marks that are not a list", doc(paragraph({ type: "text", text: "x", marks: { type: "bold" } })), "doc.content[0].content[0].marks: must be a list"],
    ["an unknown mark", doc(paragraph(text("x", [{ type: "underline" }]))), 'doc.content[0].content[0].marks[0].type: unknown mark "underline"'],
    ["a mark twice", doc(paragraph(text("x", [{ type: "bold" }, { type: "bold" }]))), "doc.content[0].content[0].marks[1]: a second bold mark"],
    ["a mark with attributes it has not", doc(paragraph(text("x", [{ type: "bold", attrs: { style: "color:red" } }]))), "doc.content[0].content[0].marks[0].attrs: not a property of a bold"],
    ["a link without href", doc(paragraph(text("x", [{ type: "link", attrs: {} }]))), "doc.content[0].content[0].marks[0].attrs.href: missing"],
    ["marks in a code block", doc({ type: "codeBlock", content: [text("x", [{ type: "bold" }])] }), "doc.content[0].content[0].marks: code is shown as typed, without marks"],
    ["a hard break in a code block", doc({ type: "codeBlock", content: [{ type: "hardBreak" }] }), "doc.content[0].content[0]: a hardBreak cannot stand here"],
    ["a language carrying HTML", doc({ type: "codeBlock", attrs: { language: 'js" onmouseover="x' } }), "doc.content[0].attrs.language: must be a language name (letters, digits, + # . - _, at most 40)"],
    ["an image without alt", doc({ type: "image", attrs: { src: "https://a.example/x.png" } }), "doc.content[0].attrs.alt: missing"],
    ["an image from a data: address", doc({ type: "image", attrs: { src: "data:image/svg+xml,<svg onload=alert(1)>", alt: "" } }), "doc.content[0].attrs.src: must be an http or https address, or a file of ours (/storage/v1/object/public/...)"],
    ["an image of size 0", doc({ type: "image", attrs: { src: "https://a.example/x.png", alt: "", width: 0 } }), "doc.content[0].attrs.width: must be a whole number from 1 to 10000"],
    ["an alt text too long", doc({ type: "image", attrs: { src: "https://a.example/x.png", alt: "a".repeat(501) } }), "doc.content[0].attrs.alt: must be at most 500 characters"],
    ["a video with neither id", doc({ type: "video", attrs: { title: "x" } }), "doc.content[0].attrs.youtubeId or videoId: exactly one of them"],
    ["a video with both ids", doc({ type: "video", attrs: { title: "x", youtubeId: "dQw4w9WgXcQ", videoId: "d0000000-0000-4000-8000-000000000001" } }), "doc.content[0].attrs.youtubeId or videoId: exactly one of them"],
    ["a video id that is an address", doc({ type: "video", attrs: { title: "x", youtubeId: "https://youtu.be/dQw4w9WgXcQ" } }), "doc.content[0].attrs.youtubeId: must be a YouTube video id (11 letters, digits, - or _)"],
    ["a video row id that is not a uuid", doc({ type: "video", attrs: { title: "x", videoId: "1 or 1=1" } }), "doc.content[0].attrs.videoId: must be the id of a row of the videos table"],
    ["a video with a blank title", doc({ type: "video", attrs: { title: "  ", youtubeId: "dQw4w9WgXcQ" } }), "doc.content[0].attrs.title: must not be blank"],
    ["an unknown call to action", doc({ type: "callToAction", attrs: { action: "buy" } }), "doc.content[0].attrs.action: must be one of waitlist, discord, newsletter"],
    ["a prototype key", JSON.parse('{"type":"doc","content":[],"__proto__":{"polluted":true}}') as unknown, "doc.__proto__: not a property of a doc"],
    ["a class instance", doc(new Date()), "doc.content[0]: must be a node (an object with a type), not an object"],
  ])("%s", (_name, value, expected) => {
    expect(refusal(value)).toBe(expected);
  });

  it.each(HOSTILE_HREFS)("refuses the link %j", (href) => {
    expect(refusal(linked(href))).toBe("doc.content[0].content[0].marks[0].attrs.href: must be an http, https or mailto address, or a path on this site");
  });

  it("reports the first problem in reading order", () => {
    expect(refusal(doc(paragraph(text("a", [{ type: "nope" }])), { type: "nope" }))).toBe('doc.content[0].content[0].marks[0].type: unknown mark "nope"');
  });
});

describe("validateDocument bounds what it reads", () => {
  it(`refuses nesting deeper than ${MAX_DEPTH} levels, and 10,000 levels without overflowing the stack`, () => {
    expect(refusal(nested(MAX_DEPTH - 3))).toBeNull();
    expect(refusal(nested(MAX_DEPTH - 2))).toMatch(/: nested more than 20 levels deep$/);
    expect(refusal(nested(10_000))).toBe(`doc${".content[0]".repeat(MAX_DEPTH)}: nested more than 20 levels deep`);
  });

  it("refuses a document over the byte limit, counting UTF-8 bytes as the database does", () => {
    const limits = { bytes: 1000, nodes: 100 };
    const fits = doc(paragraph(text("x".repeat(900))));
    expect(refusal(fits, limits)).toBeNull();
    expect(refusal(doc(paragraph(text("é".repeat(900)))), limits)).toBe("doc: the document is 1,885 bytes, more than 1,000");
    expect(refusal(doc(paragraph(text("x".repeat(5_000_000)))), DOCUMENT_LIMITS.content)).toBe("doc.content[0].content[0]: the document is larger than 1,000,000 bytes");
  });

  it("refuses too many nodes before reading them", () => {
    const many = doc(...Array.from({ length: 4000 }, () => paragraph(text("x"))));
    expect(refusal(many, DOCUMENT_LIMITS.answer)).toBe("doc.content: more than 2000 nodes");
    // Marks count as nodes: 999 bold texts are 1,998 nodes and marks, with their paragraph and document 2,000.
    const limits = { bytes: 1_000_000, nodes: 2000 };
    expect(refusal(doc(paragraph(...Array.from({ length: 999 }, () => text("x", [{ type: "bold" }])))), limits)).toBeNull();
    expect(refusal(doc(paragraph(...Array.from({ length: 1000 }, () => text("x", [{ type: "bold" }])))), limits)).toMatch(/more than 2000 nodes$/);
  });

  it("never throws, whatever it is given", () => {
    const cyclic: Record<string, unknown> = { type: "doc", content: [] };
    (cyclic.content as unknown[]).push(cyclic);
    for (const value of [undefined, Symbol("x"), 10n, () => 1, cyclic, { type: "doc", content: [undefined] }, { type: { toString: () => "doc" } }]) {
      expect(() => validateDocument(value)).not.toThrow();
      expect(validateDocument(value).ok).toBe(false);
    }
  });
});

describe("addresses", () => {
  it("keeps http, https and mailto addresses and paths on the site, as written", () => {
    expect(safeHref("https://example.com")).toBe("https://example.com");
    expect(safeHref("HTTP://example.com/a?b=1#c")).toBe("HTTP://example.com/a?b=1#c");
    expect(safeHref("mailto:team@example.com")).toBe("mailto:team@example.com");
    expect(safeHref("/updates/first-boot")).toBe("/updates/first-boot");
    for (const href of HOSTILE_HREFS) expect(safeHref(href), href).toBeNull();
  });

  it("takes pictures and videos from http and https addresses only", () => {
    expect(safeHttpUrl("https://a.example/x.png")).toBe("https://a.example/x.png");
    for (const src of ["/x.png", "javascript:alert(1)", "data:image/png;base64,AAAA", "mailto:a@b.c", " https://a.example/x.png"]) expect(safeHttpUrl(src), src).toBeNull();
    // A picture may also be one of our Storage files as stored (host-relative); no other path on the site.
    expect(safeImageUrl("/storage/v1/object/public/media/media/a.png")).toBe("/storage/v1/object/public/media/media/a.png");
    for (const src of ["/x.png", "//evil.example/storage/v1/object/public/a.png", "/storage/v1/object/public/a\u0000.png", "/storage/v1/object/public/a b.png", "/storage/v1/render/image/public/a.png"]) expect(safeImageUrl(src), src).toBeNull();
  });

  it("takes a picture or a video's thumbnail of ours in the form image columns store it (host-relative), and no other path", () => {
    const picture = (src: string) => ({ type: "doc", content: [{ type: "image", attrs: { src, alt: "Board" } }] });
    const thumbnail = (src: string) => ({ type: "doc", content: [{ type: "video", attrs: { youtubeId: "dQw4w9WgXcQ", title: "Boot", thumbnail: src } }] });
    for (const make of [picture, thumbnail]) {
      expect(validateDocument(make("/storage/v1/object/public/media/media/board.webp")).ok).toBe(true);
      for (const src of ["/x.png", "//evil.example/storage/v1/object/public/a.png", "/storage/v1/render/image/public/a.png"]) expect(validateDocument(make(src)).ok, src).toBe(false);
    }
  });

  it("reads a YouTube id from the addresses YouTube gives", () => {
    for (const url of ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "https://youtu.be/dQw4w9WgXcQ", "https://m.youtube.com/shorts/dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"]) {
      expect(youtubeIdFromUrl(url), url).toBe("dQw4w9WgXcQ");
    }
    for (const url of ["https://vimeo.com/1", "https://youtube.com/watch?v=short", "javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ", "not a url"]) expect(youtubeIdFromUrl(url), url).toBeNull();
  });
});
