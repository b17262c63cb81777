import { resolve } from "node:path";
import { PASSWORD_MIN_LENGTH } from "../shared/constants.ts";
import { STORAGE_IMAGE_QUALITIES, STORAGE_IMAGE_SIDES } from "../shared/images.ts";
import { parseMediaType, servedInline, SNIFF_BYTES, uploadRefusal } from "../shared/media-types.ts";
import type { ProductConfig } from "../supabase/local/server.ts";

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
};
