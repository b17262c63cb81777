import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, extname, join } from "node:path";
import type { Queryable } from "./engines.ts";

/**
 * Files a fresh database's seed refers to (pictures, say), stored as if they had been uploaded: each
 * file of `sourceDir` whose extension `types` names goes to `<bucket>/<folder>/<file>`. Before the
 * seed runs, the setting `urlSetting` holds their public address up to the file name, host-relative
 * as the media library stores its files, so that `current_setting(urlSetting) || '<file>'` in the
 * seed names a file whichever host the API is served on.
 */
export interface SeedAssets {
  sourceDir: string;
  /** Media types by file extension (`.webp` → `image/webp`). */
  types: Readonly<Record<string, string>>;
  bucket: string;
  folder: string;
  urlSetting: string;
  /** What else the seed keeps of each stored file, in the seed's transaction (a media library's row). */
  record?: (tx: Queryable, file: StoredSeedAsset) => Promise<void>;
}

export interface StoredSeedAsset {
  /** Its public address, host-relative. */
  url: string;
  fileName: string;
  size: number;
  mimeType: string;
}

/** The public address of the seed's files, up to the file name, host-relative. */
export function seedAssetsUrl(assets: SeedAssets): string {
  return `/storage/v1/object/public/${assets.bucket}/${assets.folder}/`;
}

/**
 * Stores each file as an upload would (the file under `storageRoot`, its `storage.objects` row) and
 * hands it to `record`. Runs in the seed's transaction, so a seed that fails stores no rows.
 */
export async function storeSeedAssets(tx: Queryable, assets: SeedAssets, storageRoot: string, publicBaseUrl: string): Promise<void> {
  const files = readdirSync(assets.sourceDir).filter((file) => assets.types[extname(file)]).sort();
  for (const file of files) {
    const bytes = readFileSync(join(assets.sourceDir, file));
    const mimetype = assets.types[extname(file)]!;
    const name = `${assets.folder}/${file}`;
    const target = join(storageRoot, assets.bucket, assets.folder, file);
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
    await tx.query("insert into storage.objects (bucket_id, name, metadata) values ($1, $2, $3::jsonb) on conflict (bucket_id, name) do nothing", [
      assets.bucket,
      name,
      JSON.stringify(metadata),
    ]);
    await assets.record?.(tx, { url: `${publicBaseUrl}${file}`, fileName: file, size: bytes.length, mimeType: mimetype });
  }
}
