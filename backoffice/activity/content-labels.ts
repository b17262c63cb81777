import formSubmissions from "../../shared/content-types/community.ts";
import { fieldLabel, revisionImage, type ContentRevision } from "../../shared/revisions.ts";
import { allConfigs } from "../resources/index.ts";
import type { Choice } from "../../shared/content-type.ts";
import type { ResourceConfig } from "../resources/types.ts";

// How the Activity screen and the dashboard name tables and rows of the history: from the configs,
// and the team's membership (admin_users) and settings (team_settings), whose changes the history
// records too (administrators read them; an editor only their own membership's).

/** The configs of the tables that keep a history (every content table but the form submissions). */
export const historyConfigs: ResourceConfig[] = allConfigs.filter((config) => config.table !== formSubmissions.table);

const byTable = new Map(historyConfigs.map((config) => [config.table, config]));

/** The team's membership: invitations, role changes, removals, ended sessions and reset factors. Not content: nothing restores them. */
export const TEAM_TABLE = "admin_users";
/** The team's settings: whether two-factor sign-in is required. Not content either. */
export const TEAM_SETTINGS_TABLE = "team_settings";
const TEAM_LABELS: Record<string, string> = { [TEAM_TABLE]: "Team", [TEAM_SETTINGS_TABLE]: "Team settings" };
const TEAM_FIELD_LABELS: Record<string, string> = {
  email: "Email",
  role: "Role",
  invited_by: "Invited by",
  created_at: "Added",
  created_account: "Account made by the invitation",
  sessions_ended_at: "Sessions ended",
  factors_reset_at: "Two-factor sign-in reset",
  require_two_factor: "Two-factor sign-in required",
};

export function isTeamChange(revision: Pick<ContentRevision, "table_name">): boolean {
  return revision.table_name in TEAM_LABELS;
}

/**
 * A team change in words: "invited x@y as editor", "changed x@y's role to administrator", "removed
 * x@y", "ended x@y's sessions", "reset x@y's two-factor sign-in", "required two-factor sign-in".
 */
export function teamChangeText(revision: Pick<ContentRevision, "table_name" | "action" | "before" | "after" | "row_id">): string {
  const changed = (field: string) => revision.before?.[field] !== revision.after?.[field];
  if (revision.table_name === TEAM_SETTINGS_TABLE) {
    if (!changed("require_two_factor")) return "updated the team's settings";
    return revision.after?.require_two_factor === true ? "required two-factor sign-in" : "stopped requiring two-factor sign-in";
  }
  const email = String(revision.after?.email ?? revision.before?.email ?? revision.row_id);
  if (revision.action === "insert") return `invited ${email} as ${String(revision.after?.role)}`;
  if (revision.action === "delete") return `removed ${email}`;
  if (changed("role")) return `changed ${email}'s role to ${String(revision.after?.role)}`;
  if (changed("factors_reset_at")) return `reset ${email}'s two-factor sign-in`;
  if (changed("sessions_ended_at")) return `ended ${email}'s sessions`;
  return `updated ${email}`;
}

/** "Blog Posts" for blog_posts. */
export function tableLabel(table: string): string {
  const team = TEAM_LABELS[table];
  if (team) return team;
  const config = byTable.get(table);
  return config ? (config.dashboard ?? config.label) : fieldLabel(table);
}

export const tableChoices: Choice[] = [...historyConfigs.map((config) => config.table), TEAM_TABLE, TEAM_SETTINGS_TABLE]
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
  if (table in TEAM_LABELS) return TEAM_FIELD_LABELS;
  return Object.fromEntries((byTable.get(table)?.fields ?? []).map((field) => [field.source, field.label]));
}
