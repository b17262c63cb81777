import mediaAssets from "../../../shared/content-types/media.ts";
import { lazyScreen, resourceOf } from "../types.ts";

/** Media Library: a grid of the files with upload, alt text, usage and delete. */
export default resourceOf(mediaAssets, {
  page: (config) => lazyScreen(async () => (await import("./MediaLibrary.tsx")).mediaLibraryPage(config)),
});
