import { imageTransformationsEnabled } from "../../shared/images.ts";

/** Whether this build resizes Storage images (VITE_IMAGE_TRANSFORMATIONS=off for plans without it). */
export const IMAGE_SETTINGS = imageTransformationsEnabled(import.meta.env.VITE_IMAGE_TRANSFORMATIONS);
