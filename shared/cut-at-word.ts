// Cutting plain text to a length between words: excerpts (shared/rich-text/render-text.ts), search
// snippets (shared/search-snippet.ts), and the database's post_cards() (cut_at_word) by the same rule.

/**
 * At most `max` characters of plain text, cut between words (never inside one) and marked with "…";
 * a single word longer than `max` is the one case cut inside, as nothing else fits.
 */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = text.slice(0, max - 1);
  // The text goes on mid-word when the next character is not a space: the partial word goes.
  const space = /\s/.test(text[max - 1]!) ? room.length : room.search(/\s\S*$/);
  const kept = space > 0 ? room.slice(0, space) : room;
  return `${kept.replace(/[\s,;:.\-–—]+$/, "")}…`;
}
