import { DEFAULT_LANGUAGE, type Language, type LANGUAGES } from "../../shared/languages.ts";

// The words of one page or one part of a page that the layout and the home page do not show (the
// updates list, a post, the contact form, the waitlist modal, ...), apart from the catalogues of
// en.ts and ja.ts: the default language's are in the module that shows them (so in its page's
// chunk, not in the app), every other language's are a chunk of their own, loaded when a page in
// that language shows the part (before its component renders: usePart, site/lib/language.ts). See docs/languages.md.

/** Every language but the default one. */
type OtherLanguage = Exclude<Language, (typeof LANGUAGES)[0]["code"]>;

/** A part's texts in one language: every key of the default language's. */
export type PartTexts<English> = { readonly [K in keyof English]: string };

export interface CataloguePart<English extends { readonly [K in keyof English]: string }> {
  /** The default language's texts: the product's exact wording (tests assert it). */
  readonly en: English;
  /** A language's texts, loaded once: the same promise each call, as React's `use` needs. */
  load(language: Language): Promise<PartTexts<English>>;
}

/**
 * A promise React's `use` reads at once when it is settled: `status` and `value` are the fields
 * React itself puts on a promise it has waited for, so a part already loaded never suspends.
 */
function settled<T>(value: T): Promise<T> {
  return Object.assign(Promise.resolve(value), { status: "fulfilled", value });
}

/** A part: its default language's texts, and a loader per other language (a missing one fails the type check). */
export function cataloguePart<English extends { readonly [K in keyof English]: string }>(
  en: English,
  loaders: { readonly [L in OtherLanguage]: () => Promise<PartTexts<English>> },
): CataloguePart<English> {
  const loading = new Map<Language, Promise<PartTexts<English>>>([[DEFAULT_LANGUAGE, settled(en)]]);
  return {
    en,
    load(language) {
      let pending = loading.get(language);
      if (!pending) {
        pending = loaders[language as OtherLanguage]().then((texts) => {
          loading.set(language, settled(texts));
          return texts;
        });
        loading.set(language, pending);
      }
      return pending;
    },
  };
}
