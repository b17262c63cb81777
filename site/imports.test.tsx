import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

// The site's modules in layers, each importing only from the layers below it (and its own), and no
// import cycle anywhere: a helper never reaches up for a page, a page never for the route table.

const ROOT = resolve(import.meta.dirname, "..");

/** From the bottom up; a file belongs to the last layer whose test it passes. */
const LAYERS: { name: string; holds: (file: string) => boolean }[] = [
  { name: "shared/", holds: (file) => file.startsWith("shared/") },
  { name: "site/i18n/", holds: (file) => file.startsWith("site/i18n/") },
  { name: "site/lib/", holds: (file) => file.startsWith("site/lib/") },
  { name: "site/components/", holds: (file) => file.startsWith("site/components/") },
  { name: "site/home/", holds: (file) => file.startsWith("site/home/") },
  { name: "site/routes/", holds: (file) => file.startsWith("site/routes/") },
  { name: "site/server/", holds: (file) => file.startsWith("site/server/") },
  { name: "the route table and the app", holds: (file) => ["site/route-table.tsx", "site/App.tsx"].includes(file) },
  { name: "the entries", holds: (file) => ["site/main.tsx", "site/hydrate.tsx", "site/entry-server.tsx"].includes(file) },
];

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((entry) => {
    const path = `${dir}/${entry}`;
    if (statSync(join(ROOT, path)).isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) && !entry.endsWith(".d.ts") && entry !== "test-utils.tsx" ? [path] : [];
  });
}

/** A module's imports of the project's TypeScript, static and dynamic, as paths from the root. */
function importsOf(file: string): string[] {
  const code = readFileSync(join(ROOT, file), "utf8");
  return [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)["'](\.{1,2}\/[^"']+\.tsx?)["']/gm)].map((match) => relative(ROOT, resolve(ROOT, dirname(file), match[1]!)));
}

const layerOf = (file: string) => LAYERS.findLastIndex((layer) => layer.holds(file));
const files = [...sources("site"), ...sources("shared")];
const graph = new Map(files.map((file) => [file, importsOf(file)]));

describe("the site's imports", () => {
  it("puts every module in a layer", () => {
    expect(files.filter((file) => layerOf(file) < 0)).toEqual([]);
  });

  it("run from a higher layer to a lower one, or within a layer", () => {
    const upward = [...graph].flatMap(([file, imports]) =>
      imports.filter((target) => layerOf(target) > layerOf(file)).map((target) => `${file} (${LAYERS[layerOf(file)]!.name}) imports ${target} (${LAYERS[layerOf(target)]!.name})`),
    );
    expect(upward).toEqual([]);
  });

  it("make no cycle", () => {
    const cycles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const visit = (file: string, path: string[]): void => {
      if (state.get(file) === "done") return;
      if (state.get(file) === "open") {
        cycles.push([...path.slice(path.indexOf(file)), file].join(" -> "));
        return;
      }
      state.set(file, "open");
      for (const target of graph.get(file) ?? []) visit(target, [...path, file]);
      state.set(file, "done");
    };
    for (const file of files) visit(file, []);
    expect(cycles).toEqual([]);
  });
});
