import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { ContentType } from "../shared/content-type.ts";

/** Where the content types are defined, one file each. */
export const CONTENT_TYPES_DIR = resolve(import.meta.dirname, "../shared/content-types");

/**
 * Every content table, for scripts that plain Node runs: shared/content-tables.ts finds the files of
 * shared/content-types/ with Vite's import.meta.glob, which Node lacks, so this imports the same
 * files by name, in the same order (shared/content-tables.test.ts holds the two to it).
 */
export async function contentTables(): Promise<ContentType[]> {
  const files = readdirSync(CONTENT_TYPES_DIR)
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    .sort();
  return Promise.all(files.map(async (file) => ((await import(pathToFileURL(join(CONTENT_TYPES_DIR, file)).href)) as { default: ContentType }).default));
}
