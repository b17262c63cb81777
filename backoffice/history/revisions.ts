import { formatDateTime, parseTimestamp } from "../../shared/format.ts";
import type { ContentRevision, RowImage } from "../../shared/revisions.ts";
import type { AdminDataProvider } from "../lib/data-provider.ts";

// Reading and restoring content history through the API (content_revisions, restore_revision();
// see supabase/migrations/20261124000400_content_revisions.sql).

/** The react-admin resource of the revisions (the table itself: it has no screen config). */
export const REVISIONS_RESOURCE = "content_revisions";

/** Restores the version a revision recorded (or the one before it) and returns the row as it now is. */
export function restoreRevision(dataProvider: AdminDataProvider, revisionId: number, useBefore = false): Promise<RowImage> {
  return dataProvider.rpc<RowImage>("restore_revision", { revision_id: revisionId, use_before: useBefore });
}

/** Puts a just-deleted row back from its deletion's revision. */
export async function undoDeletion(dataProvider: AdminDataProvider, table: string, rowId: unknown): Promise<RowImage> {
  const { data } = await dataProvider.getList<ContentRevision>(REVISIONS_RESOURCE, {
    pagination: { page: 1, perPage: 1 },
    sort: { field: "id", order: "DESC" },
    filter: { table_name: table, row_id: rowId, action: "delete" },
  });
  const deletion = data[0];
  if (!deletion) throw new Error("The deletion is not in the history");
  return restoreRevision(dataProvider, deletion.id);
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
