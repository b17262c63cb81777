import { DOCUMENT_LIMITS, type DocumentLimits, type RichTextDocument } from "./document.ts";
import { markdownToDocument, plainTextToDocument } from "./from-markdown.ts";
import { decodeEntities, HTML_TAG, markdownHtml, markdownText } from "./markdown-reading.ts";
import { renderHtml } from "./render-html.ts";
import { proseText } from "./render-text.ts";

// Text stored before rich text, as documents: the production conversion (scripts/convert-rich-text.ts,
// docs/rich-text-migration.md) and the restore of a version recorded before it (backoffice/history)
// convert it the same way.

/** One column that holds rich text: a whole document, or (the whitepaper's) a list of sections with one each. */
export interface RichTextColumn {
  table: "blog_posts" | "whitepaper" | "faq_entries";
  column: "content" | "sections" | "answer";
  /** What a row is called in the notes. */
  label: string;
}

export const RICH_TEXT_COLUMNS: readonly RichTextColumn[] = [
  { table: "blog_posts", column: "content", label: "title" },
  { table: "whitepaper", column: "sections", label: "version" },
  { table: "faq_entries", column: "answer", label: "question" },
];

export class ConversionError extends Error {}

export interface ConvertedValue {
  value: unknown;
  notes: string[];
  differences: string[];
}

/** Markdown as a reader saw it and the document as one will, compared (text and HTML, as the seed's test does). */
function differences(markdown: string, document: RichTextDocument, where: string): string[] {
  const found: string[] = [];
  if (proseText(document) !== markdownText(markdown)) found.push(`${where}: the text differs from the Markdown's`);
  const readerText = (html: string) => decodeEntities(html.replace(HTML_TAG, " ")).replace(/\s+/g, " ").trim();
  if (readerText(renderHtml(document)) !== readerText(markdownHtml(markdown))) found.push(`${where}: the page's words differ from the Markdown's`);
  return found;
}

function markdownDocument(markdown: string, limits: DocumentLimits, siteUrl: string | undefined, where: string, compare: boolean): { document: RichTextDocument; notes: string[]; differences: string[] } {
  const converted = markdownToDocument(markdown, { limits, siteUrl });
  if (!converted.ok) throw new ConversionError(`${where}: ${converted.error}`);
  return { document: converted.document, notes: converted.notes.map((note) => `${where}: ${note}`), differences: compare ? differences(markdown, converted.document, where) : [] };
}

/**
 * A column's value as it must be stored, or null when it already is (documents only). Markdown
 * strings become documents (markdownToDocument checks each with validateDocument and the field's
 * limits); an FAQ answer, plain text, becomes one paragraph. Throws ConversionError naming the
 * problem when a text cannot become a valid document.
 */
export function convertedValue(column: RichTextColumn, value: unknown, options: { siteUrl?: string; compare?: boolean } = {}): ConvertedValue | null {
  const compare = options.compare ?? false;
  if (column.column === "sections") {
    if (!Array.isArray(value) || !value.some((section) => typeof (section as { content?: unknown } | null)?.content === "string")) return null;
    const notes: string[] = [];
    const found: string[] = [];
    const sections = value.map((section: Record<string, unknown>, index) => {
      if (typeof section.content !== "string") return section;
      const where = `section ${index + 1} (${String(section.title)})`;
      const converted = markdownDocument(section.content, DOCUMENT_LIMITS.sectionContent, options.siteUrl, where, compare);
      notes.push(...converted.notes);
      found.push(...converted.differences);
      return { ...section, content: converted.document };
    });
    return { value: sections, notes, differences: found };
  }
  if (typeof value !== "string") return null;
  if (column.column === "answer") {
    const converted = plainTextToDocument(value, { limits: DOCUMENT_LIMITS.answer });
    if (!converted.ok) throw new ConversionError(converted.error);
    return { value: converted.document, notes: converted.notes, differences: [] };
  }
  const converted = markdownDocument(value, DOCUMENT_LIMITS.content, options.siteUrl, "content", compare);
  return { value: converted.document, notes: converted.notes, differences: converted.differences };
}


/**
 * What restore_revision() needs to bring back a version recorded before rich text: its columns that
 * still hold Markdown (or plain text), as documents; null when the version holds documents only.
 * Throws ConversionError when a text cannot become a document.
 */
export function convertedVersion(table: string, version: Readonly<Record<string, unknown>>, options: { siteUrl?: string } = {}): Record<string, unknown> | null {
  const converted: Record<string, unknown> = {};
  for (const column of RICH_TEXT_COLUMNS) {
    if (column.table !== table || !(column.column in version)) continue;
    const value = convertedValue(column, version[column.column], options);
    if (value) converted[column.column] = value.value;
  }
  return Object.keys(converted).length > 0 ? converted : null;
}
