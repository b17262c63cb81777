import { imageTransformationsEnabled } from "../../shared/images.ts";

/** Whether this build's Supabase project resizes Storage images (VITE_IMAGE_TRANSFORMATIONS; see shared/images.ts). */
export const IMAGE_SETTINGS = imageTransformationsEnabled(import.meta.env.VITE_IMAGE_TRANSFORMATIONS);
