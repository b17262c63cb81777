// What the gallery's two content types share (shared/content-types/interface_previews.ts and
// cartridge_models.ts): the row's common columns, rules, list columns, fields and list settings. The
// back office shows both as sections of one page (backoffice/resources/gallery/).

import { ADMIN_WRITES_ALL, type ColumnSpec, type FieldSpec } from "./content-type.ts";
import { TEXT_LIMITS } from "./limits.ts";
import type { ImageAlt } from "./types.ts";
import { altRules, descriptionRules, isNumber, titleRules, assetUrlRules, type RuleMap } from "./validation.ts";

/** The columns an interface preview and a cartridge model both have. */
export interface GalleryItem extends ImageAlt<"image"> {
  id: string;
  title: string;
  description: string;
  image_url: string | null;
  order: number;
  published: boolean;
  /** Visitors see the row from this moment on (null: as soon as it is published); see shared/publishing.ts. */
  publish_at?: string | null;
}

/** Interface previews and cartridge models. Category is optional (interface items default to UI). */
export const galleryItemRules = {
  title: titleRules,
  description: descriptionRules,
  image_url: assetUrlRules,
  image_alt: altRules,
  order: [isNumber("Order must be a number")],
} satisfies RuleMap;

export const galleryItemTable = {
  visibility: "published",
  adminWrites: ADMIN_WRITES_ALL,
  searchFields: ["title", "description"],
  sitePath: () => "/gallery",
  limits: { title: TEXT_LIMITS.title, description: TEXT_LIMITS.description, image_url: TEXT_LIMITS.url, image_alt: TEXT_LIMITS.alt },
  mediaReferences: { columns: ["image_url"], label: "title" },
} as const;

export const galleryItemColumns: ColumnSpec<GalleryItem>[] = [
  { source: "order", label: "#", kind: "position", sortable: true },
  { source: "image_url", label: "Image", kind: "image" },
  { source: "title", label: "Title", kind: "title", sortable: true },
  { source: "description", label: "Description", kind: "clamp" },
];

export const galleryItemFields: FieldSpec<GalleryItem>[] = [
  { source: "title", label: "Title", kind: "text", validate: galleryItemRules.title },
  { source: "description", label: "Description", kind: "textarea", validate: galleryItemRules.description },
  { source: "image_url", label: "Image URL", kind: "image", validate: galleryItemRules.image_url, alt: { source: "image_alt", decorative: "image_decorative", validate: galleryItemRules.image_alt } },
];

export const galleryOrderField: FieldSpec<GalleryItem> = { source: "order", label: "Order", kind: "number", validate: galleryItemRules.order, half: true };

export const galleryItemScreen = {
  menu: false,
  noun: "item",
  sort: { field: "order", order: "ASC" },
  searchPlaceholder: "Search items...",
  capabilities: { create: true, edit: true, delete: true, publish: true, reorder: true },
  duplicate: { title: "title" },
  perPage: 50,
  smallScreenColumns: ["title"],
  recordRepresentation: (record: GalleryItem) => record.title,
} as const;
