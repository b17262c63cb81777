// The site's languages: one list, which the site's routes, its message catalogues, the translations
// table's checks and the back office's translator screens all read. Adding a language is one entry
// here plus its message catalogue (see docs/languages.md). The default language is unprefixed
// (/updates); every other one lives under its code (/ja/updates).

export interface LanguageEntry {
  /** BCP 47 code: the address prefix, `<html lang>`, hreflang and the value stored with translations and forms. */
  code: string;
  /** In English, for the back office ("Japanese"). */
  name: string;
  /** In itself, for the site's language switcher ("日本語"). */
  nativeName: string;
  /** For dates and numbers (Intl). */
  locale: string;
}

export const LANGUAGES = [
  { code: "en", name: "English", nativeName: "English", locale: "en-US" },
  { code: "ja", name: "Japanese", nativeName: "日本語", locale: "ja-JP" },
] as const satisfies readonly LanguageEntry[];

export type Language = (typeof LANGUAGES)[number]["code"];

/** The first entry: the spec's language, whose routes, texts and API shapes are the product's own. */
export const DEFAULT_LANGUAGE: Language = LANGUAGES[0].code;

/** The languages content is translated into. */
export const TRANSLATION_LANGUAGES: readonly Language[] = LANGUAGES.slice(1).map((entry) => entry.code);

/** The shape every stored language code has (the database checks the same pattern). */
export const LANGUAGE_CODE_PATTERN = /^[a-z]{2,3}(-[A-Z][a-z]{3})?(-[A-Z]{2})?$/;

export function isLanguage(code: unknown): code is Language {
  return typeof code === "string" && LANGUAGES.some((entry) => entry.code === code);
}

export function languageEntry(code: Language): LanguageEntry {
  return LANGUAGES.find((entry) => entry.code === code)!;
}

/** The language of a path and the path without its prefix: "/ja/updates" is Japanese "/updates". */
export function splitLanguage(pathname: string): { language: Language; path: string } {
  const [, first = ""] = pathname.split("/");
  if (first !== DEFAULT_LANGUAGE && isLanguage(first)) {
    const rest = pathname.slice(first.length + 1);
    return { language: first, path: rest === "" ? "/" : rest };
  }
  return { language: DEFAULT_LANGUAGE, path: pathname };
}

/** A path in a language: the default language's as it is, another's under its prefix ("/" becomes "/ja/"). */
export function pathInLanguage(path: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return path;
  return path === "/" ? `/${language}/` : `/${language}${path}`;
}
