// The search across content (the back office's app bar): which tables and columns it looks in, as
// the search_content() RPC takes them. It is read off the content-table list, so a content type with
// searchFields joins the search by configuration alone.

import { CONTENT_TABLES } from "./content-tables.ts";
import type { ContentTable } from "./content-type.ts";

export interface SearchSource {
  table: string;
  /** The first column names a hit (its title); a match there ranks above matches elsewhere. */
  columns: readonly string[];
}

/** One hit of search_content(): the table, the row, its searched columns (200 characters each) and the text around the match. */
export interface SearchHit {
  source: string;
  id: string;
  fields: Record<string, string | null>;
  snippet: string | null;
}

export const SEARCH_MAX_LENGTH = 200;

export function searchSources(tables: readonly ContentTable[] = CONTENT_TABLES): SearchSource[] {
  return tables.flatMap((entry) =>
    entry.contentSearch === false || !entry.searchFields?.length ? [] : [{ table: entry.table, columns: entry.searchFields }],
  );
}
