import { ADMIN_WRITES_ALL, defineContentType } from "../content-type.ts";
import { TEXT_LIMITS } from "../limits.ts";
import { DOCUMENT_LIMITS, type RichTextDocument } from "../rich-text/document.ts";
import { documentWithin, requiredDocument } from "../rich-text/rules.ts";
import { limitedTo, required, type RuleMap } from "../validation.ts";

/** A newsletter that is not a post: written with the posts' rich editor, mailed once, never on the site. */
export interface NewsletterMail {
  id: string;
  subject: string;
  content: RichTextDocument;
  created_at: string;
}

export const newsletterMailRules = {
  subject: [required("Subject is required"), limitedTo(TEXT_LIMITS.title, "Subject")],
  content: [requiredDocument("Content is required"), documentWithin(DOCUMENT_LIMITS.content, "Content")],
} satisfies RuleMap;

/** Newsletter Mails: written, tested and sent (now or later) from their rows by administrators; the send dialog is backoffice/resources/mails/. */
export default defineContentType<NewsletterMail>({
  name: "mails",
  table: "newsletter_mails",
  visibility: "admins",
  adminWrites: ADMIN_WRITES_ALL,
  searchFields: ["subject"],
  // Administrators' drafts of mails, not the site's content.
  contentSearch: false,
  limits: { subject: TEXT_LIMITS.title },
  example: {
    row: (n) => ({ subject: `Mail ${n}`, content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "News for subscribers." }] }] } }),
    change: { subject: "Changed subject" },
  },
  screen: {
    label: "Mails",
    title: "Newsletter Mails",
    // MailOutlined
    icon: "M22 6c0-1.1-.9-2-2-2H4c-1.1 0-2 .9-2 2v12c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2zm-2 0-8 4.99L4 6zm0 12H4V8l8 5 8-5z",
    menu: 7.5,
    // Sending is administrators' work (the database refuses these rows to editors).
    access: "administrators",
    noun: "mail",
    recordRepresentation: (record) => record.subject,
    sort: { field: "created_at", order: "DESC" },
    searchPlaceholder: "Search mails...",
    columns: [
      { source: "subject", label: "Subject", kind: "title", sortable: true },
      { source: "created_at", label: "Created", kind: "date", sortable: true },
    ],
    fields: [
      { source: "subject", label: "Subject", kind: "text", validate: newsletterMailRules.subject, placeholder: "What is new at RCRT" },
      { source: "content", label: "Content", kind: "richText", validate: newsletterMailRules.content, rows: 14 },
    ],
    capabilities: { create: true, edit: true, delete: true },
    duplicate: { title: "subject" },
    dialogWidth: "md",
  },
});
