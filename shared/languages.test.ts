import { describe, expect, it } from "vitest";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_CODE_PATTERN, languageEntry, LANGUAGES, pathInLanguage, splitLanguage, TRANSLATION_LANGUAGES } from "./languages.ts";

describe("the language list", () => {
  it("has English first, as the default, and Japanese as a translation language", () => {
    expect(DEFAULT_LANGUAGE).toBe("en");
    expect(TRANSLATION_LANGUAGES).toContain("ja");
    expect(TRANSLATION_LANGUAGES).not.toContain("en");
  });

  it("has unique codes of the stored shape, and names in English and in the language itself", () => {
    expect(new Set(LANGUAGES.map((entry) => entry.code)).size).toBe(LANGUAGES.length);
    for (const entry of LANGUAGES) {
      expect(entry.code).toMatch(LANGUAGE_CODE_PATTERN);
      expect(entry.name.trim()).not.toBe("");
      expect(entry.nativeName.trim()).not.toBe("");
      expect(() => new Intl.DateTimeFormat(entry.locale)).not.toThrow();
    }
  });

  it.each(LANGUAGES.map((entry) => entry.code))("%s: a path in the language splits back to the same path and language", (code) => {
    for (const path of ["/", "/updates", "/updates/a-post", "/contact"]) {
      expect(splitLanguage(pathInLanguage(path, code))).toEqual({ language: code, path });
    }
  });

  it("keeps the default language unprefixed and puts another under its code", () => {
    expect(pathInLanguage("/updates", "en")).toBe("/updates");
    expect(pathInLanguage("/", "ja")).toBe("/ja/");
    expect(pathInLanguage("/updates/x", "ja")).toBe("/ja/updates/x");
    expect(splitLanguage("/ja")).toEqual({ language: "ja", path: "/" });
    expect(splitLanguage("/en/updates")).toEqual({ language: "en", path: "/en/updates" });
    expect(splitLanguage("/japan")).toEqual({ language: "en", path: "/japan" });
    expect(isLanguage("fr")).toBe(false);
  });

  it("gives each language's entry by its code: its names and its locale", () => {
    expect(languageEntry("ja")).toEqual({ code: "ja", name: "Japanese", nativeName: "日本語", locale: "ja-JP" });
    expect(languageEntry("en")).toEqual({ code: "en", name: "English", nativeName: "English", locale: "en-US" });
  });
});
