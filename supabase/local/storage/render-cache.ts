import { randomUUID } from "node:crypto";
import { mkdir, open, readdir, rename, rm, stat, writeFile, type FileHandle } from "node:fs/promises";
import { dirname, join, sep } from "node:path";

/**
 * The rendered images on disk, held to `maxBytes` in all: storing one past the budget removes the
 * least recently used first. What it holds is known in memory (read from the folder once, oldest
 * modified first), so a hit costs no directory walk.
 */
export class RenderCache {
  /** File path to size, in order of use: the first is the least recently used. */
  private readonly entries = new Map<string, number>();
  private totalBytes = 0;
  private loaded: Promise<void> | null = null;

  constructor(
    readonly root: string,
    readonly maxBytes: number,
  ) {}

  /** Bytes the cached files take. */
  async size(): Promise<number> {
    await this.load();
    return this.totalBytes;
  }

  /** The cached file, opened (so eviction cannot take it away mid-read), or null. */
  async open(file: string): Promise<{ handle: FileHandle; size: number } | null> {
    await this.load();
    if (!this.entries.has(file)) return null;
    const handle = await open(file).catch(() => null);
    if (!handle) {
      // Removed with its object (or by hand) since it was cached.
      this.drop(file);
      return null;
    }
    const size = this.entries.get(file)!;
    this.entries.delete(file);
    this.entries.set(file, size);
    return { handle, size };
  }

  /** Written beside, then renamed: a concurrent reader sees a whole file or none. */
  async store(file: string, bytes: Buffer): Promise<void> {
    await this.load();
    await mkdir(dirname(file), { recursive: true });
    const partial = `${file}.${randomUUID()}.part`;
    await writeFile(partial, bytes);
    await rename(partial, file);
    this.drop(file);
    this.entries.set(file, bytes.length);
    this.totalBytes += bytes.length;
    await this.evict();
  }

  /** Removes a folder of cached files (an object's, or an old version's) from the disk and the budget. */
  async removeFolder(folder: string): Promise<void> {
    await this.load();
    const prefix = folder + sep;
    for (const file of [...this.entries.keys()]) if (file.startsWith(prefix)) this.drop(file);
    await rm(folder, { recursive: true, force: true });
  }

  private async evict(): Promise<void> {
    const evicted: string[] = [];
    for (const [file] of this.entries) {
      if (this.totalBytes <= this.maxBytes) break;
      this.drop(file);
      evicted.push(file);
    }
    await Promise.all(evicted.map((file) => rm(file, { force: true })));
  }

  private drop(file: string): void {
    const size = this.entries.get(file);
    if (size === undefined) return;
    this.entries.delete(file);
    this.totalBytes -= size;
  }

  private load(): Promise<void> {
    this.loaded ??= this.readFolder();
    return this.loaded;
  }

  private async readFolder(): Promise<void> {
    const files: { path: string; size: number; modified: number }[] = [];
    const walk = async (folder: string): Promise<void> => {
      const names = await readdir(folder, { withFileTypes: true }).catch(() => []);
      for (const entry of names) {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) await walk(path);
        else if (entry.name.endsWith(".part")) await rm(path, { force: true });
        else {
          const info = await stat(path).catch(() => null);
          if (info) files.push({ path, size: info.size, modified: info.mtimeMs });
        }
      }
    };
    await walk(this.root);
    for (const file of files.sort((a, b) => a.modified - b.modified)) {
      this.entries.set(file.path, file.size);
      this.totalBytes += file.size;
    }
    await this.evict();
  }
}
