import { documentBlocks, isDocument } from "./rich-text/blocks.ts";

// Content history as people read it: what each recorded action is called, which fields a revision
// changed, and a paragraph- and word-level diff of changed text (a rich-text document compared as
// the texts of its blocks, never as JSON). The revisions themselves are written by the database
// (supabase/migrations/20261124000400_content_revisions.sql).

/** The actions the database records (its check constraint on content_revisions.action). */
export const REVISION_ACTIONS = ["insert", "update", "delete", "restore"] as const;
export type RevisionAction = (typeof REVISION_ACTIONS)[number];

export const REVISION_ACTION_LABELS: Record<RevisionAction, string> = {
  insert: "Created",
  update: "Edited",
  delete: "Deleted",
  restore: "Restored",
};

export type RowImage = Record<string, unknown>;

/** One revision as the API returns it. */
export interface ContentRevision {
  id: number;
  table_name: string;
  row_id: string;
  action: RevisionAction;
  before: RowImage | null;
  after: RowImage | null;
  changed_by: string | null;
  changed_by_email: string | null;
  changed_at: string;
  restored_from: number | null;
}

/**
 * The version a content row is at (supabase/migrations/20261126000100_team.sql): an update through the
 * API sends the version it read plus one, or is refused as stale (SQLSTATE RC409).
 */
export const ROW_VERSION = "row_version";

/** Columns every change moves by itself: not worth showing as a change. */
export const BOOKKEEPING_FIELDS: readonly string[] = ["updated_at", ROW_VERSION];

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/**
 * The fields whose values differ between two images of a row (either may be null: a creation or a
 * deletion shows every field that has a value), in the order the images list them, without
 * bookkeeping fields.
 */
export function changedFields(before: RowImage | null, after: RowImage | null, ignore: readonly string[] = BOOKKEEPING_FIELDS): FieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .filter((field) => !ignore.includes(field))
    .map((field) => ({ field, before: before?.[field] ?? null, after: after?.[field] ?? null }))
    .filter((change) => !sameValue(change.before, change.after));
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** A list of records (a whitepaper's sections), as the lists of records a row holds are. */
function isRecordList(value: unknown): value is Record<string, unknown>[] {
  return Array.isArray(value) && value.length > 0 && value.every(isRecord);
}

/** A text's paragraphs: the parts between blank lines, trimmed of the blank lines around them. */
function paragraphsOf(text: string): string[] {
  return text.split(/\n(?:[ \t]*\n)+/).filter((part) => part.trim() !== "");
}

/**
 * A value as the blocks people read, to compare two versions paragraph by paragraph: a rich-text
 * document's blocks, a text's paragraphs, a list of records (a whitepaper's sections) as the texts
 * of each record in turn (its documents' blocks, its texts' paragraphs; numbers such as an order are
 * left out), and any other value as its displayValue.
 */
export function readableBlocks(value: unknown): string[] {
  if (isDocument(value)) return documentBlocks(value);
  if (typeof value === "string") return paragraphsOf(value);
  if (isRecordList(value)) return value.flatMap((record) => Object.values(record).flatMap((item) => (isDocument(item) || typeof item === "string" ? readableBlocks(item) : [])));
  const text = displayValue(value);
  return text === "" ? [] : [text];
}

/**
 * A value as text: empty for null and "", Yes/No, lists one per line, a rich-text document and a
 * list of records as their readable blocks a blank line apart, other objects as indented JSON.
 */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value) && value.every((item) => typeof item !== "object" || item === null)) return value.map(String).join("\n");
  if (isDocument(value) || isRecordList(value)) return readableBlocks(value).join("\n\n");
  if (typeof value === "object") return JSON.stringify(value, null, 2);
  return String(value);
}

/** "publish_at" -> "Publish at": the label of a column no form names. */
export function fieldLabel(field: string): string {
  const words = field.replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export interface TextPart {
  kind: "same" | "removed" | "added";
  text: string;
}

// Beyond this many words between the common start and end, the middle is shown as one replacement
// (the comparison grows with the product of both lengths).
const MAX_DIFF_WORDS = 2000;

/**
 * Which words of `before` were removed and which of `after` added, the rest kept (whitespace
 * counts as words, so joining the parts of either side gives that side back exactly).
 */
export function textDiff(before: string, after: string): TextPart[] {
  const a = tokens(before);
  const b = tokens(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const parts: TextPart[] = [];
  const push = (kind: TextPart["kind"], text: string) => {
    if (!text) return;
    const last = parts.at(-1);
    if (last?.kind === kind) last.text += text;
    else parts.push({ kind, text });
  };
  push("same", a.slice(0, start).join(""));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if (midA.length > MAX_DIFF_WORDS || midB.length > MAX_DIFF_WORDS) {
    push("removed", midA.join(""));
    push("added", midB.join(""));
  } else {
    for (const part of commonSubsequenceDiff(midA, midB)) push(part.kind, part.text);
  }
  push("same", a.slice(endA).join(""));
  return parts;
}

/** How many words (runs of non-space characters) a text has. */
function wordsIn(text: string): number {
  return text.match(/\S+/g)?.length ?? 0;
}

/** One block of a block diff: kept, removed or added whole, or changed word by word. */
export type BlockChange = { kind: "same" | "removed" | "added"; text: string } | { kind: "changed"; parts: TextPart[] };

/**
 * Whether a removed and an added block are one paragraph rewritten (shown word by word) rather than
 * two different ones: at least a third of the longer one's words kept.
 */
function isRewrite(parts: readonly TextPart[], before: string, after: string): boolean {
  const kept = parts.filter((part) => part.kind === "same").reduce((sum, part) => sum + wordsIn(part.text), 0);
  return kept * 3 >= Math.max(wordsIn(before), wordsIn(after));
}

/**
 * Which blocks (paragraphs) of `before` were removed and which of `after` added, the rest kept; a
 * removed block and the added one in its place are shown as one changed block, word by word
 * (textDiff), when they are the same paragraph rewritten, or when each side is that one block (a
 * title, a one-paragraph answer).
 */
export function blockDiff(before: readonly string[], after: readonly string[]): BlockChange[] {
  const matched: TextPart[] =
    before.length > MAX_DIFF_WORDS || after.length > MAX_DIFF_WORDS
      ? [...before.map((text) => ({ kind: "removed" as const, text })), ...after.map((text) => ({ kind: "added" as const, text }))]
      : commonSubsequenceDiff(before, after);
  const alone = before.length === 1 && after.length === 1;
  const changes: BlockChange[] = [];
  let removed: string[] = [];
  let added: string[] = [];
  const flush = () => {
    const pairs = Math.min(removed.length, added.length);
    for (let index = 0; index < pairs; index++) {
      const parts = textDiff(removed[index]!, added[index]!);
      if (alone || isRewrite(parts, removed[index]!, added[index]!)) changes.push({ kind: "changed", parts });
      else changes.push({ kind: "removed", text: removed[index]! }, { kind: "added", text: added[index]! });
    }
    for (const text of removed.slice(pairs)) changes.push({ kind: "removed", text });
    for (const text of added.slice(pairs)) changes.push({ kind: "added", text });
    removed = [];
    added = [];
  };
  for (const part of matched) {
    if (part.kind === "removed") removed.push(part.text);
    else if (part.kind === "added") added.push(part.text);
    else {
      flush();
      changes.push(part);
    }
  }
  flush();
  return changes;
}

function tokens(text: string): string[] {
  return text.match(/\s+|[^\s]+/g) ?? [];
}

/** The classic longest-common-subsequence table, walked from the start. */
function commonSubsequenceDiff(a: readonly string[], b: readonly string[]): TextPart[] {
  const width = b.length + 1;
  const lengths = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i * width + j] = a[i] === b[j] ? lengths[(i + 1) * width + j + 1]! + 1 : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
    }
  }
  const parts: TextPart[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      parts.push({ kind: "same", text: a[i]! });
      i++;
      j++;
    } else if (i < a.length && (j === b.length || lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!)) {
      parts.push({ kind: "removed", text: a[i]! });
      i++;
    } else {
      parts.push({ kind: "added", text: b[j]! });
      j++;
    }
  }
  return parts;
}

/** The version a revision stands for: the row after the change, or before it for a deletion. */
export function revisionImage(revision: Pick<ContentRevision, "action" | "before" | "after">): RowImage | null {
  return revision.action === "delete" ? revision.before : revision.after;
}
