import Box from "@mui/material/Box";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import PhotoLibraryIcon from "@mui/icons-material/PhotoLibraryOutlined";
import { Title, useLocation, useNavigate } from "react-admin";
import { PageHeader } from "../../components/PageHeader.tsx";
import { ResourceList } from "../../components/ResourceList.tsx";
import type { PageConfig } from "../types.ts";
import { cartridgeModels, interfacePreviews } from "./configs.tsx";

const sections = [interfacePreviews, cartridgeModels];

/** Gallery Management: a tab per section, each the generic list of its own table. */
function GalleryPage() {
  // The tab is the address's (/gallery/cartridge_models), so a record address opens on its section.
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tab = Math.max(0, sections.findIndex((config) => pathname.split("/")[2] === config.name));
  const setTab = (next: number) => navigate(`/${gallery.name}/${sections[next]!.name}`);
  const section = sections[tab]!;
  return (
    <Box>
      <Title title="Gallery Management" />
      <PageHeader title="Gallery Management" />
      <Tabs value={tab} onChange={(_, next: number) => setTab(next)} aria-label="Gallery sections" sx={{ borderBottom: 1, borderColor: "divider" }}>
        {sections.map((config, index) => (
          <Tab key={config.name} label={config.label} id={`gallery-tab-${index}`} aria-controls={`gallery-panel-${index}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`gallery-panel-${tab}`} aria-labelledby={`gallery-tab-${tab}`}>
        <ResourceList key={section.name} config={section} embedded />
      </Box>
    </Box>
  );
}

/** The gallery is a page, not a table: its two sections are the tables' own configs. */
const gallery: PageConfig = {
  kind: "page",
  name: "gallery",
  label: "Gallery",
  icon: PhotoLibraryIcon,
  menu: 2,
  component: GalleryPage,
  sections,
};

export default gallery;
