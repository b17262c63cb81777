import { ADMIN_WRITES_ALL, choicesOf, defineContentType, publishAtField } from "../content-type.ts";
import { formatViews } from "../format.ts";
import { TEXT_LIMITS } from "../limits.ts";
import { VIDEO_CATEGORIES, type ImageAlt, type VideoCategory } from "../types.ts";
import { altRules, categoryRules, descriptionRules, isNumber, minValue, titleRules, assetUrlRules, type RuleMap } from "../validation.ts";

export interface Video extends ImageAlt<"thumbnail"> {
  id: string;
  title: string;
  description: string;
  thumbnail_url: string | null;
  video_url: string | null;
  category: VideoCategory;
  views: number;
  published: boolean;
  /** Visitors see the row from this moment on (null: as soon as it is published); see shared/publishing.ts. */
  publish_at?: string | null;
  created_at: string;
}

export const videoRules = {
  title: titleRules,
  description: descriptionRules,
  thumbnail_url: assetUrlRules,
  thumbnail_alt: altRules,
  video_url: assetUrlRules,
  category: categoryRules(VIDEO_CATEGORIES),
  views: [isNumber("Views must be a number"), minValue(0, "Views cannot be negative")],
} satisfies RuleMap;

const categoryChoices = choicesOf(VIDEO_CATEGORIES);

/** Videos: thumbnail, title, description, category, views (newest first). */
export default defineContentType<Video>({
  name: "videos",
  table: "videos",
  visibility: "published",
  translatable: ["title", "description", "thumbnail_alt"],
  adminWrites: ADMIN_WRITES_ALL,
  searchFields: ["title", "description"],
  sitePath: () => "/youtube",
  limits: { title: TEXT_LIMITS.title, description: TEXT_LIMITS.description, thumbnail_url: TEXT_LIMITS.url, thumbnail_alt: TEXT_LIMITS.alt, video_url: TEXT_LIMITS.url },
  example: { row: (n) => ({ title: `Video ${n}`, description: "About it", category: "Tutorial", views: 3 }), change: { title: "Renamed" } },
  mediaReferences: { columns: ["thumbnail_url", "video_url"], label: "title" },
  screen: {
    label: "Videos",
    // VideoLibraryOutlined
    icon: "M4 6H2v14c0 1.1.9 2 2 2h14v-2H4zm16-4H8c-1.1 0-2 .9-2 2v12c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2m0 14H8V4h12zM12 5.5v9l6-4.5z",
    menu: 4,
    dashboard: "Videos",
    noun: "video",
    recordRepresentation: (record) => record.title,
    sort: { field: "created_at", order: "DESC" },
    searchPlaceholder: "Search videos...",
    filters: [{ source: "category", label: "Category", choices: categoryChoices }],
    columns: [
      { source: "thumbnail_url", label: "Thumbnail", kind: "image" },
      { source: "title", label: "Title", kind: "title", sortable: true },
      { source: "description", label: "Description", kind: "clamp" },
      { source: "category", label: "Category", kind: "badges", sortable: true, badges: [{ color: "primary" }] },
      { source: "views", label: "Views", kind: "text", sortable: true, text: (record) => formatViews(record.views ?? 0, "en-US") },
      { source: "created_at", label: "Created", kind: "date", sortable: true },
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
  },
});
