import { beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_ROUTES } from "../shared/routes.ts";
import { loadCatalogue } from "./i18n/catalogues.ts";
import type { RouteModule } from "./lib/route-module.ts";
import { pageMeta } from "./lib/meta.ts";
import { NAV_LINKS, SITE_ROUTES } from "./route-table.tsx";

let modules: RouteModule[];
beforeAll(async () => {
  modules = await Promise.all(SITE_ROUTES.map((route) => route.load()));
});

describe("the route table: one module of site/routes/ per public page", () => {
  it("serves every address of shared/routes.ts with one module, in that list's order", () => {
    expect(SITE_ROUTES.map((route) => route.definition.path)).toEqual(PUBLIC_ROUTES.map((route) => route.path));
    expect(new Set(modules).size).toBe(modules.length);
  });

  it("takes each module's route from the module itself, as plain data (the app imports that export alone)", () => {
    SITE_ROUTES.forEach((route, index) => {
      expect(route.definition, route.definition.path).toEqual(modules[index]!.route);
      expect(JSON.parse(JSON.stringify(route.definition)), route.definition.path).toEqual(route.definition);
    });
  });

  it("gives every page a component, and a title and description (the catalogue's or its module's own) or, for an address with a parameter, a row source", async () => {
    const en = await loadCatalogue("en");
    for (const module of modules) {
      const { path } = module.route;
      expect(typeof module.default, path).toBe("function");
      expect("row" in module, path).toBe(path.includes(":"));
      const head = pageMeta(en, path, "meta" in module ? module.meta : undefined);
      expect(head.title.length, path).toBeGreaterThan(2);
      expect(head.description.length, path).toBeLessThanOrEqual(160);
      if ("row" in module) continue;
      expect(head.description.length, path).toBeGreaterThan(50);
      for (const read of Object.values(module.loader ?? {})) expect(typeof read, path).toBe("function");
    }
  });

  it("gives the menus in the spec's order, pages without parameters only", () => {
    expect(NAV_LINKS.map((link) => link.label)).toEqual(["Home", "About", "Updates", "Gallery", "Videos", "Whitepaper", "Contact"]);
    expect(NAV_LINKS.every((link) => !link.to.includes(":"))).toBe(true);
  });
});
