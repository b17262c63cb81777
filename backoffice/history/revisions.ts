import { formatDateTime, parseTimestamp } from "../../shared/format.ts";
import { changedFields, type ContentRevision, type FieldChange, type RowImage } from "../../shared/revisions.ts";
import type { AdminDataProvider } from "../lib/data-provider.ts";

// Reading and restoring content history through the API (content_revisions, restore_revision();
// see supabase/schemas/02_history.sql).

/** The react-admin resource of the revisions (the table itself: it has no screen config). */
export const REVISIONS_RESOURCE = "content_revisions";

/** The columns of a row's publish state and schedule, which a restore leaves alone unless asked. */
export const PUBLISHING_FIELDS: readonly string[] = ["published", "publish_at"];

export interface RestoreOptions {
  /** The version the row had before the change, not after it. */
  useBefore?: boolean;
  /** Bring back the version's publish state and schedule too (a deleted row otherwise comes back as a draft). */
  withPublishing?: boolean;
}

/**
 * Restores the version a revision recorded (or the one before it) and returns the row as it now is.
 * A version recorded before rich text holds Markdown where the table now takes documents: it is
 * converted here, as the production conversion did, since the database cannot.
 */
export async function restoreRevision(dataProvider: AdminDataProvider, revision: ContentRevision, { useBefore = false, withPublishing = false }: RestoreOptions = {}): Promise<RowImage> {
  const version = useBefore || revision.action === "delete" ? revision.before : revision.after;
  const { convertedVersion } = await import("../../shared/rich-text/legacy.ts");
  const converted = version ? convertedVersion(revision.table_name, version, { siteUrl: window.location.origin }) : null;
  return dataProvider.rpc<RowImage>("restore_revision", { revision_id: revision.id, use_before: useBefore, with_publishing: withPublishing, ...(converted && { converted }) });
}

export interface RestorePlan {
  /** The fields a restore changes, publishing aside. */
  content: FieldChange[];
  /** The publish state and schedule as they are and as the version had them, when they differ. */
  publishing: FieldChange[];
  /** Whether the row has a publish state at all. */
  publishable: boolean;
}

/**
 * What restoring `version` over the row as it is (`current`) changes: only the columns the version
 * holds (columns added since keep their value), without the ones nobody edits (`ignore`).
 */
export function restorePlan(current: RowImage, version: RowImage, ignore: readonly string[]): RestorePlan {
  const now = Object.fromEntries(Object.keys(version).map((field) => [field, current[field] ?? null]));
  const changes = changedFields(now, version, ignore);
  return {
    content: changes.filter((change) => !PUBLISHING_FIELDS.includes(change.field)),
    publishing: changes.filter((change) => PUBLISHING_FIELDS.includes(change.field)),
    publishable: "published" in current,
  };
}

/**
 * A row's publish state in words: "a draft", "published", "scheduled for <when>", "published from
 * <when>" (a schedule that has come), "a draft with Publish at <when>".
 */
export function publishStateOf(row: RowImage, now: number = Date.now()): string {
  const at = typeof row.publish_at === "string" ? row.publish_at : null;
  if (row.published !== true) return at ? `a draft with Publish at ${formatChangedAt(at)}` : "a draft";
  if (!at) return "published";
  const from = parseTimestamp(at);
  return from && from.getTime() > now ? `scheduled for ${formatChangedAt(at)}` : `published from ${formatChangedAt(at)}`;
}

/** Puts a just-deleted row back from its deletion's revision, published as it was: Undo takes the deletion back whole. */
export async function undoDeletion(dataProvider: AdminDataProvider, table: string, rowId: unknown): Promise<RowImage> {
  const { data } = await dataProvider.getList<ContentRevision>(REVISIONS_RESOURCE, {
    pagination: { page: 1, perPage: 1 },
    sort: { field: "id", order: "DESC" },
    filter: { table_name: table, row_id: rowId, action: "delete" },
  });
  const deletion = data[0];
  if (!deletion) throw new Error("The deletion is not in the history");
  return restoreRevision(dataProvider, deletion, { withPublishing: true });
}

/** Who made a change: the admin's email, or the database itself (migrations, the seed). */
export function personOf(revision: Pick<ContentRevision, "changed_by_email" | "changed_by">): string {
  return revision.changed_by_email ?? (revision.changed_by ? "Unknown user" : "System");
}

/** "Nov 22, 2026, 4:42 PM" in the admin's time zone. */
export function formatChangedAt(value: string): string {
  return formatDateTime(value, { locale: "en-US" });
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
];

/** "just now", "2 minutes ago", "3 hours ago", "yesterday": how long ago a change was made. */
export function changedAgo(value: string, now: number = Date.now()): string {
  const date = parseTimestamp(value);
  if (!date) return value;
  const seconds = Math.max(0, (now - date.getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
  for (const [unit, size] of UNITS) if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  return "just now";
}
