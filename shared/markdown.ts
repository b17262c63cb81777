import DOMPurify, { type DOMPurify as Purifier } from "dompurify";
import { marked } from "marked";

// The one Markdown renderer: blog posts and whitepaper sections on the site, and every preview in the
// back office's editors, so that what an admin previews is what visitors get.

let purifier: Pick<Purifier, "sanitize"> | null = null;

/** Outside a browser (the server render, unit tests) bring a DOMPurify made over a jsdom window. */
export function setPurifier(value: Pick<Purifier, "sanitize">): void {
  purifier = value;
}

/**
 * Markdown (GitHub flavour) as HTML that is safe to insert: no script, style, form control, event
 * handler or javascript: URL survives. A single line break is a line break, as editors expect from a
 * text area. Links to other sites open in a new tab without access to this page.
 */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true, breaks: true });
  const sanitizer = purifier ?? (DOMPurify.isSupported ? DOMPurify : null);
  if (!sanitizer) throw new Error("No HTML sanitizer: call setPurifier() outside a browser");
  const clean = sanitizer.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select"] }) as unknown as string;
  return clean.replace(/<a href="(https?:\/\/[^"]+)"/g, '<a href="$1" target="_blank" rel="noopener noreferrer"');
}

/**
 * The text a reader sees in a Markdown document, as one line: rendered as on the page, then without
 * tags, so no syntax (`**`, `#`, link targets) is left. Code blocks, images and raw script or style
 * elements are dropped: they are not prose. Pure: no sanitiser or DOM is needed for plain text,
 * which every caller escapes again.
 */
export function markdownText(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true, breaks: true });
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

function decodeEntities(text: string): string {
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

/** The hint shown under every Markdown text area. */
export const MARKDOWN_HINT = "Markdown: **bold**, *italic*, [link](https://…), - lists, # headings. A line break is kept.";
