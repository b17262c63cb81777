import { metaReader, resolveApiConfig } from "../../shared/api-config.ts";
import { absoluteAssetUrl, imageTransformationsEnabled, storedAssetUrl, type ImageSettings } from "../../shared/images.ts";

/** The API this back office works on: our own files are stored host-relative and loaded from it. */
const API_URL = resolveApiConfig(import.meta.env, metaReader(document)).url;

/** Whether this build resizes Storage images (VITE_IMAGE_TRANSFORMATIONS=off for plans without it). */
export const IMAGE_SETTINGS: ImageSettings = { ...imageTransformationsEnabled(import.meta.env.VITE_IMAGE_TRANSFORMATIONS), apiUrl: API_URL };

/** The address a browser (or whoever the URL is copied to) loads a stored asset from. */
export function assetAddress(stored: string): string {
  return absoluteAssetUrl(stored, API_URL);
}

/**
 * What an image or video field keeps of an address typed or pasted in (the library's "Copy URL"
 * gives an absolute one): a public Storage URL of this API, host-relative like the library's own;
 * any other address (another project's files too) as it is.
 */
export function ownAssetAddress(address: string): string {
  const stored = storedAssetUrl(address.trim());
  return stored !== address.trim() && absoluteAssetUrl(stored, API_URL) === address.trim() ? stored : address;
}
