import { readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { contentImages } from "../support/content-images.ts";

// A fresh database's seed shows pictures of our own, served by the local API itself: no seeded row
// points at another host, so the site and the back office show real images with no network.

const SOURCE = resolve(import.meta.dirname, "../../supabase/seed-assets");
// Every image column of the content-table list, and the media library's files.
const IMAGE_COLUMNS = [...contentImages().map(({ table, prefix }) => [table, `${prefix}_url`] as const), ["media_assets", "url"] as const];

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend({ fresh: true });
});
afterAll(() => backend?.stop());

describe("seed pictures", () => {
  it("are small WebP covers and an SVG logo, in the repository", () => {
    const files = readdirSync(SOURCE);
    expect(files.filter((f) => f.endsWith(".webp")).length).toBeGreaterThanOrEqual(12);
    expect(files).toContain("press-retro-tech-weekly.svg");
    for (const file of files) expect(statSync(join(SOURCE, file)).size, file).toBeLessThan(32 * 1024);
  });

  it("every seeded picture is named host-relative and served by this API, as the type it is, to a visitor without a key", async () => {
    const base = "/storage/v1/object/public/assets/seed/";
    const urls = new Set<string>();
    for (const [table, column] of IMAGE_COLUMNS) {
      const rows = await backend.sql<{ url: string | null }>(`select ${column} as url from public.${table}`);
      for (const { url } of rows) {
        if (url === null) continue;
        expect(url, `${table}.${column}`).toMatch(new RegExp(`^${base.replace(/[.?]/g, "\\$&")}[a-z0-9-]+\\.(webp|svg)$`));
        urls.add(url);
      }
    }
    expect(urls.size).toBeGreaterThanOrEqual(12);
    for (const url of urls) {
      const response = await fetch(`${backend.url}${url}`);
      expect(response.status, url).toBe(200);
      const bytes = Buffer.from(await response.arrayBuffer());
      if (url.endsWith(".webp")) {
        expect(response.headers.get("content-type"), url).toBe("image/webp");
        expect(bytes.subarray(8, 12).toString(), url).toBe("WEBP");
      } else {
        expect(response.headers.get("content-type"), url).toBe("image/svg+xml");
      }
    }
  });

  it("each file is in the media library and in bucket assets, as an upload would have put it", async () => {
    const files = readdirSync(SOURCE).sort();
    const media = await backend.sql<{ filename: string; size: number; type: string }>("select filename, size, type from public.media_assets order by filename");
    expect(media.map((m) => m.filename)).toEqual(files);
    for (const row of media) expect(row).toMatchObject({ type: "image", size: statSync(join(SOURCE, row.filename)).size });
    const objects = await backend.sql<{ name: string }>("select name from storage.objects where bucket_id = 'assets' and name like 'seed/%' order by name");
    expect(objects.map((o) => o.name)).toEqual(files.map((f) => `seed/${f}`));
  });
});
