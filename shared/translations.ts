// Translations of content (the table content_translations, supabase/schemas/13_translations.sql):
// which columns a type translates, a row as it reads in another language, and how far a translation
// is from its row. The database decides the same state with the same rule (translation_status), and
// the site and the back office import these functions rather than repeating them.

import { CONTENT_TABLES } from "./content-tables.ts";
import { isBlankValue, type TranslationFields } from "./translated-row.ts";

// Kept apart so that code plain Node runs (the web tier's newsletter sender) can overlay a row
// without the content-type registry this module reads through import.meta.glob.
export { isBlankValue, translatedRow, type TranslationFields } from "./translated-row.ts";

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
