import { describe, expect, it } from "vitest";
import { hitSnippet } from "./search-snippet.ts";

describe("hitSnippet", () => {
  const long = (text: string) => text.padEnd(160, " filler words").slice(0, 160);

  it("shows a piece that starts its column as it is, on one line", () => {
    const content = "Boot log\nThe zephyr module boots fast.";
    expect(hitSnippet({ fields: { title: "Post", content }, snippet: content })).toBe("Boot log The zephyr module boots fast.");
  });

  it("leaves out the words the database cut into, at both ends, and says the column goes on", () => {
    const snippet = long("ridge reader boots the zephyr module and then the rest of the text goes on");
    const shown = hitSnippet({ fields: { title: "Post", content: "Some words before the cartridge reader boots" }, snippet })!;
    expect(shown.startsWith("…reader boots the zephyr module")).toBe(true);
    expect(shown.endsWith("…")).toBe(true);
    expect(shown).not.toMatch(/ridge /);
    const lastWord = shown.slice(0, -1).split(" ").at(-1)!;
    expect(snippet.split(/\s+/)).toContain(lastWord);
  });

  it("shows text that looks like markup as the text it is (the caller escapes it)", () => {
    const content = "Type <b>bold</b> and **stars**";
    expect(hitSnippet({ fields: { content }, snippet: content })).toBe("Type <b>bold</b> and **stars**");
  });

  it("has nothing to show without a snippet", () => {
    expect(hitSnippet({ fields: { title: "x" }, snippet: null })).toBeNull();
  });
});

describe("hitSnippet: where the piece starts and ends", () => {
  // A piece the database cut from the middle of a column: 160 characters, from inside "cartridge" to inside "alpha".
  const middle = `ridge${" alpha".repeat(30)}`.slice(0, 160);

  it("a piece is the column's start when the column begins with its first 120 characters, whatever follows, and other fields do not count", () => {
    const snippet = `Start of the column ${"word ".repeat(30)}`.slice(0, 160);
    const content = `${snippet.slice(0, 130)} then it differs`;
    // A column that is not text (its type says none is, the JSON may say otherwise) is passed over.
    const fields = { order: 3, title: null, content } as unknown as Record<string, string | null>;
    expect(hitSnippet({ fields, snippet }, 300)!.startsWith("Start of the column")).toBe(true);
    expect(hitSnippet({ fields: { content: `Before ${snippet}` }, snippet }, 300)!.startsWith("…")).toBe(true);
  });

  it("a piece of exactly 160 characters goes on: its last word, cut, is left out and … follows", () => {
    expect(middle.endsWith(" alph")).toBe(true);
    expect(hitSnippet({ fields: { content: "elsewhere" }, snippet: middle }, 300)).toBe(`…${Array(25).fill("alpha").join(" ")}…`);
  });

  it("a piece of fewer characters ends its column: kept to its last word, no …", () => {
    expect(hitSnippet({ fields: { content: "elsewhere" }, snippet: "cut word and the end" }, 300)).toBe("…word and the end");
  });

  it("spaces and line breaks become single spaces, none at either end", () => {
    expect(hitSnippet({ fields: { content: "  Boot  log\n\nnext" }, snippet: "  Boot  log\n\nnext" })).toBe("Boot log next");
  });

  it("a piece that is one word cut into at either end shows nothing", () => {
    expect(hitSnippet({ fields: { content: "elsewhere" }, snippet: "abcdef" })).toBeNull();
    const oneWord = "y".repeat(160);
    expect(hitSnippet({ fields: { content: oneWord }, snippet: oneWord })).toBeNull();
  });
});
