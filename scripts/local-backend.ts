import { open } from "node:fs/promises";
import { resolve } from "node:path";
import sharp from "sharp";
import { PASSWORD_MIN_LENGTH } from "../shared/constants.ts";
import { checkImageStructure, IMAGE_HEAD_BYTES, IMAGE_TAIL_BYTES, imageRefusal, REASONS } from "../shared/image-check.ts";
import { STORAGE_IMAGE_QUALITIES, STORAGE_IMAGE_SIDES } from "../shared/images.ts";
import { parseMediaType, servedInline, SNIFF_BYTES, uploadRefusal } from "../shared/media-types.ts";
import type { ProductConfig } from "../supabase/local/server.ts";
import { convertRichText, sqlStore } from "./convert-rich-text.ts";

/** The formats sharp decodes as the renderer does; SVG, icons and bitmaps are judged by their structure alone. */
const DECODED = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif"]);

/**
 * Why an uploaded image cannot be shown, or null: the same structure check the back office makes
 * (the file's ends), then a decode of every pixel by sharp, which a damaged image fails.
 */
export async function imageFileRefusal(type: string, path: string, size: number): Promise<string | null> {
  if (!type.startsWith("image/")) return null;
  const file = await open(path, "r");
  try {
    const head = Buffer.alloc(Math.min(IMAGE_HEAD_BYTES, size));
    const tail = Buffer.alloc(Math.min(IMAGE_TAIL_BYTES, size));
    await file.read(head, 0, head.length, 0);
    await file.read(tail, 0, tail.length, size - tail.length);
    const structure = checkImageStructure(type, head, tail, size);
    if (!structure.ok) return structure.refusal;
  } finally {
    await file.close();
  }
  if (!DECODED.has(type)) return null;
  try {
    // "error" and not sharp's default "warning": a camera's odd metadata is no reason to refuse a picture.
    await sharp(path, { failOn: "error", limitInputPixels: false, sequentialRead: true }).resize(16, 16).raw().toBuffer();
    return null;
  } catch {
    return imageRefusal(type, REASONS.undecodable);
  }
}

/**
 * The product's rules as the local backend (`supabase/local`) enforces them, taken from `shared/`,
 * where the back office and the site read them too: `npm start`, `npm run api`, the tests and the
 * bench start the backend with this.
 */
export const PRODUCT_CONFIG: ProductConfig = {
  storage: {
    // Uploads must declare a type of the media library's, and their first bytes must be of it.
    mediaType: parseMediaType,
    sniffBytes: SNIFF_BYTES,
    uploadRefusal,
    // An image must be one that can be shown: its structure, then sharp decodes it.
    fileRefusal: imageFileRefusal,
    servedInline: (type, head) => servedInline(parseMediaType(type), head),
    // Images are rendered only at the sizes the site and the back office ask for.
    renderSides: STORAGE_IMAGE_SIDES,
    renderQualities: STORAGE_IMAGE_QUALITIES,
  },
  minimumPasswordLength: PASSWORD_MIN_LENGTH,
  // The seed's own artwork, as if an admin had uploaded each file to bucket `assets` and added it
  // to the media library; `supabase/seed.sql` names them through `rcrt.seed_assets_url`.
  seedAssets: {
    sourceDir: resolve(import.meta.dirname, "../supabase/seed-assets"),
    types: { ".webp": "image/webp", ".svg": "image/svg+xml", ".png": "image/png" },
    bucket: "assets",
    folder: "seed",
    urlSetting: "rcrt.seed_assets_url",
    record: async (tx, file) => {
      await tx.query("insert into public.media_assets (url, filename, type, size, metadata) values ($1, $2, 'image', $3, $4::jsonb)", [
        file.url,
        file.fileName,
        file.size,
        JSON.stringify({ format: file.mimeType }),
      ]);
    },
  },
  beforeMigration: {
    // Before the rich-text contract migration, which takes documents only: the Markdown a data
    // directory holds from before converted by the same code as `npm run rich-text:convert`
    // (docs/rich-text-migration.md). A fresh database has nothing to convert (the seed comes last).
    "20261129004100": async (tx, { log, siteUrl }) => {
      const converted = await convertRichText(sqlStore(tx), { siteUrl });
      if (converted.length > 0) log(`[db] converted ${converted.length} rich-text row(s) from Markdown to documents`);
    },
  },
};
