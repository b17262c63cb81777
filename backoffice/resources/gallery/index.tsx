import PhotoLibraryIcon from "@mui/icons-material/PhotoLibraryOutlined";
import cartridgeModels from "../../../shared/content-types/cartridge_models.ts";
import interfacePreviews from "../../../shared/content-types/interface_previews.ts";
import { lazyInput, lazyScreen, resourceOf, type PageConfig } from "../types.ts";

/** The gallery is a page, not a table: its two sections are the tables' own configs. */
const gallery: PageConfig = {
  kind: "page",
  name: "gallery",
  label: "Gallery",
  icon: PhotoLibraryIcon,
  menu: 2,
  // Gallery Management: a tab per section, each the generic list of its own table.
  component: lazyScreen(async () => (await import("./GalleryPage.tsx")).galleryPageOf(gallery)),
  sections: [
    resourceOf(interfacePreviews),
    resourceOf(cartridgeModels, { inputs: { specifications: lazyInput(async () => (await import("../../components/inputs/SpecificationsInput.tsx")).SpecificationsInput) } }),
  ],
};

export default gallery;
