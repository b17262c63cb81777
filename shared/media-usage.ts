import type { ContentTable } from "./content-type.ts";

/** Where `media_usage()` looks: one content table's columns that may hold an asset's URL. */
export interface MediaUsageSource {
  name: string;
  table: string;
  columns: string[];
  label: string;
}

/** One row that uses an asset, as `media_usage()` returns it. */
export interface MediaUse {
  url: string;
  /** The content table's route name (`blog`, `collections`, ...). */
  kind: string;
  id: string;
  label: string;
}

/**
 * Newsletters already sent: their mails show the post's images as they were, from the assets'
 * addresses, so deleting such an asset breaks mails in subscribers' inboxes. Administrators see
 * these uses (the sends are theirs alone to read).
 */
export const SENT_NEWSLETTERS: MediaUsageSource = { name: "Newsletters", table: "newsletter_sends", columns: ["image_url", "content"], label: "subject" };

/**
 * The content tables with media references (CONTENT_TABLES, shared/content-tables.ts; under plain
 * Node, scripts/content-tables.ts) and the sent newsletters, in the shape `media_usage(urls, sources)` takes.
 */
export function mediaUsageSources(tables: readonly ContentTable[]): MediaUsageSource[] {
  return [
    ...tables.flatMap((entry) =>
      entry.mediaReferences ? [{ name: entry.name, table: entry.table, columns: [...entry.mediaReferences.columns], label: entry.mediaReferences.label }] : [],
    ),
    SENT_NEWSLETTERS,
  ];
}

/** The uses of each asset URL, in a stable order (by kind, then label). */
export function usesByUrl(uses: readonly MediaUse[]): Map<string, MediaUse[]> {
  const grouped = new Map<string, MediaUse[]>();
  for (const use of [...uses].sort((a, b) => a.kind.localeCompare(b.kind) || a.label.localeCompare(b.label))) {
    grouped.set(use.url, [...(grouped.get(use.url) ?? []), use]);
  }
  return grouped;
}

/** "Not used", "Used in 1 place", "Used in 3 places". */
export function usageSummary(count: number): string {
  if (count === 0) return "Not used";
  return count === 1 ? "Used in 1 place" : `Used in ${count} places`;
}

/** One use as a person reads it: "Blog Posts: Our first prototype". */
export function describeUse(use: MediaUse, labelOf: (kind: string) => string): string {
  return `${labelOf(use.kind)}: ${use.label}`;
}

/** The warning above the usual confirmation when the asset about to be deleted is in use. */
export function deleteWarning(count: number): string {
  const items = count === 1 ? "1 item uses" : `${count} items use`;
  return `${items} this asset and will show a missing image once it is deleted:`;
}
