import { ADMIN_WRITES_ALL, defineContentType, publishAtField } from "../content-type.ts";
import { TEXT_LIMITS } from "../limits.ts";
import { DOCUMENT_LIMITS, type RichTextDocument } from "../rich-text/document.ts";
import { documentWithin, requiredDocument } from "../rich-text/rules.ts";
import { isNumber, limitedTo, minValue, required, type RuleMap } from "../validation.ts";

/** A question of the Contact page's FAQ; visitors see the published ones in `order`. */
export interface FaqEntry {
  id: string;
  question: string;
  /** A rich-text document (shared/rich-text/document.ts). */
  answer: RichTextDocument;
  order: number;
  published: boolean;
  /** Visitors see the row from this moment on (null: as soon as it is published); see shared/publishing.ts. */
  publish_at?: string | null;
  created_at: string;
}

export const faqEntryRules = {
  question: [required("Question is required"), limitedTo(TEXT_LIMITS.question, "Question")],
  answer: [requiredDocument("Answer is required"), documentWithin(DOCUMENT_LIMITS.answer, "Answer")],
  order: [isNumber("Order must be a number"), minValue(0, "Order must be at least 0")],
} satisfies RuleMap;

/** FAQ: the Contact page's questions, in order; the site shows its built-in list until one is published. */
export default defineContentType<FaqEntry>({
  name: "faq",
  table: "faq_entries",
  visibility: "published",
  translatable: ["question", "answer"],
  adminWrites: ADMIN_WRITES_ALL,
  searchFields: ["question", "answer"],
  sitePath: () => "/contact",
  limits: { question: TEXT_LIMITS.question },
  example: {
    row: (n) => ({ question: `Question ${n}?`, answer: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "An answer." }] }] }, order: 100 + n }),
    change: { question: "Changed?" },
  },
  screen: {
    label: "FAQ",
    title: "Frequently Asked Questions",
    // QuizOutlined
    icon: "M4 6H2v14c0 1.1.9 2 2 2h14v-2H4zm16-4H8c-1.1 0-2 .9-2 2v12c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2m0 14H8V4h12zm-6.49-5.84c.41-.73 1.18-1.16 1.63-1.8.48-.68.21-1.94-1.14-1.94-.88 0-1.32.67-1.5 1.23l-1.37-.57C11.51 5.96 12.52 5 13.99 5c1.23 0 2.08.56 2.51 1.26.37.6.58 1.73.01 2.57-.63.93-1.23 1.21-1.56 1.81-.13.24-.18.4-.18 1.18h-1.52c.01-.41-.06-1.08.26-1.66m-.56 3.79c0-.59.47-1.04 1.05-1.04.59 0 1.04.45 1.04 1.04 0 .58-.44 1.05-1.04 1.05-.58 0-1.05-.47-1.05-1.05",
    menu: 9,
    dashboard: "FAQ Entries",
    noun: "question",
    recordRepresentation: (record) => record.question,
    sort: { field: "order", order: "ASC" },
    searchPlaceholder: "Search questions...",
    columns: [
      { source: "order", label: "#", kind: "position", sortable: true },
      { source: "question", label: "Question", kind: "title", sortable: true },
      { source: "answer", label: "Answer", kind: "clamp", maxWidth: 480 },
    ],
    smallScreenColumns: ["question"],
    fields: [
      { source: "question", label: "Question", kind: "text", validate: faqEntryRules.question },
      { source: "answer", label: "Answer", kind: "richText", rows: 4, limits: DOCUMENT_LIMITS.answer, validate: faqEntryRules.answer },
      { source: "order", label: "Order", kind: "number", half: true, validate: faqEntryRules.order },
      publishAtField,
    ],
    capabilities: { create: true, edit: true, delete: true, publish: true, reorder: true },
    duplicate: { title: "question" },
    dialogWidth: "sm",
    defaults: async ({ nextOrder }) => ({ order: await nextOrder() }),
    transform: (data) => ({ ...data, order: Number(data.order ?? 0) }),
  },
});
