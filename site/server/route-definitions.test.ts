import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { routeDefinitionOf } from "../../scripts/route-definitions.ts";

// What the app imports of each route module with its entry (site/route-table.tsx): the module's
// `route` export and the imports it uses, nothing that runs.

const ROUTES = join(import.meta.dirname, "../routes");
const modules = readdirSync(ROUTES).filter((file) => file.endsWith(".tsx") && !file.endsWith(".test.tsx"));

describe("route definitions (scripts/route-definitions.ts)", () => {
  it.each(modules)("%s: its route export alone, with shared/ constants at most", (file) => {
    const code = routeDefinitionOf(file, readFileSync(join(ROUTES, file), "utf8"));
    const statements = code.trim().split("\n");
    expect(statements.at(-1)).toMatch(/^export const route = \{.*\} satisfies RouteDefinition;$/);
    for (const line of statements.slice(0, -1)) expect(line).toMatch(/^import \{ [\w, ]+ \} from "\.\.\/\.\.\/shared\/[\w-]+\.ts";$/);
  });

  it("keeps only the imports the definition uses", () => {
    const source = ['import { POST_ROUTE, postPath } from "../../shared/routes.ts";', 'import { marked } from "marked";', "export const route = { path: POST_ROUTE, sitemap: true };", "export const other = marked;"].join("\n");
    expect(routeDefinitionOf("post.tsx", source)).toBe('import { POST_ROUTE } from "../../shared/routes.ts";\nexport const route = { path: POST_ROUTE, sitemap: true };\n');
  });

  it("refuses a definition that is not plain data", () => {
    expect(() => routeDefinitionOf("a.tsx", 'const PATH = "/a";\nexport const route = { path: PATH, sitemap: true };')).toThrow(/plain data.*PATH/);
    expect(() => routeDefinitionOf("a.tsx", "export const meta = {};")).toThrow(/export const route/);
  });
});
