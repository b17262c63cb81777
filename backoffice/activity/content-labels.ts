import { formSubmissions } from "../../shared/content-tables.ts";
import { fieldLabel, revisionImage, type ContentRevision } from "../../shared/revisions.ts";
import { allConfigs } from "../resources/index.ts";
import type { Choice, ResourceConfig } from "../resources/types.ts";

// How the Activity screen and the dashboard name tables and rows of the history: from the configs,
// and the team's membership (admin_users), whose changes the history records too.

/** The configs of the tables that keep a history (every content table but the form submissions). */
export const historyConfigs: ResourceConfig[] = allConfigs.filter((config) => config.table !== formSubmissions.table);

const byTable = new Map(historyConfigs.map((config) => [config.table, config]));

/** The team's membership: invitations, role changes and removals. Not content: nothing restores them. */
export const TEAM_TABLE = "admin_users";
const TEAM_LABEL = "Team";
const TEAM_FIELD_LABELS: Record<string, string> = { email: "Email", role: "Role", invited_by: "Invited by", created_at: "Added" };

export function isTeamChange(revision: Pick<ContentRevision, "table_name">): boolean {
  return revision.table_name === TEAM_TABLE;
}

/** A team change in words: "invited x@y as editor", "changed x@y's role to administrator", "removed x@y". */
export function teamChangeText(revision: Pick<ContentRevision, "action" | "before" | "after" | "row_id">): string {
  const email = String(revision.after?.email ?? revision.before?.email ?? revision.row_id);
  if (revision.action === "insert") return `invited ${email} as ${String(revision.after?.role)}`;
  if (revision.action === "delete") return `removed ${email}`;
  if (revision.before?.role !== revision.after?.role) return `changed ${email}'s role to ${String(revision.after?.role)}`;
  return `updated ${email}`;
}

/** "Blog Posts" for blog_posts. */
export function tableLabel(table: string): string {
  if (table === TEAM_TABLE) return TEAM_LABEL;
  const config = byTable.get(table);
  return config ? (config.dashboard ?? config.label) : fieldLabel(table);
}

export const tableChoices: Choice[] = [...historyConfigs.map((config) => config.table), TEAM_TABLE]
  .map((table) => ({ id: table, name: tableLabel(table) }))
  .sort((a, b) => a.name.localeCompare(b.name));

/** What a revision is about, as its screen names the row ("Launch Update", "RCRT Whitepaper v1.0"), or the team change in words. */
export function rowLabel(revision: Pick<ContentRevision, "table_name" | "action" | "before" | "after" | "row_id">): string {
  if (isTeamChange(revision)) return teamChangeText(revision);
  const image = revisionImage(revision) ?? revision.before ?? revision.after ?? {};
  const config = byTable.get(revision.table_name);
  const named = config?.recordRepresentation?.(image) ?? image.title ?? image.name ?? image.filename;
  return typeof named === "string" && named.trim() ? named : revision.row_id;
}

/** The form labels of a table's fields, for the field-by-field changes. */
export function fieldLabelsOf(table: string): Record<string, string> {
  if (table === TEAM_TABLE) return TEAM_FIELD_LABELS;
  return Object.fromEntries((byTable.get(table)?.fields ?? []).map((field) => [field.source, field.label]));
}
