import type { ResourceConfig } from "../resources/types.ts";

/** A scheduled row: published, its publish_at still ahead. */
export interface UpcomingEntry {
  config: ResourceConfig;
  id: string;
  title: string;
  at: Date;
}

/** The configs whose rows can be scheduled (they have a publish flag, hence publish_at). */
export function schedulableConfigs(configs: readonly ResourceConfig[]): ResourceConfig[] {
  return configs.filter((config) => config.capabilities.publish && config.visibility === "published");
}

/** What an entry is called: as its screen names the row, else its title field. */
export function entryTitle(config: ResourceConfig, row: Record<string, unknown>): string {
  const named = config.recordRepresentation?.(row);
  if (named) return named;
  const field = config.duplicate?.title ?? "title";
  return String(row[field] ?? row.id ?? "");
}

/** Every table's scheduled rows in one list, soonest first (ties by title); past or unscheduled rows are left out. */
export function upcomingEntries(lists: readonly { config: ResourceConfig; rows: readonly Record<string, unknown>[] }[], now: number): UpcomingEntry[] {
  return lists
    .flatMap(({ config, rows }) =>
      rows.flatMap((row) => {
        const at = row.published === true && typeof row.publish_at === "string" ? new Date(row.publish_at) : null;
        if (!at || Number.isNaN(at.getTime()) || at.getTime() <= now) return [];
        return [{ config, id: String(row.id), title: entryTitle(config, row), at }];
      }),
    )
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.title.localeCompare(b.title));
}
