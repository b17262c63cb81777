import { describe, expect, it } from "vitest";
import { editsOf, fieldsToWrite, mergedRecord, overwriteUpdate, readableValue, sameValue, type Versions } from "./conflictMerge.ts";

const paragraph = (text: string) => ({ type: "paragraph", content: [{ type: "text", text }] });
const doc = (...texts: string[]) => ({ type: "doc", content: texts.map(paragraph) });

// What "Overwrite with mine" writes after a conflict; the dialog is tested in conflicts.test.tsx and
// the round trip against the real backend in tests/e2e/team.test.ts.

const FIELDS = ["title", "content", "category", "sections"];
const started = { id: "p1", title: "Launch", content: "Body", category: "news", sections: [{ title: "A", content: "a", order: 0 }], published: true, row_version: 3 };

describe("editsOf", () => {
  it("they changed the title, I changed the body: nobody changed a field the other did", () => {
    const versions: Versions = { started, typed: { ...started, content: "My body" }, current: { ...started, title: "Their title", row_version: 4 } };
    expect(editsOf(FIELDS, versions)).toEqual({ mine: ["content"], theirs: ["title"], both: [] });
  });

  it("a field both changed to different values is asked; to the same value, not", () => {
    const versions: Versions = {
      started,
      typed: { ...started, title: "Mine", category: "event" },
      current: { ...started, title: "Theirs", category: "event" },
    };
    expect(editsOf(FIELDS, versions)).toEqual({ mine: ["title", "category"], theirs: ["title", "category"], both: ["title"] });
  });

  it("looks only at the given fields (bookkeeping columns move by themselves)", () => {
    const versions: Versions = { started, typed: started, current: { ...started, row_version: 9, published: false } };
    expect(editsOf(FIELDS, versions)).toEqual({ mine: [], theirs: [], both: [] });
  });

  it("takes a missing value for null, and records whose keys come in another order for the same", () => {
    const versions: Versions = {
      started: { ...started, category: null },
      typed: { ...started, category: undefined, sections: [{ order: 0, content: "a", title: "A" }] },
      current: started,
    };
    expect(editsOf(FIELDS, versions)).toEqual({ mine: [], theirs: ["category"], both: [] });
    expect(sameValue({ a: 1, b: [1, { c: 2, d: 3 }] }, { b: [1, { d: 3, c: 2 }], a: 1 })).toBe(true);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
  });
});

describe("mergedRecord", () => {
  it("writes my changed fields over their latest row, theirs staying where I changed nothing", () => {
    const versions: Versions = { started, typed: { ...started, content: "My body", published: true }, current: { ...started, title: "Their title", published: false, row_version: 4 } };
    expect(mergedRecord(FIELDS, versions, {})).toEqual({ ...started, title: "Their title", content: "My body", published: false, row_version: 4 });
  });

  it("of a field both changed, writes the side chosen, mine when none is", () => {
    const versions: Versions = {
      started,
      typed: { ...started, title: "My title", content: "My body" },
      current: { ...started, title: "Their title", content: "Their body", row_version: 4 },
    };
    expect(mergedRecord(FIELDS, versions, { title: "theirs" })).toMatchObject({ title: "Their title", content: "My body", row_version: 4 });
    expect(mergedRecord(FIELDS, versions, { title: "mine", content: "theirs" })).toMatchObject({ title: "My title", content: "Their body" });
    expect(mergedRecord(FIELDS, versions, {})).toMatchObject({ title: "My title", content: "My body" });
  });

  it("with nothing changed by me, is their row as it is", () => {
    const current = { ...started, title: "Their title", row_version: 4 };
    expect(mergedRecord(FIELDS, { started, typed: started, current }, { title: "mine" })).toEqual(current);
  });
});

describe("with rich-text documents", () => {
  const opened = { ...started, content: doc("Body") };

  it("they changed the title, I changed the body document: only my body is written, with their title kept", () => {
    const versions: Versions = { started: opened, typed: { ...opened, content: doc("Body", "My paragraph.") }, current: { ...opened, title: "Their title", row_version: 4 } };
    expect(editsOf(FIELDS, versions)).toEqual({ mine: ["content"], theirs: ["title"], both: [] });
    const merged = mergedRecord(FIELDS, versions, {});
    expect(merged).toMatchObject({ title: "Their title", content: doc("Body", "My paragraph.") });
    expect(fieldsToWrite(merged, versions.current)).toEqual({ content: doc("Body", "My paragraph.") });
  });

  it("a document both changed is asked, and the side chosen is the one written", () => {
    const versions: Versions = { started: opened, typed: { ...opened, content: doc("Mine.") }, current: { ...opened, content: doc("Theirs."), row_version: 4 } };
    expect(editsOf(FIELDS, versions).both).toEqual(["content"]);
    expect(fieldsToWrite(mergedRecord(FIELDS, versions, { content: "theirs" }), versions.current)).toEqual({});
    expect(fieldsToWrite(mergedRecord(FIELDS, versions, { content: "mine" }), versions.current)).toEqual({ content: doc("Mine.") });
  });

  it("a document whose keys come in another order, or that spells out null attributes, is the same document", () => {
    const spelled = { content: [{ content: [{ text: "Body", type: "text", marks: null }], attrs: { textAlign: null }, type: "paragraph" }], type: "doc" };
    expect(sameValue(doc("Body"), spelled)).toBe(true);
    expect(sameValue(doc("Body"), doc("Body."))).toBe(false);
    const versions: Versions = { started: opened, typed: { ...opened, content: spelled }, current: { ...opened, title: "Their title", row_version: 4 } };
    expect(editsOf(FIELDS, versions).mine).toEqual([]);
  });
});

describe("fieldsToWrite", () => {
  it("is the fields whose values differ from the latest row, none other", () => {
    const current = { id: "p1", title: "Theirs", content: "Body", tags: ["a"], row_version: 4 };
    expect(fieldsToWrite({ ...current, content: "Mine" }, current)).toEqual({ content: "Mine" });
    expect(fieldsToWrite({ ...current, tags: ["a", "b"], content: undefined }, { ...current, content: null })).toEqual({ tags: ["a", "b"] });
    expect(fieldsToWrite(current, current)).toEqual({});
  });
});

describe("overwriteUpdate", () => {
  it("is the changed fields with the latest row's version, or nothing when nothing changes", () => {
    const current = { id: "p1", title: "Theirs", content: "Body", row_version: 4 };
    expect(overwriteUpdate({ ...current, content: "Mine" }, current)).toEqual({ content: "Mine", row_version: 4 });
    expect(overwriteUpdate(current, current)).toBeNull();
  });
});

describe("readableValue", () => {
  it("shows a document as its paragraphs' text, never as JSON, inside a whitepaper's sections too", () => {
    expect(readableValue(doc("First paragraph.", "Second."))).toBe("First paragraph.\n\nSecond.");
    expect(readableValue([{ title: "Intro", content: doc("Why a cartridge.", "And how."), order: 0 }])).toBe("Intro\nWhy a cartridge.\n\nAnd how.");
  });

  it("shows text as it is, lists one per line, timestamps in words, records as their texts", () => {
    expect(readableValue("Line one\nLine two")).toBe("Line one\nLine two");
    expect(readableValue(["Gold Contacts", "Metal Shell"])).toBe("Gold Contacts\nMetal Shell");
    expect(readableValue(true)).toBe("Yes");
    expect(readableValue(null)).toBe("");
    expect(readableValue("2026-11-25T21:00:00Z")).toMatch(/^Nov 25, 2026/);
    expect(
      readableValue([
        { title: "Intro", content: "Why a cartridge.", order: 0 },
        { title: "Design", content: "", order: 1 },
      ]),
    ).toBe("Intro\nWhy a cartridge.\n\nDesign");
  });
});
