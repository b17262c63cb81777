import featuredCollections from "../../../shared/content-types/collections.ts";
import { lazyInput, resourceOf, type FieldProps } from "../types.ts";

const FeaturesInput = lazyInput(async () => (await import("../../components/inputs/FeaturesInput.tsx")).FeaturesInput);

function CollectionFeatures({ field }: FieldProps) {
  return <FeaturesInput source={field.source} label={field.label} validate={field.validate} />;
}

/** Featured Collections: the features, one per line. */
export default resourceOf(featuredCollections, { inputs: { features: CollectionFeatures } });
