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

const SUCCESS_TEXT: Record<string, { heading: string; text: string }> = {
  waitlist: { heading: "Thank You!", text: "We'll be in touch soon with updates about RCRT." },
  newsletter: { heading: "Thank You!", text: "You're subscribed to RCRT's build notes and launch news." },
  contact: { heading: "Message sent successfully!", text: "We'll get back to you soon." },
};

/**
 * The answer to a form posted without JavaScript (the browser navigates to the response): a small
 * page saying what happened, with a way back, instead of the JSON that scripts read.
 */
export function intakePage(kind: string, result: IntakeResult, back: string): string {
  const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  const { heading, text } =
    result.status === 200 ? (SUCCESS_TEXT[kind] ?? SUCCESS_TEXT.waitlist!) : { heading: "Please check the form", text: result.body.error };
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(heading)} | RCRT</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;background:#12061f;color:#f4ecff;font:16px/1.6 system-ui,sans-serif}main{max-width:32rem;padding:2rem;text-align:center}h1{color:#ff6ec7}a{color:#7ef9ff}</style>
</head>
<body><main><h1>${escape(heading)}</h1><p>${escape(text)}</p><p><a href="${escape(back)}">Back to the site</a></p></main></body>
</html>`;
}
