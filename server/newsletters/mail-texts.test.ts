import { describe, expect, it } from "vitest";
import { DEFAULT_LANGUAGE, LANGUAGES } from "../../shared/languages.ts";
import { NEWSLETTER_TEXTS, type NewsletterTexts } from "./mail-texts.ts";

const EMAIL = "reader@example.com";

/** Every text of a catalogue by its key ("pages.confirmed.text"), a function's as it reads for EMAIL. */
function leaves(texts: object, prefix = ""): [string, string][] {
  return Object.entries(texts).flatMap(([key, value]): [string, string][] => {
    const name = `${prefix}${key}`;
    if (typeof value === "string") return [[name, value]];
    if (typeof value === "function") return [[name, (value as (email: string) => string)(EMAIL)]];
    return leaves(value as object, `${name}.`);
  });
}

const keysOf = (texts: NewsletterTexts) => leaves(texts).map(([key]) => key);

describe("the newsletter's words in every language", () => {
  for (const { code, name } of LANGUAGES) {
    it(`${name}: every text there, none blank, each naming the address where the English does`, () => {
      const texts = leaves(NEWSLETTER_TEXTS[code]);
      expect(keysOf(NEWSLETTER_TEXTS[code])).toEqual(keysOf(NEWSLETTER_TEXTS[DEFAULT_LANGUAGE]));
      for (const [key, value] of texts) {
        if (key === "colon") expect(value, key).not.toBe("");
        else expect(value.trim(), key).not.toBe("");
      }
      const english = new Map(leaves(NEWSLETTER_TEXTS[DEFAULT_LANGUAGE]));
      for (const [key, value] of texts) expect(value.includes(EMAIL), key).toBe(english.get(key)!.includes(EMAIL));
    });
  }

  it("Japanese is written in Japanese, not left in English", () => {
    for (const [key, value] of leaves(NEWSLETTER_TEXTS.ja)) {
      if (key !== "colon") expect(value, key).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    }
  });

  it("English keeps the mails' words as they were", () => {
    const en = NEWSLETTER_TEXTS.en;
    expect(en.confirmation.subject).toBe("Confirm your subscription to RCRT");
    expect(en.newsletter).toEqual({
      readOnSite: "Read it on the site",
      reason: "You receive this because you subscribed to RCRT's newsletter.",
      reasonAimed: "You receive this because you confirmed your address with RCRT, for its newsletter or its waitlist.",
      unsubscribe: "Unsubscribe",
    });
    expect(en.pages.confirmed.heading).toBe("You're subscribed");
  });
});
