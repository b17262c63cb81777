// Rich text: one document format (ProseMirror/TipTap JSON, document.ts), one way to check it, and
// the renderers every consumer uses. See docs/architecture.md, "Rich text".

export {
  CALL_TO_ACTIONS,
  DOCUMENT_LIMITS,
  MAX_DEPTH,
  safeHref,
  safeHttpUrl,
  safeImageUrl,
  validateDocument,
  youtubeIdFromUrl,
  type BlockNode,
  type CallToActionKind,
  type DocumentLimits,
  type InlineNode,
  type Mark,
  type RichTextDocument,
  type Validated,
} from "./document.ts";
export { markdownToDocument, plainTextToDocument, type ConvertOptions, type Converted } from "./from-markdown.ts";
export { EMAIL_WIDTH, renderEmailHtml, type EmailOptions } from "./render-email.ts";
export { renderHtml, type HtmlOptions, type VideoSource } from "./render-html.ts";
export { excerptOf, proseText, readTimeOf, renderText, wordCount, type TextOptions } from "./render-text.ts";
