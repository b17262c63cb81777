import { describe, expect, it } from "vitest";
import { DEFAULT_LANGUAGE, LANGUAGES } from "../../shared/languages.ts";
import { isDisposableAddress, referralCode, referralLink, waitlistMail, waitlistPages } from "./index.ts";
import { WAITLIST_TEXTS, type WaitlistTexts } from "./texts.ts";

/** Every text of a catalogue by its key, a function's as it reads with sample numbers. */
function leaves(texts: object, prefix = ""): [string, string][] {
  return Object.entries(texts).flatMap(([key, value]): [string, string][] => {
    const name = `${prefix}${key}`;
    if (typeof value === "string") return [[name, value]];
    if (typeof value === "function") return [[name, (value as (...numbers: string[]) => string)("1,204", "5,877")]];
    return leaves(value as object, `${name}.`);
  });
}

const keysOf = (texts: WaitlistTexts) => leaves(texts).map(([key]) => key);

describe("the waitlist's words in every language", () => {
  for (const { code, name } of LANGUAGES) {
    it(`${name}: every text there, none blank, each number where the English has it`, () => {
      expect(keysOf(WAITLIST_TEXTS[code])).toEqual(keysOf(WAITLIST_TEXTS[DEFAULT_LANGUAGE]));
      const english = new Map(leaves(WAITLIST_TEXTS[DEFAULT_LANGUAGE]));
      for (const [key, value] of leaves(WAITLIST_TEXTS[code])) {
        expect(value.trim(), key).not.toBe("");
        for (const number of ["1,204", "5,877"]) expect(value.includes(number), `${key} ${number}`).toBe(english.get(key)!.includes(number));
      }
    });
  }

  it("Japanese is written in Japanese", () => {
    for (const [key, value] of leaves(WAITLIST_TEXTS.ja)) expect(value, key).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });

  it("the status page reads as the product says it: place of total, the link, the friends, the places a referral gains", () => {
    const { html } = waitlistPages("en").status({ place: 1204, total: 5877, code: "0123456789", referrals: 3, places_per_referral: 10, language: "en" }, referralLink("https://rcrt.example", "0123456789", "en"));
    expect(html).toContain("You are #1,204 of 5,877");
    expect(html).toContain('value="https://rcrt.example/?ref=0123456789"');
    expect(html).toContain("Friends who joined through it: 3");
    expect(html).toContain("moves you up 10 places");
    expect(referralLink("https://rcrt.example", "0123456789", "ja")).toBe("https://rcrt.example/ja/?ref=0123456789");
  });

  it("mails link to the pages of the member's language", () => {
    expect(waitlistMail("confirm", "https://rcrt.example", "ab".repeat(32), "ja").text).toContain(`https://rcrt.example/ja/waitlist/confirm?token=${"ab".repeat(32)}`);
    expect(waitlistMail("status", "https://rcrt.example", "ab".repeat(32), "en").text).toContain(`https://rcrt.example/waitlist/status?token=${"ab".repeat(32)}`);
  });
});

describe("what the web tier checks before the database", () => {
  it("throwaway domains come from the maintained list, subdomains included; ordinary providers are not on it", () => {
    expect(isDisposableAddress("someone@mailinator.com")).toBe(true);
    expect(isDisposableAddress("someone@Mail.Mailinator.com")).toBe(true);
    expect(isDisposableAddress("someone@gmail.com")).toBe(false);
    expect(isDisposableAddress("someone@example.com")).toBe(false);
  });

  it("a referral code is ten hexadecimal digits, any case; anything else is no code", () => {
    expect(referralCode(" 0123456789ABCDEF".slice(0, 11))).toBe("0123456789");
    expect(referralCode("0123456789abcdef")).toBeNull();
    expect(referralCode("'; drop")).toBeNull();
    expect(referralCode(null)).toBeNull();
  });
});
