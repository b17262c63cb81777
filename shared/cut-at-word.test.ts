import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cutAtWord } from "./cut-at-word.ts";

describe("cutAtWord", () => {
  it("returns short text as it is", () => {
    expect(cutAtWord("three short words", 40)).toBe("three short words");
  });

  it("returns a text of exactly max characters as it is", () => {
    expect(cutAtWord("three short words", 17)).toBe("three short words");
  });

  it("drops a run of punctuation and spaces before the mark, not only its last character", () => {
    expect(cutAtWord("Wait... what happened", 10)).toBe("Wait…");
    expect(cutAtWord("First, - second word", 12)).toBe("First…");
  });

  it("cuts between words, never inside one, and marks the cut", () => {
    expect(cutAtWord("The cartridge reader boots", 16)).toBe("The cartridge…");
    expect(cutAtWord("The cartridge reader boots", 14)).toBe("The cartridge…");
    expect(cutAtWord("The cartridge reader boots", 13)).toBe("The…");
    expect(cutAtWord("Hello, world and more", 8)).toBe("Hello…");
  });

  it("a single word longer than the room is the only cut inside a word", () => {
    expect(cutAtWord("Supercalifragilistic", 6)).toBe("Super…");
    // After a space that starts the text, the long word is still the one cut, not dropped whole.
    expect(cutAtWord(" Supercalifragilistic", 6).trim()).toBe("Supe…");
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
