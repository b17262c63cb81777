import { publishAtField } from "../../shared/content-type.ts";
import { languageEntry, type Language } from "../../shared/languages.ts";
import { translatableColumns, translationState } from "../../shared/translations.ts";
import type { Rule } from "../../shared/validation.ts";
import { isBlank, TRANSLATIONS_TABLE } from "../lib/translations.ts";
import { resourceTexts, type FieldSpec, type ResourceConfig } from "../resources/types.ts";

// The form of a translation, made from its record's form: the translatable fields become its inputs
// (the same kinds, rules and custom inputs), the shared ones are shown as the record has them, and
// its own publishing choice closes it.

/** One place of a translation's form, in the order of the record's form. */
export type TranslationItem = { kind: "translated"; field: FieldSpec } | { kind: "shared"; field: FieldSpec };

/**
 * A field's rules in a translation: a draft may leave fields out (the default language's text shows
 * meanwhile), but publishing needs each field the record has (`required`, by shared/translations.ts);
 * what is typed is checked as the record's own field is.
 */
export function translationRules(field: Pick<FieldSpec, "label" | "validate">, required: boolean): Rule[] {
  const rules = field.validate ?? [];
  const first = (value: unknown, values?: Record<string, unknown>) => rules.reduce<string | undefined>((found, rule) => found ?? rule(value, values), undefined);
  return [
    (value, values) => {
      if (!isBlank(value)) return first(value, values);
      if (!required || values?.published !== true) return undefined;
      return first(value, values) ?? `${field.label} is required`;
    },
  ];
}

/**
 * The places of a translation's form for a record as saved (`record`): every field of the record's
 * form but its publishing, each translatable one (an image's alt text among them) as an input whose
 * rules are translationRules().
 */
export function translationItems(config: Pick<ResourceConfig, "table" | "fields">, record: Record<string, unknown>): TranslationItem[] {
  const columns = translatableColumns(config.table);
  // What an empty translation lacks is what publishing one needs.
  const needed = new Set(translationState(record, { fields: {}, source: {} }, columns).missing);
  const translated = (field: FieldSpec): TranslationItem => ({ kind: "translated", field: { ...field, half: false, section: undefined, validate: translationRules(field, needed.has(field.source)) } });
  return config.fields.flatMap((field): TranslationItem[] => {
    if (field.kind === "publishing" || field.only === "create") return [];
    if (columns.includes(field.source)) return [translated(field)];
    const items: TranslationItem[] = [{ kind: "shared", field }];
    if (field.alt && columns.includes(field.alt.source)) items.push(translated({ source: field.alt.source, label: `${field.label}: alt text`, kind: "text", validate: field.alt.validate }));
    return items;
  });
}

/** A translation's own publishing choice, as the content types' (shared/content-type.ts publishAtField). */
export const TRANSLATION_PUBLISHING: FieldSpec = publishAtField;

/**
 * A translation as the editor's History, conflict dialog and messages see it: its own record of
 * content_translations, named after its language ("Japanese translation"), with the translated fields.
 */
export function translationConfig(config: ResourceConfig, language: Language, items: readonly TranslationItem[]): ResourceConfig {
  const noun = `${languageEntry(language).name} translation`;
  return {
    ...config,
    name: "translations",
    table: TRANSLATIONS_TABLE,
    noun,
    labels: { save: `Save ${noun}`, editTitle: resourceTexts(config).editTitle },
    messages: { fetch: `Error fetching ${noun}`, save: `Error saving ${noun}`, update: `Error updating ${noun}` },
    fields: [...items.filter((item) => item.kind === "translated").map((item) => item.field), TRANSLATION_PUBLISHING],
    transform: undefined,
    publishesOne: false,
    duplicate: undefined,
    publish: undefined,
  };
}
