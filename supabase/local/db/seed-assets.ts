import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, extname, join } from "node:path";
import type { Queryable } from "./engines.ts";

/** Where the seed's pictures live in bucket `assets`. */
export const SEED_ASSET_FOLDER = "seed";

const TYPES: Record<string, string> = { ".webp": "image/webp", ".svg": "image/svg+xml", ".png": "image/png" };

/**
 * The seed's own artwork (`supabase/seed-assets/`), stored as if an admin had uploaded each file to
 * bucket `assets` (`seed/<file>`: the file on disk, its `storage.objects` row) and added it to the
 * media library (`media_assets`). Runs in the seed's transaction, so a seed that fails stores no rows.
 */
export async function storeSeedAssets(tx: Queryable, sourceDir: string, storageRoot: string, publicBaseUrl: string): Promise<void> {
  const files = readdirSync(sourceDir).filter((file) => TYPES[extname(file)]).sort();
  for (const file of files) {
    const bytes = readFileSync(join(sourceDir, file));
    const mimetype = TYPES[extname(file)]!;
    const name = `${SEED_ASSET_FOLDER}/${file}`;
    const target = join(storageRoot, "assets", SEED_ASSET_FOLDER, file);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, bytes);
    const metadata = {
      eTag: `"${createHash("md5").update(bytes).digest("hex")}"`,
      size: bytes.length,
      mimetype,
      cacheControl: "max-age=3600",
      lastModified: new Date().toUTCString(),
      contentLength: bytes.length,
      httpStatusCode: 200,
    };
    await tx.query("insert into storage.objects (bucket_id, name, metadata) values ('assets', $1, $2::jsonb) on conflict (bucket_id, name) do nothing", [name, JSON.stringify(metadata)]);
    await tx.query("insert into public.media_assets (url, filename, type, size, metadata) values ($1, $2, 'image', $3, $4::jsonb)", [
      `${publicBaseUrl}${file}`,
      file,
      bytes.length,
      JSON.stringify({ format: mimetype }),
    ]);
  }
}
