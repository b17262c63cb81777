import { describe, expect, it } from "vitest";
import type { WhitepaperSection } from "./types.ts";
import {
  addSection,
  changeLogEntry,
  compareVersions,
  latestPublished,
  moveSection,
  removeSection,
  renumber,
  sortSections,
  withChangeLogEntry,
} from "./whitepaper.ts";

describe("Versions compare numerically", () => {
  it("puts 1.10 after 1.9", () => {
    expect(compareVersions("1.10", "1.9")).toBeGreaterThan(0);
    expect(compareVersions("1.9", "1.10")).toBeLessThan(0);
  });

  it("treats 2 and 2.0 as equal", () => {
    expect(compareVersions("2", "2.0")).toBe(0);
    expect(compareVersions("2.0.0", "2")).toBe(0);
  });

  it("tolerates a leading v and surrounding spaces", () => {
    expect(compareVersions("v1.2", "1.2")).toBe(0);
    expect(compareVersions(" V2.1 ", "2.0")).toBeGreaterThan(0);
  });

  it("compares the major part first", () => {
    expect(compareVersions("2.0", "1.99")).toBeGreaterThan(0);
  });

  it("sorts a list of versions", () => {
    expect(["1.10", "1.2", "v2", "1.9", "0.9"].sort(compareVersions)).toEqual(["0.9", "1.2", "1.9", "1.10", "v2"]);
  });
});

describe("The public page shows the published version with the highest version", () => {
  it("picks the highest published version, not the newest row nor the text-wise highest", () => {
    const versions = [
      { id: "a", version: "1.9", published: true },
      { id: "b", version: "1.10", published: true },
      { id: "c", version: "3.0", published: false },
    ];
    expect(latestPublished(versions)?.id).toBe("b");
  });

  it("is null when none is published", () => {
    expect(latestPublished([{ id: "a", version: "1.0", published: false }])).toBeNull();
  });

  it("is null for no versions", () => {
    expect(latestPublished([])).toBeNull();
  });
});

function sections(...titles: string[]): WhitepaperSection[] {
  return titles.map((title, index) => ({ title, content: `${title} text`, order: index }));
}

describe("In the editor, sections can be added, removed and moved, and orders are renumbered from 0", () => {
  it("renumbers orders from 0 in list order", () => {
    const gappy = [
      { title: "A", content: "", order: 4 },
      { title: "B", content: "", order: 9 },
    ];
    expect(renumber(gappy).map((s) => s.order)).toEqual([0, 1]);
  });

  it("adds an empty section at the end and renumbers", () => {
    const added = addSection([{ title: "A", content: "a", order: 7 }]);
    expect(added).toEqual([
      { title: "A", content: "a", order: 0 },
      { title: "", content: "", order: 1 },
    ]);
  });

  it("adds the first section with order 0", () => {
    expect(addSection([])).toEqual([{ title: "", content: "", order: 0 }]);
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
      { title: "B", content: "", order: 1 },
      { title: "A", content: "", order: 0 },
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
