import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

// The project's folders import downwards only, and no module imports itself round a cycle. shared/ is
// the bottom; the local backend takes only shared/http from it; each app (site/, backoffice/) and the
// web tier stand on shared/, the web tier rendering pages with the site's server entry alone. Scripts
// and tests sit on top. site/imports.test.tsx holds the site's own layers.

const ROOT = resolve(import.meta.dirname, "..");
const FOLDERS = ["shared", "supabase", "site", "backoffice", "server", "scripts"];

/** What each folder's modules may import outside their own folder. */
const MAY_IMPORT: Record<string, (file: string) => boolean> = {
  shared: () => false,
  "supabase/local": (file) => file.startsWith("shared/http"),
  site: (file) => file.startsWith("shared/"),
  backoffice: (file) => file.startsWith("shared/"),
  server: (file) => file.startsWith("shared/") || file === "site/entry-server.tsx",
  scripts: () => true,
};

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((entry) => {
    const path = `${dir}/${entry}`;
    if (entry === "node_modules") return [];
    if (statSync(join(ROOT, path)).isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) && !entry.endsWith(".d.ts") ? [path] : [];
  });
}

/** A module's imports of the project's TypeScript, static, dynamic and of types, as paths from the root. */
function importsOf(file: string): string[] {
  const code = readFileSync(join(ROOT, file), "utf8");
  return [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)["'](\.{1,2}\/[^"']+\.tsx?)["']/gm)].map((match) => relative(ROOT, resolve(ROOT, dirname(file), match[1]!)));
}

const files = FOLDERS.flatMap(sources);
const graph = new Map(files.map((file) => [file, importsOf(file)]));
const folderOf = (file: string) => Object.keys(MAY_IMPORT).find((folder) => file.startsWith(`${folder}/`)) ?? file.split("/")[0]!;

describe("the project's imports", () => {
  it("go from a folder to its own modules or to a folder below it", () => {
    const upwards = [...graph].flatMap(([file, imports]) =>
      imports.filter((target) => folderOf(target) !== folderOf(file) && !MAY_IMPORT[folderOf(file)]?.(target)).map((target) => `${file} imports ${target}`),
    );
    expect(upwards).toEqual([]);
  });

  it("make no cycle", () => {
    const cycles: string[] = [];
    const done = new Set<string>();
    const visit = (file: string, path: string[]) => {
      if (path.includes(file)) {
        cycles.push([...path.slice(path.indexOf(file)), file].join(" -> "));
        return;
      }
      if (done.has(file)) return;
      for (const target of graph.get(file) ?? []) visit(target, [...path, file]);
      done.add(file);
    };
    for (const file of files) visit(file, []);
    expect(cycles).toEqual([]);
  });

});
