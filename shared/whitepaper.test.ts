import { describe, expect, it } from "vitest";
import type { RichTextDocument } from "./rich-text/document.ts";
import type { WhitepaperSection } from "./whitepaper.ts";
import {
  addSection,
  changeLogEntry,
  emptySectionContent,
  moveSection,
  removeSection,
  renumber,
  sortSections,
  withChangeLogEntry,
} from "./whitepaper.ts";

/** A section's content of one paragraph. */
const words = (text: string): RichTextDocument => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });

function sections(...titles: string[]): WhitepaperSection[] {
  return titles.map((title, index) => ({ title, content: words(`${title} text`), order: index }));
}

describe("In the editor, sections can be added, removed and moved, and orders are renumbered from 0", () => {
  it("renumbers orders from 0 in list order", () => {
    const gappy = [
      { title: "A", content: emptySectionContent(), order: 4 },
      { title: "B", content: emptySectionContent(), order: 9 },
    ];
    expect(renumber(gappy).map((s) => s.order)).toEqual([0, 1]);
  });

  it("adds an empty section at the end and renumbers", () => {
    const added = addSection([{ title: "A", content: words("a"), order: 7 }]);
    expect(added).toEqual([
      { title: "A", content: words("a"), order: 0 },
      { title: "", content: { type: "doc", content: [] }, order: 1 },
    ]);
  });

  it("a new section's content is a document with no blocks, a new one each time", () => {
    expect(emptySectionContent()).toEqual({ type: "doc", content: [] });
    expect(emptySectionContent()).not.toBe(emptySectionContent());
  });

  it("adds the first section with order 0", () => {
    expect(addSection([])).toEqual([{ title: "", content: { type: "doc", content: [] }, order: 0 }]);
  });

  it("removes a section and renumbers the rest", () => {
    const removed = removeSection(sections("A", "B", "C"), 0);
    expect(removed.map((s) => [s.title, s.order])).toEqual([
      ["B", 0],
      ["C", 1],
    ]);
  });

  it("removing an index out of range keeps every section", () => {
    expect(removeSection(sections("A", "B"), 5).map((s) => s.title)).toEqual(["A", "B"]);
  });

  it("moves a section up and renumbers", () => {
    const moved = moveSection(sections("A", "B", "C"), 2, "up");
    expect(moved.map((s) => [s.title, s.order])).toEqual([
      ["A", 0],
      ["C", 1],
      ["B", 2],
    ]);
  });

  it("moves a section down and renumbers", () => {
    const moved = moveSection(sections("A", "B", "C"), 0, "down");
    expect(moved.map((s) => [s.title, s.order])).toEqual([
      ["B", 0],
      ["A", 1],
      ["C", 2],
    ]);
  });

  it("moving the first up or the last down keeps the order", () => {
    expect(moveSection(sections("A", "B"), 0, "up").map((s) => s.title)).toEqual(["A", "B"]);
    expect(moveSection(sections("A", "B"), 1, "down").map((s) => s.title)).toEqual(["A", "B"]);
  });

  it("leaves the input as it was", () => {
    const original = sections("A", "B");
    moveSection(original, 0, "down");
    removeSection(original, 0);
    addSection(original);
    expect(original).toEqual(sections("A", "B"));
  });

  it("sorts stored sections by order for display", () => {
    const stored = [
      { title: "B", content: emptySectionContent(), order: 1 },
      { title: "A", content: emptySectionContent(), order: 0 },
    ];
    expect(sortSections(stored).map((s) => s.title)).toEqual(["A", "B"]);
  });
});

describe("On save, a change-log entry is added", () => {
  it("is Initial release for new versions", () => {
    expect(changeLogEntry(true)).toBe("Initial release");
  });

  it("is Updated whitepaper content for edits", () => {
    expect(changeLogEntry(false)).toBe("Updated whitepaper content");
  });

  it("is appended to the existing log", () => {
    expect(withChangeLogEntry(["Initial release"], false)).toEqual(["Initial release", "Updated whitepaper content"]);
  });

  it("starts a missing log", () => {
    expect(withChangeLogEntry(null, true)).toEqual(["Initial release"]);
    expect(withChangeLogEntry([], true)).toEqual(["Initial release"]);
  });
});
