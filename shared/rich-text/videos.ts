import { absoluteAssetUrl } from "../images.ts";
import { isVideoRowId } from "./document.ts";
import { asNode, childrenOf, stringAttr, type LooseNode } from "./nodes.ts";
import type { VideoSource } from "./render-html.ts";

// The rows of the videos table a document's video nodes name: each renderer shows such a video from
// its row, which the caller reads (the site with the visitor's rights, a mail with the service's).

/** The ids of the videos-table rows the documents' video nodes name, each once. */
export function videoIdsOf(documents: readonly unknown[]): string[] {
  const ids = new Set<string>();
  const visit = (node: LooseNode, depth: number): void => {
    if (node.type === "video") {
      const id = stringAttr(node, "videoId");
      if (id && isVideoRowId(id)) ids.add(id);
      return;
    }
    for (const child of childrenOf(node, depth)) visit(child, depth + 1);
  };
  for (const document of documents) {
    const root = asNode(document);
    if (root) visit(root, 1);
  }
  return [...ids];
}

/** A row of the videos table as read for a document. */
export interface VideoRow {
  id: string;
  title: string;
  video_url: string;
  thumbnail_url: string | null;
}

/** The columns to read of each row. */
export const VIDEO_ROW_COLUMNS = "id,title,video_url,thumbnail_url";

/** Rows as the renderers take them, by id; our own files (stored host-relative) on the API at `apiUrl`. */
export function videoSources(rows: readonly VideoRow[], apiUrl: string): Map<string, VideoSource> {
  return new Map(
    rows.map((row) => [row.id, { title: row.title, url: absoluteAssetUrl(row.video_url, apiUrl), thumbnail: row.thumbnail_url && absoluteAssetUrl(row.thumbnail_url, apiUrl) }]),
  );
}
