import { formSubmissions } from "../../shared/content-tables.ts";
import { fieldLabel, revisionImage, type ContentRevision } from "../../shared/revisions.ts";
import { allConfigs } from "../resources/index.ts";
import type { Choice, ResourceConfig } from "../resources/types.ts";

// How the Activity screen and the dashboard name tables and rows of the history: from the configs.

/** The configs of the tables that keep a history (every content table but the form submissions). */
export const historyConfigs: ResourceConfig[] = allConfigs.filter((config) => config.table !== formSubmissions.table);

const byTable = new Map(historyConfigs.map((config) => [config.table, config]));

/** "Blog Posts" for blog_posts. */
export function tableLabel(table: string): string {
  const config = byTable.get(table);
  return config ? (config.dashboard ?? config.label) : fieldLabel(table);
}

export const tableChoices: Choice[] = historyConfigs.map((config) => ({ id: config.table, name: tableLabel(config.table) })).sort((a, b) => a.name.localeCompare(b.name));

/** What a revision is about, as its screen names the row ("Launch Update", "RCRT Whitepaper v1.0"). */
export function rowLabel(revision: Pick<ContentRevision, "table_name" | "action" | "before" | "after" | "row_id">): string {
  const image = revisionImage(revision) ?? revision.before ?? revision.after ?? {};
  const config = byTable.get(revision.table_name);
  const named = config?.recordRepresentation?.(image) ?? image.title ?? image.name ?? image.filename;
  return typeof named === "string" && named.trim() ? named : revision.row_id;
}

/** The form labels of a table's fields, for the field-by-field changes. */
export function fieldLabelsOf(table: string): Record<string, string> {
  return Object.fromEntries((byTable.get(table)?.fields ?? []).map((field) => [field.source, field.label]));
}
