import DOMPurify, { type DOMPurify as Purifier } from "dompurify";
import { marked } from "marked";

let purifier: Pick<Purifier, "sanitize"> | null = null;

/** The prerender step runs in Node and brings a DOMPurify made over a jsdom window. */
export function setPurifier(value: Pick<Purifier, "sanitize">): void {
  purifier = value;
}

/**
 * A post's markdown as HTML that is safe to insert: no script, no event handler, no javascript: URL
 * survives. Links to other sites open in a new tab without access to this page.
 */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true });
  const sanitizer = purifier ?? (DOMPurify.isSupported ? DOMPurify : null);
  if (!sanitizer) throw new Error("No HTML sanitizer: call setPurifier() outside a browser");
  const clean = sanitizer.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select"] }) as unknown as string;
  return clean.replace(/<a href="(https?:\/\/[^"]+)"/g, '<a href="$1" target="_blank" rel="noopener noreferrer"');
}
