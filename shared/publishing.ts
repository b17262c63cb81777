// When visitors see a row of publishable content: published, and its `publish_at` (if any) has come.
// The database enforces it (the read policies of supabase/migrations/*_scheduled_publishing.sql);
// this is the same rule for what the back office shows about a row.

export interface Publishable {
  published: boolean;
  /** ISO date and time; null or absent: at once. */
  publish_at?: string | null;
}

export type PublicationStatus = { kind: "draft" } | { kind: "scheduled"; at: Date } | { kind: "published" };

export function publicationStatus(row: Publishable, now: number = Date.now()): PublicationStatus {
  if (!row.published) return { kind: "draft" };
  const at = row.publish_at ? new Date(row.publish_at) : null;
  if (at && !Number.isNaN(at.getTime()) && at.getTime() > now) return { kind: "scheduled", at };
  return { kind: "published" };
}

/** "Draft", "Published", or "Scheduled Nov 24, 2026, 9:30 AM" (in the reader's time zone unless given). */
export function statusLabel(status: PublicationStatus, options: { locale?: string; timeZone?: string } = {}): string {
  switch (status.kind) {
    case "draft":
      return "Draft";
    case "published":
      return "Published";
    case "scheduled":
      return `Scheduled ${new Intl.DateTimeFormat(options.locale, { dateStyle: "medium", timeStyle: "short", timeZone: options.timeZone }).format(status.at)}`;
  }
}
