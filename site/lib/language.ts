import { createContext, use, useCallback, useContext } from "react";
import { DEFAULT_LANGUAGE, pathInLanguage, type Language } from "../../shared/languages.ts";
import { en, type Messages } from "../i18n/en.ts";
import type { CataloguePart, PartTexts } from "../i18n/parts.ts";

// The language of the page being shown (its address's prefix, shared/languages.ts) and its
// catalogue, given to every part of the page by the App (site/App.tsx).

export interface SiteLanguage {
  language: Language;
  messages: Messages;
}

export const LanguageContext = createContext<SiteLanguage>({ language: DEFAULT_LANGUAGE, messages: en });

export function useSiteLanguage(): SiteLanguage {
  return useContext(LanguageContext);
}

export function useMessages(): Messages {
  return useContext(LanguageContext).messages;
}

/**
 * The `lang` attribute of words in `lang` (the default language's when not said: the site's own
 * built-in items) on the page: none when they are in the page's language.
 */
export function useLangOf(): (lang?: Language) => Language | undefined {
  const { language } = useContext(LanguageContext);
  return useCallback((lang: Language = DEFAULT_LANGUAGE) => (lang === language ? undefined : lang), [language]);
}

/** The address of a site path (such as "/updates") in the page's language. */
export function useLocalPath(): (path: string) => string {
  const { language } = useContext(LanguageContext);
  return useCallback((path: string) => pathInLanguage(path, language), [language]);
}

/**
 * A part's texts in the page's language. Whatever shows a part loads it first (the route table
 * before a page's component, the hero before the waitlist modal; the server renders with
 * every part loaded), so this reads a settled promise and does not suspend.
 */
export function usePart<English extends { readonly [K in keyof English]: string }>(part: CataloguePart<English>): PartTexts<English> {
  return use(part.load(useContext(LanguageContext).language));
}

