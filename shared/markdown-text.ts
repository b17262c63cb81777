import { marked } from "marked";

// The plain text of Markdown, for excerpts (a post's description and card) and search snippets. Apart
// from markdown.ts so that the pages that show excerpts load the parser alone, not the sanitiser.

/**
 * Markdown as the site renders it, before sanitising: GitHub flavour, and a single line break is a
 * line break, as editors expect from a text area. The one place these rules are set: the rendered
 * HTML (markdown.ts) and the plain text below both start here.
 */
export function markdownHtml(markdown: string): string {
  return marked.parse(markdown, { async: false, gfm: true, breaks: true });
}

/**
 * The text a reader sees in a Markdown document, as one line: rendered as on the page, then without
 * tags, so no syntax (`**`, `#`, link targets) is left. Code blocks, images and raw script or style
 * elements are dropped: they are not prose. Pure: no sanitiser or DOM is needed for plain text,
 * which every caller escapes again.
 */
export function markdownText(markdown: string): string {
  const html = markdownHtml(markdown);
  return decodeEntities(
    html
      .replace(/<(pre|script|style)\b[\s\S]*?<\/\1>/gi, " ")
      .replace(/<\/?(p|h[1-6]|li|ul|ol|blockquote|br|hr|table|thead|tbody|tr|td|th|div|dl|dt|dd)\b[^>]*>/gi, " ")
      .replace(/<[^>]*>/g, ""),
  )
    .replace(/\s+/g, " ")
    .trim();
}

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Numeric character references and the common named ones as the characters they stand for, in one pass. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] !== "#") return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
    const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

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

/** A post's description and card text: the first words of its rendered text, at most `max` characters. */
export function excerpt(markdown: string, max = 160): string {
  return cutAtWord(markdownText(markdown), max);
}
