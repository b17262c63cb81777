import PermMediaIcon from "@mui/icons-material/PermMediaOutlined";
import { mediaAssets } from "../../../shared/content-tables.ts";
import type { MediaAsset } from "../../../shared/types.ts";
import { defineResource } from "../types.ts";
import { mediaLibraryPage } from "./MediaLibrary.tsx";

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

media.page = mediaLibraryPage(media);

export default media;
