import { describe, expect, it } from "vitest";
import { changedFields, displayValue, fieldLabel, revisionImage, textDiff, type TextPart } from "./revisions.ts";

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
  ])("%j reads %j", (value, text) => {
    expect(displayValue(value)).toBe(text);
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
