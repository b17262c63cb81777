import { marked } from "marked";

// How the site read stored Markdown before documents: its HTML and its plain text, by the rules it
// rendered with. Kept for the one-off conversion (from-markdown.ts), which compares what a reader saw
// with what the converted document shows; nothing renders Markdown for visitors any more.

/**
 * Markdown as the site renders it, before sanitising: GitHub flavour, and a single line break is a
 * line break, as editors expect from a text area. The one place these rules are set: the converter's
 * lexer (from-markdown.ts) and the plain text below follow them.
 */
export function markdownHtml(markdown: string): string {
  return marked.parse(markdown, { async: false, gfm: true, breaks: true });
}

/** What follows a tag's name up to its end: a quoted attribute value may hold a ">", which does not end the tag. */
export const TAG_REST = String.raw`(?:"[^"]*"|'[^']*'|[^'">])*`;

/** A tag, start or end, whole: only used to replace (a global pattern). */
export const HTML_TAG = new RegExp(`<${TAG_REST}>`, "g");

const BLOCK_TAG = new RegExp(`</?(p|h[1-6]|li|ul|ol|blockquote|br|hr|table|thead|tbody|tr|td|th|div|dl|dt|dd)\\b${TAG_REST}>`, "gi");

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
      .replace(BLOCK_TAG, " ")
      .replace(HTML_TAG, ""),
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
