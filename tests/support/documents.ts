import type { RichTextDocument } from "../../shared/rich-text/document.ts";
import { markdownToDocument } from "../../shared/rich-text/from-markdown.ts";

// Rich-text documents for tests that write post content, whitepaper sections or FAQ answers: what
// the column holds (shared/rich-text/document.ts), built from words so tests read as text.

/** A document of one paragraph per argument: doc("First paragraph.", "Second one."). */
export function doc(...paragraphs: string[]): RichTextDocument {
  return { type: "doc", content: paragraphs.map((text) => (text === "" ? { type: "paragraph" } : { type: "paragraph", content: [{ type: "text", text }] })) };
}

/** A whitepaper section: its title, its order and a one-paragraph document of `text`. */
export function section(title: string, text: string, order = 0): { title: string; content: RichTextDocument; order: number } {
  return { title, content: doc(text), order };
}

/** Markdown converted as stored Markdown was (markdownToDocument), for fixtures with headings, marks, lists and links. */
export function fromMarkdown(markdown: string): RichTextDocument {
  const converted = markdownToDocument(markdown);
  if (!converted.ok) throw new Error(`not a document: ${converted.error}`);
  return converted.document;
}
