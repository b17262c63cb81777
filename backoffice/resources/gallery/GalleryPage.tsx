import Box from "@mui/material/Box";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import { Title, useLocation, useNavigate } from "react-admin";
import { PageHeader } from "../../components/PageHeader.tsx";
import { ResourceList } from "../../components/ResourceList.tsx";
import type { PageConfig } from "../types.ts";

/** Gallery Management for the page's config (given by ./index.tsx, which loads this screen lazily). */
export function galleryPageOf({ name, sections }: PageConfig) {
  return () => <GalleryPage name={name} sections={sections} />;
}

/** Gallery Management: a tab per section, each the generic list of its own table. */
function GalleryPage({ name, sections }: Pick<PageConfig, "name" | "sections">) {
  // The tab is the address's (/gallery/cartridge_models), so a record address opens on its section.
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tab = Math.max(0, sections.findIndex((config) => pathname.split("/")[2] === config.name));
  const setTab = (next: number) => navigate(`/${name}/${sections[next]!.name}`);
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

