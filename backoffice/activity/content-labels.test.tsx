import { describe, expect, it } from "vitest";
import type { ContentRevision } from "../../shared/revisions.ts";
import { rowLabel, tableChoices, tableLabel } from "./content-labels.ts";

// Team changes are admin_users revisions: the Activity screen and the dashboard describe them in words.

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
});
