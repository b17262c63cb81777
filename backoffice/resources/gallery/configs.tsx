import WebIcon from "@mui/icons-material/WebOutlined";
import SdCardIcon from "@mui/icons-material/SdCardOutlined";
import type { RaRecord } from "react-admin";
import { nextOrder } from "../../../shared/reorder.ts";
import { emptySpecifications, GALLERY_CATEGORIES, type CartridgeSpecifications } from "../../../shared/types.ts";
import { cleanFeatures, galleryItemRules } from "../../../shared/validation.ts";
import { Badge, Clamp, Thumbnail, TitleCell } from "../../components/cells.tsx";
import { SpecificationsInput } from "../../components/inputs/SpecificationsInput.tsx";
import type { AdminDataProvider, Direction } from "../../lib/data-provider.ts";
import { choicesOf, type ColumnSpec, type FieldSpec, type ResourceConfig } from "../types.ts";

type GalleryKind = "interface_previews" | "cartridge_models";

/** The next free order of a gallery list: one past the largest. */
async function nextGalleryOrder(dataProvider: AdminDataProvider, kind: GalleryKind): Promise<number> {
  const { data } = await dataProvider.getList(kind, { pagination: { page: 1, perPage: 1 }, sort: { field: "order", order: "DESC" }, filter: {} });
  return nextOrder(data.map((row) => ({ id: String(row.id), order: Number(row.order) })));
}

const moveIn = (kind: GalleryKind) => (dataProvider: AdminDataProvider, record: RaRecord, direction: Direction) =>
  dataProvider.rpc<boolean>("move_gallery_item", { kind, item_id: record.id, direction });

const orderColumn: ColumnSpec = { source: "order", label: "#", sortable: true, render: (record) => String(record.order) };
const imageColumn: ColumnSpec = { source: "image_url", label: "Image", render: (record) => <Thumbnail url={record.image_url} /> };
const titleColumn: ColumnSpec = { source: "title", label: "Title", sortable: true, render: (record) => <TitleCell title={record.title} /> };
const descriptionColumn: ColumnSpec = { source: "description", label: "Description", render: (record) => <Clamp text={record.description} /> };

const commonFields: FieldSpec[] = [
  { source: "title", label: "Title", kind: "text", validate: galleryItemRules.title },
  { source: "description", label: "Description", kind: "textarea", validate: galleryItemRules.description },
  { source: "image_url", label: "Image URL", kind: "image", validate: galleryItemRules.image_url },
];

const orderField: FieldSpec = { source: "order", label: "Order", kind: "number", validate: galleryItemRules.order, half: true };

const shared = {
  menu: false as const,
  noun: "item",
  sort: { field: "order", order: "ASC" as const },
  searchFields: ["title", "description"],
  searchPlaceholder: "Search items...",
  capabilities: { create: true, edit: true, delete: true, publish: true, reorder: true },
  perPage: 50,
};

export const interfacePreviews: ResourceConfig = {
  ...shared,
  name: "interface_previews",
  table: "interface_previews",
  label: "Interface Previews",
  icon: WebIcon,
  recordRepresentation: (record) => String(record.title),
  filters: [{ source: "category", label: "Category", choices: choicesOf(GALLERY_CATEGORIES) }],
  columns: [orderColumn, imageColumn, titleColumn, descriptionColumn, { source: "category", label: "Category", sortable: true, render: (record) => <Badge label={record.category} color="primary" /> }],
  fields: [
    ...commonFields,
    { source: "category", label: "Category", kind: "select", choices: choicesOf(GALLERY_CATEGORIES), half: true },
    orderField,
  ],
  labels: { create: "Add Preview", createTitle: "New Interface Preview", editTitle: "Edit Interface Preview", save: "Save Preview" },
  defaults: async (dataProvider) => ({ category: "UI", order: await nextGalleryOrder(dataProvider, "interface_previews") }),
  transform: (data) => ({ ...data, category: data.category || "UI", order: Number(data.order ?? 0) }),
  move: moveIn("interface_previews"),
};

function specificationsSummary(specifications: Partial<CartridgeSpecifications> | null | undefined): string {
  const parts = [specifications?.storage, specifications?.dimensions, specifications?.weight].filter(Boolean);
  const features = specifications?.features?.length ?? 0;
  return [...parts, features ? `${features} features` : ""].filter(Boolean).join(" · ") || "No specifications yet";
}

export const cartridgeModels: ResourceConfig = {
  ...shared,
  name: "cartridge_models",
  table: "cartridge_models",
  label: "Cartridge Models",
  icon: SdCardIcon,
  recordRepresentation: (record) => String(record.title),
  columns: [
    orderColumn,
    imageColumn,
    titleColumn,
    descriptionColumn,
    { source: "specifications", label: "Specifications", render: (record) => <Clamp text={specificationsSummary(record.specifications as CartridgeSpecifications)} lines={2} maxWidth={240} /> },
  ],
  fields: [...commonFields, { source: "specifications", label: "Specifications", kind: "custom", component: SpecificationsInput }, orderField],
  labels: { create: "Add Model", createTitle: "New Cartridge Model", editTitle: "Edit Cartridge Model", save: "Save Model" },
  defaults: async (dataProvider) => ({ specifications: emptySpecifications(), order: await nextGalleryOrder(dataProvider, "cartridge_models") }),
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
  move: moveIn("cartridge_models"),
};
