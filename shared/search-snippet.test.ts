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
