import { useEffect } from "react";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import ErrorIcon from "@mui/icons-material/ErrorOutline";
import { useGetList, useGetOne, useTranslate, type Identifier, type RaRecord } from "react-admin";
import { useFormState } from "react-hook-form";
import { DEFAULT_LANGUAGE, LANGUAGES, TRANSLATION_LANGUAGES, type Language } from "../../shared/languages.ts";
import { translatableColumns, translationState } from "../../shared/translations.ts";
import { TRANSLATIONS_RESOURCE } from "../lib/translations.ts";
import type { ResourceConfig } from "../resources/types.ts";
import { errorMessages, namedErrors, type LanguageErrors } from "./language-errors.ts";
import { columnLabels, TranslationStateChip, type TranslationStateName } from "./TranslationState.tsx";

/** A record's state in one translation language, as the editor shows it. */
export interface LanguageState {
  state: TranslationStateName;
  missing: readonly string[];
  outdated: readonly string[];
}

/**
 * The record as saved and its translations (one read for every language), with each language's
 * state by shared/translations.ts: what the tabs show and what a translation's form starts from.
 */
export function useRowTranslations(config: Pick<ResourceConfig, "table">, resource: string, id: Identifier | undefined, enabled: boolean) {
  const record = useGetOne(resource, { id: id! }, { enabled: enabled && id !== undefined });
  const translations = useGetList(
    TRANSLATIONS_RESOURCE,
    { pagination: { page: 1, perPage: LANGUAGES.length }, sort: { field: "language", order: "ASC" }, filter: { source_table: config.table, row_id: id } },
    { enabled: enabled && id !== undefined },
  );
  const columns = translatableColumns(config.table);
  const byLanguage = new Map((translations.data ?? []).map((translation) => [translation.language as Language, translation]));
  const states: Partial<Record<Language, LanguageState>> = {};
  if (record.data && translations.data) {
    for (const language of TRANSLATION_LANGUAGES) {
      const translation = byLanguage.get(language);
      states[language] = translationState(record.data, translation && { fields: translation.fields, source: translation.source }, columns);
    }
  }
  return {
    record: record.data as RaRecord | undefined,
    /** Undefined while read; null where a language has no translation yet. */
    translationOf: (language: Language): RaRecord | null | undefined => (translations.data ? (byLanguage.get(language) ?? null) : undefined),
    states,
    refetch: () => void translations.refetch(),
  };
}

export interface LanguageTabsProps {
  config: Pick<ResourceConfig, "fields">;
  language: Language;
  onChange(language: Language): void;
  states: Partial<Record<Language, LanguageState>>;
  errors: LanguageErrors;
}

/**
 * The editor's languages: the default one (the record's own fields) and each translation, with its
 * state; a language whose form has errors is marked, whichever is showing.
 */
export function LanguageTabs({ config, language, onChange, states, errors }: LanguageTabsProps) {
  return (
    <Tabs value={language} onChange={(_event, next: Language) => onChange(next)} aria-label="Language" variant="scrollable" sx={{ px: 3, borderBottom: 1, borderColor: "divider", minHeight: 40 }}>
      {LANGUAGES.map((entry) => {
        const state = states[entry.code];
        const failing = (errors[entry.code]?.length ?? 0) > 0;
        return (
          <Tab
            key={entry.code}
            value={entry.code}
            sx={{ minHeight: 40, py: 0.5, ...(failing && { color: "error.main" }) }}
            icon={failing ? <ErrorIcon fontSize="small" aria-label="Has errors" /> : undefined}
            iconPosition="start"
            label={
              <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 1 }}>
                {entry.name}
                {entry.code !== DEFAULT_LANGUAGE && state && (
                  <TranslationStateChip language={entry.code} state={state.state} fields={columnLabels(config, state.state === "outdated" ? state.outdated : state.missing)} />
                )}
              </Box>
            }
          />
        );
      })}
    </Tabs>
  );
}

/** Every language's errors at the top of the editor, each naming its language, so that none hides behind a tab. */
export function LanguageErrorSummary({ errors }: { errors: LanguageErrors }) {
  const messages = namedErrors(errors);
  if (messages.length === 0) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }} role="alert">
      <AlertTitle>Not saved: check these fields</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </Box>
    </Alert>
  );
}

/** Inside a language's form: tells the editor the form's current error messages. */
export function FormErrorsReporter({ language, onErrors }: { language: Language; onErrors(language: Language, messages: readonly string[]): void }) {
  const { errors } = useFormState();
  const translate = useTranslate();
  const messages = errorMessages(errors, (message, args) => translate(message, { _: message, ...args }));
  const key = messages.join("\n");
  useEffect(() => {
    onErrors(language, key ? key.split("\n") : []);
    // `key` stands for the messages: they change when their text does.
  }, [language, key, onErrors]);
  useEffect(() => () => onErrors(language, []), [language, onErrors]);
  return null;
}
