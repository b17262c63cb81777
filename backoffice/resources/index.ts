import type { ComponentType } from "react";
import { CONTENT_TABLES } from "../../shared/content-tables.ts";
import { resourceOf, type PageConfig, type ResourceConfig } from "./types.ts";

// The back office's registry: a screen for every content type (shared/content-types/, through
// shared/content-tables.ts), each adding its route, sidebar entry, dashboard count and data-provider
// mapping. A type whose screen needs components of its own has a folder, resources/<name>/index.tsx,
// whose default export is its config (resourceOf with its parts) or a page config (a screen showing
// several tables' sections, like the gallery). Nothing else lists them.
const folders = import.meta.glob<ResourceConfig | PageConfig>("./*/index.tsx", { eager: true, import: "default" });
const folderScreens = Object.values(folders);

function isPage(entry: ResourceConfig | PageConfig): entry is PageConfig {
  return "kind" in entry && entry.kind === "page";
}

/** Pages that show other configs as sections. */
export const pages: PageConfig[] = folderScreens.filter(isPage);

const sections = pages.flatMap((page) => page.sections);
const folderConfigs = new Map(folderScreens.filter((entry): entry is ResourceConfig => !isPage(entry)).map((config) => [config.table, config]));

/** Configs with a route of their own: a folder's, or made from the type's data alone. */
export const routedResources: ResourceConfig[] = CONTENT_TABLES.filter((type) => !sections.some((section) => section.table === type.table)).map(
  (type) => folderConfigs.get(type.table) ?? resourceOf(type),
);

/** Every config, sections included: one per content table. */
export const allConfigs: ResourceConfig[] = [...routedResources, ...sections];

/** The config of a route name (`faq`, `interface_previews`). */
export function resourceConfig(name: string): ResourceConfig {
  const config = allConfigs.find((candidate) => candidate.name === name);
  if (!config) throw new Error(`No content type is named ${name} (shared/content-types/)`);
  return config;
}

/** Whether only administrators open this screen (route name). */
export function administratorsOnlyScreen(name: string): boolean {
  return allConfigs.some((config) => config.name === name && config.access === "administrators");
}

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
