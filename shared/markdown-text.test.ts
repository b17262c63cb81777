import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cutAtWord, excerpt, markdownText } from "./markdown-text.ts";

describe("markdownText: the rendered text of Markdown", () => {
  it("keeps the words a reader sees and none of the syntax", () => {
    expect(markdownText("# Title\n\nSome **bold** and _italic_ [link](https://x.example/a_b) text.")).toBe("Title Some bold and italic link text.");
    expect(markdownText("- one\n- two\n\n> quoted `code` here\n\n1. first")).toBe("one two quoted code here first");
    expect(markdownText("Tom &amp; Jerry's \\*stars\\* ~~gone~~ 5 < 6")).toBe("Tom & Jerry's *stars* gone 5 < 6");
  });

  it("drops code blocks, images and raw scripts, which are not prose", () => {
    expect(markdownText("Before\n\n```js\nconst x = 1;\n```\n\n![a cat](https://x.example/cat.png)\n\n<script>alert(1)</script>\n\nAfter")).toBe("Before After");
  });

  it("keeps words of adjacent blocks apart and punctuation beside its word", () => {
    expect(markdownText("## Heading\nLine one\nline **two**.")).toBe("Heading Line one line two.");
  });
});

describe("cutAtWord", () => {
  it("returns short text as it is", () => {
    expect(cutAtWord("three short words", 40)).toBe("three short words");
  });

  it("cuts between words, never inside one, and marks the cut", () => {
    expect(cutAtWord("The cartridge reader boots", 16)).toBe("The cartridge…");
    expect(cutAtWord("The cartridge reader boots", 14)).toBe("The cartridge…");
    expect(cutAtWord("The cartridge reader boots", 13)).toBe("The…");
    expect(cutAtWord("Hello, world and more", 8)).toBe("Hello…");
  });

  it("a single word longer than the room is the only cut inside a word", () => {
    expect(cutAtWord("Supercalifragilistic", 6)).toBe("Super…");
  });

  it("whatever the text: at most max characters, and every word kept is a whole word of the text", () => {
    const words = fc.array(fc.stringMatching(/^[a-z,.]{1,12}$/), { minLength: 1, maxLength: 40 });
    fc.assert(
      fc.property(words, fc.integer({ min: 14, max: 200 }), (list, max) => {
        const text = list.join(" ");
        const cut = cutAtWord(text, max);
        expect(cut.length).toBeLessThanOrEqual(max);
        if (cut === text) return;
        expect(cut.endsWith("…")).toBe(true);
        const kept = cut.slice(0, -1).split(" ");
        kept.slice(0, -1).forEach((word, i) => expect(word).toBe(list[i]));
        // The last kept word may only have lost trailing punctuation.
        expect(list[kept.length - 1]!.startsWith(kept.at(-1)!)).toBe(true);
        expect(/^[,.]*$/.test(list[kept.length - 1]!.slice(kept.at(-1)!.length))).toBe(true);
      }),
    );
  });
});

describe("excerpt", () => {
  it("is the rendered text, cut at a word", () => {
    expect(excerpt("# Title\n\nSome **bold** [link](https://x) text.")).toBe("Title Some bold link text.");
    const long = excerpt("**cartridge** ".repeat(40), 40);
    expect(long).toBe("cartridge cartridge cartridge cartridge…");
    expect(long).not.toContain("*");
  });
});
