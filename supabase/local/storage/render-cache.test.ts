import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { RenderCache } from "./render-cache.ts";

const KB = 1024;
const folders: string[] = [];
const folder = () => {
  const made = mkdtempSync(join(tmpdir(), "rcrt-render-cache-"));
  folders.push(made);
  return made;
};
afterEach(() => {
  for (const made of folders.splice(0)) rmSync(made, { recursive: true, force: true });
});

function bytesOnDisk(root: string): number {
  const walk = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => sum + (entry.isDirectory() ? walk(join(dir, entry.name)) : statSync(join(dir, entry.name)).size), 0);
  return walk(root);
}

describe("render cache", () => {
  it("holds its files within the byte budget, removing the least recently used first", async () => {
    const root = folder();
    const cache = new RenderCache(root, 25 * KB);
    const file = (name: string) => join(root, "object", "version", name);
    await cache.store(file("a"), Buffer.alloc(10 * KB));
    await cache.store(file("b"), Buffer.alloc(10 * KB));
    // Reading a makes b the least recently used.
    const a = await cache.open(file("a"));
    await a?.handle.close();
    await cache.store(file("c"), Buffer.alloc(10 * KB));

    expect(readdirSync(join(root, "object", "version")).sort()).toEqual(["a", "c"]);
    expect(await cache.open(file("b"))).toBeNull();
    expect(await cache.size()).toBe(20 * KB);
    expect(bytesOnDisk(root)).toBe(20 * KB);
  });

  it("counts what an earlier run left on disk, and drops its unfinished writes", async () => {
    const root = folder();
    mkdirSync(join(root, "object", "version"), { recursive: true });
    writeFileSync(join(root, "object", "version", "old"), Buffer.alloc(30 * KB));
    writeFileSync(join(root, "object", "version", "half.part"), Buffer.alloc(KB));
    const cache = new RenderCache(root, 40 * KB);

    expect(await cache.size()).toBe(30 * KB);
    await cache.store(join(root, "object", "version", "new"), Buffer.alloc(20 * KB));
    expect(readdirSync(join(root, "object", "version"))).toEqual(["new"]);
  });

  it("forgets a removed folder's files, and a file removed behind its back", async () => {
    const root = folder();
    const cache = new RenderCache(root, 100 * KB);
    await cache.store(join(root, "one", "v", "x"), Buffer.alloc(10 * KB));
    await cache.store(join(root, "two", "v", "y"), Buffer.alloc(10 * KB));
    await cache.removeFolder(join(root, "one"));
    expect(await cache.size()).toBe(10 * KB);
    rmSync(join(root, "two"), { recursive: true });
    expect(await cache.open(join(root, "two", "v", "y"))).toBeNull();
    expect(await cache.size()).toBe(0);
  });
});
