import { lazy, type ComponentType } from "react";
import type { ResourceConfig } from "../resources/types.ts";

// The generic list and its form load with the first list opened, not with the dashboard.
const ResourceList = lazy(async () => ({ default: (await import("./ResourceList.tsx")).ResourceList }));

const pages = new Map<string, ComponentType>();

/** The list screen of a config: its custom page, or the generic list (one stable component each). */
export function resourcePage(config: ResourceConfig): ComponentType {
  let page = pages.get(config.name);
  if (!page) {
    page = config.page ?? (() => <ResourceList config={config} />);
    pages.set(config.name, page);
  }
  return page;
}
