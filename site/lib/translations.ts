// Translated content on the site's pages: the published translations visitors may read
// (`content_translations`, RLS decides: published, its time come, its row visible) laid over the
// default language's rows a page has read, by shared/translations.ts's rule. A row without a
// published translation in the page's language keeps the default language's words, and says so
// (`lang`), so that the page marks it and, for a row's own page, shows the notice.

import type { PostgrestClient } from "@supabase/postgrest-js";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../../shared/languages.ts";
import type { TranslationFields, translatedRow } from "../../shared/translations.ts";
import { answered } from "./queries.ts";

// The overlay rule reads the content types' registry: loaded only where a translation is laid, so
// the default language's pages (the home page's tight script budget) never carry it.
const overlayRule = () => import("../../shared/translations.ts");

/** Which language a row's words are in. */
export interface Worded {
  lang: Language;
}

/** A row of a page of its own: which language its words are in, and every language it is published in. */
export interface InLanguage extends Worded {
  /** The default language and each language with a published translation. */
  languages: readonly Language[];
}

type TranslationRead = TranslationFields & { row_id: string };

/** The published translations of a table's rows: in one language, or in every language of the site's list. */
async function readTranslations(db: PostgrestClient, table: string, ids: readonly string[], language?: Language): Promise<TranslationRead[]> {
  if (ids.length === 0) return [];
  const query = db.from("content_translations").select("row_id,language,fields").eq("source_table", table).in("row_id", [...ids]);
  const found = answered<(Omit<TranslationRead, "language"> & { language: string })[]>(await (language ? query.eq("language", language) : query));
  return found.filter((translation): translation is TranslationRead => isLanguage(translation.language));
}

/**
 * Rows of `table` as a page in `language` shows them: each with its published translation in place,
 * or as it is (in the default language). The default language's pages read nothing more, and get
 * their rows as they are (a row that does not say its language is in the default one).
 */
export async function inLanguage<Row extends { id: string }>(db: PostgrestClient, table: string, rows: readonly Row[], language: Language): Promise<(Row & Partial<Worded>)[]> {
  if (language === DEFAULT_LANGUAGE) return [...rows];
  const [translations, { translatableColumns, translatedRow }] = await Promise.all([readTranslations(db, table, rows.map((row) => row.id), language), overlayRule()]);
  const columns = translatableColumns(table);
  return rows.map((row) => overlaid(translatedRow, row, translations.find((translation) => translation.row_id === row.id), columns));
}

/**
 * Rows of `table` with pages of their own, as the page in `language` shows them, each also with
 * the languages it is published in (its page's alternates, the sitemap's lines).
 */
export async function inEveryLanguage<Row extends { id: string }>(db: PostgrestClient, table: string, rows: readonly Row[], language: Language): Promise<(Row & InLanguage)[]> {
  const [translations, { translatableColumns, translatedRow }] = await Promise.all([readTranslations(db, table, rows.map((row) => row.id)), overlayRule()]);
  const columns = translatableColumns(table);
  return rows.map((row) => {
    const own = translations.filter((translation) => translation.row_id === row.id);
    const shown = language === DEFAULT_LANGUAGE ? { ...row, lang: DEFAULT_LANGUAGE } : overlaid(translatedRow, row, own.find((translation) => translation.language === language), columns);
    return { ...shown, languages: [DEFAULT_LANGUAGE, ...own.map((translation) => translation.language)] };
  });
}

/** The rule's row with a content type's row: its interfaces are plain records of their columns. */
function overlaid<Row>(rule: typeof translatedRow, row: Row, translation: TranslationFields | undefined, columns: readonly string[]): Row & Worded {
  return rule(row as Row & Record<string, unknown>, translation, columns);
}
