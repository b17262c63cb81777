import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_CODE_PATTERN, type Language } from "./languages.ts";

/** The answer to a form whose language field is not a language code. */
export const MALFORMED_FORM_LANGUAGE = "The form's language must be a language code such as en or ja";

/**
 * The language a form post is stored with (the page it was sent from): none given is the default
 * language; a well-formed code of a language this site does not have (a page of a language since
 * removed, an old cached form) is the default too, so the visitor's sign-up is kept; a value that is
 * not a language code at all is null, and the form is refused.
 */
export function formLanguage(value: string | null | undefined): Language | null {
  const code = (value ?? "").trim();
  if (code === "") return DEFAULT_LANGUAGE;
  if (!LANGUAGE_CODE_PATTERN.test(code)) return null;
  return isLanguage(code) ? code : DEFAULT_LANGUAGE;
}
