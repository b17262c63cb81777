import DOMPurify from "dompurify";
import { marked } from "marked";

/** Markdown to sanitized HTML, for the editor's preview. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true });
  return DOMPurify.sanitize(html);
}
