import type { ComponentType } from "react";
import type { ResourceConfig } from "../resources/types.ts";
import { ResourceList } from "./ResourceList.tsx";

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
