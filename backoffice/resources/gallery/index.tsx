import PhotoLibraryIcon from "@mui/icons-material/PhotoLibraryOutlined";
import { lazyScreen, type PageConfig } from "../types.ts";
import { cartridgeModels, interfacePreviews } from "./configs.tsx";

/** The gallery is a page, not a table: its two sections are the tables' own configs. */
const gallery: PageConfig = {
  kind: "page",
  name: "gallery",
  label: "Gallery",
  icon: PhotoLibraryIcon,
  menu: 2,
  // Gallery Management: a tab per section, each the generic list of its own table.
  component: lazyScreen(async () => (await import("./GalleryPage.tsx")).GalleryPage),
  sections: [interfacePreviews, cartridgeModels],
};

export default gallery;
