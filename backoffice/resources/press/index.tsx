import FormatQuoteIcon from "@mui/icons-material/FormatQuote";
import { pressQuotes } from "../../../shared/content-tables.ts";
import type { PressQuote } from "../../../shared/types.ts";
import { pressQuoteRules } from "../../../shared/validation.ts";
import { Clamp, DateCell, Thumbnail, TitleCell } from "../../components/cells.tsx";
import { defineResource, publishAtField } from "../types.ts";

/** Press Coverage: the quotes list with New Quote, edit, publish toggle and delete. */
export default defineResource<PressQuote>(pressQuotes, {
  label: "Press",
  title: "Press Coverage",
  icon: FormatQuoteIcon,
  menu: 6,
  dashboard: "Press Quotes",
  noun: "quote",
  recordRepresentation: (record) => record.source,
  sort: { field: "created_at", order: "DESC" },
  searchPlaceholder: "Search quotes...",
  columns: [
    { source: "logo_url", label: "Logo", render: (record) => <Thumbnail url={record.logo_url} size={32} /> },
    { source: "quote", label: "Quote", render: (record) => <Clamp text={`“${record.quote}”`} italic maxWidth={480} /> },
    { source: "source", label: "Source", sortable: true, render: (record) => <TitleCell title={record.source} /> },
    { source: "created_at", label: "Created", sortable: true, render: (record) => <DateCell value={record.created_at} /> },
  ],
  fields: [
    { source: "quote", label: "Quote", kind: "textarea", validate: pressQuoteRules.quote, rows: 3 },
    { source: "source", label: "Source", kind: "text", validate: pressQuoteRules.source, placeholder: "Retro Tech Weekly" },
    { source: "logo_url", label: "Logo URL", kind: "image", validate: pressQuoteRules.logo_url, alt: { source: "logo_alt", decorative: "logo_decorative", validate: pressQuoteRules.logo_alt } },
    publishAtField,
  ],
  capabilities: { create: true, edit: true, delete: true, publish: true },
  duplicate: { title: "source" },
  dialogWidth: "sm",
});
