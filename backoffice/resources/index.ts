import type { ComponentType } from "react";
import type { PageConfig, ResourceConfig } from "./types.ts";

// The back office's registry. Every `resources/<name>/index.tsx` exports a resource config (one table
// and its screen) or a page config (a screen showing several tables' sections, like the gallery);
// adding a folder adds its route, sidebar entry, dashboard count and data-provider mapping. Nothing
// else lists them. A folder whose screen only administrators may open also exports
// `access = "administrators"` (the database refuses its rows to editors; canAccess, auth/access.ts,
// keeps the screen and its menu entry from them).
interface RegistryModule {
  default: ResourceConfig | PageConfig;
  access?: "administrators";
}
const modules = import.meta.glob<RegistryModule>("./*/index.tsx", { eager: true });
const entries = Object.values(modules).map((module) => module.default);
const forAdministrators = new Set(Object.values(modules).flatMap((module) => (module.access === "administrators" ? [module.default.name] : [])));

/** Whether only administrators open this screen (route name). */
export function administratorsOnlyScreen(name: string): boolean {
  return forAdministrators.has(name);
}

function isPage(entry: ResourceConfig | PageConfig): entry is PageConfig {
  return "kind" in entry && entry.kind === "page";
}

/** Pages that show other configs as sections. */
export const pages: PageConfig[] = entries.filter(isPage);

/** Configs with a route of their own. */
export const routedResources: ResourceConfig[] = entries.filter((entry): entry is ResourceConfig => !isPage(entry));

/** Every config, sections included: one per content table. */
export const allConfigs: ResourceConfig[] = [...routedResources, ...pages.flatMap((page) => page.sections)];

/** Where an admin manages a config's rows: its own route, or the page it is a section of. */
export function pathOf(config: ResourceConfig): string {
  const page = pages.find((candidate) => candidate.sections.includes(config));
  return `/${page?.name ?? config.name}`;
}

export interface MenuEntry {
  /** A react-admin resource (its label and icon are the resource's), or a page of sections. */
  kind: "resource" | "page";
  /** The route name: the entry leads to /<name>. */
  name: string;
  label: string;
  icon: ComponentType;
  position: number;
}

/** The sidebar between Dashboard and View Site, in menu order. */
export const menuEntries: MenuEntry[] = [
  ...routedResources.flatMap((config) => (config.menu === false ? [] : [{ kind: "resource" as const, name: config.name, label: config.label, icon: config.icon, position: config.menu }])),
  ...pages.map((page) => ({ kind: "page" as const, name: page.name, label: page.label, icon: page.icon, position: page.menu })),
].sort((a, b) => a.position - b.position);

export interface DashboardCount {
  resource: string;
  label: string;
  to: string;
  drafts: boolean;
}

/** The dashboard's count cards, in sidebar order (screens without a menu position last). */
export const dashboardCounts: DashboardCount[] = allConfigs
  .flatMap((config) => (config.dashboard ? [{ config, label: config.dashboard, position: menuPosition(config) }] : []))
  .sort((a, b) => a.position - b.position)
  .map(({ config, label }) => ({ resource: config.name, label, to: pathOf(config), drafts: config.visibility === "published" }));

function menuPosition(config: ResourceConfig): number {
  const page = pages.find((candidate) => candidate.sections.includes(config));
  const position = page ? page.menu : config.menu;
  return position === false ? Number.MAX_SAFE_INTEGER : position;
}
