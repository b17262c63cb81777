import { lazy, type ComponentType, type ReactNode } from "react";
import type { ContentTable } from "../../shared/content-tables.ts";
import { scheduleRules, type Rule } from "../../shared/validation.ts";
import type { AdminDataProvider, Direction } from "../lib/data-provider.ts";
import { versionOf } from "../lib/row-versions.ts";

export type Choice = { id: string; name: string };

// Configs are typed by their table's row type (shared/types.ts): columns, fields, filters and sort
// name the row's own fields, and renderers receive the typed row. The generic screens handle configs
// of every row type, which is what the `any` default stands for.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the row type of "a config of any table"
type AnyRow = any;

/** One form input. `kind` picks the generic input; `component` plugs in a custom one. */
export interface FieldSpec<Row = AnyRow> {
  source: keyof Row & string;
  label: string;
  kind: "text" | "textarea" | "url" | "image" | "video" | "select" | "boolean" | "number" | "datetime" | "markdown" | "custom";
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
  /** Consecutive fields with the same section are shown together under this title, folded at first. */
  section?: string;
  component?: ComponentType<FieldProps>;
  /**
   * An image's alt text and "decorative" flag, stored beside its URL: edited under the image field and
   * filled from the media asset's alt text when one is picked from the library.
   */
  alt?: { source: keyof Row & string; decorative: keyof Row & string; validate?: Rule[] };
}

export interface FieldProps {
  field: FieldSpec;
  isNew: boolean;
}

/** One list column. */
export interface ColumnSpec<Row = AnyRow> {
  source: keyof Row & string;
  label: string;
  sortable?: boolean;
  render?(record: Row): ReactNode;
}

/** A select filter next to the search box; applied by the API (eq). */
export interface FilterSpec<Row = AnyRow> {
  source: keyof Row & string;
  label: string;
  choices: readonly Choice[];
}

export interface SaveContextInfo<Row = AnyRow> {
  isNew: boolean;
  previous?: Row;
}

/** The screen of a content table: what the back office adds to its shared/content-tables.ts entry. */
export interface ResourceScreen<Row = AnyRow> {
  /** Sidebar label; `title` is the page heading (defaults to the label). */
  label: string;
  title?: string;
  icon: ComponentType;
  /** Position in the sidebar; false keeps it out of the sidebar (still routed, or a section of a page). */
  menu: number | false;
  /** Counted on the dashboard under this label ("Blog Posts"), with its drafts when it has a publish flag. */
  dashboard?: string;
  /** "post" gives New Post, Save Post, Error saving post, "Are you sure you want to delete this post?" */
  noun: string;
  /** Plural for messages ("Error fetching posts"); noun + "s" by default. */
  nounPlural?: string;
  recordRepresentation?(record: Row): string;
  sort: { field: keyof Row & string; order: "ASC" | "DESC" };
  perPage?: number;
  searchPlaceholder?: string;
  filters?: readonly FilterSpec<Row>[];
  columns: readonly ColumnSpec<Row>[];
  /**
   * The columns a phone shows (status and actions come with every list); by default the first
   * sortable column, else the first.
   */
  smallScreenColumns?: readonly (keyof Row & string)[];
  fields: readonly FieldSpec<Row>[];
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
  defaults?: (dataProvider: AdminDataProvider) => Partial<Row> | Promise<Partial<Row>>;
  /** The record to write, from the form's values. */
  transform?: (data: Record<string, unknown>, info: SaveContextInfo<Row>) => Record<string, unknown>;
  /**
   * At most one row is published at a time (the whitepaper): bulk publishing is offered for one row and
   * goes row by row, a new row is published once it exists, and the list reloads after a publish.
   */
  publishesOne?: boolean;
  /** Publishing is for administrators only (the whitepaper; the database refuses editors whatever the path). */
  publishedByAdministrators?: boolean;
  /**
   * Publishing through an RPC instead of a write of `published` (the whitepaper's). Screens just
   * update `published`: the data provider calls this (lib/data-provider.ts ResourceRoute.publish).
   */
  publish?(dataProvider: AdminDataProvider, record: Row, published: boolean): Promise<Row>;
  /** The reorder RPC, given the row as the screen shows it (its version: refused if it changed since). */
  move?(dataProvider: AdminDataProvider, record: Row, direction: Direction): Promise<boolean>;
  /**
   * A Duplicate action per row: the create form opens with a draft copy of the row, stored only on
   * Save (components/duplicate.ts). `title` gets " (copy)", `slug` a free "-copy" slug, `reset` fields
   * start as a new record's; `copy` replaces all of that (the whitepaper's next version).
   */
  duplicate?: DuplicateSpec<Row>;
  /** A screen's own actions for a row, shown before Edit (the blog's Send as newsletter). */
  rowActions?: ComponentType;
  /** A custom page instead of the generic list (media grid, stage columns, inbox). */
  page?: ComponentType;
  dialogWidth?: "sm" | "md" | "lg";
}

export interface DuplicateSpec<Row = AnyRow> {
  /** The field naming the row, which gets " (copy)". */
  title: keyof Row & string;
  /** A unique slug column: the copy gets "<slug>-copy", "-copy-2", ... whichever is free. */
  slug?: keyof Row & string;
  /** Fields a copy takes from a new record's defaults instead of the row (views). */
  reset?: readonly (keyof Row & string)[];
  /** The button's label (Duplicate by default). */
  label?: string;
  /** The create form's values for a copy of `record`, instead of the generic copy. */
  copy?(dataProvider: AdminDataProvider, record: Row): Promise<Record<string, unknown>>;
}

/**
 * Everything the generic screens need to manage one table: its shared entry (table, visibility,
 * search fields, limits) plus its screen. A new content type is one of these in
 * `resources/<name>/index.tsx` (see docs/adding-a-content-type.md).
 */
export type ResourceConfig<Row = AnyRow> = ContentTable<Row> & ResourceScreen<Row>;

export function defineResource<Row>(table: ContentTable<Row>, screen: ResourceScreen<Row>): ResourceConfig<Row> {
  return { ...table, ...screen };
}

/**
 * A resource's own screen in a chunk of its own, loaded when it is first opened:
 * `config.page = lazyScreen(async () => (await import("./Screen.tsx")).screenOf(config))`.
 */
export function lazyScreen(load: () => Promise<ComponentType>): ComponentType {
  return lazy(async () => ({ default: await load() }));
}

/**
 * A custom form input, loaded with the form that shows it rather than with the registry (which the
 * dashboard and the menu read): `component: lazyInput(async () => (await import("./X.tsx")).X)`.
 * The editor shows its form once every input of it is loaded (components/ResourceDialog.tsx).
 */
export function lazyInput<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  return lazy(async () => ({ default: await load() })) as unknown as ComponentType<Props>;
}

/** A screen of its own in the sidebar that shows several tables (the gallery's two sections). */
export interface PageConfig {
  kind: "page";
  /** Route under /admin. */
  name: string;
  label: string;
  icon: ComponentType;
  menu: number;
  component: ComponentType;
  sections: readonly ResourceConfig[];
}

/** "Publish at" of publishable content (shared/publishing.ts): empty publishes at once. */
export const publishAtField: FieldSpec = {
  source: "publish_at",
  label: "Publish at",
  kind: "datetime",
  half: true,
  validate: scheduleRules.publish_at,
  helperText: "Empty: visible as soon as it is published. Your time zone.",
};

/** The order a new row gets by default: one past the largest, 0 for an empty list, so it lands last. */
export function nextOrder(items: readonly { order: number }[]): number {
  return items.reduce((max, item) => Math.max(max, item.order + 1), 0);
}

/** The default order of a new row of a reorderable resource: after its current last row. */
export async function nextOrderOf(dataProvider: AdminDataProvider, resource: string): Promise<number> {
  const { data } = await dataProvider.getList<{ id: string; order: number }>(resource, {
    pagination: { page: 1, perPage: 1 },
    sort: { field: "order", order: "DESC" },
    filter: {},
  });
  return nextOrder(data);
}

/** The reorder RPC of any table with an integer "order" column (see the faq_entries migration). */
export const moveItem =
  (table: string) =>
  (dataProvider: AdminDataProvider, record: { id: unknown }, direction: Direction): Promise<boolean> =>
    dataProvider.rpc<boolean>("move_item", { kind: table, item_id: record.id, direction, item_version: versionOf(record) });

export function capitalize(word: string): string {
  return word.replace(/(^|\s)\S/g, (letter) => letter.toUpperCase());
}

/** The columns of the list on a phone (see ResourceScreen.smallScreenColumns). */
export function smallScreenColumns<Row>(config: Pick<ResourceScreen<Row>, "columns" | "smallScreenColumns">): readonly ColumnSpec<Row>[] {
  const { columns, smallScreenColumns: chosen } = config;
  if (chosen) return columns.filter((column) => chosen.includes(column.source));
  const first = columns.find((column) => column.sortable) ?? columns[0];
  return first ? [first] : [];
}

/** The labels and messages of a config, with the defaults filled in. */
export function resourceTexts(config: Pick<ResourceConfig, "noun" | "nounPlural" | "labels" | "messages">) {
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
