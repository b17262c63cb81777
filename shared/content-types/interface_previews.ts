import { choicesOf, defineContentType, publishAtField } from "../content-type.ts";
import { galleryItemColumns, galleryItemFields, galleryItemScreen, galleryItemTable, galleryOrderField, type GalleryItem } from "../gallery-items.ts";
import { GALLERY_CATEGORIES, type GalleryCategory } from "../types.ts";

export interface InterfacePreview extends GalleryItem {
  /** Optional in the form; new interface items default to "UI". */
  category: GalleryCategory;
}

const categoryChoices = choicesOf(GALLERY_CATEGORIES);

/** Interface Previews: the gallery page's first section, in order. */
export default defineContentType<InterfacePreview>({
  ...galleryItemTable,
  name: "interface_previews",
  table: "interface_previews",
  translatable: ["title", "description", "image_alt"],
  example: { row: (n) => ({ title: `Preview ${n}`, description: "About it", order: 100 + n }), change: { title: "Renamed" } },
  screen: {
    ...galleryItemScreen,
    label: "Interface Previews",
    dashboard: "Interface Previews",
    // WebOutlined
    icon: "M20 4H4c-1.1 0-1.99.9-1.99 2L2 18c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2V6c0-1.1-.9-2-2-2M4 9h10.5v3.5H4zm0 5.5h10.5V18H4zM20 18h-3.5V9H20z",
    filters: [{ source: "category", label: "Category", choices: categoryChoices }],
    columns: [...galleryItemColumns, { source: "category", label: "Category", kind: "badges", sortable: true, badges: [{ color: "primary" }] }],
    fields: [...galleryItemFields, { source: "category", label: "Category", kind: "select", choices: categoryChoices, half: true }, galleryOrderField, publishAtField],
    labels: { create: "Add Preview", createTitle: "New Interface Preview", editTitle: "Edit Interface Preview", save: "Save Preview" },
    defaults: async ({ nextOrder }) => ({ category: "UI", order: await nextOrder() }),
    transform: (data) => ({ ...data, category: data.category || "UI", order: Number(data.order ?? 0) }),
  },
});
