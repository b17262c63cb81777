// Draft preview on the server: where a previewed row goes in the data its page is rendered from (each
// route module says where, for the tables it shows), so that the page shows it as it will be once
// published, under a banner. Server-only (the browser never builds a preview).

import { CONTENT_TABLES } from "../../shared/content-tables.ts";
import { DEFAULT_LANGUAGE, type Language } from "../../shared/languages.ts";
import { translatableColumns, translatedRow } from "../../shared/translations.ts";
import type { RouteMatch } from "../../shared/routes.ts";
import type { PostgrestClient } from "@supabase/postgrest-js";
import type { PreviewRow, RouteModule } from "../lib/route-module.ts";

/** What `preview_content(token)` answers for a valid link (supabase/schemas/07_live_site.sql). */
export interface PreviewTarget {
  table: string;
  row: PreviewRow;
  /** The row's translations, drafts included: by language, the translated fields. */
  translations?: Readonly<Record<string, Record<string, unknown>>>;
}

/**
 * The previewed row as a page in `language` shows it: its translation in that language laid over it,
 * drafts included (what the preview is for), by the site's one overlay rule; without one, the row in
 * the default language's words, as visitors would see it.
 */
export function previewInLanguage(target: PreviewTarget, language: Language): PreviewTarget {
  const fields = language === DEFAULT_LANGUAGE ? undefined : target.translations?.[language];
  if (!fields) return target;
  return { ...target, row: translatedRow(target.row, { language, fields }, translatableColumns(target.table)) };
}

/** The key of the page's data that shows the row, and that key's value with the row in its place. */
export interface Previewed {
  key: string;
  place(current: unknown): Promise<unknown>;
}

/**
 * The previewed row's place on the page at `path` (`match`, its route's `page`) when that is its
 * row's page (the registry's sitePath), else null: a link opens its own row's page only. A row with a
 * page of its own is that page's row; any other goes where its page's module places its table.
 */
export function previewPlacement(target: PreviewTarget, path: string, match: RouteMatch, page: RouteModule, db: PostgrestClient): Previewed | null {
  const table = CONTENT_TABLES.find((entry) => entry.table === target.table);
  if (!table?.sitePath || table.sitePath(target.row) !== path) return null;
  if ("row" in page && page.row.table === target.table) {
    const [param] = Object.values(match.params);
    return { key: page.row.key(param!), place: () => page.row.shown(target.row, db) };
  }
  const placement = page.preview?.[target.table];
  return placement ? { key: placement.key, place: async (current) => placement.place(current, target.row, db) } : null;
}

export const PREVIEW_BANNER =
  '<div class="preview-banner" role="status"><strong>Preview</strong> <span>Unpublished content, shown as visitors will see it once it is published. Only this link shows it, until it expires.</span></div>';
