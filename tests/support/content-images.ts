import { CONTENT_TABLES } from "../../shared/content-tables.ts";
import type { ContentTable } from "../../shared/content-type.ts";

/**
 * Every image a content table shows, from the content-table list: each `<prefix>_alt` column with a
 * limit names an image at `<prefix>_url` (with its `<prefix>_decorative` flag), as the image-alt
 * migration adds them. Tests that walk images read this, so a new table's images are in them.
 */
export function contentImages(): { table: string; prefix: string; entry: ContentTable }[] {
  return CONTENT_TABLES.flatMap((entry) =>
    Object.keys(entry.limits).flatMap((column) => {
      const prefix = /^(\w+)_alt$/.exec(column)?.[1];
      return prefix ? [{ table: entry.table, prefix, entry }] : [];
    }),
  );
}
