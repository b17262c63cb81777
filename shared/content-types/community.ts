import { defineContentType } from "../content-type.ts";
import { TEXT_LIMITS } from "../limits.ts";
import type { FormKind } from "../types.ts";

/** A waitlist, newsletter or contact form received by the intake; admins triage them. */
export interface FormSubmission {
  id: string;
  kind: FormKind;
  email: string;
  /** Only contact messages carry a name and a message. */
  name: string | null;
  message: string | null;
  created_at: string;
  /** The latest time the address signed up again; `created_at` for a first and only sign-up. */
  last_submitted_at: string;
  handled: boolean;
  /** The code of the language of the page it was sent from (shared/form-language.ts): the one to answer in. */
  language: string;
  /** The sending page's key for this filling of the form (shared/idempotency-key.ts); null when posted without JavaScript. */
  idempotency_key: string | null;
}

/** Community: the inbox of the site's forms (read and mark handled; the intake writes them); its screen is backoffice/resources/community/. */
export default defineContentType<FormSubmission>({
  name: "community",
  table: "form_submissions",
  visibility: "admins",
  // The intake inserts them; admins only mark them handled; nobody deletes.
  adminWrites: { insert: false, update: true, delete: false },
  searchFields: ["email", "name", "message"],
  // People's messages, not content: the inbox has its own search.
  contentSearch: false,
  limits: { email: TEXT_LIMITS.email, name: TEXT_LIMITS.title, message: TEXT_LIMITS.message },
  example: { row: (n) => ({ kind: "contact", email: `person${n}@example.com`, name: "Ada", message: "Hello" }), change: { handled: true } },
  screen: {
    label: "Community",
    title: "Community Inbox",
    // ForumOutlined
    icon: "M15 4v7H5.17L4 12.17V4zm1-2H3c-.55 0-1 .45-1 1v14l4-4h10c.55 0 1-.45 1-1V3c0-.55-.45-1-1-1m5 4h-2v9H6v2c0 .55.45 1 1 1h11l4 4V7c0-.55-.45-1-1-1",
    menu: 7,
    // People's messages: administrators only (the database refuses them to editors).
    access: "administrators",
    noun: "submission",
    sort: { field: "created_at", order: "DESC" },
    columns: [],
    fields: [],
    capabilities: {},
  },
});
