import QuizIcon from "@mui/icons-material/QuizOutlined";
import { faqEntries } from "../../../shared/content-tables.ts";
import type { FaqEntry } from "../../../shared/types.ts";
import { faqEntryRules } from "../../../shared/validation.ts";
import { Clamp, TitleCell } from "../../components/cells.tsx";
import { defineResource, moveItem, nextOrderOf, publishAtField } from "../types.ts";

/** FAQ: the Contact page's questions, in order; the site shows its built-in list until one is published. */
export default defineResource<FaqEntry>(faqEntries, {
  label: "FAQ",
  title: "Frequently Asked Questions",
  icon: QuizIcon,
  menu: 9,
  dashboard: "FAQ Entries",
  noun: "question",
  recordRepresentation: (record) => record.question,
  sort: { field: "order", order: "ASC" },
  searchPlaceholder: "Search questions...",
  columns: [
    { source: "order", label: "#", sortable: true, render: (record) => record.order },
    { source: "question", label: "Question", sortable: true, render: (record) => <TitleCell title={record.question} /> },
    { source: "answer", label: "Answer", render: (record) => <Clamp text={record.answer} maxWidth={480} /> },
  ],
  smallScreenColumns: ["question"],
  fields: [
    { source: "question", label: "Question", kind: "text", validate: faqEntryRules.question },
    { source: "answer", label: "Answer", kind: "textarea", rows: 4, validate: faqEntryRules.answer },
    { source: "order", label: "Order", kind: "number", half: true, validate: faqEntryRules.order },
    publishAtField,
  ],
  capabilities: { create: true, edit: true, delete: true, publish: true, reorder: true },
  duplicate: { title: "question" },
  dialogWidth: "sm",
  defaults: async (dataProvider) => ({ order: await nextOrderOf(dataProvider, faqEntries.name) }),
  transform: (data) => ({ ...data, order: Number(data.order ?? 0) }),
  move: moveItem(faqEntries.table),
});
