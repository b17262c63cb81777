import DOMPurify, { type DOMPurify as Purifier } from "dompurify";
import { markdownHtml } from "./rich-text/markdown-reading.ts";

// The one Markdown renderer: blog posts and whitepaper sections on the site, and every preview in the
// back office's editors, so that what an admin previews is what visitors get.

type Sanitizer = Pick<Purifier, "sanitize">;

let purifier: Readonly<Sanitizer> | null = null;
let installing: Promise<void> | null = null;

/**
 * Outside a browser (the server render) a DOMPurify made over a jsdom window is installed, once per
 * process: `make` runs for the first call only and what it made is never replaced, so every render
 * uses the same sanitiser and a renderer made again (development reloads) makes no second window.
 */
export function installPurifier(make: () => Promise<Sanitizer>): Promise<void> {
  installing ??= make().then(
    (made) => {
      purifier = Object.freeze({ sanitize: made.sanitize.bind(made) as Sanitizer["sanitize"] });
    },
    (error: unknown) => {
      installing = null;
      throw error;
    },
  );
  return installing;
}

/**
 * Markdown (GitHub flavour) as HTML that is safe to insert: no script, style, form control, event
 * handler or javascript: URL survives. A single line break is a line break, as editors expect from a
 * text area. Links to other sites open in a new tab without access to this page.
 */
export function renderMarkdown(markdown: string): string {
  const html = markdownHtml(markdown);
  const sanitizer = purifier ?? (DOMPurify.isSupported ? DOMPurify : null);
  if (!sanitizer) throw new Error("No HTML sanitizer: call installPurifier() outside a browser");
  const clean = sanitizer.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select"] }) as unknown as string;
  return clean.replace(/<a href="(https?:\/\/[^"]+)"/g, '<a href="$1" target="_blank" rel="noopener noreferrer"');
}

/** The hint shown under every Markdown text area. */
export const MARKDOWN_HINT = "Markdown: **bold**, *italic*, [link](https://…), - lists, # headings. A line break is kept.";
