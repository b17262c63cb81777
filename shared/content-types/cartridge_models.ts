import { defineContentType, publishAtField } from "../content-type.ts";
import { countOf } from "../format.ts";
import { galleryItemColumns, galleryItemFields, galleryItemScreen, galleryItemTable, galleryOrderField, type GalleryItem } from "../gallery-items.ts";
import { cleanFeatures } from "../validation.ts";

export interface CartridgeSpecifications {
  storage: string;
  features: string[];
  dimensions: string;
  weight: string;
}

export interface CartridgeModel extends GalleryItem {
  specifications: CartridgeSpecifications;
}

/** New cartridge items start with empty specifications. */
export function emptySpecifications(): CartridgeSpecifications {
  return { storage: "", features: [], dimensions: "", weight: "" };
}

function specificationsSummary(specifications: Partial<CartridgeSpecifications> | null): string {
  const parts = [specifications?.storage, specifications?.dimensions, specifications?.weight].filter(Boolean);
  const features = specifications?.features?.length ?? 0;
  return [...parts, features ? countOf(features, "feature") : ""].filter(Boolean).join(" · ") || "No specifications yet";
}

/** Cartridge Models: the gallery page's second section, in order. */
export default defineContentType<CartridgeModel>({
  ...galleryItemTable,
  name: "cartridge_models",
  table: "cartridge_models",
  translatable: ["title", "description", "image_alt"],
  example: { row: (n) => ({ title: `Cartridge ${n}`, description: "About it", order: 100 + n }), change: { title: "Renamed" } },
  screen: {
    ...galleryItemScreen,
    label: "Cartridge Models",
    dashboard: "Cartridge Models",
    // SdCardOutlined
    icon: "M18 2h-8L4 8v12c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2m0 18H6V8.83L10.83 4H18zM9 7h2v4H9zm3 0h2v4h-2zm3 0h2v4h-2z",
    columns: [...galleryItemColumns, { source: "specifications", label: "Specifications", kind: "clamp", text: (record) => specificationsSummary(record.specifications), lines: 2, maxWidth: 240 }],
    fields: [
      ...galleryItemFields,
      // Storage, dimensions, weight and features (backoffice/resources/gallery/index.tsx).
      { source: "specifications", label: "Specifications", kind: "custom" },
      galleryOrderField,
      publishAtField,
    ],
    labels: { create: "Add Model", createTitle: "New Cartridge Model", editTitle: "Edit Cartridge Model", save: "Save Model" },
    defaults: async ({ nextOrder }) => ({ specifications: emptySpecifications(), order: await nextOrder() }),
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
  },
});
