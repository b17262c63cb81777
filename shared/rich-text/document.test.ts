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

describe("validateDocument at the edges of each rule", () => {
  const heading = (attrs: unknown) => doc({ type: "heading", attrs });
  const image = (attrs: Record<string, unknown>) => doc({ type: "image", attrs: { src: "https://a.example/x.png", alt: "", ...attrs } });
  const video = (attrs: Record<string, unknown>) => doc({ type: "video", attrs: { title: "Boot", ...attrs } });
  const code = (attrs: Record<string, unknown>, ...content: unknown[]) => doc({ type: "codeBlock", attrs, content });
  const list = (attrs: Record<string, unknown>) => doc({ type: "orderedList", attrs, content: [{ type: "listItem", content: [paragraph()] }] });
  const cta = (attrs: Record<string, unknown>) => doc({ type: "callToAction", attrs: { action: "waitlist", ...attrs } });
  const marked = (...marks: unknown[]) => doc(paragraph(text("x", marks)));
  const link = (attrs: Record<string, unknown>) => marked({ type: "link", attrs: { href: "https://a.example", ...attrs } });
  const bareList = Object.setPrototypeOf([paragraph()], null) as unknown;
  const bare = <T extends object>(value: T): T => Object.assign(Object.create(null) as T, value);
  const UUID_ID = "d0000000-0000-4000-8000-000000000001";

  it.each([
    ["the lowest heading level", heading({ level: 2 })],
    ["the highest heading level", heading({ level: 4 })],
    ["a list starting at 0", list({ start: 0 })],
    ["a list starting at the largest start", list({ start: 1_000_000 })],
    ["an image of 1 by 1 pixel", image({ width: 1, height: 1 })],
    ["an image of the largest side", image({ width: 10_000, height: 10_000 })],
    ["an alt text of 500 characters, counted as characters, not UTF-16 units", image({ alt: "🦀".repeat(500) })],
    ["a caption of 500 characters", image({ caption: "a".repeat(500) })],
    ["a language of 40 characters", code({ language: "a".repeat(40) })],
    ["languages with signs", doc({ type: "codeBlock", attrs: { language: "c++" } }, { type: "codeBlock", attrs: { language: "objective-c" } }, { type: "codeBlock", attrs: { language: "c#" } })],
    ["code text with an empty list of marks", code({ language: null }, text("x", []))],
    ["a video of ours, with a null YouTube id", video({ videoId: UUID_ID, youtubeId: null })],
    ["a YouTube video, with a null row id", video({ youtubeId: "dQw4w9WgXcQ", videoId: null })],
    ["a video title of 200 characters", video({ youtubeId: "dQw4w9WgXcQ", title: "a".repeat(200) })],
    ["a call to action of each kind", doc(...["waitlist", "discord", "newsletter"].map((action) => ({ type: "callToAction", attrs: { action } })))],
    ["a call to action's label of 100 characters", cta({ label: "a".repeat(100) })],
    ["a link with TipTap's target, rel and class", link({ target: "_blank", rel: "noopener noreferrer nofollow", class: null })],
    ["a link whose target is 20 characters", link({ target: "a".repeat(20) })],
    ["nodes, attributes and marks without a prototype", bare({ type: "doc", content: [bare({ type: "paragraph", content: [bare({ type: "text", text: "x", marks: [bare({ type: "link", attrs: bare({ href: "/a" }) })] })] }), bare({ type: "heading", attrs: bare({ level: 2 }) })] })],
  ])("accepts %s", (_name, value) => {
    expect(refusal(value)).toBeNull();
  });

  it.each([
    ["a heading level that is not whole", heading({ level: 2.5 }), "doc.content[0].attrs.level: must be a whole number from 2 to 4"],
    ["a list start past the largest", list({ start: 1_000_001 }), "doc.content[0].attrs.start: must be a whole number from 0 to 1000000"],
    ["an image side past the largest", image({ height: 10_001 }), "doc.content[0].attrs.height: must be a whole number from 1 to 10000"],
    ["an image without attrs", doc({ type: "image" }), "doc.content[0].attrs: missing (src, alt required)"],
    ["attrs that are a list", heading([2]), "doc.content[0].attrs: must be an object, not a list"],
    ["attrs that are text", heading("level=2"), 'doc.content[0].attrs: must be an object, not string "level=2"'],
    ["an attribute named after an object's method", heading({ level: 2, toString: "x" }), "doc.content[0].attrs.toString: not an attribute of a heading"],
    ["an alt text that is not text", image({ alt: 1 }), "doc.content[0].attrs.alt: must be text"],
    ["a caption too long", image({ caption: "a".repeat(501) }), "doc.content[0].attrs.caption: must be at most 500 characters"],
    ["a language too long", code({ language: "a".repeat(41) }), "doc.content[0].attrs.language: must be a language name (letters, digits, + # . - _, at most 40)"],
    ["a language that is a number", code({ language: 12 }), "doc.content[0].attrs.language: must be a language name (letters, digits, + # . - _, at most 40)"],
    ["a video row id with something before it", video({ videoId: `x${UUID_ID}` }), "doc.content[0].attrs.videoId: must be the id of a row of the videos table"],
    ["a video row id with something after it", video({ videoId: `${UUID_ID}0` }), "doc.content[0].attrs.videoId: must be the id of a row of the videos table"],
    ["a YouTube id of 12 characters", video({ youtubeId: "dQw4w9WgXcQQ" }), "doc.content[0].attrs.youtubeId: must be a YouTube video id (11 letters, digits, - or _)"],
    ["a YouTube id given as a number of 11 digits", video({ youtubeId: 12345678901 }), "doc.content[0].attrs.youtubeId: must be a YouTube video id (11 letters, digits, - or _)"],
    ["a video thumbnail from a data: address", video({ youtubeId: "dQw4w9WgXcQ", thumbnail: "data:image/png;base64,AAAA" }), "doc.content[0].attrs.thumbnail: must be an http or https address, or a file of ours (/storage/v1/object/public/...)"],
    ["a video title too long", video({ youtubeId: "dQw4w9WgXcQ", title: "a".repeat(201) }), "doc.content[0].attrs.title: must be at most 200 characters"],
    ["a video without a title", doc({ type: "video", attrs: { youtubeId: "dQw4w9WgXcQ" } }), "doc.content[0].attrs.title: missing"],
    ["a call to action without its action", doc({ type: "callToAction", attrs: { label: "Join" } }), "doc.content[0].attrs.action: missing"],
    ["a call to action without attrs", doc({ type: "callToAction" }), "doc.content[0].attrs: missing (action required)"],
    ["a blank call to action label", cta({ label: " " }), "doc.content[0].attrs.label: must not be blank"],
    ["a call to action label too long", cta({ label: "a".repeat(101) }), "doc.content[0].attrs.label: must be at most 100 characters"],
    ["a call to action named after an object's method", cta({ action: "toString" }), "doc.content[0].attrs.action: must be one of waitlist, discord, newsletter"],
    ["a link target too long", link({ target: "a".repeat(21) }), "doc.content[0].content[0].marks[0].attrs.target: must be at most 20 characters"],
    ["a link rel that is not text", link({ rel: 1 }), "doc.content[0].content[0].marks[0].attrs.rel: must be text"],
    ["a node type named after an object's method", doc({ type: "toString" }), 'doc.content[0].type: unknown node type "toString"'],
    ["a node type named after an object's constructor", doc({ type: "constructor" }), 'doc.content[0].type: unknown node type "constructor"'],
    ["a long unknown node type, quoted to 40 characters", doc({ type: `${"a".repeat(40)}TAIL` }), `doc.content[0].type: unknown node type "${"a".repeat(40)}"`],
    ["a mark named after an object's method", marked({ type: "toString" }), 'doc.content[0].content[0].marks[0].type: unknown mark "toString"'],
    ["a long unknown mark, quoted to 40 characters", marked({ type: `${"b".repeat(40)}TAIL` }), `doc.content[0].content[0].marks[0].type: unknown mark "${"b".repeat(40)}"`],
    ["a mark that is null", marked(null), "doc.content[0].content[0].marks[0]: must be a mark (an object with a type)"],
    ["a mark that is a name", marked("bold"), "doc.content[0].content[0].marks[0]: must be a mark (an object with a type)"],
    ["a mark without a type", marked({}), "doc.content[0].content[0].marks[0]: must be a mark (an object with a type)"],
    ["a mark whose type is not text", marked({ type: 1 }), "doc.content[0].content[0].marks[0]: must be a mark (an object with a type)"],
    ["a text that is a number", doc(paragraph({ type: "text", text: 5 })), "doc.content[0].content[0].text: must be text, not empty"],
    ["a horizontal rule with content", doc({ type: "horizontalRule", content: [] }), "doc.content[0].content: not a property of a horizontalRule"],
    ["text with content", doc(paragraph({ type: "text", text: "x", content: [] })), "doc.content[0].content[0].content: not a property of a text"],
    ["text on a paragraph", doc({ type: "paragraph", text: "x" }), "doc.content[0].text: not a property of a paragraph"],
    ["a list without content", doc({ type: "bulletList" }), "doc.content[0].content: must be a list of nodes"],
    ["a paragraph whose content is text", doc({ type: "paragraph", content: "x" }), "doc.content[0].content: must be a list of nodes"],
    ["a function where a node is expected", doc(() => paragraph()), "doc.content[0]: must be a node (an object with a type), not a function"],
    ["a boolean where a node is expected", doc(true), "doc.content[0]: must be a node (an object with a type), not boolean true"],
    ["a long string, quoted to 40 characters", `${"c".repeat(40)}TAIL`, `doc: must be a node (an object with a type), not string "${"c".repeat(40)}"`],
    ["a list without a prototype", doc(bareList), "doc.content[0]: must be a node (an object with a type), not a list"],
  ])("refuses %s", (_name, value, expected) => {
    expect(refusal(value)).toBe(expected);
  });

  it("counts nodes and marks up to the limit exactly, wherever the limit is passed", () => {
    const bold = { type: "bold" };
    expect(refusal(doc(paragraph(text("x"))), { bytes: 1000, nodes: 3 })).toBeNull();
    expect(refusal(doc(paragraph(text("x"), text("y"))), { bytes: 1000, nodes: 3 })).toBe("doc.content[0].content: more than 3 nodes");
    expect(refusal(doc(paragraph(text("x", [bold]))), { bytes: 1000, nodes: 4 })).toBeNull();
    expect(refusal(doc(paragraph(text("x", [bold]))), { bytes: 1000, nodes: 3 })).toBe("doc.content[0].content[0].marks[0]: more than 3 nodes");
    // The document's own count allowed two blocks; the first one's text and mark use up the rest.
    expect(refusal(doc(paragraph(text("x", [bold])), { type: "horizontalRule" }), { bytes: 1000, nodes: 4 })).toBe("doc.content[1]: more than 4 nodes");
  });

  it("counts the text of attributes and marks toward the byte limit as it reads, before serialising", () => {
    const limits = { bytes: 100, nodes: 100 };
    expect(refusal(image({ alt: "a".repeat(150) }), limits)).toBe("doc.content[0]: the document is larger than 100 bytes");
    expect(refusal(link({ href: `https://a.example/${"a".repeat(150)}` }), limits)).toBe("doc.content[0].content[0]: the document is larger than 100 bytes");
    // A number among the attributes counts nothing and stops nothing being counted.
    expect(refusal(doc({ type: "heading", attrs: { level: 2 }, content: [text("x".repeat(150))] }), limits)).toBe("doc.content[0].content[0]: the document is larger than 100 bytes");
    // Text of exactly the limit passes the count as it reads, and the serialised document is then measured.
    expect(refusal(doc(paragraph(text("x".repeat(100)))), limits)).toBe("doc: the document is 185 bytes, more than 100");
    // A document of exactly the limit's bytes fits.
    expect(refusal(doc(paragraph(text("x".repeat(100)))), { bytes: 185, nodes: 100 })).toBeNull();
    expect(refusal(doc(paragraph(text("x".repeat(100)))), { bytes: 184, nodes: 100 })).toBe("doc: the document is 185 bytes, more than 184");
  });
});

describe("addresses at the edges", () => {
  const padded = (start: string, length: number) => start + "a".repeat(length - start.length);

  it("keeps addresses up to 2048 characters, and refuses longer ones", () => {
    for (const start of ["/", "https://a.example/"]) {
      expect(safeHref(padded(start, 2048))).toBe(padded(start, 2048));
      expect(safeHref(padded(start, 2049))).toBeNull();
    }
    expect(safeHttpUrl(padded("https://a.example/", 2048))).toBe(padded("https://a.example/", 2048));
    expect(safeHttpUrl(padded("https://a.example/", 2049))).toBeNull();
    expect(safeImageUrl(padded("/storage/v1/object/public/", 2048))).toBe(padded("/storage/v1/object/public/", 2048));
    expect(safeImageUrl(padded("/storage/v1/object/public/", 2049))).toBeNull();
  });

  it("refuses what is not text, even a list whose text is an address", () => {
    for (const check of [safeHref, safeHttpUrl, safeImageUrl]) {
      for (const value of [42, null, undefined, ["/storage/v1/object/public/a.png"], ["https://a.example/x.png"], ["/a"]]) expect(check(value), `${check.name} ${String(value)}`).toBeNull();
    }
  });

  it("refuses an address with a space or a control character after its host, or that URL cannot read", () => {
    // URL reads these as https addresses (it drops leading spaces and control characters); the link must be written exactly.
    for (const href of [" https://a.example/", "\u0001https://a.example/", "\u0000mailto:a@b.example"]) expect(safeHref(href), href).toBeNull();
    for (const href of ["https://a.example/a b", "https://a.example/a\u0001", "mailto:a@b.example\n", "https://a.example:99999/", "https:"]) expect(safeHref(href), href).toBeNull();
    for (const src of ["https://a.example/a b.png", "https://a.example/a\u0001.png", "https://a.example:99999/x.png", "https://", "http:/a.example/x.png", "xhttps://a.example/x.png"]) expect(safeHttpUrl(src), src).toBeNull();
    expect(safeHttpUrl("http://a.example/x.png")).toBe("http://a.example/x.png");
  });

  it.each([
    ["http://youtu.be/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://youtube.com/watch?v=dQw4w9WgXcQ&t=1", "dQw4w9WgXcQ"],
    ["https://www.youtube-nocookie.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://youtube.com/embed/dQw4w9WgXcQ/extra", "dQw4w9WgXcQ"],
    ["https://youtube.com/shorts/dQw4w9WgXcQ?feature=share", "dQw4w9WgXcQ"],
    ["ftp://youtube.com/watch?v=dQw4w9WgXcQ", null],
    ["https://vimeo.com/watch?v=dQw4w9WgXcQ", null],
    ["https://vimeo.com/embed/dQw4w9WgXcQ", null],
    ["https://notyoutu.be/dQw4w9WgXcQ", null],
    ["https://youtu.m.be/dQw4w9WgXcQ", null],
    ["https://youtube.com.www.example/watch?v=dQw4w9WgXcQ", null],
    ["https://youtube.com/user/embed/dQw4w9WgXcQ", null],
    ["https://youtube.com/watch", null],
    ["https://youtu.be/", null],
    ["https://youtu.be/dQw4w9WgXcQ/x", null],
  ])("reads the YouTube id of %s as %j", (url, id) => {
    expect(youtubeIdFromUrl(url)).toBe(id);
  });
});
