// A row as it reads in another language: the translation's values in place of the row's own. Apart
// from shared/translations.ts (which re-exports it) because it needs no content-type registry, so
// code plain Node runs imports it too (the web tier's newsletter sender).

import { DEFAULT_LANGUAGE, type Language } from "./languages.ts";

/** One row's translation as the API answers it: the translated values by column name. */
export interface TranslationFields {
  language: Language;
  fields: Record<string, unknown>;
}

/** Whether a value says nothing: absent, null, a blank string, an empty list or object (the database's translation_value_blank). */
export function isBlankValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === "string") return !/\S/.test(value);
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object") return Object.keys(value).length === 0;
  return false;
}

/**
 * The row with the translation's values in place of its own, column by column: a column the
 * translation leaves out or blank keeps the default language's value (the fallback). `lang` is the
 * language of the row's words: the translation's once it gives any, else the default language.
 */
export function translatedRow<Row extends Record<string, unknown>>(
  row: Row,
  translation: TranslationFields | null | undefined,
  columns: readonly string[],
): Row & { lang: Language } {
  const overlaid = columns.filter((column) => translation && !isBlankValue(translation.fields[column]));
  const values = Object.fromEntries(overlaid.map((column) => [column, translation!.fields[column]]));
  return { ...row, ...values, lang: overlaid.length > 0 ? translation!.language : DEFAULT_LANGUAGE };
}
