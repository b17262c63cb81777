import { describe, expect, it } from "vitest";
import { hitSnippet } from "./search-snippet.ts";

describe("hitSnippet", () => {
  const long = (text: string) => text.padEnd(160, " filler words").slice(0, 160);

  it("shows the rendered text of a piece that starts its column, without Markdown", () => {
    const content = "## Boot log\n\nThe **zephyr** module [boots](https://x.example) fast.";
    expect(hitSnippet({ fields: { title: "Post", content }, snippet: content })).toBe("Boot log The zephyr module boots fast.");
  });

  it("leaves out the words the database cut into, at both ends, and says the column goes on", () => {
    const snippet = long("ridge **reader** boots the zephyr module and then the rest of the text goes on");
    const shown = hitSnippet({ fields: { title: "Post", content: "Some words before the cartridge **reader** boots" }, snippet })!;
    expect(shown.startsWith("…reader boots the zephyr module")).toBe(true);
    expect(shown.endsWith("…")).toBe(true);
    expect(shown).not.toMatch(/\*|ridge /);
    const lastWord = shown.slice(0, -1).split(" ").at(-1)!;
    expect(snippet.split(/\s+/)).toContain(lastWord);
  });

  it("drops syntax whose other half fell outside the piece", () => {
    const snippet = "old** news on the *zephyr";
    expect(hitSnippet({ fields: { content: "Some **bold** news on the *zephyr" }, snippet })).toBe("…news on the zephyr");
  });

  it("has nothing to show without a snippet", () => {
    expect(hitSnippet({ fields: { title: "x" }, snippet: null })).toBeNull();
  });
});
