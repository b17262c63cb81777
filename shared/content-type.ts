// What a content type is: one file of shared/content-types/ holds a table's row type, its entry (the
// plain data the integration tests walk: route name, table, visibility, admin writes, search
// columns, limits, an example row), its form rules and its back-office screen as data. The registry
// (shared/content-tables.ts) finds every such file by itself; the back office renders the screen
// with its generic list and editor (backoffice/resources/types.ts, resourceOf). No UI library here:
// columns and fields say what they show by `kind`, and the icon is a path. See
// docs/adding-a-content-type.md.

import type { DocumentLimits } from "./rich-text/document.ts";
import { scheduleRules, type Rule } from "./validation.ts";

// Definitions are typed by their table's row type: columns, fields, filters and sort name the row's
// own fields, and functions receive the typed row. Code that handles every content type takes the
// `any` default.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the row type of "a content type of any table"
export type AnyRow = any;

/**
 * Who reads the rows (admins always read everything):
 *   published  visitors and signed-in non-admins read published rows whose `publish_at` (null: at
 *              once) has come; such tables have `published` and `publish_at` (shared/publishing.ts)
 *   everyone   visitors read every row (project stages have no drafts)
 *   admins     only administrators read them (media, form submissions)
 */
export type Visibility = "published" | "everyone" | "admins";

export interface ContentTable<Row = Record<string, unknown>> {
  /** The back office's route (/admin/{name}) and react-admin resource name; the definition's file is shared/content-types/{name}.ts. */
  name: string;
  /** The table in the `public` schema. */
  table: string;
  visibility: Visibility;
  /** What administrators may do through the API; nobody else writes (the form intake uses the service role). */
  adminWrites: { insert: boolean; update: boolean; delete: boolean };
  /** Columns the back office's search box looks in (case-insensitive substring, on the server). */
  searchFields?: readonly (keyof Row & string)[];
  /** Left out of the search across content (shared/content-search.ts), which looks in every other table's searchFields. */
  contentSearch?: false;
  /** The longest text of each text column (TEXT_LIMITS); the database checks the same numbers. */
  limits: Partial<Record<keyof Row & string, number>>;
  /**
   * The site's page that shows a row (published tables): the back office's Preview opens it with a
   * preview link, and the web tier renders a preview only at this address.
   */
  sitePath?(row: Record<string, unknown>): string;
  /**
   * The columns translated per language (shared/languages.ts): words a reader reads (titles, bodies,
   * descriptions, SEO text, alt texts). Everything else (images, order, numbers, dates, slugs) is
   * shared by every language. A translation is published and scheduled on its own
   * (content_translations); none listed, the type is not translated.
   */
  translatable?: readonly (keyof Row & string)[];
  /** The smallest valid row (n keeps unique columns unique) and a change an admin may make to it. */
  example: { row(n: number): Partial<Row>; change: Partial<Row> };
  /**
   * Where rows may use media assets: columns holding an asset's URL, whole or inside Markdown, and the
   * column that names a row. The media library's "in use by" searches exactly these (shared/media-usage.ts).
   */
  mediaReferences?: { columns: readonly (keyof Row & string)[]; label: keyof Row & string };
}

/** What admins may write in most tables. */
export const ADMIN_WRITES_ALL = { insert: true, update: true, delete: true } as const;

export type Choice = { id: string; name: string };

export const choicesOf = (values: readonly string[], label: (value: string) => string = (value) => value): Choice[] =>
  values.map((value) => ({ id: value, name: label(value) }));

/**
 * One form input; `kind` picks the back office's input:
 *   text, textarea, url, number, boolean, select (with `choices`), datetime (local time in the form,
 *   an ISO instant in the row), image and video (a URL with a
 *   media-library picker), publishing (a draft, Publish immediately, or Schedule with its moment in
 *   `source`, writing `published` and `source`), richText (a document of shared/rich-text/ in the
 *   rich editor, at least `rows` high, checked against `limits`), custom (an input of the type's own,
 *   backoffice/resources/{name}/index.tsx)
 */
export interface FieldSpec<Row = AnyRow> {
  source: keyof Row & string;
  label: string;
  kind: "text" | "textarea" | "url" | "image" | "video" | "select" | "boolean" | "number" | "datetime" | "richText" | "publishing" | "custom";
  validate?: Rule[];
  choices?: readonly Choice[];
  /** Rows of a textarea; the least height of a rich editor. */
  rows?: number;
  /** How much a rich text may hold (DOCUMENT_LIMITS.content when not given). */
  limits?: DocumentLimits;
  placeholder?: string;
  helperText?: string;
  /** Shown only when creating or only when editing. */
  only?: "create" | "edit";
  /** Half the dialog's width (two such fields share a row). */
  half?: boolean;
  /** Consecutive fields with the same section are shown together under this title, folded at first. */
  section?: string;
  /**
   * An image's alt text and "decorative" flag, stored beside its URL: edited under the image field and
   * filled from the media asset's alt text when one is picked from the library.
   */
  alt?: { source: keyof Row & string; decorative: keyof Row & string; validate?: Rule[] };
}

export type BadgeColor = "default" | "primary" | "secondary" | "info" | "warning" | "success";

/**
 * One list column; `kind` says how its cell shows the row (backoffice/components/cells.tsx):
 *   text    the column's value, or `text(row)`
 *   title   the value in bold, wrapped, with `subtitle(row)` under it
 *   date    the value as a date ("Jan 5, 2025")
 *   image   a thumbnail of the image at the value's URL (`size` px high, 48 by default)
 *   clamp   long text cut after `lines` lines (2) and `maxWidth` px (360), the whole text as its tooltip
 *   badges  outlined chips: the value, or each badge's `text(row)`; an empty one is left out
 *   position  a reorderable row's place, counted from 1 (its `order` counts from 0)
 */
export type ColumnSpec<Row = AnyRow> = {
  source: keyof Row & string;
  label: string;
  sortable?: boolean;
} & (
  | { kind: "text"; text?(row: Row): string | number }
  | { kind: "title"; subtitle?(row: Row): string }
  | { kind: "date" }
  | { kind: "image"; size?: number }
  | { kind: "clamp"; text?(row: Row): string; lines?: number; maxWidth?: number; italic?: boolean }
  | { kind: "badges"; badges: readonly { text?(row: Row): string | null | undefined; color: BadgeColor }[] }
  | { kind: "position" }
);

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

export interface DuplicateSpec<Row = AnyRow> {
  /** The field naming the row, which gets " (copy)". */
  title: keyof Row & string;
  /** A unique slug column: the copy gets "<slug>-copy", "-copy-2", ... whichever is free. */
  slug?: keyof Row & string;
  /** Fields a copy takes from a new record's defaults instead of the row (views). */
  reset?: readonly (keyof Row & string)[];
  /** The button's label (Duplicate by default). */
  label?: string;
}

/** What a new row's defaults may ask for. */
export interface NewRowContext {
  /** One past the largest `order` of the table, 0 when it is empty: a new row lands last. */
  nextOrder(): Promise<number>;
}

/** The back office's screen of a content type, as data. */
export interface ContentScreen<Row = AnyRow> {
  /** Sidebar label; `title` is the page heading (defaults to the label). */
  label: string;
  title?: string;
  /**
   * The sidebar's icon: the path (`d`) of a 24 x 24 Material icon, as in
   * node_modules/@mui/icons-material/esm/{Name}.js (several paths: joined into one).
   */
  icon: string;
  /**
   * Its position in the sidebar, between Dashboard and View Site, which the dashboard's cards follow
   * too (docs/adding-a-content-type.md lists the positions taken; a number between two puts it
   * there). False: no entry of its own (still routed, or a section of a page such as the gallery's).
   */
  menu: number | false;
  /** Only administrators open it (the database refuses its rows to editors): no sidebar entry, route or card for editors. */
  access?: "administrators";
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
  /** reorder: the move_item RPC on the table's "order" column (docs/adding-a-content-type.md). */
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
  /** Values a new record starts with. */
  defaults?(context: NewRowContext): Partial<Row> | Promise<Partial<Row>>;
  /** The record to write, from the form's values. */
  transform?(data: Record<string, unknown>, info: SaveContextInfo<Row>): Record<string, unknown>;
  /**
   * At most one row is published at a time (the whitepaper): bulk publishing is offered for one row and
   * goes row by row, a new row is published once it exists, and the list reloads after a publish.
   */
  publishesOne?: boolean;
  /** Publishing is for administrators only (the whitepaper; the database refuses editors whatever the path). */
  publishedByAdministrators?: boolean;
  /**
   * A Duplicate action per row: the create form opens with a draft copy of the row, stored only on
   * Save (backoffice/components/duplicate.ts). `title` gets " (copy)", `slug` a free "-copy" slug,
   * `reset` fields start as a new record's.
   */
  duplicate?: DuplicateSpec<Row>;
  dialogWidth?: "sm" | "md" | "lg";
}

/** A content type: its table's entry and its back-office screen. */
export interface ContentType<Row = AnyRow> extends ContentTable<Row> {
  screen: ContentScreen<Row>;
}

/** A content type checked against its row type: the default export of shared/content-types/{name}.ts. */
export function defineContentType<Row>(type: ContentType<Row>): ContentType<Row> {
  return type;
}

/**
 * The publishing choice of publishable content (shared/publishing.ts): a draft, "Publish immediately",
 * or "Schedule" with its "Publish at" moment; the form states what saving does.
 */
export const publishAtField: FieldSpec = {
  source: "publish_at",
  label: "Publish at",
  kind: "publishing",
  validate: scheduleRules.publish_at,
  helperText: "Your time zone.",
};
