import { createElement, lazy, useState, type ComponentType } from "react";
import { createSvgIcon } from "@mui/material/utils";
import type { AnyRow, ColumnSpec, ContentScreen, ContentType, DuplicateSpec as DuplicateData, FieldSpec as FieldData } from "../../shared/content-type.ts";
import { capitalize } from "../../shared/format.ts";
import type { AdminDataProvider, Direction } from "../lib/data-provider.ts";
import { versionOf } from "../lib/row-versions.ts";

// A content type's screen is data (shared/content-types/<name>.ts, typed by its row type); here it
// becomes the config the generic screens render (components/ResourceList.tsx, ResourceDialog.tsx),
// with what only the back office can give: the icon as a component, the inputs of `custom` fields,
// and, from a type's own folder (resources/<name>/index.tsx), its custom page, row actions and RPCs.

/** One form input: the type's field, with its input when the field is `custom`. */
export interface FieldSpec<Row = AnyRow> extends FieldData<Row> {
  component?: ComponentType<FieldProps>;
}

export interface FieldProps {
  field: FieldSpec;
  isNew: boolean;
}

export interface DuplicateSpec<Row = AnyRow> extends DuplicateData<Row> {
  /** The create form's values for a copy of `record`, instead of the generic copy (the whitepaper's next version). */
  copy?(dataProvider: AdminDataProvider, record: Row): Promise<Record<string, unknown>>;
}

/** The screen of a content table, as the generic screens read it. */
export interface ResourceScreen<Row = AnyRow> extends Omit<ContentScreen<Row>, "icon" | "fields" | "defaults" | "duplicate"> {
  icon: ComponentType;
  fields: readonly FieldSpec<Row>[];
  /** Values a new record starts with (may ask the API, e.g. the next order). */
  defaults?: (dataProvider: AdminDataProvider) => Partial<Row> | Promise<Partial<Row>>;
  duplicate?: DuplicateSpec<Row>;
  /**
   * Publishing through an RPC instead of a write of `published` (the whitepaper's). Screens just
   * update `published`: the data provider calls this (lib/data-provider.ts ResourceRoute.publish).
   */
  publish?(dataProvider: AdminDataProvider, record: Row, published: boolean): Promise<Row>;
  /** The reorder RPC, given the row as the screen shows it (its version: refused if it changed since). */
  move?(dataProvider: AdminDataProvider, record: Row, direction: Direction): Promise<boolean>;
  /** A screen's own actions for a row, shown before Edit (the blog's Send as newsletter). */
  rowActions?: ComponentType;
  /** A custom page instead of the generic list (media grid, stage columns, inbox). */
  page?: ComponentType;
}

/**
 * Everything the generic screens need to manage one table: its shared entry (table, visibility,
 * search fields, limits) plus its screen (see docs/adding-a-content-type.md).
 */
export type ResourceConfig<Row = AnyRow> = Omit<ContentType<Row>, "screen"> & ResourceScreen<Row>;

/** What a type's own folder adds to its screen (resources/<name>/index.tsx). */
export interface ScreenParts<Row = AnyRow> {
  /** The input of each `custom` field, by its source. */
  inputs?: { [Source in keyof Row & string]?: ComponentType<FieldProps> };
  /** A custom page instead of the generic list, given the config: `(config) => lazyScreen(...)`. */
  page?(config: ResourceConfig<Row>): ComponentType;
  rowActions?: ComponentType;
  move?: ResourceScreen<Row>["move"];
  publish?: ResourceScreen<Row>["publish"];
  /** See DuplicateSpec.copy. */
  copy?: DuplicateSpec<Row>["copy"];
}

/**
 * The config of a content type: its screen's data, with the icon drawn from its path, the reorder
 * RPC for a reorderable table (move_item), new rows' defaults given the API, and `parts` from the
 * type's own folder. The registry (resources/index.ts) makes one for every type without a folder.
 */
export function resourceOf<Row>(type: ContentType<Row>, parts: ScreenParts<NoInfer<Row>> = {}): ResourceConfig<Row> {
  const { screen, ...table } = type;
  const { defaults, duplicate } = screen;
  const config: ResourceConfig<Row> = {
    ...table,
    ...screen,
    icon: iconOf(screen.icon, screen.label),
    fields: screen.fields.map((field) => (field.kind === "custom" ? { ...field, component: parts.inputs?.[field.source] } : field)),
    defaults: defaults && ((dataProvider) => defaults({ nextOrder: () => nextOrderOf(dataProvider, type.name) })),
    duplicate: duplicate && { ...duplicate, copy: parts.copy },
    move: parts.move ?? (screen.capabilities.reorder ? moveItem(type.table) : undefined),
    publish: parts.publish,
    rowActions: parts.rowActions,
  };
  if (parts.page) config.page = parts.page(config);
  return config;
}

/** A sidebar icon from a Material icon's path (shared/content-type.ts ContentScreen.icon). */
function iconOf(path: string, label: string): ComponentType {
  return createSvgIcon(createElement("path", { d: path }), label.replace(/\W/g, ""));
}

/**
 * A resource's own screen in a chunk of its own, loaded when it is first opened:
 * `page: (config) => lazyScreen(async () => (await import("./Screen.tsx")).screenOf(config))`.
 */
export function lazyScreen(load: () => Promise<ComponentType>): ComponentType {
  return lazy(async () => ({ default: await load() }));
}

/**
 * A custom form input, loaded with the form that shows it rather than with the registry (which the
 * dashboard and the menu read): `inputs: { source: lazyInput(async () => (await import("./X.tsx")).X) }`.
 * The editor shows its form once every input of it is loaded (components/ResourceDialog.tsx).
 *
 * Once its code is there (a list fetches it ahead: components/FieldInput.tsx, usePreloadedCode), an
 * input is drawn at once. React's lazy would still wait a turn the first time it draws, showing the
 * form's loading state and then holding the form back for its 300 ms of reveal throttling.
 */
export function lazyInput<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> & Preloadable {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const once = () => (loading ??= load().then((component) => (loaded = component)));
  const Lazy = lazy(async () => ({ default: await once() })) as unknown as ComponentType<Props>;
  function LazyInput(props: Props) {
    // Chosen once for the mount: one that began while waiting keeps the lazy wrapper, so that the
    // input is never drawn anew when its code arrives.
    const [Input] = useState(() => loaded ?? Lazy);
    return createElement(Input, props);
  }
  return Object.assign(LazyInput, { preload: once });
}

/** A lazy input whose code can be fetched ahead of its first form (components/FieldInput.tsx, usePreloadedCode). */
export interface Preloadable {
  preload(): Promise<unknown>;
}

/**
 * A screen of its own in the sidebar that shows several tables (the gallery's two sections): the
 * default export of resources/<name>/index.tsx, its sections the tables' configs.
 */
export interface PageConfig {
  kind: "page";
  /** Route under /admin. */
  name: string;
  label: string;
  icon: ComponentType;
  /** Its position in the sidebar, as a content type's (ContentScreen.menu). */
  menu: number;
  component: ComponentType;
  sections: readonly ResourceConfig[];
}

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

/** The reorder RPC of any table with an integer "order" column (move_item, supabase/schemas/06_concurrent_edits.sql). */
export const moveItem =
  (table: string) =>
  (dataProvider: AdminDataProvider, record: AnyRow, direction: Direction): Promise<boolean> =>
    dataProvider.rpc<boolean>("move_item", { kind: table, item_id: record.id, direction, item_version: versionOf(record) });

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
