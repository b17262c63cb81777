import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDataProvider, type AdminDataProvider, type MediaReplacement, type MediaUpload } from "../../backoffice/lib/data-provider.ts";
import { CONTENT_TABLES } from "../../shared/content-tables.ts";
import { absoluteAssetUrl } from "../../shared/images.ts";
import { mediaUsageSources, type MediaUse } from "../../shared/media-usage.ts";
import type { MediaAsset } from "../../shared/content-types/media.ts";
import { ADMIN, startTestBackend, type TestBackend } from "../support/backend.ts";
import { doc } from "../support/documents.ts";

// The media library's data through the back office's own data provider, against the local backend:
// replacing a file in place, "in use by", and a library of 5,000 assets read a page at a time.

type Asset = MediaAsset & { id: string };

let backend: TestBackend;
let dataProvider: AdminDataProvider;

const image = (width: number, color: string, name: string) =>
  sharp({ create: { width, height: width, channels: 3, background: color } })
    .png()
    .toBuffer()
    .then((bytes) => new File([new Uint8Array(bytes)], name, { type: "image/png" }));

beforeAll(async () => {
  backend = await startTestBackend();
  const client = await backend.signIn(ADMIN.email, ADMIN.password);
  dataProvider = createDataProvider(client, { url: backend.url, anonKey: backend.anonKey }, CONTENT_TABLES);
});

afterAll(async () => {
  await backend?.stop();
});

describe("media library", () => {
  it("replaces an asset's file in place: same URL, new bytes, and its transformations made afresh", async () => {
    const asset = (await dataProvider.create("media", { data: { file: await image(40, "#ff0000", "red.png") } satisfies MediaUpload })).data as unknown as Asset;
    const render = () => fetch(`${absoluteAssetUrl(asset.url, backend.url).replace("/object/public/", "/render/image/public/")}?width=20&format=origin`);
    const before = await render();
    expect(before.headers.get("x-transformation-cache")).toBe("miss");
    expect((await sharp(Buffer.from(await before.arrayBuffer())).stats()).channels[0]!.mean).toBeGreaterThan(200);
    expect((await render()).headers.get("x-transformation-cache")).toBe("hit");

    const progress: number[] = [];
    const { data } = await dataProvider.update("media", {
      id: asset.id,
      data: { file: await image(60, "#0000ff", "blue.png") } satisfies MediaReplacement,
      previousData: asset,
      meta: { onProgress: (fraction: number) => progress.push(fraction) },
    });
    const replaced = data as unknown as Asset;
    expect(progress.at(-1)).toBe(1);
    expect(replaced).toMatchObject({ id: asset.id, url: asset.url, filename: "blue.png", type: "image", metadata: { format: "image/png" } });
    expect(replaced.size).not.toBe(asset.size);
    const served = await sharp(Buffer.from(await (await fetch(absoluteAssetUrl(asset.url, backend.url))).arrayBuffer())).metadata();
    expect(served.width).toBe(60);
    const after = await render();
    expect(after.headers.get("x-transformation-cache")).toBe("miss");
    expect((await sharp(Buffer.from(await after.arrayBuffer())).stats()).channels[2]!.mean).toBeGreaterThan(200);
  });

  it("refuses to replace an image with a video, or a file that is not in the library's bucket", async () => {
    const asset = (await dataProvider.create("media", { data: { file: await image(10, "#00ff00", "green.png") } satisfies MediaUpload })).data as unknown as Asset;
    const video = new File([new Uint8Array([0, 0, 0, 0x18, ...Buffer.from("ftypisom"), 1, 2, 3, 4])], "clip.mp4", { type: "video/mp4" });
    await expect(dataProvider.update("media", { id: asset.id, data: { file: video }, previousData: asset })).rejects.toThrow("Replace an image with another image");
    const [external] = await backend.sql<Asset>(
      "insert into public.media_assets (url, filename, type, size) values ('https://example.com/elsewhere.png', 'elsewhere.png', 'image', 1) returning *",
    );
    await expect(dataProvider.update("media", { id: external!.id, data: { file: await image(10, "#000000", "x.png") }, previousData: external! })).rejects.toThrow(
      "Only files uploaded to the media library can be replaced",
    );
    const { data: unchanged } = await dataProvider.getOne("media", { id: asset.id });
    expect(unchanged).toMatchObject({ filename: "green.png", url: asset.url });
  });

  it("tells which content uses an asset", async () => {
    const asset = (await dataProvider.create("media", { data: { file: await image(10, "#123456", "cover.png") } satisfies MediaUpload })).data as unknown as Asset;
    const { data: post } = await dataProvider.create("blog", { data: { title: "Uses the cover", content: doc("Words."), category: "community", image_url: asset.url } });
    const uses = await dataProvider.rpc<MediaUse[]>("media_usage", { urls: [asset.url], sources: mediaUsageSources(CONTENT_TABLES) });
    expect(uses).toEqual([{ url: asset.url, kind: "blog", id: post.id, label: "Uses the cover" }]);
  });

  it("reads a library of 5,000 assets a page at a time, with the total, and what uses a page's assets in one call", async () => {
    await backend.sql(
      `insert into public.media_assets (url, filename, type, size, metadata, created_at)
       select 'https://example.com/bulk/' || n || '.jpg', 'bulk-' || lpad(n::text, 4, '0') || '.jpg', 'image', 1000 + n,
              '{"format": "image/jpeg"}', now() - make_interval(secs => n)
         from generate_series(1, 5000) as n`,
    );
    const page = (page: number, filter: Record<string, unknown> = {}) =>
      dataProvider.getList("media", { pagination: { page, perPage: 24 }, sort: { field: "created_at", order: "DESC" }, filter });
    const deep = await page(150);
    expect(deep.data).toHaveLength(24);
    expect(deep.total).toBeGreaterThanOrEqual(5000);
    const bulk = deep.data.map((asset) => String(asset.filename)).filter((name) => name.startsWith("bulk-"));
    expect(bulk.length).toBe(24);
    // Newest first: page 150 holds the 3,577th to 3,600th newest of the 5,000 (plus the few uploaded above).
    expect(Number(bulk[0]!.slice(5, 9))).toBeGreaterThan(3500);

    const searched = await page(1, { q: "bulk-4999" });
    expect(searched.total).toBe(1);
    expect(searched.data[0]).toMatchObject({ filename: "bulk-4999.jpg" });

    // "In use by" for a whole page is one call, naming the one asset of the page that a post uses.
    const used = String(deep.data[7]!.url);
    const { data: post } = await dataProvider.create("blog", { data: { title: "Uses a bulk image", content: doc("Words."), category: "community", image_url: used } });
    const uses = await dataProvider.rpc<MediaUse[]>("media_usage", { urls: deep.data.map((asset) => String(asset.url)), sources: mediaUsageSources(CONTENT_TABLES) });
    expect(uses).toEqual([{ url: used, kind: "blog", id: post.id, label: "Uses a bulk image" }]);
  });
});
