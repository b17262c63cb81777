import Chip from "@mui/material/Chip";
import Tooltip from "@mui/material/Tooltip";
import { useQuery } from "@tanstack/react-query";
import type { Identifier } from "react-admin";
import { languageEntry, TRANSLATION_LANGUAGES, type Language } from "../../shared/languages.ts";
import { fieldLabel } from "../../shared/revisions.ts";
import { translatableColumns } from "../../shared/translations.ts";
import { useAdminDataProvider } from "../components/useAdminDataProvider.ts";
import type { TranslationStatus } from "../lib/translations.ts";
import type { ResourceConfig } from "../resources/types.ts";

// A record's state in each translation language, as the database's translation_status() finds it
// for the lists, and as shared/translations.ts translationState() finds it for the open editor.

export type TranslationStateName = TranslationStatus["state"];

export const STATE_LABELS: Readonly<Record<TranslationStateName, string>> = { missing: "Missing", outdated: "Outdated", up_to_date: "Up to date" };

const STATE_COLORS = { missing: "default", outdated: "warning", up_to_date: "success" } as const;

/** Whether a content type is translated: it declares translatable columns (shared/content-type.ts). */
export function isTranslated(config: Pick<ResourceConfig, "table">): boolean {
  return translatableColumns(config.table).length > 0;
}

/** The labels of a config's columns, for "Outdated: Title, Content". */
export function columnLabels(config: Pick<ResourceConfig, "fields">, columns: readonly string[]): string[] {
  const labels = new Map(config.fields.flatMap((field) => [[field.source, field.label] as const, ...(field.alt ? [[field.alt.source, `${field.label}: alt text`] as const] : [])]));
  return columns.map((column) => labels.get(column) ?? fieldLabel(column));
}

export interface TranslationStateChipProps {
  language: Language;
  state: TranslationStateName;
  /** The labels of the fields the state is about: missing ones, or those whose English changed since translated. */
  fields?: readonly string[];
}

/** "Japanese: Outdated", its fields in the tooltip and the accessible name. */
export function TranslationStateChip({ language, state, fields = [] }: TranslationStateChipProps) {
  const name = languageEntry(language).name;
  const detail = fields.length > 0 ? `${state === "outdated" ? "Changed in English since translated" : "Not translated"}: ${fields.join(", ")}` : undefined;
  const chip = (
    <Chip
      size="small"
      label={STATE_LABELS[state]}
      color={STATE_COLORS[state]}
      variant={state === "up_to_date" ? "filled" : "outlined"}
      aria-label={`${name}: ${STATE_LABELS[state]}${detail ? `. ${detail}` : ""}`}
    />
  );
  return detail ? <Tooltip title={detail}>{chip}</Tooltip> : chip;
}

/** translation_status() of a table in a language, read once per list and refreshed with it. */
export function useTranslationStatuses(table: string, language: Language) {
  const dataProvider = useAdminDataProvider();
  return useQuery({
    queryKey: ["translation_status", table, language],
    queryFn: () => dataProvider.rpc<TranslationStatus[]>("translation_status", { source_table: table, language }),
  });
}

/** A list's cell: the row's state in one language. */
export function TranslationStateCell({ config, language, id }: { config: Pick<ResourceConfig, "table" | "fields">; language: Language; id: Identifier }) {
  const { data } = useTranslationStatuses(config.table, language);
  // Until the statuses are read (or when the answer is not a list of them), the cell stays empty.
  const status = Array.isArray(data) ? data.find((row) => row.row_id === id) : undefined;
  if (!status) return null;
  return <TranslationStateChip language={language} state={status.state} fields={columnLabels(config, status.state === "outdated" ? status.outdated : status.missing)} />;
}

/** The choices of the list filter "Needs translation in <language>". */
export const NEEDS_TRANSLATION_CHOICES = TRANSLATION_LANGUAGES.map((language) => ({ id: language, name: `Needs translation in ${languageEntry(language).name}` }));
