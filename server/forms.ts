import formSubmissions from "../shared/content-types/community.ts";
import { contactRules, validateRecord, waitlistRules, type RuleMap } from "../shared/validation.ts";
import { FORM_ANSWER, FORM_SUCCESS } from "../shared/form-messages.ts";
import { formLanguage, MALFORMED_FORM_LANGUAGE } from "../shared/form-language.ts";
import { formIdempotencyKey, IDEMPOTENCY_KEY_FIELD, MALFORMED_IDEMPOTENCY_KEY } from "../shared/idempotency-key.ts";
import { isPublicRoute } from "../shared/routes.ts";
import { DEFAULT_LANGUAGE, type Language } from "../shared/languages.ts";
import { RestError, type SupabaseRest } from "./supabase-rest.ts";
import { escapeHtml } from "../shared/html-meta.ts";

/** A Map, not an object: a form name such as `constructor` or `__proto__` must not find an inherited property. */
const FORMS = new Map<string, RuleMap>([
  ["waitlist", waitlistRules],
  ["newsletter", waitlistRules],
  ["contact", contactRules],
]);

const FIELD_LABELS = { email: "Email", name: "Name", message: "Message" } as const;
type Field = keyof typeof FIELD_LABELS;

/**
 * The largest body a form can need: every field of a submission at its limit (the database's, from
 * the content-table list), each code point URL-encoded as up to 12 bytes, and room for the names.
 * A body over it cannot hold a valid form; one under it gets each field's own message.
 */
export const FORM_BODY_LIMIT = Object.values(formSubmissions.limits).reduce((total, limit) => total + limit * 12, 1024);
/** Control characters (NUL among them) have no place in a form's text; tab and line breaks do. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

type IntakeResult =
  | { status: 200; body: { ok: true } }
  | { status: 400 | 503; body: { error: string; fields?: Record<string, string> } };

export const INTAKE_UNAVAILABLE = FORM_ANSWER.unavailable;

/**
 * The form intake behind `POST /` (waitlist, newsletter, contact), validated with the same rules as
 * the site's forms and written through the REST API with the service role: visitors never get write
 * access to the table. A filled honeypot (`bot-field`) is answered like a success and dropped. The
 * optional `language` field (the page's, shared/form-language.ts) is stored with the submission, and
 * so is the optional `idempotency-key` (shared/idempotency-key.ts), which folds a retry into its first post.
 */
export async function takeForm(service: SupabaseRest, form: URLSearchParams): Promise<IntakeResult> {
  const kind = form.get("form-name") ?? "";
  const rules = FORMS.get(kind);
  if (!rules) return { status: 400, body: { error: "Unknown form: form-name must be waitlist, newsletter or contact" } };
  if ((form.get("bot-field") ?? "") !== "") return { status: 200, body: { ok: true } };

  // The form's own fields only (its rules name them, lengths included): a waitlist sign-up stores no
  // name or message, whatever was posted with it.
  const values = Object.fromEntries(Object.keys(rules).map((field) => [field, (form.get(field) ?? "").trim()])) as Partial<Record<Field, string>>;
  const unreadable = Object.entries(values).filter(([, value]) => CONTROL_CHARACTERS.test(value));
  const fields: Record<string, string> = {
    ...(validateRecord(rules, values) as Record<string, string>),
    ...Object.fromEntries(unreadable.map(([field]) => [field, `${FIELD_LABELS[field as Field]} contains characters that are not allowed`])),
  };
  const first = Object.values(fields)[0];
  if (first) return { status: 400, body: { error: first, fields } };
  // The page's language (the site's forms send it); not a field the visitor fills in.
  const language = formLanguage(form.get("language"));
  if (!language) return { status: 400, body: { error: MALFORMED_FORM_LANGUAGE } };
  // The page's key for this filling of the form: a post sent again with it is the same submission.
  const key = formIdempotencyKey(form.get(IDEMPOTENCY_KEY_FIELD));
  if (key === undefined) return { status: 400, body: { error: MALFORMED_IDEMPOTENCY_KEY } };

  try {
    const row = { kind, email: values.email, name: values.name || null, message: values.message || null, language, idempotency_key: key };
    // A key already stored: the database keeps the first post's row and this one answers as it did.
    await service.insert("form_submissions", row, "idempotency_key");
  } catch (error) {
    // A row the database refuses (a rule it holds that the form's did not) is the sender's to fix.
    if (error instanceof RestError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 403) {
      return { status: 400, body: { error: FORM_ANSWER.refused } };
    }
    throw error;
  }
  return { status: 200, body: { ok: true } };
}

/**
 * Where the answer page's "Back to the site" leads: the referring page when it is a page of this
 * site, else the home page. Never another origin, whatever the Referer says.
 */
export function backLink(referer: string | undefined, host: string | undefined): string {
  if (!referer || !host || !URL.canParse(referer)) return "/";
  const url = new URL(referer);
  if (url.host !== host || !/^https?:$/.test(url.protocol) || !isPublicRoute(url.pathname)) return "/";
  return `${url.pathname}${url.search}`;
}

const SUCCESS_TEXT = new Map<string, { heading: string; text: string }>(Object.entries(FORM_SUCCESS));

export type IntakeAnswer = IntakeResult | { status: 429; body: { error: string } };


/** A sentence of an answer (the default language's) in the page's language, or undefined where it has none. */
export type AnswerTranslation = (english: string) => string | undefined;

/**
 * What the answer page says: its heading, and its content as HTML (the text and the way back), in
 * the default language's words or, with `translate`, in the page's; a sentence without a
 * translation stays as it is, marked with its language.
 */
export function intakeAnswer(kind: string, result: IntakeAnswer, back: string, translate?: AnswerTranslation): { heading: string; html: string } {
  const { heading, text } =
    result.status === 200 ? (SUCCESS_TEXT.get(kind) ?? SUCCESS_TEXT.get("waitlist")!) : { heading: result.status === 400 ? FORM_ANSWER.checkForm : FORM_ANSWER.tryLater, text: result.body.error };
  const say = (english: string) => {
    const shown = translate ? translate(english) : english;
    return shown === undefined ? `<span lang="${DEFAULT_LANGUAGE}">${escapeHtml(english)}</span>` : escapeHtml(shown);
  };
  return { heading: translate?.(heading) ?? heading, html: `<h1>${say(heading)}</h1><p>${say(text)}</p><p><a href="${escapeHtml(back)}">${say(FORM_ANSWER.back)}</a></p>` };
}

/**
 * The answer to a form posted without JavaScript (the browser navigates to the response): a small
 * page saying what happened, with a way back, instead of the JSON that scripts read. The web tier
 * serves it inside the site's header and footer (SiteRenderer.formAnswer); this plain page is for
 * development, which has no built site, and stands in should that rendering fail.
 */
export function intakePage(kind: string, result: IntakeAnswer, back: string): string {
  const { heading, html } = intakeAnswer(kind, result, back);
  return standalonePage(heading, html);
}

/** A page of the web tier's own with no site around it and no script: a heading's title and `html`, in `language`. */
export function standalonePage(heading: string, html: string, language: Language = DEFAULT_LANGUAGE): string {
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(heading)} | RCRT</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;background:#12061f;color:#f4ecff;font:16px/1.6 system-ui,sans-serif}main{max-width:32rem;padding:2rem;text-align:center}h1{color:#ff6ec7}a{color:#7ef9ff}button{font:inherit;padding:.5rem 1rem}</style>
</head>
<body><main>${html}</main></body>
</html>`;
}
