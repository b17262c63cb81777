import PermMediaIcon from "@mui/icons-material/PermMediaOutlined";
import type { ResourceConfig } from "../types.ts";
import { mediaLibraryPage } from "./MediaLibrary.tsx";

/** Media Library: files in the `assets` bucket, one media_assets row each (admins only). */
const media: ResourceConfig = {
  name: "media",
  table: "media_assets",
  label: "Media Library",
  icon: PermMediaIcon,
  menu: false,
  noun: "asset",
  sort: { field: "created_at", order: "DESC" },
  searchFields: ["filename"],
  columns: [],
  fields: [],
  capabilities: { delete: true },
};

media.page = mediaLibraryPage(media);

export default media;
