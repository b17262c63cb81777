import type { Identifier } from "react-admin";
import { pages } from "../resources/index.ts";
import type { ResourceConfig } from "../resources/types.ts";

// Kept apart from editorRoute.ts: this reads the registry, which the configs (and through them the
// lists) must not import.

/** Where a config's list is: /blog for a routed resource, /gallery/interface_previews for a page's section. */
export function listPathOf(config: Pick<ResourceConfig, "name">): string {
  const page = pages.find((candidate) => candidate.sections.some((section) => section.name === config.name));
  return page ? `/${page.name}/${config.name}` : `/${config.name}`;
}

/** A record's address: its editor open over its list (/blog/<id>), shareable and kept on reload. */
export function recordPathOf(config: Pick<ResourceConfig, "name">, id: Identifier): string {
  return `${listPathOf(config)}/${encodeURIComponent(String(id))}`;
}
