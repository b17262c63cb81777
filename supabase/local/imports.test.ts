import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";

// The local backend stands on its own: what it needs of the product is passed in (`ProductConfig`
// in server.ts), so its files import packages, each other, and the repository's HTTP helpers
// (`shared/http/`), nothing else; and its imports run one way, down the layers the README names.

const HERE = import.meta.dirname;
const REPO = resolve(HERE, "../..");
const ALLOWED_OUTSIDE = resolve(REPO, "shared/http");

const IMPORT = /^\s*(?:import|export)\b[^"';]*?\bfrom\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm;

function typescriptFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return typescriptFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** The files `file` imports by a relative path, resolved; packages are left out. */
function localImports(file: string): string[] {
  return [...readFileSync(file, "utf8").matchAll(IMPORT)]
    .map((match) => match[1] ?? match[2] ?? match[3]!)
    .filter((specifier) => specifier.startsWith("."))
    .map((specifier) => resolve(dirname(file), specifier));
}

const inside = (folder: string, file: string) => file === folder || file.startsWith(folder + sep);

/** process.ts over server.ts, over the API folders, over the files they share, over db/, over lite-adapters.ts; shared/http/ at the bottom. */
function layer(file: string): number {
  if (inside(ALLOWED_OUTSIDE, file)) return 0;
  const path = relative(HERE, file).split(sep);
  if (path.join("/") === "process.ts") return 6;
  if (path.join("/") === "lite-adapters.ts") return 1;
  if (path[0] === "db") return 2;
  if (path.length === 1) return path[0] === "server.ts" ? 5 : 3;
  return 4;
}

const sameFolder = (a: string, b: string) => dirname(a) === dirname(b);

describe("the local backend's imports", () => {
  const files = typescriptFiles(HERE);

  it("reach nothing outside supabase/local but shared/http (tests included, and what shared/http imports)", () => {
    const outside: string[] = [];
    const seen = new Set<string>();
    const visit = (file: string, from: string) => {
      if (!inside(HERE, file) && !inside(ALLOWED_OUTSIDE, file)) return void outside.push(`${relative(REPO, from)} imports ${relative(REPO, file)}`);
      if (seen.has(file)) return;
      seen.add(file);
      for (const target of localImports(file)) visit(target, file);
    };
    for (const file of files) visit(file, file);
    expect(outside).toEqual([]);
  });

  it("run down the layers: process.ts, server.ts, the API folders, the files they share, db/, lite-adapters.ts", () => {
    const upward = files
      .filter((file) => !file.endsWith(".test.ts"))
      .flatMap((file) => localImports(file).map((target) => ({ file, target })))
      .filter(({ file, target }) => !(layer(target) < layer(file) || (layer(target) === layer(file) && sameFolder(file, target))))
      .map(({ file, target }) => `${relative(HERE, file)} imports ${relative(HERE, target)}`);
    expect(upward).toEqual([]);
  });

  it("make no circle", () => {
    const graph = new Map(files.filter((file) => !file.endsWith(".test.ts")).map((file) => [file, localImports(file).filter((target) => inside(HERE, target))]));
    const circles: string[] = [];
    const state = new Map<string, "visiting" | "done">();
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === "done") return;
      if (state.get(file) === "visiting") return void circles.push([...path.slice(path.indexOf(file)), file].map((f) => relative(HERE, f)).join(" → "));
      state.set(file, "visiting");
      for (const target of graph.get(file) ?? []) visit(target, [...path, file]);
      state.set(file, "done");
    };
    for (const file of graph.keys()) visit(file, []);
    expect(circles).toEqual([]);
  });
});
