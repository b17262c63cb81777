import { ADMIN_WRITES_ALL, defineContentType, publishAtField } from "../content-type.ts";
import { TEXT_LIMITS } from "../limits.ts";
import type { ImageAlt } from "../types.ts";
import { altRules, limitedTo, required, assetUrlRules, type RuleMap } from "../validation.ts";

export interface PressQuote extends ImageAlt<"logo"> {
  id: string;
  quote: string;
  source: string;
  logo_url: string | null;
  published: boolean;
  /** Visitors see the row from this moment on (null: as soon as it is published); see shared/publishing.ts. */
  publish_at?: string | null;
  created_at: string;
}

export const pressQuoteRules = {
  quote: [required("Quote is required"), limitedTo(TEXT_LIMITS.quote, "Quote")],
  source: [required("Source is required"), limitedTo(TEXT_LIMITS.title, "Source")],
  logo_url: assetUrlRules,
  logo_alt: altRules,
} satisfies RuleMap;

/** Press Coverage: the home page's quotes, with New Quote, edit, publish toggle and delete. */
export default defineContentType<PressQuote>({
  name: "press",
  table: "press_quotes",
  visibility: "published",
  translatable: ["quote", "logo_alt"],
  adminWrites: ADMIN_WRITES_ALL,
  searchFields: ["quote", "source"],
  sitePath: () => "/",
  limits: { quote: TEXT_LIMITS.quote, source: TEXT_LIMITS.title, logo_url: TEXT_LIMITS.url, logo_alt: TEXT_LIMITS.alt },
  example: { row: (n) => ({ quote: `Quote ${n}`, source: "Retro Tech Weekly" }), change: { quote: "Changed quote" } },
  mediaReferences: { columns: ["logo_url"], label: "source" },
  screen: {
    label: "Press",
    title: "Press Coverage",
    // FormatQuote
    icon: "M6 17h3l2-4V7H5v6h3zm8 0h3l2-4V7h-6v6h3z",
    menu: 6,
    dashboard: "Press Quotes",
    noun: "quote",
    recordRepresentation: (record) => record.source,
    sort: { field: "created_at", order: "DESC" },
    searchPlaceholder: "Search quotes...",
    columns: [
      { source: "logo_url", label: "Logo", kind: "image", size: 32 },
      { source: "quote", label: "Quote", kind: "clamp", text: (record) => `“${record.quote}”`, italic: true, maxWidth: 480 },
      { source: "source", label: "Source", kind: "title", sortable: true },
      { source: "created_at", label: "Created", kind: "date", sortable: true },
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
  },
});
