import type { ComponentType, ReactNode } from "react";
import type { RaRecord } from "react-admin";
import type { Rule } from "../../shared/validation.ts";
import type { AdminDataProvider, Direction } from "../lib/data-provider.ts";

export type Choice = { id: string; name: string };

/** One form input. `kind` picks the generic input; `component` plugs in a custom one. */
export interface FieldSpec {
  source: string;
  label: string;
  kind: "text" | "textarea" | "url" | "image" | "video" | "select" | "boolean" | "number" | "markdown" | "custom";
  validate?: Rule[];
  choices?: readonly Choice[];
  /** Rows of a textarea. */
  rows?: number;
  placeholder?: string;
  helperText?: string;
  /** Shown only when creating or only when editing. */
  only?: "create" | "edit";
  /** Half the dialog's width (two such fields share a row). */
  half?: boolean;
  component?: ComponentType<FieldProps>;
}

export interface FieldProps {
  field: FieldSpec;
  isNew: boolean;
}

/** One list column. */
export interface ColumnSpec {
  source: string;
  label: string;
  sortable?: boolean;
  render?: (record: RaRecord) => ReactNode;
}

/** A select filter next to the search box; applied by the API (eq). */
export interface FilterSpec {
  source: string;
  label: string;
  choices: readonly Choice[];
}

export interface SaveContextInfo {
  isNew: boolean;
  previous?: RaRecord;
}

/**
 * Everything the generic screens need to manage one table. A new content type is a migration plus
 * one of these in `resources/<name>/index.tsx` (see docs/adding-a-content-type.md).
 */
export interface ResourceConfig {
  /** Route under /admin and react-admin resource name. */
  name: string;
  /** The Postgres table behind it. */
  table: string;
  /** Sidebar label; `title` is the page heading (defaults to the label). */
  label: string;
  title?: string;
  icon: ComponentType;
  /** Position in the sidebar; false keeps it out of the sidebar (still routed). */
  menu: number | false;
  /** "post" gives New Post, Save Post, Error saving post, "Are you sure you want to delete this post?" */
  noun: string;
  /** Plural for messages ("Error fetching posts"); noun + "s" by default. */
  nounPlural?: string;
  recordRepresentation?: (record: RaRecord) => string;
  sort: { field: string; order: "ASC" | "DESC" };
  perPage?: number;
  /** Columns the search box looks in (case-insensitive substring, on the server). */
  searchFields?: readonly string[];
  searchPlaceholder?: string;
  filters?: readonly FilterSpec[];
  columns: readonly ColumnSpec[];
  fields: readonly FieldSpec[];
  capabilities: {
    create?: boolean;
    edit?: boolean;
    delete?: boolean;
    publish?: boolean;
    reorder?: boolean;
  };
  labels?: { create?: string; save?: string; createTitle?: string; editTitle?: string };
  /** Logged and shown on failure; derived from the noun when not given. */
  messages?: { fetch?: string; save?: string; delete?: string; update?: string };
  /** Values a new record starts with (may ask the API, e.g. the next order). */
  defaults?: (dataProvider: AdminDataProvider) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** The record to write, from the form's values. */
  transform?: (data: Record<string, unknown>, info: SaveContextInfo) => Record<string, unknown>;
  /** Publishing through something other than an update of `published` (the whitepaper RPC). */
  publish?: (dataProvider: AdminDataProvider, record: RaRecord, published: boolean) => Promise<unknown>;
  /** The reorder RPC. */
  move?: (dataProvider: AdminDataProvider, record: RaRecord, direction: Direction) => Promise<boolean>;
  /** A custom page instead of the generic list (media grid, stage columns, inbox, gallery tabs). */
  page?: ComponentType;
  dialogWidth?: "sm" | "md" | "lg";
}

export function capitalize(word: string): string {
  return word.replace(/(^|\s)\S/g, (letter) => letter.toUpperCase());
}

/** The labels and messages of a config, with the defaults filled in. */
export function resourceTexts(config: ResourceConfig) {
  const plural = config.nounPlural ?? `${config.noun}s`;
  const Noun = capitalize(config.noun);
  return {
    create: config.labels?.create ?? `New ${Noun}`,
    save: config.labels?.save ?? `Save ${Noun}`,
    createTitle: config.labels?.createTitle ?? `New ${Noun}`,
    editTitle: config.labels?.editTitle ?? `Edit ${Noun}`,
    confirmDelete: `Are you sure you want to delete this ${config.noun}?`,
    deleteTitle: `Delete ${config.noun}`,
    fetchError: config.messages?.fetch ?? `Error fetching ${plural}`,
    saveError: config.messages?.save ?? `Error saving ${config.noun}`,
    deleteError: config.messages?.delete ?? `Error deleting ${config.noun}`,
    updateError: config.messages?.update ?? `Error updating ${config.noun}`,
  };
}

export const choicesOf = (values: readonly string[], label: (value: string) => string = (value) => value): Choice[] =>
  values.map((value) => ({ id: value, name: label(value) }));
