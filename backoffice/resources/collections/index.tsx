import CollectionsIcon from "@mui/icons-material/CollectionsBookmarkOutlined";
import { cleanFeatures, collectionRules, defaultFeatures } from "../../../shared/validation.ts";
import { Badge, Clamp, DateCell, Thumbnail, TitleCell } from "../../components/cells.tsx";
import { FeaturesInput } from "../../components/inputs/FeaturesInput.tsx";
import type { FieldProps, ResourceConfig } from "../types.ts";

function CollectionFeatures({ field }: FieldProps) {
  return <FeaturesInput source={field.source} label={field.label} validate={field.validate} />;
}

/** Featured Collections: New Collection, list, modal form, publish/unpublish, delete. */
const collections: ResourceConfig = {
  name: "collections",
  table: "featured_collections",
  label: "Collections",
  title: "Featured Collections",
  icon: CollectionsIcon,
  menu: 3,
  noun: "collection",
  recordRepresentation: (record) => String(record.title),
  sort: { field: "created_at", order: "DESC" },
  searchFields: ["title", "description"],
  searchPlaceholder: "Search collections...",
  columns: [
    { source: "image_url", label: "", render: (record) => <Thumbnail url={record.image_url} /> },
    { source: "title", label: "Title", sortable: true, render: (record) => <TitleCell title={record.title} subtitle={`${(record.features as string[] | null)?.length ?? 0} features`} /> },
    { source: "description", label: "Description", render: (record) => <Clamp text={record.description} /> },
    { source: "capacity", label: "Capacity", sortable: true, render: (record) => <Badge label={record.capacity} color="info" /> },
    { source: "created_at", label: "Created", sortable: true, render: (record) => <DateCell value={record.created_at} /> },
  ],
  fields: [
    { source: "title", label: "Title", kind: "text", validate: collectionRules.title },
    { source: "description", label: "Description", kind: "textarea", validate: collectionRules.description },
    { source: "image_url", label: "Image URL", kind: "image", validate: collectionRules.image_url },
    { source: "features", label: "Features", kind: "custom", validate: collectionRules.features, component: CollectionFeatures },
    { source: "capacity", label: "Capacity", kind: "text", validate: collectionRules.capacity, placeholder: "512GB", half: true },
  ],
  capabilities: { create: true, edit: true, delete: true, publish: true },
  defaults: () => ({ features: defaultFeatures() }),
  transform: (data) => ({ ...data, features: cleanFeatures((data.features as string[] | undefined) ?? []) }),
};

export default collections;
