// Draft preview on the server: where a previewed row goes in the data its page is rendered from, so
// the page shows it as it will be once published. Server-only (the browser never builds a preview).

import { CONTENT_TABLES } from "../../shared/content-tables.ts";
import cartridgeModels from "../../shared/content-types/cartridge_models.ts";
import featuredCollections from "../../shared/content-types/collections.ts";
import faqEntries from "../../shared/content-types/faq.ts";
import interfacePreviews from "../../shared/content-types/interface_previews.ts";
import pressQuotes from "../../shared/content-types/press.ts";
import videos from "../../shared/content-types/videos.ts";
import whitepaper from "../../shared/content-types/whitepaper.ts";
import { matchRoute } from "../../shared/routes.ts";
import type { HomeContent } from "../lib/queries.ts";
import { DETAIL_SOURCES } from "./detail-sources.ts";

export type PreviewRow = Record<string, unknown> & { id: string };

/** What `preview_content(token)` answers for a valid link (supabase/migrations/*_preview_links.sql). */
export interface PreviewTarget {
  table: string;
  row: PreviewRow;
}

interface Placement {
  /** The key of the page's data that shows rows of the table. */
  key(row: PreviewRow): string;
  /** That key's value (as read for visitors) with the row in its place. */
  place(current: unknown, row: PreviewRow): unknown;
}

/** Newest first, as the lists ordered by created_at. */
const newestFirst = (a: PreviewRow, b: PreviewRow) => Date.parse(String(b.created_at)) - Date.parse(String(a.created_at));
/** By "order", then id, as the reorderable lists. */
const inOrder = (a: PreviewRow, b: PreviewRow) => Number(a.order) - Number(b.order) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** A list with the row in its sorted place (replacing a row of the same id). */
const placedIn =
  (compare: (a: PreviewRow, b: PreviewRow) => number) =>
  (current: unknown, row: PreviewRow): PreviewRow[] =>
    [...(Array.isArray(current) ? (current as PreviewRow[]) : []).filter((item) => item.id !== row.id), row].sort(compare);

/** One of the home page's lists (its one read, public.home_page) with the row in its sorted place. */
const placedInHome =
  (part: "collections" | "press", compare: (a: PreviewRow, b: PreviewRow) => number) =>
  (current: unknown, row: PreviewRow): HomeContent => {
    const home = (current ?? { stages: [], collections: [], press: [] }) as HomeContent;
    return { ...home, [part]: placedIn(compare)(home[part], row) };
  };

const PLACEMENTS: Record<string, Placement> = {
  [featuredCollections.table]: { key: () => "home", place: placedInHome("collections", newestFirst) },
  [pressQuotes.table]: { key: () => "home", place: placedInHome("press", newestFirst) },
  [videos.table]: { key: () => "videos", place: placedIn(newestFirst) },
  [interfacePreviews.table]: { key: () => "previews", place: placedIn(inOrder) },
  [cartridgeModels.table]: { key: () => "cartridges", place: placedIn(inOrder) },
  [faqEntries.table]: { key: () => "faq", place: placedIn(inOrder) },
  // One published version: the previewed row is the page's.
  [whitepaper.table]: { key: () => "whitepaper", place: (_current, row) => row },
};

/**
 * A row with a page of its own (a route whose entry names a row source of this table): the page's
 * row, under the key its source gives the address's parameter.
 */
function ownPage(table: string, path: string): Placement | null {
  const match = matchRoute(path);
  if (!match || !("detail" in match.route)) return null;
  const source = DETAIL_SOURCES[match.route.detail];
  const [param] = Object.values(match.params);
  return source.table === table ? { key: () => source.key(param!), place: (_current, row) => row } : null;
}

/**
 * The placement of a previewed row when `path` is its page (the registry's sitePath), else null: a
 * link opens its own row's page only.
 */
export function previewPlacement(target: PreviewTarget, path: string): { key: string; place(current: unknown): unknown } | null {
  const table = CONTENT_TABLES.find((entry) => entry.table === target.table);
  if (!table?.sitePath || table.sitePath(target.row) !== path) return null;
  const placement = PLACEMENTS[target.table] ?? ownPage(target.table, path);
  if (!placement) return null;
  return { key: placement.key(target.row), place: (current) => placement.place(current, target.row) };
}

export const PREVIEW_BANNER =
  '<div class="preview-banner" role="status"><strong>Preview</strong> <span>Unpublished content, shown as visitors will see it once it is published. Only this link shows it, until it expires.</span></div>';
