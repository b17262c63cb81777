import WebIcon from "@mui/icons-material/WebOutlined";
import SdCardIcon from "@mui/icons-material/SdCardOutlined";
import { cartridgeModels as cartridgeTable, interfacePreviews as previewTable } from "../../../shared/content-tables.ts";
import { countOf } from "../../../shared/format.ts";
import { emptySpecifications, GALLERY_CATEGORIES, type CartridgeModel, type CartridgeSpecifications, type InterfacePreview } from "../../../shared/types.ts";
import { cleanFeatures, galleryItemRules } from "../../../shared/validation.ts";
import { Badge, Clamp, Thumbnail, TitleCell } from "../../components/cells.tsx";
import { choicesOf, defineResource, lazyInput, moveItem, nextOrderOf, publishAtField, type ColumnSpec, type FieldSpec } from "../types.ts";

type GalleryItem = InterfacePreview | CartridgeModel;

const orderColumn: ColumnSpec<GalleryItem> = { source: "order", label: "#", sortable: true, render: (record) => record.order };
const imageColumn: ColumnSpec<GalleryItem> = { source: "image_url", label: "Image", render: (record) => <Thumbnail url={record.image_url} /> };
const titleColumn: ColumnSpec<GalleryItem> = { source: "title", label: "Title", sortable: true, render: (record) => <TitleCell title={record.title} /> };
const descriptionColumn: ColumnSpec<GalleryItem> = { source: "description", label: "Description", render: (record) => <Clamp text={record.description} /> };

const commonFields: FieldSpec<GalleryItem>[] = [
  { source: "title", label: "Title", kind: "text", validate: galleryItemRules.title },
  { source: "description", label: "Description", kind: "textarea", validate: galleryItemRules.description },
  { source: "image_url", label: "Image URL", kind: "image", validate: galleryItemRules.image_url, alt: { source: "image_alt", decorative: "image_decorative", validate: galleryItemRules.image_alt } },
];

const orderField: FieldSpec<GalleryItem> = { source: "order", label: "Order", kind: "number", validate: galleryItemRules.order, half: true };

const common = {
  menu: false as const,
  noun: "item",
  sort: { field: "order" as const, order: "ASC" as const },
  searchPlaceholder: "Search items...",
  capabilities: { create: true, edit: true, delete: true, publish: true, reorder: true },
  duplicate: { title: "title" as const },
  perPage: 50,
  recordRepresentation: (record: GalleryItem) => record.title,
};

export const interfacePreviews = defineResource<InterfacePreview>(previewTable, {
  ...common,
  label: "Interface Previews",
  dashboard: "Interface Previews",
  icon: WebIcon,
  filters: [{ source: "category", label: "Category", choices: choicesOf(GALLERY_CATEGORIES) }],
  columns: [orderColumn, imageColumn, titleColumn, descriptionColumn, { source: "category", label: "Category", sortable: true, render: (record) => <Badge label={record.category} color="primary" /> }],
  smallScreenColumns: ["title"],
  fields: [
    ...commonFields,
    { source: "category", label: "Category", kind: "select", choices: choicesOf(GALLERY_CATEGORIES), half: true },
    orderField,
    publishAtField,
  ],
  labels: { create: "Add Preview", createTitle: "New Interface Preview", editTitle: "Edit Interface Preview", save: "Save Preview" },
  defaults: async (dataProvider) => ({ category: "UI", order: await nextOrderOf(dataProvider, previewTable.name) }),
  transform: (data) => ({ ...data, category: data.category || "UI", order: Number(data.order ?? 0) }),
  move: moveItem(previewTable.table),
});

function specificationsSummary(specifications: Partial<CartridgeSpecifications> | null): string {
  const parts = [specifications?.storage, specifications?.dimensions, specifications?.weight].filter(Boolean);
  const features = specifications?.features?.length ?? 0;
  return [...parts, features ? countOf(features, "feature") : ""].filter(Boolean).join(" · ") || "No specifications yet";
}

export const cartridgeModels = defineResource<CartridgeModel>(cartridgeTable, {
  ...common,
  label: "Cartridge Models",
  dashboard: "Cartridge Models",
  icon: SdCardIcon,
  columns: [
    orderColumn,
    imageColumn,
    titleColumn,
    descriptionColumn,
    { source: "specifications", label: "Specifications", render: (record) => <Clamp text={specificationsSummary(record.specifications)} lines={2} maxWidth={240} /> },
  ],
  smallScreenColumns: ["title"],
  fields: [...commonFields, { source: "specifications", label: "Specifications", kind: "custom", component: lazyInput(async () => (await import("../../components/inputs/SpecificationsInput.tsx")).SpecificationsInput) }, orderField, publishAtField],
  labels: { create: "Add Model", createTitle: "New Cartridge Model", editTitle: "Edit Cartridge Model", save: "Save Model" },
  defaults: async (dataProvider) => ({ specifications: emptySpecifications(), order: await nextOrderOf(dataProvider, cartridgeTable.name) }),
  transform: (data) => {
    const specifications = { ...emptySpecifications(), ...((data.specifications as Partial<CartridgeSpecifications> | null) ?? {}) };
    return {
      ...data,
      order: Number(data.order ?? 0),
      specifications: {
        storage: specifications.storage ?? "",
        dimensions: specifications.dimensions ?? "",
        weight: specifications.weight ?? "",
        features: cleanFeatures(specifications.features ?? []),
      },
    };
  },
  move: moveItem(cartridgeTable.table),
});
