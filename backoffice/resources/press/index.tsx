import FormatQuoteIcon from "@mui/icons-material/FormatQuote";
import { pressQuoteRules } from "../../../shared/validation.ts";
import { Clamp, DateCell, Thumbnail, TitleCell } from "../../components/cells.tsx";
import type { ResourceConfig } from "../types.ts";

/**
 * Press Coverage. Built by following docs/adding-a-content-type.md: the table comes from a
 * migration, and this file is the whole back-office side.
 */
const press: ResourceConfig = {
  name: "press",
  table: "press_quotes",
  label: "Press",
  title: "Press Coverage",
  icon: FormatQuoteIcon,
  menu: 6,
  noun: "quote",
  recordRepresentation: (record) => String(record.source),
  sort: { field: "created_at", order: "DESC" },
  searchFields: ["quote", "source"],
  searchPlaceholder: "Search quotes...",
  columns: [
    { source: "logo_url", label: "Logo", render: (record) => <Thumbnail url={record.logo_url} size={32} /> },
    { source: "quote", label: "Quote", render: (record) => <Clamp text={`“${String(record.quote)}”`} italic maxWidth={480} /> },
    { source: "source", label: "Source", sortable: true, render: (record) => <TitleCell title={record.source} /> },
    { source: "created_at", label: "Created", sortable: true, render: (record) => <DateCell value={record.created_at} /> },
  ],
  fields: [
    { source: "quote", label: "Quote", kind: "textarea", validate: pressQuoteRules.quote, rows: 3 },
    { source: "source", label: "Source", kind: "text", validate: pressQuoteRules.source, placeholder: "Retro Tech Weekly" },
    { source: "logo_url", label: "Logo URL", kind: "image", validate: pressQuoteRules.logo_url },
  ],
  capabilities: { create: true, edit: true, delete: true, publish: true },
  dialogWidth: "sm",
};

export default press;
