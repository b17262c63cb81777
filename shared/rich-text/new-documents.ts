import type { RichTextDocument } from "./document.ts";

// Documents made from nothing, for a new field and for examples. Apart from rules.ts (and with no
// import but types) so that a page that only makes one loads no checker.

/** A new, empty document: one empty paragraph, as the editor starts. */
export function emptyDocument(): RichTextDocument {
  return { type: "doc", content: [{ type: "paragraph" }] };
}

/** A document of one paragraph of plain text. */
export function textDocument(text: string): RichTextDocument {
  return { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] };
}
