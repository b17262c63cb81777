import CollectionsIcon from "@mui/icons-material/CollectionsBookmarkOutlined";
import { featuredCollections } from "../../../shared/content-tables.ts";
import { countOf } from "../../../shared/format.ts";
import type { FeaturedCollection } from "../../../shared/types.ts";
import { cleanFeatures, collectionRules, defaultFeatures } from "../../../shared/validation.ts";
import { Badge, Clamp, DateCell, Thumbnail, TitleCell } from "../../components/cells.tsx";
import { defineResource, lazyInput, publishAtField, type FieldProps } from "../types.ts";

const FeaturesInput = lazyInput(async () => (await import("../../components/inputs/FeaturesInput.tsx")).FeaturesInput);

function CollectionFeatures({ field }: FieldProps) {
  return <FeaturesInput source={field.source} label={field.label} validate={field.validate} />;
}

/** Featured Collections: New Collection, list, modal form, publish/unpublish, delete. */
export default defineResource<FeaturedCollection>(featuredCollections, {
  label: "Collections",
  title: "Featured Collections",
  icon: CollectionsIcon,
  menu: 3,
  dashboard: "Collections",
  noun: "collection",
  recordRepresentation: (record) => record.title,
  sort: { field: "created_at", order: "DESC" },
  searchPlaceholder: "Search collections...",
  columns: [
    { source: "image_url", label: "", render: (record) => <Thumbnail url={record.image_url} /> },
    { source: "title", label: "Title", sortable: true, render: (record) => <TitleCell title={record.title} subtitle={countOf(record.features?.length ?? 0, "feature")} /> },
    { source: "description", label: "Description", render: (record) => <Clamp text={record.description} /> },
    { source: "capacity", label: "Capacity", sortable: true, render: (record) => <Badge label={record.capacity} color="info" /> },
    { source: "created_at", label: "Created", sortable: true, render: (record) => <DateCell value={record.created_at} /> },
  ],
  fields: [
    { source: "title", label: "Title", kind: "text", validate: collectionRules.title },
    { source: "description", label: "Description", kind: "textarea", validate: collectionRules.description },
    { source: "image_url", label: "Image URL", kind: "image", validate: collectionRules.image_url, alt: { source: "image_alt", decorative: "image_decorative", validate: collectionRules.image_alt } },
    { source: "features", label: "Features", kind: "custom", validate: collectionRules.features, component: CollectionFeatures },
    { source: "capacity", label: "Capacity", kind: "text", validate: collectionRules.capacity, placeholder: "512GB", half: true },
    publishAtField,
  ],
  capabilities: { create: true, edit: true, delete: true, publish: true },
  duplicate: { title: "title" },
  defaults: () => ({ features: defaultFeatures() }),
  transform: (data) => ({ ...data, features: cleanFeatures((data.features as string[] | undefined) ?? []) }),
});
