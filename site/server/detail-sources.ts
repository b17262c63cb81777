// The rows behind the site's pages with a parameter. A route entry names its source here by `detail`
// (shared/routes.ts), as `data` names queries; the server renderer does the rest for every such route
// alike: the row read by the parameter's value, a renamed one's 301, a missing one's 404, the head
// from the row, the rows' lines in sitemap.xml, and a preview link of the source's table shown on its
// row's page (./preview.ts). Server-only.

import type { PostgrestClient } from "@supabase/postgrest-js";
import blogPosts from "../../shared/content-types/blog.ts";
import type { HeadMeta } from "../../shared/html-meta.ts";
import { IMAGE_BOXES, resizedImage } from "../../shared/images.ts";
import { routeMeta, type DetailName } from "../../shared/routes.ts";
import type { PageMeta } from "../../shared/site-content.ts";
import { IMAGE_SETTINGS } from "../components/Picture.tsx";
import { postSeo } from "../lib/post-seo.ts";
import { postKey, postRedirectKey, queries, type PostSummary } from "../lib/queries.ts";

export interface DetailSource<Row = unknown> {
  /** The content table of the rows: its preview links open on the row's page (the table's `sitePath`). */
  table: string;
  /** The key of the page's data that holds the row (the page reads it with useResource). */
  key(param: string): string;
  /** The published row the parameter's value names, or null. */
  read(db: PostgrestClient, param: string): Promise<Row | null>;
  /** Rows whose parameter changes: an old value's current one (the server answers 301), and its data key. */
  renamed?: { key(param: string): string; read(db: PostgrestClient, param: string): Promise<string | null> };
  /**
   * The page's head from its row (the route's feed link aside). Its canonical address and
   * modifiedTime are the row's line in sitemap.xml.
   */
  head(row: Row, origin: string): HeadMeta;
  /** Title and description while the row cannot be read (the page shows its error state). */
  unreadMeta: PageMeta;
  /** Every published row, for sitemap.xml. */
  list(db: PostgrestClient): Promise<Row[]>;
}

const post: DetailSource<PostSummary> = {
  table: blogPosts.table,
  key: postKey,
  read: queries.post,
  renamed: { key: postRedirectKey, read: queries.postRedirect },
  head(found, origin) {
    const seo = postSeo(found, origin);
    return {
      title: found.title,
      description: seo.description,
      canonical: seo.canonical,
      type: "article",
      image: seo.image ? resizedImage(seo.image, IMAGE_BOXES.shareCard, IMAGE_SETTINGS) : null,
      publishedTime: found.created_at,
      modifiedTime: found.updated_at,
    };
  },
  unreadMeta: routeMeta("/updates"),
  list: queries.posts,
};

/** One source for each name the route table uses (a missing one fails the typecheck). */
export const DETAIL_SOURCES: Record<DetailName, DetailSource> = { post };
