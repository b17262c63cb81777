import { formatDateTime } from "../../shared/format.ts";
import { displayValue } from "../../shared/revisions.ts";
import { isDocument } from "../../shared/rich-text/blocks.ts";
import { ROW_VERSION, versionOf } from "../lib/row-versions.ts";

// Overwriting after a conflict (ConflictDialog.tsx): the admin's form started from one version of a
// row, someone else saved another since. Only the fields the admin changed are written over the
// latest row (the update names no other field, and carries the latest row's version, so that a third
// save in between is refused again); a field both changed is written as the admin chooses, field by
// field. Values may be texts or rich-text documents: both are compared by value.

/** Whose value a field both changed keeps. */
export type Side = "theirs" | "mine";

/** A field both changed takes the admin's value until they choose theirs, as "Overwrite with mine" says. */
export const DEFAULT_SIDE: Side = "mine";

/** The three versions of a row, each by field: the one the form started from, the form's, the latest saved. */
export interface Versions {
  started: Readonly<Record<string, unknown>>;
  typed: Readonly<Record<string, unknown>>;
  current: Readonly<Record<string, unknown>>;
}

export interface Edits {
  /** Fields the admin changed in the form. */
  mine: string[];
  /** Fields saved with another value since the form was opened. */
  theirs: string[];
  /** Fields both changed, to different values: the admin chooses. */
  both: string[];
}

/**
 * A value with its object keys sorted, undefined as null, and an object's keys that hold null or an
 * empty object left out (a document's `attrs: { class: null }` is no attribute): equal values give
 * equal text.
 */
function canonical(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])])
        .filter(([, item]) => item !== null && !isEmptyObject(item)),
    );
  }
  return value;
}

const isEmptyObject = (value: unknown): boolean => typeof value === "object" && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;

export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

/** Which of `fields` each side changed since the form's start, and which both changed differently. */
export function editsOf(fields: readonly string[], { started, typed, current }: Versions): Edits {
  const mine = fields.filter((field) => !sameValue(typed[field], started[field]));
  const theirs = fields.filter((field) => !sameValue(current[field], started[field]));
  const both = mine.filter((field) => theirs.includes(field) && !sameValue(typed[field], current[field]));
  return { mine, theirs, both };
}

/**
 * The record to write: the latest saved row with the admin's changed fields over it; of a field both
 * changed, the side `choices` names (the admin's when it names none).
 */
export function mergedRecord(fields: readonly string[], versions: Versions, choices: Readonly<Record<string, Side>>): Record<string, unknown> {
  const { mine, both } = editsOf(fields, versions);
  const kept = mine.filter((field) => !both.includes(field) || (choices[field] ?? DEFAULT_SIDE) === "mine");
  return { ...versions.current, ...Object.fromEntries(kept.map((field) => [field, versions.typed[field]])) };
}

/**
 * What an overwrite sends: the fields of `record` (the row to write) whose values differ from the
 * latest saved row's, none other, so that nothing it does not change is written back.
 */
export function fieldsToWrite(record: Readonly<Record<string, unknown>>, current: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([field, value]) => !sameValue(value, current[field])));
}

/**
 * The update "Overwrite with mine" sends: the fields `record` changes over the latest saved row, with
 * that row's version (so that a save made since is refused again); null when it changes none (theirs
 * kept for every field I changed: the row already is what was chosen).
 */
export function overwriteUpdate(record: Readonly<Record<string, unknown>>, current: Readonly<Record<string, unknown>>): Record<string, unknown> | null {
  const changes = fieldsToWrite(record, current);
  return Object.keys(changes).length === 0 ? null : { ...changes, [ROW_VERSION]: versionOf(current) };
}

/** A record's value as text: a text as it is, a rich-text document as its blocks' texts. */
function recordText(value: unknown): string {
  if (typeof value === "string") return value;
  return isDocument(value) ? displayValue(value) : "";
}

/**
 * A field's value as people read it, to choose between two versions: timestamps in the reader's
 * time zone, lists one item per line, a rich-text document as the texts of its blocks (never JSON),
 * and a list of records (a whitepaper's sections) as their texts, one record after another; other
 * values as `displayValue` gives them.
 */
export function readableValue(value: unknown): string {
  if (typeof value === "string") return formatDateTime(value, { locale: "en-US" });
  if (Array.isArray(value) && value.some((item) => typeof item === "object" && item !== null)) {
    return value
      .map((item) =>
        typeof item === "object" && item !== null
          ? Object.values(item)
              .map(recordText)
              .filter((text) => text !== "")
              .join("\n")
          : displayValue(item),
      )
      .join("\n\n");
  }
  return displayValue(value);
}
