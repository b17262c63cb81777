import type { ResourceConfig } from "./types.ts";

interface ResourceModule {
  default: ResourceConfig;
  /** Configs rendered inside another page (the gallery's tabs). */
  embedded?: ResourceConfig[];
}

// Every `resources/<name>/index.tsx` is a resource: adding a folder adds a screen, a route and (if it
// has a menu position) a sidebar entry.
const modules = import.meta.glob<ResourceModule>("./*/index.tsx", { eager: true });

/** Routed resources, in sidebar order (those without a menu position last). */
export const resources: ResourceConfig[] = Object.values(modules)
  .map((module) => module.default)
  .sort((a, b) => (a.menu === false ? 1000 : a.menu) - (b.menu === false ? 1000 : b.menu));

/** Every config, the embedded ones included: what the data provider maps. */
export const allConfigs: ResourceConfig[] = Object.values(modules).flatMap((module) => [module.default, ...(module.embedded ?? [])]);

export function resourceByName(name: string): ResourceConfig | undefined {
  return allConfigs.find((config) => config.name === name);
}
