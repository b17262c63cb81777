import { metaReader, resolveApiConfig } from "../../shared/api-config.ts";
import { absoluteAssetUrl, imageTransformationsEnabled, type ImageSettings } from "../../shared/images.ts";

/** The API this back office works on: our own files are stored host-relative and loaded from it. */
const API_URL = resolveApiConfig(import.meta.env, metaReader(document)).url;

/** Whether this build resizes Storage images (VITE_IMAGE_TRANSFORMATIONS=off for plans without it). */
export const IMAGE_SETTINGS: ImageSettings = { ...imageTransformationsEnabled(import.meta.env.VITE_IMAGE_TRANSFORMATIONS), apiUrl: API_URL };

/** The address a browser (or whoever the URL is copied to) loads a stored asset from. */
export function assetAddress(stored: string): string {
  return absoluteAssetUrl(stored, API_URL);
}
