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

/** The hint shown under every Markdown text area. */
export const MARKDOWN_HINT = "Markdown: **bold**, *italic*, [link](https://…), - lists, # headings. A line break is kept.";
