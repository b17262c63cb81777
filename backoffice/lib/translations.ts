import type { RaRecord } from "ra-core";
import { isEmptyDocument } from "../../shared/rich-text/rules.ts";
import { isBlankValue, translatableColumns } from "../../shared/translations.ts";

// Translations as the back office edits them: a row of content_translations (one record of its own,
// with its publish state, schedule, history and row version) seen through the virtual resource
// `translations`, whose records hold the translated fields at the top level, where the record's own
// form has them. The data provider (data-provider.ts) unpacks reads and packs writes, so that the
// generic form, its validation, the conflict dialog and the constraint messages work on a
// translation as on its record.

/** The react-admin resource of translations (the data provider maps it to content_translations). */
export const TRANSLATIONS_RESOURCE = "translations";
export const TRANSLATIONS_TABLE = "content_translations";

/** The list filter "Needs translation in <language>": its value is the language's code. */
export const NEEDS_TRANSLATION_FILTER = "needs_translation";

/** A content_translations row as the database has it. */
export interface StoredTranslation {
  id: string;
  source_table: string;
  row_id: string;
  language: string;
  fields: Record<string, unknown>;
  source: Record<string, unknown>;
  published: boolean;
  publish_at: string | null;
  [column: string]: unknown;
}

/** A row of translation_status(): the state of one record in one language. */
export interface TranslationStatus {
  row_id: string;
  state: "missing" | "outdated" | "up_to_date";
  missing: string[];
  outdated: string[];
  published: boolean;
}

/** A translation as the editor's form holds it: the row with its fields also at the top level. */
export function unpackedTranslation(row: StoredTranslation): RaRecord {
  return { ...row, ...row.fields } as RaRecord;
}

/**
 * A value a translation leaves out rather than stores (the default language's text then shows): a
 * blank one as shared/translations.ts says, or a rich document emptied in the editor, which holds
 * an empty paragraph.
 */
export function isBlank(value: unknown): boolean {
  return isBlankValue(value) || ((value as { type?: unknown } | null)?.type === "doc" && isEmptyDocument(value));
}

/**
 * The columns to write from a translation form's values: its translatable columns gathered into
 * `fields` (the saved ones kept for a partial update, such as an overwrite after a conflict, and blank
 * ones left out), the rest as they are. The record's own columns the database writes stay out.
 */
export function packedTranslation(data: Record<string, unknown>, previous: Record<string, unknown> | undefined): Record<string, unknown> {
  const table = String(data.source_table ?? previous?.source_table ?? "");
  const columns = translatableColumns(table);
  const touched = columns.filter((column) => Object.hasOwn(data, column));
  const packed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (!columns.includes(key) && !STORED_BY_DATABASE.has(key)) packed[key] = value;
  }
  if (touched.length === 0) return packed;
  const saved = (previous?.fields ?? {}) as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for (const column of columns) {
    const value = Object.hasOwn(data, column) ? data[column] : saved[column];
    if (!isBlank(value)) fields[column] = value;
  }
  return { ...packed, fields };
}

// Written by the database (or fixed once the translation exists): a form's copy of them is not sent.
const STORED_BY_DATABASE = new Set(["id", "fields", "source", "created_at", "updated_at"]);

/**
 * A translation's row image (a revision's, or the row as the editor read it) as its form reads: the
 * translated fields at the top level, without `fields` and `source` (the database's bookkeeping of
 * what they were translated from). Any other row's image as it is.
 */
export function readableImage<Image extends Record<string, unknown> | null>(image: Image): Image {
  if (!image || typeof image.source_table !== "string" || typeof image.fields !== "object" || image.fields === null) return image;
  // The translated fields take the place of `fields`, so that they come first as a form's fields do.
  const entries = Object.entries(image).flatMap(([key, value]) => (key === "fields" ? Object.entries(value as Record<string, unknown>) : key === "source" ? [] : [[key, value] as const]));
  return Object.fromEntries(entries) as Image;
}

/** The ids of a table's records that need translating into a language (missing or outdated there). */
export function needingTranslation(statuses: readonly TranslationStatus[]): string[] {
  return statuses.filter((status) => status.state !== "up_to_date").map((status) => status.row_id);
}
