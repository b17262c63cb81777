// What a search hit shows of its match, as plain text. Rich-text columns are searched in their text,
// not their JSON (search_content(), supabase/schemas/08_editorial_tools.sql), so a piece needs no
// parser: only the words the database cut into are left out.

import type { SearchHit } from "./content-search.ts";
import { cutAtWord } from "./cut-at-word.ts";

/** How much of a column search_content() cuts out around a match: from 40 characters before it, 160 in all. */
const SNIPPET_BEFORE = 40;
const SNIPPET_LENGTH = 160;

/**
 * What a hit shows of the text around its match: from the first whole word to the last, on one line,
 * with "…" where the column goes on. The database cut the piece by characters, so a word it cut into
 * is left out.
 */
export function hitSnippet(hit: Pick<SearchHit, "fields" | "snippet">, max = 120): string | null {
  const raw = hit.snippet;
  if (!raw) return null;
  // The piece starts a column when a column's first 120 characters begin with it.
  const fromStart = Object.values(hit.fields).some((value) => typeof value === "string" && value.startsWith(raw.slice(0, SNIPPET_LENGTH - SNIPPET_BEFORE)));
  const toEnd = raw.length < SNIPPET_LENGTH;
  let piece = raw;
  if (!fromStart) piece = piece.replace(/^\S*\s*/, "");
  if (!toEnd) piece = piece.replace(/\s*\S*$/, "");
  const text = piece.replace(/\s+/g, " ").trim();
  if (!text) return null;
  const cut = cutAtWord(text, max);
  return `${fromStart ? "" : "…"}${!toEnd && !cut.endsWith("…") ? `${cut}…` : cut}`;
}
