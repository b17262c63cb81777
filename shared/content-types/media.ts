import { ADMIN_WRITES_ALL, defineContentType } from "../content-type.ts";
import { TEXT_LIMITS } from "../limits.ts";
import type { MediaType } from "../types.ts";
import { altRules, type RuleMap } from "../validation.ts";

export interface MediaAsset {
  id: string;
  url: string;
  filename: string;
  type: MediaType;
  /** In bytes. */
  size: number;
  /** format is the uploaded file's MIME type. */
  metadata: { format: string };
  /** What the image shows, offered as the alt text wherever the asset is picked. */
  alt_text?: string | null;
  created_at: string;
}

/** A media asset's own alt text (offered wherever the asset is picked). */
export const mediaAssetRules = { alt_text: altRules } satisfies RuleMap;

/** Media Library: files in the `assets` bucket, one media_assets row each (admins only); its screen is backoffice/resources/media/. */
export default defineContentType<MediaAsset>({
  name: "media",
  table: "media_assets",
  visibility: "admins",
  adminWrites: ADMIN_WRITES_ALL,
  searchFields: ["filename"],
  limits: { url: TEXT_LIMITS.url, filename: TEXT_LIMITS.filename, alt_text: TEXT_LIMITS.alt },
  example: {
    row: (n) => ({ url: `https://example.com/media/${n}.png`, filename: `file-${n}.png`, type: "image", size: 1024, metadata: { format: "image/png" } }),
    change: { filename: "renamed.png" },
  },
  screen: {
    label: "Media Library",
    // PermMediaOutlined
    icon: "M2 6H0v5h.01L0 20c0 1.1.9 2 2 2h18v-2H2zm5 9h14l-3.5-4.5-2.5 3.01L11.5 9zM22 4h-8l-2-2H6c-1.1 0-1.99.9-1.99 2L4 16c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2V6c0-1.1-.9-2-2-2m0 12H6V4h5.17l1.41 1.41.59.59H22z",
    // Right after the posts, where people look for their files (the spec's list keeps its order around it).
    menu: 1.5,
    dashboard: "Media Assets",
    noun: "asset",
    sort: { field: "created_at", order: "DESC" },
    columns: [],
    fields: [],
    capabilities: { delete: true },
  },
});
