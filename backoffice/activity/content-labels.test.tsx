import { describe, expect, it } from "vitest";
import type { ContentRevision } from "../../shared/revisions.ts";
import { rowLabel, tableChoices, tableLabel } from "./content-labels.ts";

// Team changes are admin_users and team_settings revisions: the Activity screen and the dashboard
// describe them in words.

const revision = (fields: Pick<ContentRevision, "action" | "before" | "after">) => ({ table_name: "admin_users", row_id: "b7e6", ...fields });
const row = (email: string, role: string) => ({ id: "b7e6", email, role, created_at: "2026-11-24T07:00:00Z", invited_by: "a0a0" });

describe("team changes in the activity", () => {
  it("are listed as Team, and can be filtered as such", () => {
    expect(tableLabel("admin_users")).toBe("Team");
    expect(tableChoices).toContainEqual({ id: "admin_users", name: "Team" });
  });

  it("say what happened: an invitation, a role change, a removal", () => {
    expect(rowLabel(revision({ action: "insert", before: null, after: row("x@y.com", "editor") }))).toBe("invited x@y.com as editor");
    expect(rowLabel(revision({ action: "update", before: row("x@y.com", "editor"), after: row("x@y.com", "administrator") }))).toBe("changed x@y.com's role to administrator");
    expect(rowLabel(revision({ action: "delete", before: row("x@y.com", "administrator"), after: null }))).toBe("removed x@y.com");
  });

  it("say when an administrator ended a member's sessions or reset their second factors", () => {
    const before = { ...row("x@y.com", "editor"), sessions_ended_at: null, factors_reset_at: null };
    expect(rowLabel(revision({ action: "update", before, after: { ...before, sessions_ended_at: "2026-11-28T09:00:00Z" } }))).toBe("ended x@y.com's sessions");
    expect(rowLabel(revision({ action: "update", before, after: { ...before, factors_reset_at: "2026-11-28T09:00:00Z" } }))).toBe("reset x@y.com's two-factor sign-in");
  });

  it("name the team's two-factor requirement, as Team settings", () => {
    expect(tableChoices).toContainEqual({ id: "team_settings", name: "Team settings" });
    const setting = (from: boolean, to: boolean) => ({ table_name: "team_settings", row_id: "0000", action: "update" as const, before: { require_two_factor: from }, after: { require_two_factor: to } });
    expect(rowLabel(setting(false, true))).toBe("required two-factor sign-in");
    expect(rowLabel(setting(true, false))).toBe("stopped requiring two-factor sign-in");
  });
});
