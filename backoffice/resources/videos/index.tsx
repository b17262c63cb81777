import VideoLibraryIcon from "@mui/icons-material/VideoLibraryOutlined";
import { videos } from "../../../shared/content-tables.ts";
import { formatViews } from "../../../shared/format.ts";
import { VIDEO_CATEGORIES, type Video } from "../../../shared/types.ts";
import { videoRules } from "../../../shared/validation.ts";
import { Badge, Clamp, DateCell, Thumbnail, TitleCell } from "../../components/cells.tsx";
import { choicesOf, defineResource, publishAtField } from "../types.ts";

const categoryChoices = choicesOf(VIDEO_CATEGORIES);

/** Videos: thumbnail, title, description, category, views (newest first). */
export default defineResource<Video>(videos, {
  label: "Videos",
  icon: VideoLibraryIcon,
  menu: 4,
  dashboard: "Videos",
  noun: "video",
  recordRepresentation: (record) => record.title,
  sort: { field: "created_at", order: "DESC" },
  searchPlaceholder: "Search videos...",
  filters: [{ source: "category", label: "Category", choices: categoryChoices }],
  columns: [
    { source: "thumbnail_url", label: "Thumbnail", render: (record) => <Thumbnail url={record.thumbnail_url} /> },
    { source: "title", label: "Title", sortable: true, render: (record) => <TitleCell title={record.title} /> },
    { source: "description", label: "Description", render: (record) => <Clamp text={record.description} /> },
    { source: "category", label: "Category", sortable: true, render: (record) => <Badge label={record.category} color="primary" /> },
    { source: "views", label: "Views", sortable: true, render: (record) => formatViews(record.views ?? 0, "en-US") },
    { source: "created_at", label: "Created", sortable: true, render: (record) => <DateCell value={record.created_at} /> },
  ],
  fields: [
    { source: "title", label: "Title", kind: "text", validate: videoRules.title },
    { source: "description", label: "Description", kind: "textarea", validate: videoRules.description },
    { source: "thumbnail_url", label: "Thumbnail URL", kind: "image", validate: videoRules.thumbnail_url, alt: { source: "thumbnail_alt", decorative: "thumbnail_decorative", validate: videoRules.thumbnail_alt } },
    { source: "video_url", label: "Video URL", kind: "video", validate: videoRules.video_url },
    { source: "category", label: "Category", kind: "select", choices: categoryChoices, validate: videoRules.category, half: true },
    { source: "views", label: "Views", kind: "number", half: true, validate: videoRules.views },
    publishAtField,
  ],
  capabilities: { create: true, edit: true, delete: true, publish: true },
  duplicate: { title: "title", reset: ["views"] },
  defaults: () => ({ views: 0 }),
  transform: (data) => ({ ...data, views: Number(data.views ?? 0) || 0 }),
});
