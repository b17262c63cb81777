import { describe, expect, it } from "vitest";
import { blockDiff, changedFields, displayValue, fieldLabel, readableBlocks, revisionImage, textDiff, type TextPart } from "./revisions.ts";

const paragraph = (text: string) => ({ type: "paragraph", content: [{ type: "text", text }] });
const doc = (...texts: string[]) => ({ type: "doc", content: texts.map(paragraph) });

const side = (parts: TextPart[], kind: "removed" | "added") => parts.filter((part) => part.kind !== kind).map((part) => part.text).join("");

describe("changedFields", () => {
  it("lists the fields an edit changed, in the row's order, without updated_at", () => {
    const before = { id: "1", title: "Old", content: "Same", published: false, updated_at: "2026-01-01" };
    const after = { id: "1", title: "New", content: "Same", published: true, updated_at: "2026-01-02" };
    expect(changedFields(before, after)).toEqual([
      { field: "title", before: "Old", after: "New" },
      { field: "published", before: false, after: true },
    ]);
  });

  it("a creation shows every field that has a value; a deletion every field it had", () => {
    expect(changedFields(null, { id: "1", title: "T", image_url: null })).toEqual([
      { field: "id", before: null, after: "1" },
      { field: "title", before: null, after: "T" },
    ]);
    expect(changedFields({ id: "1", tags: ["a"] }, null)).toEqual([
      { field: "id", before: "1", after: null },
      { field: "tags", before: ["a"], after: null },
    ]);
  });

  it("compares lists and objects by value, and sees fields only one side has", () => {
    expect(changedFields({ sections: [{ title: "A" }] }, { sections: [{ title: "A" }] })).toEqual([]);
    expect(changedFields({ a: 1 }, { a: 1, publish_at: "2026-12-01" })).toEqual([{ field: "publish_at", before: null, after: "2026-12-01" }]);
  });
});

describe("displayValue", () => {
  it.each([
    [null, ""],
    ["", ""],
    [true, "Yes"],
    [false, "No"],
    [42, "42"],
    [["Gold Contacts", "512GB"], "Gold Contacts\n512GB"],
    [{ format: "image/png" }, '{\n  "format": "image/png"\n}'],
    [doc("First paragraph.", "Second one."), "First paragraph.\n\nSecond one."],
    [[{ title: "Intro", content: doc("Why."), order: 0 }], "Intro\n\nWhy."],
  ])("%j reads %j", (value, text) => {
    expect(displayValue(value)).toBe(text);
  });
});

describe("readableBlocks", () => {
  it("a document is its blocks' texts, never its JSON", () => {
    const blocks = readableBlocks({ type: "doc", content: [{ type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Title" }] }, paragraph("Words, "), { type: "horizontalRule" }] });
    expect(blocks).toEqual(["Title", "Words, ", "---"]);
  });

  it("a text is its paragraphs (between blank lines); a whitepaper's sections each record's texts and documents in turn", () => {
    expect(readableBlocks("## Heading\n\nLine one.\nLine two.\n\n\n  \nLast.")).toEqual(["## Heading", "Line one.\nLine two.", "Last."]);
    expect(readableBlocks([{ title: "Intro", content: "Plain words.", order: 0 }, { title: "Design", content: doc("Rich words.", "More."), order: 1 }])).toEqual(["Intro", "Plain words.", "Design", "Rich words.", "More."]);
  });

  it("other values are one block as displayValue reads them, none when empty", () => {
    expect(readableBlocks(true)).toEqual(["Yes"]);
    expect(readableBlocks(["a", "b"])).toEqual(["a\nb"]);
    expect(readableBlocks(null)).toEqual([]);
    expect(readableBlocks("")).toEqual([]);
  });
});

describe("blockDiff", () => {
  it("keeps unchanged paragraphs, marks removed and added ones whole, and a rewritten one word by word", () => {
    const before = ["Intro stays.", "The firmware verifies every block before boot.", "A paragraph that goes away entirely.", "Closing words."];
    const after = ["Intro stays.", "The firmware checks every block before boot.", "Closing words.", "A new final note."];
    expect(blockDiff(before, after)).toEqual([
      { kind: "same", text: "Intro stays." },
      {
        kind: "changed",
        parts: [
          { kind: "same", text: "The firmware " },
          { kind: "removed", text: "verifies" },
          { kind: "added", text: "checks" },
          { kind: "same", text: " every block before boot." },
        ],
      },
      { kind: "removed", text: "A paragraph that goes away entirely." },
      { kind: "same", text: "Closing words." },
      { kind: "added", text: "A new final note." },
    ]);
  });

  it("a paragraph replaced by an unrelated one is one removed and one added, not a word soup", () => {
    expect(blockDiff(["Same.", "Cartridges ship in spring with gold contacts.", "End."], ["Same.", "Our Discord opened to everyone today.", "End."])).toEqual([
      { kind: "same", text: "Same." },
      { kind: "removed", text: "Cartridges ship in spring with gold contacts." },
      { kind: "added", text: "Our Discord opened to everyone today." },
      { kind: "same", text: "End." },
    ]);
  });

  it("a value of one block on each side is compared word by word, however different", () => {
    expect(blockDiff(["Draft"], ["Published"])).toEqual([{ kind: "changed", parts: [{ kind: "removed", text: "Draft" }, { kind: "added", text: "Published" }] }]);
  });

  it("from nothing, every block is added; to nothing, removed; equal lists are all kept", () => {
    expect(blockDiff([], ["a", "b"])).toEqual([{ kind: "added", text: "a" }, { kind: "added", text: "b" }]);
    expect(blockDiff(["a"], [])).toEqual([{ kind: "removed", text: "a" }]);
    expect(blockDiff(["a", "b"], ["a", "b"])).toEqual([{ kind: "same", text: "a" }, { kind: "same", text: "b" }]);
  });

  it("compares two documents paragraph by paragraph through their blocks", () => {
    const changes = blockDiff(readableBlocks(doc("Kept.", "We ship in May.")), readableBlocks(doc("Kept.", "We ship in June.", "Added.")));
    expect(changes.map((change) => change.kind)).toEqual(["same", "changed", "added"]);
  });
});

describe("fieldLabel", () => {
  it("turns a column name into words", () => {
    expect(fieldLabel("publish_at")).toBe("Publish at");
    expect(fieldLabel("title")).toBe("Title");
  });
});

describe("textDiff", () => {
  it("marks the words removed and added and keeps the rest", () => {
    expect(textDiff("The cartridge firmware verifies blocks.", "The new cartridge firmware checks blocks.")).toEqual([
      { kind: "same", text: "The " },
      { kind: "added", text: "new " },
      { kind: "same", text: "cartridge firmware " },
      { kind: "removed", text: "verifies" },
      { kind: "added", text: "checks" },
      { kind: "same", text: " blocks." },
    ]);
  });

  it("gives each side back exactly, line breaks included", () => {
    const before = "## Firmware\n\nLine one.\nLine two.";
    const after = "## Firmware v2\n\nLine one.\n\nLine three.";
    const parts = textDiff(before, after);
    expect(side(parts, "added")).toBe(before);
    expect(side(parts, "removed")).toBe(after);
  });

  it("equal texts are one unchanged part; empty sides are all added or all removed", () => {
    expect(textDiff("same text", "same text")).toEqual([{ kind: "same", text: "same text" }]);
    expect(textDiff("", "new")).toEqual([{ kind: "added", text: "new" }]);
    expect(textDiff("old", "")).toEqual([{ kind: "removed", text: "old" }]);
  });

  it("very long rewrites are one replacement of the differing middle, still exact", () => {
    const before = `Start ${Array.from({ length: 3000 }, (_, n) => `a${n}`).join(" ")} end`;
    const after = `Start ${Array.from({ length: 3000 }, (_, n) => `b${n}`).join(" ")} end`;
    const parts = textDiff(before, after);
    expect(parts.map((part) => part.kind)).toEqual(["same", "removed", "added", "same"]);
    expect(side(parts, "added")).toBe(before);
    expect(side(parts, "removed")).toBe(after);
  });
});

describe("revisionImage", () => {
  it("is the row after the change, or before it for a deletion", () => {
    expect(revisionImage({ action: "update", before: { v: 1 }, after: { v: 2 } })).toEqual({ v: 2 });
    expect(revisionImage({ action: "restore", before: null, after: { v: 3 } })).toEqual({ v: 3 });
    expect(revisionImage({ action: "delete", before: { v: 4 }, after: null })).toEqual({ v: 4 });
  });
});
