import { useState } from "react";
import Box from "@mui/material/Box";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import PhotoLibraryIcon from "@mui/icons-material/PhotoLibraryOutlined";
import { Title } from "react-admin";
import { PageHeader } from "../../components/PageHeader.tsx";
import { ResourceList } from "../../components/ResourceList.tsx";
import type { ResourceConfig } from "../types.ts";
import { cartridgeModels, interfacePreviews } from "./configs.tsx";

/** Gallery Management: two tabs, each the generic list of its own table. */
function GalleryPage() {
  const [tab, setTab] = useState(0);
  return (
    <Box>
      <Title title="Gallery Management" />
      <PageHeader title="Gallery Management" />
      <Tabs value={tab} onChange={(_, next: number) => setTab(next)} aria-label="Gallery sections" sx={{ borderBottom: 1, borderColor: "divider" }}>
        <Tab label="Interface Previews" id="gallery-tab-0" aria-controls="gallery-panel-0" />
        <Tab label="Cartridge Models" id="gallery-tab-1" aria-controls="gallery-panel-1" />
      </Tabs>
      <Box role="tabpanel" id={`gallery-panel-${tab}`} aria-labelledby={`gallery-tab-${tab}`}>
        {tab === 0 ? (
          <ResourceList key="previews" config={interfacePreviews} embedded />
        ) : (
          <ResourceList key="models" config={cartridgeModels} embedded />
        )}
      </Box>
    </Box>
  );
}

const gallery: ResourceConfig = {
  name: "gallery",
  table: "interface_previews",
  label: "Gallery",
  title: "Gallery Management",
  icon: PhotoLibraryIcon,
  menu: 2,
  noun: "item",
  sort: { field: "order", order: "ASC" },
  columns: [],
  fields: [],
  capabilities: {},
  page: GalleryPage,
};

/** The tabs' own configs, registered so the data provider knows their search fields. */
export const embedded = [interfacePreviews, cartridgeModels];

export default gallery;
