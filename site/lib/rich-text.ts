// Rich-text documents (post content, whitepaper sections, FAQ answers) as the site shows them: HTML
// from the one renderer (shared/rich-text/render-html.ts), with pictures on the API the page reads and
// the videos a document names read from the videos table. Made where a page's rows are read (the
// server; the browser only when it reads a page itself), and imported by those reads alone, so no
// page's code loads the renderer as it starts.

import type { PostgrestClient } from "@supabase/postgrest-js";
import { renderHtml, type VideoSource } from "../../shared/rich-text/render-html.ts";
import { VIDEO_ROW_COLUMNS, videoIdsOf, videoSources, type VideoRow } from "../../shared/rich-text/videos.ts";
import { IMAGE_SETTINGS } from "./image-settings.ts";
import { answered } from "./queries.ts";

/** The API a client reads (its REST address without /rest/v1): where our own files are served from. */
export function apiUrlOf(db: PostgrestClient): string {
  return db.url.replace(/\/rest\/v1\/?$/, "");
}

/** The named videos visitors may see (the published ones). */
async function readVideos(db: PostgrestClient, ids: readonly string[], apiUrl: string): Promise<Map<string, VideoSource>> {
  if (ids.length === 0) return new Map();
  return videoSources(answered<VideoRow[]>(await db.from("videos").select(VIDEO_ROW_COLUMNS).eq("published", true).in("id", ids)), apiUrl);
}

/** Each document as the site's HTML, in order: one read of the videos they name. */
export async function documentsHtml(db: PostgrestClient, documents: readonly unknown[]): Promise<string[]> {
  const apiUrl = apiUrlOf(db);
  const videos = await readVideos(db, videoIdsOf(documents), apiUrl);
  const images = { ...IMAGE_SETTINGS, apiUrl };
  return documents.map((document) => renderHtml(document as Parameters<typeof renderHtml>[0], { images, videos }));
}
