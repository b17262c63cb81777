import PermMediaIcon from "@mui/icons-material/PermMediaOutlined";
import { mediaAssets } from "../../../shared/content-tables.ts";
import type { MediaAsset } from "../../../shared/types.ts";
import { defineResource, lazyScreen } from "../types.ts";

/** Media Library: files in the `assets` bucket, one media_assets row each (admins only). */
const media = defineResource<MediaAsset>(mediaAssets, {
  label: "Media Library",
  icon: PermMediaIcon,
  menu: false,
  dashboard: "Media Assets",
  noun: "asset",
  sort: { field: "created_at", order: "DESC" },
  columns: [],
  fields: [],
  capabilities: { delete: true },
});

media.page = lazyScreen(async () => (await import("./MediaLibrary.tsx")).mediaLibraryPage(media));

export default media;
