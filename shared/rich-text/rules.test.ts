import { describe, expect, it } from "vitest";
import { DOCUMENT_LIMITS } from "./document.ts";
import { documentWithin, isEmptyDocument, requiredDocument } from "./rules.ts";
import { EVERY_NODE, nested } from "./test-documents.ts";

const doc = (...content: unknown[]) => ({ type: "doc", content });
const paragraph = (text?: string) => (text ? { type: "paragraph", content: [{ type: "text", text }] } : { type: "paragraph" });

describe("requiredDocument: an empty document is no content", () => {
  const rule = requiredDocument("Content is required");

  it("refuses no value, a value that is not a document, and a document of blank text, empty blocks and rules", () => {
    for (const value of [undefined, null, "", "Some words", [], {}, { type: "paragraph" }, doc(), doc(paragraph()), doc(paragraph(" \n "), { type: "horizontalRule" }, { type: "bulletList", content: [{ type: "listItem", content: [paragraph()] }] })]) {
      expect(rule(value), JSON.stringify(value)).toBe("Content is required");
    }
  });

  it("takes a document with a word, a picture, a video or a call to action", () => {
    expect(rule(doc(paragraph("Hello")))).toBeUndefined();
    expect(rule(doc({ type: "blockquote", content: [paragraph("quoted")] }))).toBeUndefined();
    expect(isEmptyDocument(doc({ type: "image", attrs: { src: "https://a.example/x.png", alt: "" } }))).toBe(false);
    expect(isEmptyDocument(doc({ type: "video", attrs: { youtubeId: "dQw4w9WgXcQ", title: "A" } }))).toBe(false);
    expect(isEmptyDocument(doc({ type: "callToAction", attrs: { action: "waitlist" } }))).toBe(false);
    expect(isEmptyDocument(EVERY_NODE)).toBe(false);
  });

  it("reads no deeper than a document may be nested", () => {
    expect(isEmptyDocument(nested(200))).toBe(true);
  });
});

describe("documentWithin: a clear message for a document over its field's limits", () => {
  it("says how much the field holds when a document is too large or has too many nodes", () => {
    const big = doc(paragraph("x".repeat(DOCUMENT_LIMITS.answer.bytes)));
    expect(documentWithin(DOCUMENT_LIMITS.answer, "Answer")(big)).toBe("Answer is too long: at most 50,000 bytes and 2,000 blocks, marks and pieces of text. Shorten it or split it.");
    const many = doc(...Array.from({ length: DOCUMENT_LIMITS.answer.nodes }, () => paragraph("a")));
    expect(documentWithin(DOCUMENT_LIMITS.answer, "Answer")(many)).toMatch(/^Answer is too long: /);
  });

  it("takes a document within the limits and leaves an empty value to the required rule", () => {
    expect(documentWithin(DOCUMENT_LIMITS.content, "Content")(EVERY_NODE)).toBeUndefined();
    expect(documentWithin(DOCUMENT_LIMITS.content, "Content")(null)).toBeUndefined();
    expect(documentWithin(DOCUMENT_LIMITS.content, "Content")(undefined)).toBeUndefined();
  });

  it("names the problem of a document of the wrong shape", () => {
    expect(documentWithin(DOCUMENT_LIMITS.content, "Content")(nested(40))).toBe("Content is nested too deeply: at most 20 levels of lists and quotes.");
    expect(documentWithin(DOCUMENT_LIMITS.content, "Content")(doc({ type: "script" }))).toBe('Content cannot be stored: doc.content[0].type: unknown node type "script"');
  });
});
