import { ADMIN_WRITES_ALL, defineContentType, publishAtField } from "../content-type.ts";
import { countOf } from "../format.ts";
import { LIST_LIMITS, TEXT_LIMITS } from "../limits.ts";
import type { ImageAlt } from "../types.ts";
import { altRules, cleanFeatures, defaultFeatures, descriptionRules, limitedTo, listWithin, nonEmptyList, required, titleRules, assetUrlRules, type RuleMap } from "../validation.ts";

export interface FeaturedCollection extends ImageAlt<"image"> {
  id: string;
  title: string;
  description: string;
  image_url: string | null;
  features: string[];
  /** Free text such as "512GB". */
  capacity: string;
  published: boolean;
  /** Visitors see the row from this moment on (null: as soon as it is published); see shared/publishing.ts. */
  publish_at?: string | null;
  created_at: string;
}

export const collectionRules = {
  title: titleRules,
  description: descriptionRules,
  image_url: assetUrlRules,
  image_alt: altRules,
  features: [nonEmptyList("At least one feature is required"), listWithin(LIST_LIMITS.features, TEXT_LIMITS.label, "feature")],
  capacity: [required("Capacity is required"), limitedTo(TEXT_LIMITS.label, "Capacity")],
} satisfies RuleMap;

/** Featured Collections: the home page's carousel; New Collection, list, modal form, publish/unpublish, delete. */
export default defineContentType<FeaturedCollection>({
  name: "collections",
  table: "featured_collections",
  visibility: "published",
  translatable: ["title", "description", "features", "image_alt"],
  adminWrites: ADMIN_WRITES_ALL,
  searchFields: ["title", "description"],
  sitePath: () => "/",
  limits: { title: TEXT_LIMITS.title, description: TEXT_LIMITS.description, image_url: TEXT_LIMITS.url, image_alt: TEXT_LIMITS.alt, capacity: TEXT_LIMITS.label },
  example: { row: (n) => ({ title: `Collection ${n}`, description: "About it", features: ["Gold Contacts"], capacity: "512GB" }), change: { title: "Renamed" } },
  mediaReferences: { columns: ["image_url"], label: "title" },
  screen: {
    label: "Collections",
    title: "Featured Collections",
    // CollectionsBookmarkOutlined
    icon: "M4 6H2v14c0 1.1.9 2 2 2h14v-2H4zm16-4H8c-1.1 0-2 .9-2 2v12c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2m-3 2v5l-1-.75L15 9V4zm3 12H8V4h5v9l3-2.25L19 13V4h1z",
    menu: 3,
    dashboard: "Collections",
    noun: "collection",
    recordRepresentation: (record) => record.title,
    sort: { field: "created_at", order: "DESC" },
    searchPlaceholder: "Search collections...",
    columns: [
      { source: "image_url", label: "", kind: "image" },
      { source: "title", label: "Title", kind: "title", sortable: true, subtitle: (record) => countOf(record.features?.length ?? 0, "feature") },
      { source: "description", label: "Description", kind: "clamp" },
      { source: "capacity", label: "Capacity", kind: "badges", sortable: true, badges: [{ color: "info" }] },
      { source: "created_at", label: "Created", kind: "date", sortable: true },
    ],
    fields: [
      { source: "title", label: "Title", kind: "text", validate: collectionRules.title },
      { source: "description", label: "Description", kind: "textarea", validate: collectionRules.description },
      { source: "image_url", label: "Image URL", kind: "image", validate: collectionRules.image_url, alt: { source: "image_alt", decorative: "image_decorative", validate: collectionRules.image_alt } },
      // One feature per line (backoffice/resources/collections/index.tsx).
      { source: "features", label: "Features", kind: "custom", validate: collectionRules.features },
      { source: "capacity", label: "Capacity", kind: "text", validate: collectionRules.capacity, placeholder: "512GB", half: true },
      publishAtField,
    ],
    capabilities: { create: true, edit: true, delete: true, publish: true },
    duplicate: { title: "title" },
    defaults: () => ({ features: defaultFeatures() }),
    transform: (data) => ({ ...data, features: cleanFeatures((data.features as string[] | undefined) ?? []) }),
  },
});
