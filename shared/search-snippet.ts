// What a search hit shows of its match, as plain text. Apart from content-search.ts because it needs
// the Markdown parser, which the back office loads with its first search, not with its first screen.

import type { SearchHit } from "./content-search.ts";
import { cutAtWord, markdownText } from "./markdown-text.ts";

/** How much of a column search_content() cuts out around a match: from 40 characters before it, 160 in all. */
const SNIPPET_BEFORE = 40;
const SNIPPET_LENGTH = 160;

/**
 * What a hit shows of the text around its match: the rendered text of that piece of Markdown (no
 * `**`, `#` or link targets), from the first whole word to the last, with "…" where the column goes
 * on. The database cut the piece by characters, so a word it cut into is left out, and syntax whose
 * other half fell outside the piece is dropped.
 */
export function hitSnippet(hit: Pick<SearchHit, "fields" | "snippet">, max = 120): string | null {
  const raw = hit.snippet;
  if (!raw) return null;
  // The piece starts a column when a column's first 200 characters begin with it.
  const fromStart = Object.values(hit.fields).some((value) => value !== null && value.startsWith(raw.slice(0, SNIPPET_LENGTH - SNIPPET_BEFORE)));
  const toEnd = raw.length < SNIPPET_LENGTH;
  let piece = raw;
  if (!fromStart) piece = piece.replace(/^\S*\s*/, "");
  if (!toEnd) piece = piece.replace(/\s*\S*$/, "");
  const text = markdownText(piece)
    .replace(/(\*\*|__|~~|`+)/g, "")
    .replace(/(^|\s)[*_]+(?=\S)|(?<=\S)[*_]+(?=\s|$)/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
  if (!text) return null;
  const cut = cutAtWord(text, max);
  return `${fromStart ? "" : "…"}${!toEnd && !cut.endsWith("…") ? `${cut}…` : cut}`;
}
