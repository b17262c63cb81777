import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { REVISION_ACTION_LABELS, blockDiff, changedFields, displayValue, fieldLabel, readableBlocks, revisionImage, textDiff, type TextPart } from "./revisions.ts";

const paragraph = (text: string) => ({ type: "paragraph", content: [{ type: "text", text }] });
const doc = (...texts: string[]) => ({ type: "doc", content: texts.map(paragraph) });

const side = (parts: TextPart[], kind: "removed" | "added") => parts.filter((part) => part.kind !== kind).map((part) => part.text).join("");

describe("the change log's action labels", () => {
  it("reads Created, Edited, Deleted and Restored", () => {
    expect(REVISION_ACTION_LABELS).toEqual({ insert: "Created", update: "Edited", delete: "Deleted", restore: "Restored" });
  });
});

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

  it("leaves out the row version, which every write moves", () => {
    expect(changedFields({ title: "A", row_version: 1 }, { title: "B", row_version: 2 })).toEqual([{ field: "title", before: "A", after: "B" }]);
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

describe("displayValue of values the table above leaves out", () => {
  it("undefined reads as nothing", () => {
    expect(displayValue(undefined)).toBe("");
  });

  it("a text is shown as written, not quoted", () => {
    expect(displayValue("Plain text")).toBe("Plain text");
  });

  it("a list of plain values is one per line, an empty entry included", () => {
    expect(displayValue(["a", null])).toBe("a\nnull");
  });

  it("a list mixing records with other values is indented JSON", () => {
    expect(displayValue([1, { a: 1 }])).toBe('[\n  1,\n  {\n    "a": 1\n  }\n]');
    expect(displayValue([{ title: "A" }, "b"])).toBe('[\n  {\n    "title": "A"\n  },\n  "b"\n]');
    expect(displayValue([{ title: "A" }, null])).toBe('[\n  {\n    "title": "A"\n  },\n  null\n]');
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

  it("any number of blank lines is one paragraph break, and a paragraph of spaces is none", () => {
    expect(readableBlocks("a\n\n\nb")).toEqual(["a", "b"]);
    expect(readableBlocks("First.\n\n   ")).toEqual(["First."]);
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

  it("drops underscores at either end", () => {
    expect(fieldLabel("_internal_")).toBe("Internal");
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

describe("blockDiff: a paragraph is rewritten when at least a third of its words are kept", () => {
  it("exactly a third kept is a rewrite, shown word by word", () => {
    expect(blockDiff(["Intro.", "a b c"], ["Intro.", "a x y"])).toEqual([
      { kind: "same", text: "Intro." },
      {
        kind: "changed",
        parts: [
          { kind: "same", text: "a " },
          { kind: "removed", text: "b" },
          { kind: "added", text: "x" },
          { kind: "same", text: " " },
          { kind: "removed", text: "c" },
          { kind: "added", text: "y" },
        ],
      },
    ]);
  });

  it("less than a third kept is a paragraph removed and another added", () => {
    expect(blockDiff(["Intro.", "a b c d"], ["Intro.", "a x y z"])).toEqual([
      { kind: "same", text: "Intro." },
      { kind: "removed", text: "a b c d" },
      { kind: "added", text: "a x y z" },
    ]);
  });

  it("the third is of the longer paragraph's words", () => {
    expect(blockDiff(["Intro.", "a b c"], ["Intro.", "a x y z w v"])).toEqual([
      { kind: "same", text: "Intro." },
      { kind: "removed", text: "a b c" },
      { kind: "added", text: "a x y z w v" },
    ]);
  });

  it("words are counted, not letters: one long word kept of four is no rewrite", () => {
    expect(blockDiff(["Intro.", "keepingthisword b c d"], ["Intro.", "keepingthisword x y z"])).toEqual([
      { kind: "same", text: "Intro." },
      { kind: "removed", text: "keepingthisword b c d" },
      { kind: "added", text: "keepingthisword x y z" },
    ]);
    expect(blockDiff(["Intro.", "a b c d e f g"], ["Intro.", "a z"])).toEqual([
      { kind: "same", text: "Intro." },
      { kind: "removed", text: "a b c d e f g" },
      { kind: "added", text: "a z" },
    ]);
  });

  it("one block against two is compared paragraph by paragraph, not word by word as a lone value is", () => {
    expect(blockDiff(["Draft"], ["Published", "More"])).toEqual([
      { kind: "removed", text: "Draft" },
      { kind: "added", text: "Published" },
      { kind: "added", text: "More" },
    ]);
    expect(blockDiff(["Draft", "More"], ["Published"])).toEqual([
      { kind: "removed", text: "Draft" },
      { kind: "added", text: "Published" },
      { kind: "removed", text: "More" },
    ]);
  });

  it("a paragraph that appears twice is kept once and its repeat removed", () => {
    expect(blockDiff(["Intro.", "Body.", "Intro."], ["Intro."])).toEqual([
      { kind: "same", text: "Intro." },
      { kind: "removed", text: "Body." },
      { kind: "removed", text: "Intro." },
    ]);
  });
});

describe("blockDiff: over 2,000 paragraphs a side, no paragraph is matched (the comparison's cost)", () => {
  const paragraphs = (count: number) => Array.from({ length: count }, (_, n) => `Paragraph ${n}`);
  const keeps = (changes: ReturnType<typeof blockDiff>) => changes.some((change) => change.kind === "same");

  it("2,000 paragraphs on either side are still matched", () => {
    expect(keeps(blockDiff(paragraphs(2000), ["Paragraph 1000"]))).toBe(true);
    expect(keeps(blockDiff(["Paragraph 1000"], paragraphs(2000)))).toBe(true);
  });

  it("2,001 on either side are removed and added whole, the first pair compared word by word", () => {
    const removedAll = blockDiff(paragraphs(2001), ["Paragraph 1000"]);
    expect(keeps(removedAll)).toBe(false);
    expect(removedAll[0]).toEqual({ kind: "changed", parts: [{ kind: "same", text: "Paragraph " }, { kind: "removed", text: "0" }, { kind: "added", text: "1000" }] });
    expect(removedAll.slice(1)).toEqual(paragraphs(2001).slice(1).map((text) => ({ kind: "removed", text })));
    const addedAll = blockDiff(["Paragraph 1000"], paragraphs(2001));
    expect(keeps(addedAll)).toBe(false);
    expect(addedAll.slice(1)).toEqual(paragraphs(2001).slice(1).map((text) => ({ kind: "added", text })));
  });
});

describe("textDiff: the words kept, removed and added", () => {
  // A small alphabet of words and runs of white space, so that texts share words often.
  const text = fc.array(fc.tuple(fc.constantFrom("a", "b", "c"), fc.constantFrom(" ", "  ", "\n")), { maxLength: 8 }).map((pairs) => pairs.flat().join("").trimEnd());
  const tokensOf = (value: string) => value.match(/\s+|\S+/g) ?? [];
  /** The length of the longest common subsequence of two token lists (the reference: plain recursion, remembered). */
  const longestCommon = (a: string[], b: string[]) => {
    const memo = new Map<string, number>();
    const walk = (i: number, j: number): number => {
      if (i === a.length || j === b.length) return 0;
      const key = `${i},${j}`;
      if (!memo.has(key)) memo.set(key, a[i] === b[j] ? walk(i + 1, j + 1) + 1 : Math.max(walk(i + 1, j), walk(i, j + 1)));
      return memo.get(key)!;
    };
    return walk(0, 0);
  };

  it("whatever the texts: each side given back exactly, as many words and spaces kept as the two share in order, removed before added", () => {
    fc.assert(
      fc.property(text, text, (before, after) => {
        const parts = textDiff(before, after);
        expect(side(parts, "added")).toBe(before);
        expect(side(parts, "removed")).toBe(after);
        const kept = parts.filter((part) => part.kind === "same").reduce((sum, part) => sum + tokensOf(part.text).length, 0);
        expect(kept).toBe(longestCommon(tokensOf(before), tokensOf(after)));
        parts.slice(1).forEach((part, index) => expect(`${parts[index]!.kind} ${part.kind}`).not.toBe("added removed"));
      }),
    );
  });

  it("a text repeated after itself is the repeat added, or removed", () => {
    expect(textDiff("x y", "x y x y")).toEqual([{ kind: "same", text: "x y" }, { kind: "added", text: " x y" }]);
    expect(textDiff("x y x y", "x y")).toEqual([{ kind: "same", text: "x y" }, { kind: "removed", text: " x y" }]);
  });

  it("a word moved is removed where it was and added where it is", () => {
    expect(textDiff("ship the cartridge today", "today ship the cartridge")).toEqual([
      { kind: "added", text: "today " },
      { kind: "same", text: "ship the cartridge" },
      { kind: "removed", text: " today" },
    ]);
  });

  it("most words changed: the few kept stay in place", () => {
    expect(textDiff("red green blue", "cyan green magenta")).toEqual([
      { kind: "removed", text: "red" },
      { kind: "added", text: "cyan" },
      { kind: "same", text: " green " },
      { kind: "removed", text: "blue" },
      { kind: "added", text: "magenta" },
    ]);
  });

  it("a run of spaces is one token: two spaces become one as a change of the run", () => {
    expect(textDiff("one  two", "one two")).toEqual([
      { kind: "same", text: "one" },
      { kind: "removed", text: "  " },
      { kind: "added", text: " " },
      { kind: "same", text: "two" },
    ]);
  });
});

describe("textDiff: over 2,000 words and spaces between the common start and end, one replacement (the comparison's cost)", () => {
  const words = (from: number, to: number) => Array.from({ length: to - from }, (_, n) => `w${from + n}`).join(" ");

  it("a middle of 2,000 on either side is still compared word by word", () => {
    // 1,000 words each followed by a space: 2,000 tokens; the other side lacks the first word and the last space.
    const before = `${words(0, 1000)} `;
    const after = words(1, 1000);
    expect(textDiff(before, after)).toEqual([
      { kind: "removed", text: "w0 " },
      { kind: "same", text: after },
      { kind: "removed", text: " " },
    ]);
    expect(textDiff(after, before)).toEqual([
      { kind: "added", text: "w0 " },
      { kind: "same", text: after },
      { kind: "added", text: " " },
    ]);
  });

  it("2,001 on one side only: that side removed (or added) whole, even where the other shares a word", () => {
    const long = words(0, 1001);
    expect(textDiff(long, "w500")).toEqual([
      { kind: "removed", text: long },
      { kind: "added", text: "w500" },
    ]);
    expect(textDiff("w500", long)).toEqual([
      { kind: "removed", text: "w500" },
      { kind: "added", text: long },
    ]);
  });
});
