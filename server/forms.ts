import type { PGliteInterface } from "@electric-sql/pglite";
import { contactRules, validateRecord, waitlistRules, type RuleMap } from "../shared/validation.ts";
import { asCaller } from "../supabase/local/caller.ts";

const FORMS: Record<string, RuleMap> = {
  waitlist: waitlistRules,
  newsletter: waitlistRules,
  contact: contactRules,
};

const MAX_FIELD_LENGTH = { email: 320, name: 200, message: 5000 } as const;

export type IntakeResult = { status: 200; body: { ok: true } } | { status: 400; body: { error: string; fields?: Record<string, string> } };

/**
 * The form intake behind `POST /` (waitlist, newsletter, contact), validated with the same rules as
 * the site's forms and written as the service role: visitors never get write access to the table.
 * A filled honeypot (`bot-field`) is answered like a success and dropped.
 */
export async function takeForm(pg: PGliteInterface, form: URLSearchParams): Promise<IntakeResult> {
  const kind = form.get("form-name") ?? "";
  const rules = FORMS[kind];
  if (!rules) return { status: 400, body: { error: "Unknown form: form-name must be waitlist, newsletter or contact" } };
  if ((form.get("bot-field") ?? "") !== "") return { status: 200, body: { ok: true } };

  const values = {
    email: (form.get("email") ?? "").trim(),
    name: (form.get("name") ?? "").trim(),
    message: (form.get("message") ?? "").trim(),
  };
  const fields = validateRecord(rules, values) as Record<string, string>;
  for (const [field, max] of Object.entries(MAX_FIELD_LENGTH)) {
    if (values[field as keyof typeof values].length > max) fields[field] ??= `${field} must be at most ${max} characters`;
  }
  const first = Object.values(fields)[0];
  if (first) return { status: 400, body: { error: first, fields } };

  await asCaller(pg, { role: "service_role", claims: { role: "service_role" } }, (tx) =>
    tx.query("insert into public.form_submissions (kind, email, name, message) values ($1, $2, nullif($3, ''), nullif($4, ''))", [
      kind,
      values.email,
      values.name,
      values.message,
    ]),
  );
  return { status: 200, body: { ok: true } };
}
