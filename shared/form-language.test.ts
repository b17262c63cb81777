import { describe, expect, it } from "vitest";
import { MALFORMED_FORM_LANGUAGE, formLanguage } from "./form-language.ts";
import { DEFAULT_LANGUAGE, LANGUAGES } from "./languages.ts";

describe("formLanguage", () => {
  it("keeps every language of the list", () => {
    for (const { code } of LANGUAGES) expect(formLanguage(code), code).toBe(code);
  });

  it("gives the default language when the form names none", () => {
    for (const value of [null, undefined, "", "  "]) expect(formLanguage(value), String(value)).toBe(DEFAULT_LANGUAGE);
  });

  it("gives the default language for a well-formed code the site does not have", () => {
    for (const code of ["fr", "pt-BR", "zh-Hant-TW", "haw"]) expect(formLanguage(code), code).toBe(DEFAULT_LANGUAGE);
  });

  it("refuses what is not a language code", () => {
    for (const value of ["EN", "english", "j", "ja_JP", "ja-jp", "en;drop", "../ja", "j a", "ja\u0000"]) expect(formLanguage(value), JSON.stringify(value)).toBeNull();
  });

  it("answers such a form with an example of a code", () => {
    expect(MALFORMED_FORM_LANGUAGE).toBe("The form's language must be a language code such as en or ja");
  });
});
