// What a route module is: each public page is one module of site/routes/, which exports
//
//   route     its address (one of shared/routes.ts), menu label, sitemap and feed flags: plain data,
//             which the browser imports of every module with the app (site/route-table.tsx)
//   default   its component
//   loader    (if it reads any) the reads it is rendered from, by data key, in the page's language;
//             or, for a page of one row named by its address's parameter,
//   row       that row's source
//   preview   (optional) where a draft of each content table it shows goes in its data
//
// A page's title and description are its language's catalogue's (site/i18n/). The server renders a
// page from these (entry-server.tsx), and the browser runs the same reads when it has no server data
// for them. See docs/adding-a-content-type.md.

import type { PostgrestClient } from "@supabase/postgrest-js";
import type { ComponentType } from "react";
import type { HeadMeta } from "../../shared/html-meta.ts";
import type { Language } from "../../shared/languages.ts";
import type { PublicRoutePath } from "../../shared/routes.ts";
import { useSiteLanguage } from "./language.ts";
import type { PageMeta } from "./meta.ts";
import { useResource, type Resource } from "./resource.ts";
import type { InLanguage } from "./translations.ts";

export interface RouteDefinition {
  /** Its address in shared/routes.ts. */
  path: PublicRoutePath;
  /** Its link's label in the header and footer menus; none, not in the menus. */
  nav?: string;
  /** Listed in sitemap.xml; for a row's page, each published row is (at its canonical address). */
  sitemap: boolean;
  /** Its head links the Atom feed of updates. */
  feed?: boolean;
}

/** The reads a page is rendered from, by the key its component reads them under, in the page's language. */
export type Loader = Readonly<Record<string, (db: PostgrestClient, language: Language) => Promise<unknown>>>;

/** A row as `preview_content(token)` answers it (supabase/migrations/*_preview_links.sql). */
export type PreviewRow = Record<string, unknown> & { id: string };

/** Where a previewed draft of a table goes: under which key of the page's data, and how. */
export interface PreviewPlacement {
  key: string;
  /** That key's value (as read for visitors) with the row in its place, as the page shows rows (`db` reads what the row names). */
  place(current: unknown, row: PreviewRow, db: PostgrestClient): unknown;
}

/**
 * The row of a page with one parameter. The server reads it by the parameter's value, follows a
 * renamed one (301), answers a missing one with NO SIGNAL (404), writes its head and lists every
 * published row in sitemap.xml; a preview link of its table shows the draft on its page. A row says
 * which language its words are in and which languages it is published in (InLanguage): a page in a
 * language it is not published in shows the default language's row.
 */
export interface RowSource<Row extends InLanguage = InLanguage> {
  /** The content table of the rows (its type's `sitePath`, shared/content-types/, is this route). */
  table: string;
  /** The key of the page's data that holds the row. */
  key(param: string): string;
  /** The published row the parameter's value names, as the page shows it in `language`, or null. */
  read(db: PostgrestClient, param: string, language: Language): Promise<Row | null>;
  /** A draft as `preview_content` answers it, as the page shows it (`db` reads what the draft names, such as its videos). */
  shown(draft: PreviewRow, db: PostgrestClient): Promise<Row>;
  /** Rows whose parameter changes: an old value's current one (the server answers 301), and its data key. */
  renamed?: { key(param: string): string; read(db: PostgrestClient, param: string): Promise<string | null> };
  /** The page's head from its row (the feed link and alternates aside); its canonical address and modifiedTime are the row's sitemap line. */
  head(row: Row, origin: string): HeadMeta;
  /** Every row published in `language`, as the page shows it, for sitemap.xml and the feed. */
  list(db: PostgrestClient, language: Language): Promise<Row[]>;
}

interface RouteModuleParts {
  route: RouteDefinition;
  default: ComponentType;
  /** By content table. */
  preview?: Readonly<Record<string, PreviewPlacement>>;
  /** The catalogue parts (site/i18n/parts.ts) its component and theirs show: loaded before it renders. */
  texts?: readonly { load(language: Language): Promise<unknown> }[];
}

/** A page without parameters. */
export interface PageModule extends RouteModuleParts {
  loader?: Loader;
  /** Its title and description in the default language where the catalogues name none (site/lib/meta.ts, pageMeta). */
  meta?: PageMeta;
}

/** A page of one row. */
export interface RowModule<Row extends InLanguage = InLanguage> extends RouteModuleParts {
  row: RowSource<Row>;
}

export type RouteModule = PageModule | RowModule;

/** The site's client, with PostgREST's code loaded at the first read: a page the server rendered reads nothing on its first view. */
export async function siteDb(): Promise<PostgrestClient> {
  return (await import("./db.ts")).db();
}

/** What one read of a loader answers. */
export type LoaderData<L extends Loader, K extends keyof L> = L[K] extends (db: PostgrestClient, language: Language) => Promise<infer T> ? T : never;

/** One read of a page's loader in the page's language, under its key (useResource: what the server rendered, else a read now). */
export function useRead<L extends Loader, K extends keyof L & string>(loader: L, key: K): Resource<LoaderData<L, K>> {
  const { language } = useSiteLanguage();
  return useResource(key, async () => (await loader[key]!(await siteDb(), language)) as LoaderData<L, K>);
}

/** Newest first, as the lists ordered by created_at. */
export const newestFirst = (a: PreviewRow, b: PreviewRow) => Date.parse(String(b.created_at)) - Date.parse(String(a.created_at));
/** By "order", then id, as the reorderable lists. */
export const inOrder = (a: PreviewRow, b: PreviewRow) => Number(a.order) - Number(b.order) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** A list with the row in its sorted place (replacing a row of the same id). */
export function placedIn(compare: (a: PreviewRow, b: PreviewRow) => number): (current: unknown, row: PreviewRow) => PreviewRow[] {
  return (current, row) => [...(Array.isArray(current) ? (current as PreviewRow[]) : []).filter((item) => item.id !== row.id), row].sort(compare);
}
