import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { ResourceContextProvider } from "react-admin";
import { DEFAULT_LANGUAGE, languageEntry, type Language } from "../../shared/languages.ts";
import { displayValue } from "../../shared/revisions.ts";
import { FieldInput } from "../components/FieldInput.tsx";
import { RichTextView } from "../components/inputs/RichTextInput.tsx";
import type { FieldSpec } from "../resources/types.ts";
import type { LanguageState } from "./LanguageTabs.tsx";
import { TRANSLATION_PUBLISHING, type TranslationItem } from "./translation-form.ts";

// The fields of a translation's form (loaded with the editor's first translation tab): each
// translatable field beside the default language's text, the shared fields as the record has them.

const DEFAULT_NAME = languageEntry(DEFAULT_LANGUAGE).name;

export interface TranslationFieldsProps {
  items: readonly TranslationItem[];
  language: Language;
  /** The record as saved, in the default language. */
  record: Record<string, unknown>;
  /** The translation's state: its fields whose default text changed since translated are marked. */
  state: LanguageState | undefined;
  /** The record's react-admin resource: who may publish its translations is who may publish it (the whitepaper's, administrators). */
  resource: string;
}

export function TranslationFields({ items, language, record, state, resource }: TranslationFieldsProps) {
  const shared = items.filter((item) => item.kind === "shared").map((item) => item.field);
  return (
    <>
      {items
        .filter((item) => item.kind === "translated")
        .map(({ field }) => (
          <TranslatedField key={field.source} field={field} language={language} value={record[field.source]} outdated={state?.outdated.includes(field.source) ?? false} />
        ))}
      <Box sx={{ gridColumn: "1 / -1" }}>
        <ResourceContextProvider value={resource}>
          <FieldInput field={TRANSLATION_PUBLISHING} isNew={false} />
        </ResourceContextProvider>
      </Box>
      {shared.length > 0 && <SharedFields fields={shared} record={record} />}
    </>
  );
}

/** A translatable field: the default language's text (read-only, rendered as its kind) beside the input of the translation. */
function TranslatedField({ field, language, value, outdated }: { field: FieldSpec; language: Language; value: unknown; outdated: boolean }) {
  const name = languageEntry(language).name;
  const id = `default-${field.source}`;
  return (
    <Box component="section" aria-label={field.label} sx={{ gridColumn: "1 / -1", display: "grid", gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" }, columnGap: 2, alignItems: "start", mb: 1 }}>
      <Box sx={{ minWidth: 0, pt: 1 }}>
        <Typography id={id} variant="subtitle2" color="text.secondary" sx={{ mb: 0.5 }}>
          {field.label} ({DEFAULT_NAME})
        </Typography>
        <DefaultText field={field} value={value} labelId={id} />
        {outdated && (
          <Alert severity="warning" sx={{ mt: 1, py: 0 }}>
            The {DEFAULT_NAME} changed since this was translated: check the {name}.
          </Alert>
        )}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <FieldInput field={{ ...field, label: `${field.label} (${name})` }} isNew={false} />
      </Box>
    </Box>
  );
}

/** The default language's value of a field: a document as the editor shows it, anything else as text. */
function DefaultText({ field, value, labelId }: { field: FieldSpec; value: unknown; labelId: string }) {
  if (field.kind === "richText") return <RichTextView value={value} limits={field.limits} label={`${field.label} (${DEFAULT_NAME})`} />;
  const text = displayValue(value);
  return (
    <Typography
      aria-labelledby={labelId}
      data-testid={`default-${field.source}`}
      sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", bgcolor: "action.hover", borderRadius: 1, px: 1.5, py: 1, color: text ? "text.primary" : "text.secondary" }}
    >
      {text || "(empty)"}
    </Typography>
  );
}

/** The fields every language shares, edited in the default language: shown as the record has them. */
function SharedFields({ fields, record }: { fields: readonly FieldSpec[]; record: Record<string, unknown> }) {
  return (
    <Box component="section" aria-labelledby="shared-fields-title" sx={{ gridColumn: "1 / -1", mt: 2, p: 1.5, border: 1, borderColor: "divider", borderRadius: 1 }}>
      <Typography id="shared-fields-title" variant="subtitle2">
        Shared by every language
      </Typography>
      <Typography variant="caption" color="text.secondary">
        Edited in {DEFAULT_NAME}.
      </Typography>
      <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "max-content 1fr", columnGap: 2, rowGap: 0.5, m: 0, mt: 1 }}>
        {fields.map((field) => (
          <Box key={field.source} sx={{ display: "contents" }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {field.label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}>
              {sharedValue(field, record[field.source]) || "—"}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function sharedValue(field: FieldSpec, value: unknown): string {
  if (field.kind === "select") return field.choices?.find((choice) => choice.id === value)?.name ?? displayValue(value);
  return displayValue(value);
}
