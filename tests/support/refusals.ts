import { expect } from "vitest";

// What a refused table operation answers through the API, case by case, so that a "denied" case of
// the role and RLS matrices fails on any other outcome: a 500, a server that is down, a missing
// table or a wrong column are errors too, and "it failed somehow" passed on all of them.
//
// Postgres refuses in one of two ways. Where the caller's role has no privilege for the operation
// (the table's grants), the statement itself is refused: 42501, "permission denied for table …".
// Where it has the privilege, the row policies decide, and a row they hide is simply not there: a
// select, update or delete answers no error and no rows. (An insert a policy refuses is 42501 too.)

export type Operation = "select" | "insert" | "update" | "delete";
/** The database role a request runs as: visitors are anon, every signed-in account authenticated. */
export type DatabaseRole = "anon" | "authenticated";

/** A refusal as the API gives it: the error's code, or no error and no rows ("filtered"). */
export type Refusal = { code: string } | "filtered";
export const PERMISSION_DENIED: Refusal = { code: "42501" };
export const FILTERED: Refusal = "filtered";

/**
 * The operations each database role holds no privilege for, as the migrations grant them
 * (supabase/migrations/*_security.sql, *_faq_entries.sql, *_team.sql), written out here rather than
 * read from the product. Visitors write to no table at all; what they may not even read is listed.
 * Signed-in callers hold Supabase's default grants but where listed. Signed-in callers may update
 * form_submissions' `handled` column only; the matrices' change to a submission is that column.
 */
const NO_PRIVILEGE: Record<DatabaseRole, Record<string, readonly Operation[]>> = {
  anon: {
    admin_users: ["select"],
    form_submissions: ["select"],
    media_assets: ["select"],
    newsletter_mails: ["select"],
  },
  authenticated: {
    admin_users: ["insert", "update", "delete"],
    form_submissions: ["insert", "delete"],
    whitepaper: ["delete"],
  },
};

/** How the database refuses `operation` on `table` to a caller of `role` whom the security model denies it. */
export function refusalOf(table: string, role: DatabaseRole, operation: Operation): Refusal {
  if (operation === "insert" || (role === "anon" && operation !== "select")) return PERMISSION_DENIED;
  return NO_PRIVILEGE[role][table]?.includes(operation) ? PERMISSION_DENIED : FILTERED;
}

/** Asserts that an API answer is exactly the refusal expected: that error code, or no error and no rows. */
export function expectRefused(answer: { data: unknown; error: { code?: string; message?: string } | null }, refusal: Refusal, context?: string): void {
  if (refusal === "filtered") expect({ error: answer.error, data: answer.data }, context).toEqual({ error: null, data: [] });
  else expect(answer.error, context).toMatchObject(refusal);
}
