import { HttpError } from "ra-core";
import { ALT_TEXT_REQUIRED } from "../../shared/rich-text/publish-checks.ts";

/** The body of a PostgREST error: Postgres' SQLSTATE, message and details. */
interface PostgrestErrorBody {
  code?: string;
  message?: string;
  details?: string | null;
}

const UNIQUE_VIOLATION = "23505";
const CHECK_VIOLATION = "23514";
const NOT_NULL_VIOLATION = "23502";

/** `Key (slug)=(my-post) already exists.` -> slug */
function uniqueColumn(body: PostgrestErrorBody): string | undefined {
  return /Key \(([^)]+)\)=/.exec(body.details ?? "")?.[1];
}

/**
 * The column a constraint is named after: `blog_posts_slug_check` or `blog_posts_slug_key` on table
 * blog_posts -> slug (Postgres' default names, and ours).
 */
function constrainedColumn(body: PostgrestErrorBody, table: string, fields: readonly string[]): string | undefined {
  const constraint = /constraint "([^"]+)"/.exec(body.message ?? "")?.[1];
  if (!constraint?.startsWith(`${table}_`)) return undefined;
  const rest = constraint.slice(table.length + 1);
  return [...fields].sort((a, b) => b.length - a.length).find((field) => rest === field || rest.startsWith(`${field}_`));
}

/** `null value in column "title" of relation ...` -> title */
function nullColumn(body: PostgrestErrorBody): string | undefined {
  return /column "([^"]+)"/.exec(body.message ?? "")?.[1];
}

/**
 * Checks whose refusal says more than "check its format and length": the rich-text fields' rules
 * (docs/rich-text-migration.md), in the words the forms use for the same rules.
 */
const CHECK_MESSAGES: Readonly<Record<string, string>> = {
  blog_posts_content_not_blank: "Content is required",
  faq_entries_answer_not_blank: "Answer is required",
  whitepaper_sections_content_not_blank: "Section content is required",
  // As the editor says it before saving (shared/rich-text/publish-checks.ts).
  blog_posts_content_image_without_alt: ALT_TEXT_REQUIRED,
  whitepaper_sections_image_without_alt: ALT_TEXT_REQUIRED,
};

function label(field: string): string {
  return field.replace(/_/g, " ");
}

const required = (field: string) => `${label(field).replace(/^./, (first) => first.toUpperCase())} is required`;

/**
 * A translation published before every field with a value in its record is translated
 * (supabase/schemas/13_translations.sql): its detail lists the missing columns, each as "<Field> is required".
 */
function incompleteTranslation(error: PostgrestErrorBody, fields: readonly string[]): Record<string, string> | null {
  if (!/published only when complete/.test(error.message ?? "")) return null;
  const missing = (error.details ?? "").split(",").map((column) => column.trim()).filter((column) => fields.includes(column));
  return missing.length > 0 ? Object.fromEntries(missing.map((column) => [column, required(column)])) : null;
}

/**
 * The form errors of a write the database refused on a constraint, keyed by field, in words an
 * admin understands ("This slug is already used by another post"); null when the error is not one
 * of those or names no field of the form.
 */
export function constraintFieldErrors(body: unknown, table: string, noun: string, fields: readonly string[]): Record<string, string> | null {
  if (!body || typeof body !== "object") return null;
  const error = body as PostgrestErrorBody;
  const pick = (field: string | undefined, message: (field: string) => string) =>
    field && fields.includes(field) ? { [field]: message(field) } : null;
  switch (error.code) {
    case UNIQUE_VIOLATION: {
      // PostgREST names the column in `details`; the local backend gives only the constraint's name.
      const columns = uniqueColumn(error)?.split(",").map((column) => column.trim().replace(/^"|"$/g, "")) ?? [];
      const column = columns.find((candidate) => fields.includes(candidate)) ?? constrainedColumn(error, table, fields);
      return pick(column, (field) => `This ${label(field)} is already used by another ${noun}`);
    }
    case CHECK_VIOLATION: {
      const incomplete = incompleteTranslation(error, fields);
      if (incomplete) return incomplete;
      const constraint = /constraint "([^"]+)"/.exec(error.message ?? "")?.[1] ?? "";
      const message = Object.hasOwn(CHECK_MESSAGES, constraint) ? CHECK_MESSAGES[constraint] : undefined;
      return pick(constrainedColumn(error, table, fields), (field) => message ?? `This ${label(field)} is not accepted: check its format and length`);
    }
    case NOT_NULL_VIOLATION:
      return pick(nullColumn(error), required);
    default:
      return null;
  }
}

/**
 * The same error with `body.errors` filled in when it maps to form fields: react-admin's forms show
 * those under the fields (server-side validation) instead of a notification.
 */
export function withFieldErrors(error: unknown, table: string, noun: string, fields: readonly string[]): unknown {
  // Duck-typed: the HttpError of ra-data-postgrest may come from another build of ra-core (CJS/ESM).
  const { status, body } = (error ?? {}) as { status?: unknown; body?: unknown };
  if (typeof status !== "number") return error;
  const errors = constraintFieldErrors(body, table, noun, fields);
  if (!errors) return error;
  return new HttpError(Object.values(errors)[0]!, status, { ...(body as object), errors });
}
