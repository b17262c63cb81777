import { formatDateTime } from "../../shared/format.ts";
import { displayValue } from "../../shared/revisions.ts";

// Overwriting after a conflict (ConflictDialog.tsx): the admin's form started from one version of a
// row, someone else saved another since. Only the fields the admin changed are written over the
// latest row; a field both changed is written as the admin chooses, field by field.

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

/** A value with its object keys sorted and undefined as null: equal values give equal text. */
function canonical(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

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
 * A field's value as people read it, to choose between two versions: timestamps in the reader's
 * time zone, lists one item per line, and a list of records (a whitepaper's sections) as their
 * texts, one record after another; other values as `displayValue` gives them.
 */
export function readableValue(value: unknown): string {
  if (typeof value === "string") return formatDateTime(value, { locale: "en-US" });
  if (Array.isArray(value) && value.some((item) => typeof item === "object" && item !== null)) {
    return value
      .map((item) =>
        typeof item === "object" && item !== null
          ? Object.values(item)
              .filter((text): text is string => typeof text === "string" && text !== "")
              .join("\n")
          : displayValue(item),
      )
      .join("\n\n");
  }
  return displayValue(value);
}
