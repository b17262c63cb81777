// Translations of content (the table content_translations, supabase/schemas/13_translations.sql):
// which columns a type translates, a row as it reads in another language, and how far a translation
// is from its row. The database decides the same state with the same rule (translation_status), and
// the site and the back office import these functions rather than repeating them.

import { CONTENT_TABLES } from "./content-tables.ts";
import { DEFAULT_LANGUAGE, type Language } from "./languages.ts";

/** One row's translation as the API answers it: the translated values by column name. */
export interface TranslationFields {
  language: Language;
  fields: Record<string, unknown>;
}

/** What the back office reads of a translation: also what each field was translated from (written by the database). */
export interface Translation extends TranslationFields {
  source: Record<string, unknown>;
}

/**
 *   missing     no translation, or a column with a value in the row is absent or blank in it
 *   outdated    a field's default-language value changed since it was translated
 *   up_to_date  otherwise
 */
export type TranslationStateName = "missing" | "outdated" | "up_to_date";

export interface TranslationState {
  state: TranslationStateName;
  /** Columns with a value in the row that the translation lacks, in the order of `columns`. */
  missing: string[];
  /** Translated columns whose default-language value changed since, in the order of `columns`. */
  outdated: string[];
}

/** The columns a table translates (its content type's `translatable`); none when it is not translated. */
export function translatableColumns(table: string): readonly string[] {
  return CONTENT_TABLES.find((type) => type.table === table)?.translatable ?? [];
}

/** Whether a value says nothing: absent, null, a blank string, an empty list or object (the database's translation_value_blank). */
export function isBlankValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === "string") return !/\S/.test(value);
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object") return Object.keys(value).length === 0;
  return false;
}

/** JSON equality as jsonb compares: the order of an object's keys does not count. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => sameJson(item, b[index]));
  }
  if (typeof a === "object" && a !== null && typeof b === "object" && b !== null) {
    const left = a as Record<string, unknown>;
    const right = b as Record<string, unknown>;
    const keys = Object.keys(left);
    return keys.length === Object.keys(right).length && keys.every((key) => Object.hasOwn(right, key) && sameJson(left[key], right[key]));
  }
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

/** How a translation stands against its row, by the rule of the database's translation_status. */
export function translationState(
  row: Record<string, unknown>,
  translation: Pick<Translation, "fields" | "source"> | null | undefined,
  columns: readonly string[],
): TranslationState {
  const fields = translation?.fields ?? {};
  const source = translation?.source ?? {};
  const missing = columns.filter((column) => !isBlankValue(row[column]) && isBlankValue(fields[column]));
  const outdated = columns.filter((column) => Object.hasOwn(fields, column) && !sameJson(source[column] ?? null, row[column] ?? null));
  const state: TranslationStateName = !translation || missing.length > 0 ? "missing" : outdated.length > 0 ? "outdated" : "up_to_date";
  return { state, missing, outdated };
}
