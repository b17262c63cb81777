import { HttpError } from "ra-core";
import { CONTENT_TABLES } from "../../shared/content-tables.ts";
import formSubmissions from "../../shared/content-types/community.ts";
import { ROW_VERSION } from "../../shared/revisions.ts";
import { TRANSLATIONS_TABLE } from "./translations.ts";

// No lost updates: every content row carries a version that the database raises by one with each
// change, and it refuses a change from anyone who did not start from the current version
// (SQLSTATE RC409, see supabase/migrations/20261126000100_team.sql). A client therefore sends
// `row_version: <the version it read> + 1` with every update, and the version of each row an RPC acts on.

export { ROW_VERSION };

/** The SQLSTATE of a change refused because the row changed since it was read. */
export const CONFLICT_CODE = "RC409";

const STALE_MESSAGE = "Someone else changed this item since you opened it";

/** What a refused change says when the screen refreshes itself instead of asking. */
export const CONFLICT_REFRESHED = "Someone else changed this item since you opened it: the list has been refreshed";

// Submissions are triaged, not edited together: they have no history and no version. A translation
// is edited as a record of its own, with its own version.
const VERSIONED = new Set([...CONTENT_TABLES.filter((table) => table.table !== formSubmissions.table).map((table) => table.table), TRANSLATIONS_TABLE]);

export function isVersioned(table: string): boolean {
  return VERSIONED.has(table);
}

/** The version a row was read at (undefined when it has none). */
export function versionOf(row: unknown): number | undefined {
  const value = (row as Record<string, unknown> | null | undefined)?.[ROW_VERSION];
  return typeof value === "number" ? value : undefined;
}

/**
 * An update's data with the version the database expects: one past the version the edit started
 * from, which is the form's own copy when it carries one (a form reloaded on another version), else
 * the row the update was based on.
 */
export function withNextVersion(data: Record<string, unknown>, previousData: unknown): Record<string, unknown> {
  const base = versionOf(data) ?? versionOf(previousData);
  return base === undefined ? data : { ...data, [ROW_VERSION]: base + 1 };
}

/** `[{ id, version }]`: what the bulk RPCs check each row against (their own name for the row version). */
export function versionedItems(rows: readonly { id: unknown }[]): { id: unknown; version: number | undefined }[] {
  return rows.map((row) => ({ id: row.id, version: versionOf(row) }));
}

function bodyOf(error: unknown): { code?: unknown; details?: unknown } | undefined {
  if (!error || typeof error !== "object") return undefined;
  const body = (error as { body?: unknown }).body;
  return (body && typeof body === "object" ? body : error) as { code?: unknown; details?: unknown };
}

/** The refusal the database would give a change to `current` from an older version, raised before the change is tried. */
export function staleError(current: unknown): HttpError {
  return new HttpError(STALE_MESSAGE, 409, { code: CONFLICT_CODE, message: STALE_MESSAGE, details: String(versionOf(current)) });
}

/** A change refused because someone else changed the row first (an HttpError with the PostgREST body). */
export function isConflict(error: unknown): boolean {
  return bodyOf(error)?.code === CONFLICT_CODE;
}

/** How many rows a refused bulk change found changed (its detail lists their ids), if it says. */
export function staleCount(error: unknown): number | undefined {
  const details = bodyOf(error)?.details;
  if (typeof details !== "string") return undefined;
  try {
    const ids: unknown = JSON.parse(details);
    return Array.isArray(ids) ? ids.length : undefined;
  } catch {
    return undefined;
  }
}
