import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { IMAGE_BOXES, responsiveImage, snapUp, STORAGE_IMAGE_SIDES } from "../../shared/images.ts";
import { PRODUCT_CONFIG } from "../../scripts/local-backend.ts";
import { parseTransformOptions, snapTransformOptions } from "../../supabase/local/storage/transform.ts";
import { ADMIN, startTestBackend, type TestBackend } from "../support/backend.ts";

/** A photo-like JPEG (a noisy gradient compresses like a photo, so quality changes the size). */
async function photo(width: number, height: number, tint = 0): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width + ((x * 7 + y * 13) % 23);
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = tint;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

async function dimensions(response: Response) {
  const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  return { width: meta.width, height: meta.height, format: meta.format };
}

const WEBP_BROWSER = "image/avif,image/webp,image/apng,image/*,*/*;q=0.8";
const LARGEST_SIDE = Math.max(...STORAGE_IMAGE_SIDES);

describe("local backend: image transformations (/storage/v1/render/image)", () => {
  let backend: TestBackend;
  let admin: SupabaseClient;
  const render = (name: string, query = "", headers: Record<string, string> = {}) =>
    fetch(`${backend.url}/storage/v1/render/image/public/assets/${name}${query}`, { headers });
  const put = async (name: string, bytes: Buffer, contentType = "image/jpeg", upsert = false) => {
    const { error } = await admin.storage.from("assets").upload(name, bytes, { contentType, upsert });
    expect(error).toBeNull();
  };

  beforeAll(async () => {
    backend = await startTestBackend();
    admin = await backend.signIn(ADMIN.email, ADMIN.password);
    await put("media/photo.jpg", await photo(1200, 800));
  });
  afterAll(() => backend?.stop());

  it("resizes to a width keeping the aspect ratio, as WebP for a browser that accepts it", async () => {
    const response = await render("media/photo.jpg", "?width=300", { Accept: WEBP_BROWSER });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("vary")).toBe("Accept");
    expect(await dimensions(response)).toEqual({ width: 300, height: 200, format: "webp" });
  });

  it("keeps the source's format for clients without WebP, and with format=origin; gives AVIF when asked", async () => {
    const plain = await render("media/photo.jpg", "?width=200");
    expect(plain.headers.get("content-type")).toBe("image/jpeg");
    expect(await dimensions(plain)).toMatchObject({ width: 200, format: "jpeg" });
    const origin = await render("media/photo.jpg", "?width=200&format=origin", { Accept: WEBP_BROWSER });
    expect(origin.headers.get("content-type")).toBe("image/jpeg");
    const avif = await render("media/photo.jpg", "?width=200&format=avif");
    expect(avif.headers.get("content-type")).toBe("image/avif");
    expect((await dimensions(avif)).format).toBe("heif");
  });

  it("resizes into a box: cover crops to it, contain fits inside it, fill stretches to it", async () => {
    const box = "?width=300&height=300";
    const cover = await render("media/photo.jpg", box);
    expect(await dimensions(cover)).toMatchObject({ width: 300, height: 300 });
    const contain = await render("media/photo.jpg", `${box}&resize=contain`);
    expect(await dimensions(contain)).toMatchObject({ width: 300, height: 200 });
    const fill = await render("media/photo.jpg", `${box}&resize=fill`);
    const filled = Buffer.from(await fill.arrayBuffer());
    expect(await sharp(filled).metadata()).toMatchObject({ width: 300, height: 300 });
    // Stretched, the left edge keeps the source's left edge; cropped (cover) it is cut off.
    const leftRed = async (bytes: Buffer) => {
      const { data, info } = await sharp(bytes).extract({ left: 0, top: 0, width: 4, height: 300 }).raw().toBuffer({ resolveWithObject: true });
      let sum = 0;
      for (let i = 0; i < data.length; i += info.channels) sum += data[i]!;
      return sum / (data.length / info.channels);
    };
    expect(await leftRed(filled)).toBeLessThan((await leftRed(Buffer.from(await (await render("media/photo.jpg", box)).arrayBuffer()))) - 20);
  });

  it("never enlarges, and rounds sides up to the sizes the site asks for, the largest at most", async () => {
    expect(await dimensions(await render("media/photo.jpg", "?width=1300"))).toMatchObject({ width: 1200, height: 800 });
    expect(await dimensions(await render("media/photo.jpg", "?width=290"))).toMatchObject({ width: 300, height: 200 });
    await put("media/wide.jpg", await photo(3000, 60));
    expect(await dimensions(await render("media/wide.jpg", "?width=4000"))).toMatchObject({ width: LARGEST_SIDE, height: Math.round((60 * LARGEST_SIDE) / 3000) });
  });

  it("encodes at the quality the site asks for (80), whatever quality is asked", async () => {
    const bytes = async (query: string) => Buffer.from(await (await render("media/photo.jpg", query)).arrayBuffer());
    const standard = await bytes("?width=640");
    expect((await bytes("?width=640&quality=20")).equals(standard)).toBe(true);
    expect((await bytes("?width=640&quality=100")).equals(standard)).toBe(true);
  });

  it("serves a repeated request from the disk cache, and a replaced file (upsert) afresh", async () => {
    await put("media/cached.jpg", await photo(800, 400));
    const first = await render("media/cached.jpg", "?width=160", { Accept: WEBP_BROWSER });
    expect(first.headers.get("x-transformation-cache")).toBe("miss");
    const firstBytes = Buffer.from(await first.arrayBuffer());
    const second = await render("media/cached.jpg", "?width=160", { Accept: WEBP_BROWSER });
    expect(second.headers.get("x-transformation-cache")).toBe("hit");
    expect(Buffer.from(await second.arrayBuffer()).equals(firstBytes)).toBe(true);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    const cacheRoot = join(backend.dataDir, "storage", ".render");
    expect(readdirSync(cacheRoot).length).toBeGreaterThan(0);

    const notModified = await render("media/cached.jpg", "?width=160", { Accept: WEBP_BROWSER, "If-None-Match": first.headers.get("etag")! });
    expect(notModified.status).toBe(304);

    await put("media/cached.jpg", await photo(400, 400, 200), "image/jpeg", true);
    const replaced = await render("media/cached.jpg", "?width=160", { Accept: WEBP_BROWSER });
    expect(replaced.headers.get("x-transformation-cache")).toBe("miss");
    expect(replaced.headers.get("etag")).not.toBe(first.headers.get("etag"));
    expect(await dimensions(replaced)).toMatchObject({ width: 160, height: 160 });
    // The replaced version's renderings are gone from the disk.
    const objectDirs = readdirSync(cacheRoot).map((dir) => readdirSync(join(cacheRoot, dir)));
    expect(objectDirs.every((versions) => versions.length === 1)).toBe(true);
  });

  it("answers a cached render of a public image without the database, and still sees the image replaced, deleted or its bucket made private", async () => {
    await put("media/while-busy.jpg", await photo(600, 400));
    expect((await render("media/while-busy.jpg", "?width=160")).headers.get("x-transformation-cache")).toBe("miss");
    expect((await render("media/while-busy.jpg", "?width=160")).headers.get("x-transformation-cache")).toBe("hit");

    // The embedded database has one connection: while this transaction holds it, whatever asks the
    // database waits for its end.
    let release = () => {};
    let holding = () => {};
    const held = new Promise<void>((began) => (holding = began));
    const transaction = backend.backend.db.transaction(async (tx) => {
      await tx.query("select 1");
      holding();
      await new Promise<void>((done) => (release = done));
    });
    await held;
    const answer = render("media/while-busy.jpg", "?width=160").then(async (response) => `${response.status} ${response.headers.get("x-transformation-cache")} ${(await response.arrayBuffer()).byteLength > 0}`);
    const waited = new Promise<string>((done) => setTimeout(() => done("still waiting for the database"), 30_000));
    const during = await Promise.race([answer, waited]);
    release();
    await transaction;
    expect(during).toBe("200 hit true");

    await put("media/while-busy.jpg", await photo(300, 300, 90), "image/jpeg", true);
    const replaced = await render("media/while-busy.jpg", "?width=160");
    expect(replaced.headers.get("x-transformation-cache")).toBe("miss");
    expect(await dimensions(replaced)).toMatchObject({ width: 160, height: 160 });
    expect((await render("media/while-busy.jpg", "?width=160")).headers.get("x-transformation-cache")).toBe("hit");

    const { error: removeError } = await admin.storage.from("assets").remove(["media/while-busy.jpg"]);
    expect(removeError).toBeNull();
    const removed = await render("media/while-busy.jpg", "?width=160");
    expect(removed.status).toBe(400);
    expect(await removed.json()).toMatchObject({ statusCode: "404" });

    // A bucket made private: its objects are no longer public, though their files are unchanged.
    const service = backend.service();
    const bucket = `render-${Date.now()}`;
    expect((await service.storage.createBucket(bucket, { public: true })).error).toBeNull();
    expect((await service.storage.from(bucket).upload("photo.jpg", await photo(300, 200), { contentType: "image/jpeg" })).error).toBeNull();
    const publicRender = () => fetch(`${backend.url}/storage/v1/render/image/public/${bucket}/photo.jpg?width=50`);
    await publicRender();
    expect((await publicRender()).headers.get("x-transformation-cache")).toBe("hit");
    expect((await service.storage.updateBucket(bucket, { public: false })).error).toBeNull();
    expect((await publicRender()).status).toBe(400);
  });

  it("drops an object's renderings from the disk when the object is deleted or moved", async () => {
    const cacheRoot = join(backend.dataDir, "storage", ".render");
    const renderedObjects = () => readdirSync(cacheRoot).length;
    for (const name of ["media/removed.jpg", "media/moved.jpg"]) {
      await put(name, await photo(300, 200));
      expect((await render(name, "?width=50")).headers.get("x-transformation-cache")).toBe("miss");
    }
    const before = renderedObjects();

    const { error: removeError } = await admin.storage.from("assets").remove(["media/removed.jpg"]);
    expect(removeError).toBeNull();
    expect(renderedObjects()).toBe(before - 1);

    const { error: moveError } = await admin.storage.from("assets").move("media/moved.jpg", "media/moved-here.jpg");
    expect(moveError).toBeNull();
    expect(renderedObjects()).toBe(before - 2);
    expect((await render("media/moved-here.jpg", "?width=50")).headers.get("x-transformation-cache")).toBe("miss");
  });

  it("refuses sources over 25 megapixels or 25 MB with 400 and storage's JSON error", async () => {
    const huge = await sharp({ create: { width: 5001, height: 5001, channels: 3, background: "#336699" } }).png({ compressionLevel: 9 }).toBuffer();
    await put("media/huge.png", huge, "image/png");
    const tooManyPixels = await render("media/huge.png", "?width=100");
    expect(tooManyPixels.status).toBe(400);
    expect(await tooManyPixels.json()).toMatchObject({ statusCode: "400", error: "InvalidRequest", message: "The source image resolution is too large to process" });

    const heavy = Buffer.concat([await photo(10, 10), Buffer.alloc(26 * 1024 * 1024, 1)]);
    await put("media/heavy.jpg", heavy);
    const tooHeavy = await render("media/heavy.jpg", "?width=100");
    expect(tooHeavy.status).toBe(400);
    expect(await tooHeavy.json()).toMatchObject({ message: "The source image file is too large to process" });
  });

  it("answers bad parameters with 400 naming the parameter, and never an image", async () => {
    for (const [query, named] of [
      ["?width=-1", "width must be >= 0"],
      ["?width=wide", "width must be integer"],
      ["?height=1.5", "height must be integer"],
      ["?quality=10", "quality must be >= 20"],
      ["?quality=101", "quality must be <= 100"],
      ["?resize=stretch", "resize must be equal to one of the allowed values"],
      ["?format=gif", "format must be equal to one of the allowed values"],
    ] as const) {
      const response = await render("media/photo.jpg", query);
      expect(response.status, query).toBe(400);
      expect(response.headers.get("content-type"), query).toMatch(/^application\/json/);
      expect(await response.json(), query).toMatchObject({ statusCode: "400", error: "Bad Request", message: `querystring/${named}` });
    }
  });

  it("answers a missing object as Storage does (HTTP 400, statusCode 404) and 400 for a file that is not a raster image", async () => {
    const missing = await render("media/nothing-here.jpg", "?width=100");
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ statusCode: "404", code: "NoSuchKey" });

    await put("media/clip.mp4", Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), Buffer.alloc(2048, 7)]), "video/mp4");
    const video = await render("media/clip.mp4", "?width=100");
    expect(video.status).toBe(400);
    expect(await video.json()).toMatchObject({ statusCode: "400", error: "InvalidRequest", message: "The source image is invalid or unsupported for rendering" });

    await put("media/drawing.svg", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), "image/svg+xml");
    expect((await render("media/drawing.svg", "?width=100")).status).toBe(400);
  });

  it("renders through the authenticated route for a signed-in caller, and needs an API key there", async () => {
    const token = (await admin.auth.getSession()).data.session!.access_token;
    const route = `${backend.url}/storage/v1/render/image/authenticated/assets/media/photo.jpg?width=144`;
    const signedIn = await fetch(route, { headers: { apikey: backend.anonKey, Authorization: `Bearer ${token}` } });
    expect(signedIn.status).toBe(200);
    expect(await dimensions(signedIn)).toMatchObject({ width: 144, height: 96 });
    expect((await fetch(route)).status).toBe(401);
  });

  it("builds the same URL storage-js gives for a transformed public image", async () => {
    const { publicUrl } = admin.storage.from("assets").getPublicUrl("media/photo.jpg", { transform: { width: 300, height: 200, resize: "contain", quality: 80 } }).data;
    expect(publicUrl).toContain("/storage/v1/render/image/public/assets/media/photo.jpg?");
    const response = await fetch(publicUrl);
    expect(response.status).toBe(200);
    expect(await dimensions(response)).toMatchObject({ width: 300, height: 200 });
    expect(existsSync(join(backend.dataDir, "storage", ".render"))).toBe(true);
  });
});

describe("local backend: image transformations cost a bounded CPU and disk", () => {
  // Less than the renderings below weigh together, so the budget is what bounds the disk.
  const CACHE_BYTES = 64 * 1024;
  let backend: TestBackend;
  const render = (query: string) => fetch(`${backend.url}/storage/v1/render/image/public/assets/media/large.jpg${query}`);
  const cacheRoot = () => join(backend.dataDir, "storage", ".render");
  const storedCopies = () => filesUnder(cacheRoot());

  beforeAll(async () => {
    // One render at a time and one waiting, so that a few requests at once fill the queue.
    backend = await startTestBackend({ imageRendering: { concurrent: 1, queued: 1, cacheBytes: CACHE_BYTES } });
    const admin = await backend.signIn(ADMIN.email, ADMIN.password);
    const { error } = await admin.storage.from("assets").upload("media/large.jpg", await photo(3000, 2000), { contentType: "image/jpeg" });
    expect(error).toBeNull();
  });
  afterAll(() => backend?.stop());

  it("answers 40 distinct sizes of a large image from a few stored copies, within the cache's byte budget", async () => {
    // The copies this test makes: the file's other tests, in any order, leave copies of their own.
    const earlier = new Set(storedCopies());
    const madeHere = () => storedCopies().filter((file) => !earlier.has(file));
    for (let i = 0; i < 40; i++) {
      const response = await render(`?width=${2500 - i}&quality=100&format=origin`);
      expect(response.status).toBe(200);
      expect(await dimensions(response)).toMatchObject({ width: LARGEST_SIDE, height: (LARGEST_SIDE * 2) / 3 });
    }
    expect(madeHere().length).toBeLessThanOrEqual(1);

    const spread = Array.from({ length: 40 }, (_, i) => 1 + i * 64);
    let servedBytes = 0;
    for (const width of spread) {
      const response = await render(`?width=${width}`);
      expect(response.status).toBe(200);
      servedBytes += (await response.arrayBuffer()).byteLength;
    }
    // One copy per side the widths round up to (the largest one being the copy made above).
    const sides = new Set(spread.map((width) => snapUp(width, STORAGE_IMAGE_SIDES)));
    expect(sides.size).toBeLessThan(20);
    expect(madeHere().length).toBeLessThanOrEqual(sides.size);
    expect(servedBytes).toBeGreaterThan(CACHE_BYTES);
    expect(storedCopies().reduce((sum, file) => sum + statSync(file).size, 0)).toBeLessThanOrEqual(CACHE_BYTES);
  });

  it("refuses renders past its queue with 429, Retry-After and Storage's JSON error, never a 5xx, and renders them once it is free", async () => {
    const statuses: number[] = [];
    let refused: { query: string; response: Response } | null = null;
    // Distinct sizes each batch, so every request is a render of its own; a batch comes faster than
    // one large render ends, and the loop stops at the first refusal.
    for (let batch = 0; batch < STORAGE_IMAGE_SIDES.length && !refused; batch++) {
      const queries = Array.from({ length: 6 }, (_, i) => `?width=${STORAGE_IMAGE_SIDES.at(-1 - i)}&height=${STORAGE_IMAGE_SIDES[batch]}&format=webp`);
      const responses = await Promise.all(queries.map(async (query) => ({ query, response: await render(query) })));
      for (const { query, response } of responses) {
        statuses.push(response.status);
        if (response.status === 429 && !refused) refused = { query, response };
        else await response.arrayBuffer();
      }
    }
    expect(statuses.every((status) => status === 200 || status === 429), statuses.join(",")).toBe(true);
    expect(refused).not.toBeNull();
    const { query, response } = refused!;
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await response.json()).toMatchObject({ statusCode: "429", code: "SlowDown" });

    let retried = await render(query);
    while (retried.status === 429) {
      await new Promise((done) => setTimeout(done, Number(retried.headers.get("retry-after")) * 1000));
      retried = await render(query);
    }
    expect(retried.status).toBe(200);
  });

  it("lets identical requests at once share one render instead of queueing each", async () => {
    const responses = await Promise.all(Array.from({ length: 5 }, () => render("?width=800&height=800&resize=contain")));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
  });
});

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]));
}

describe("local backend: the product's render sizes", () => {
  it("leave every size the site and the back office ask for as it is", () => {
    for (const box of Object.values(IMAGE_BOXES)) {
      const { src, srcSet } = responsiveImage("https://abcd.supabase.co/storage/v1/object/public/assets/a.jpg", box);
      for (const url of [src, ...(srcSet?.split(", ").map((entry) => entry.split(" ")[0]!) ?? [])]) {
        const asked = parseTransformOptions(new URL(url).searchParams);
        expect(snapTransformOptions(asked, PRODUCT_CONFIG.storage), url).toEqual(asked);
      }
    }
  });
});
