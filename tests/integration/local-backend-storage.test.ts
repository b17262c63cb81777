import { mkdirSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { ADMIN, startTestBackend, type TestBackend } from "../support/backend.ts";
import { tinyPng } from "../support/png.ts";

// A valid 1×1 PNG: the backend decodes every image (this hex one had a bad zlib checksum, which libpng refuses).
const PNG = tinyPng();

const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), Buffer.alloc(4084, 7)]);
const HTML = Buffer.from("<!DOCTYPE html><html><body><script>document.title = 'ran'</script></body></html>");
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

/** A request whose path is sent exactly as written (fetch would normalise `..` away). */
function rawRequest(url: string, method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((done, fail) => {
    const req = request({ hostname, port, method, path, headers }, (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString()));
      res.on("end", () => done({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", fail);
    req.end(body);
  });
}

describe("local backend: Storage (/storage/v1) through storage-js", () => {
  let backend: TestBackend;
  let admin: SupabaseClient;
  beforeAll(async () => {
    backend = await startTestBackend();
    admin = await backend.signIn(ADMIN.email, ADMIN.password);
  });
  afterAll(() => backend?.stop());

  // Each test stores the objects it reads, under its own names: the file's tests pass in any order.
  const store = async (path: string, body: Blob | Buffer, contentType?: string) => {
    const { error } = await admin.storage.from("assets").upload(path, body, contentType ? { contentType } : {});
    expect(error).toBeNull();
  };

  it("uploads a Blob (multipart, as browsers send files) and serves it at its public URL", async () => {
    const { data, error } = await admin.storage.from("assets").upload("media/pixel.png", new Blob([PNG], { type: "image/png" }));
    expect(error).toBeNull();
    expect(data).toMatchObject({ path: "media/pixel.png", fullPath: "assets/media/pixel.png" });

    const publicUrl = admin.storage.from("assets").getPublicUrl("media/pixel.png").data.publicUrl;
    const response = await fetch(publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("content-length")).toBe(String(PNG.length));
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);

    const [row] = await backend.sql<{ metadata: { size: number; mimetype: string } }>("select metadata from storage.objects where name = 'media/pixel.png'");
    expect(row?.metadata).toMatchObject({ size: PNG.length, mimetype: "image/png" });
  });

  it("serves an SVG as a download, so a script inside it never runs on the API's origin", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const { error } = await admin.storage.from("assets").upload("media/drawing.svg", new Blob([svg], { type: "image/svg+xml" }));
    expect(error).toBeNull();
    const response = await fetch(admin.storage.from("assets").getPublicUrl("media/drawing.svg").data.publicUrl);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="drawing.svg"');
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    await store("media/inline.png", new Blob([PNG], { type: "image/png" }));
    const png = await fetch(admin.storage.from("assets").getPublicUrl("media/inline.png").data.publicUrl);
    expect(png.headers.get("content-disposition")).toBe('inline; filename="inline.png"');
  });

  it("uploads a raw body with its content type, and serves byte ranges", async () => {
    const video = MP4;
    const { error } = await admin.storage.from("assets").upload("media/clip.mp4", video, { contentType: "video/mp4" });
    expect(error).toBeNull();
    const url = admin.storage.from("assets").getPublicUrl("media/clip.mp4").data.publicUrl;
    const partial = await fetch(url, { headers: { Range: "bytes=100-199" } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get("content-range")).toBe("bytes 100-199/4096");
    expect((await partial.arrayBuffer()).byteLength).toBe(100);
  });

  it("downloads through the authenticated route and lists a folder", async () => {
    await store("media/listed.png", new Blob([PNG], { type: "image/png" }));
    await store("media/listed.mp4", MP4, "video/mp4");
    const { data: blob, error } = await admin.storage.from("assets").download("media/listed.png");
    expect(error).toBeNull();
    expect(blob?.size).toBe(PNG.length);
    const { data: entries } = await admin.storage.from("assets").list("media");
    expect(entries?.map((e) => e.name)).toEqual(expect.arrayContaining(["listed.png", "listed.mp4"]));
  });

  it("refuses a second upload to a taken name unless upsert is asked for", async () => {
    await store("media/taken.png", new Blob([PNG], { type: "image/png" }));
    const again = await admin.storage.from("assets").upload("media/taken.png", new Blob([PNG], { type: "image/png" }));
    expect(again.error?.message).toBe("The resource already exists");
    const upsert = await admin.storage.from("assets").upload("media/taken.png", new Blob([PNG], { type: "image/png" }), { upsert: true });
    expect(upsert.error).toBeNull();
  });

  it("removes an object: the row and the file are gone", async () => {
    await store("media/removed.mp4", MP4, "video/mp4");
    const { data, error } = await admin.storage.from("assets").remove(["media/removed.mp4"]);
    expect(error).toBeNull();
    expect(data?.map((o) => o.name)).toEqual(["media/removed.mp4"]);
    // Hosted Storage answers a missing object with HTTP 400 and the real status in the body.
    const gone = await fetch(admin.storage.from("assets").getPublicUrl("media/removed.mp4").data.publicUrl);
    expect(gone.status).toBe(400);
    expect(await gone.json()).toEqual({ statusCode: "404", code: "NoSuchKey", error: "not_found", message: "Object not found" });
    expect(await backend.sql("select 1 from storage.objects where name = 'media/removed.mp4'")).toHaveLength(0);
  });

  describe("object names that try to leave the bucket are refused with 400", () => {
    const names = ["media/../../escape.png", "media/%2e%2e/%2e%2e/escape.png", "..%2Fescape.png", "%2Fetc%2Fpasswd", "media/a%00b.png", "media//double.png", "media/a%5C..%5Cb.png"];
    it.each(names)("%s", async (name) => {
      const session = (await admin.auth.getSession()).data.session!;
      const response = await rawRequest(backend.url, "POST", `/storage/v1/object/assets/${name}`, {
        apikey: backend.anonKey,
        authorization: `Bearer ${session.access_token}`,
        "content-type": "image/png",
      }, PNG);
      expect(response.status).toBe(400);
      expect(JSON.parse(response.body)).toMatchObject({ statusCode: "400", error: "InvalidKey" });
    });
  });

  it("answers unknown routes and malformed bodies with storage's JSON error shape", async () => {
    const session = (await admin.auth.getSession()).data.session!;
    const headers = { apikey: backend.anonKey, Authorization: `Bearer ${session.access_token}` };
    const unknown = await fetch(`${backend.url}/storage/v1/nothing`, { headers });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ statusCode: "404", code: "InvalidRequest", error: "Not Found", message: "Route GET:/storage/v1/nothing not found" });
    const badRemove = await fetch(`${backend.url}/storage/v1/object/assets`, { method: "DELETE", headers: { ...headers, "Content-Type": "application/json" }, body: "{nope" });
    expect(badRemove.status).toBe(400);
    expect(await badRemove.json()).toMatchObject({ statusCode: "400" });
    const noFile = await fetch(`${backend.url}/storage/v1/object/assets/media/x.png`, { method: "POST", headers, body: new FormData() });
    expect(noFile.status).toBe(400);
    expect(await noFile.json()).toMatchObject({ message: "Missing file in multipart upload" });
  });

  describe("MIME types: one known type, checked against the bytes, on upload and when served", () => {
    const token = async () => (await admin.auth.getSession()).data.session!.access_token;
    const rawUpload = async (name: string, contentType: string, body: Buffer) =>
      fetch(`${backend.url}/storage/v1/object/assets/${name}`, { method: "POST", headers: { apikey: backend.anonKey, Authorization: `Bearer ${await token()}`, "Content-Type": contentType }, body: new Uint8Array(body) });
    const multipartUpload = async (name: string, contentType: string, body: Buffer) => {
      const form = new FormData();
      form.append("", new Blob([new Uint8Array(body)], { type: contentType }), "file");
      return fetch(`${backend.url}/storage/v1/object/assets/${name}`, { method: "POST", headers: { apikey: backend.anonKey, Authorization: `Bearer ${await token()}` }, body: form });
    };
    const stored = async (name: string) => (await backend.sql<{ metadata: { mimetype: string } }>("select metadata from storage.objects where name = $1", [name]))[0];

    describe.each([
      ["raw body", rawUpload],
      ["multipart", multipartUpload],
    ] as const)("%s", (_how, upload) => {
      it.each([
        ["image/png, text/html", PNG],
        ["video/mp4, image/svg+xml", MP4],
        ["image/png,text/html", PNG],
        ["image/png;text/html", PNG],
        ["image/*", PNG],
        ["text/html; x=image/png", HTML],
        ["image/tiff", PNG],
      ])("refuses %j with 415 and stores nothing", async (type, body) => {
        const name = `media/list-${Math.random().toString(36).slice(2)}.png`;
        const response = await upload(name, type, body);
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({ statusCode: "415", code: "InvalidMimeType", error: "invalid_mime_type" });
        expect(await stored(name)).toBeUndefined();
      });

      it.each([
        ["image/png", HTML],
        ["image/gif", PNG],
        ["video/mp4", PNG],
        ["image/jpeg", SVG],
      ])("refuses %s whose bytes say otherwise", async (type, body) => {
        const name = `media/sniffed-${Math.random().toString(36).slice(2)}.bin`;
        const response = await upload(name, type, body);
        expect(await response.json()).toMatchObject({ statusCode: "415" });
        expect(await stored(name)).toBeUndefined();
      });

      it.each([
        ["IMAGE/PNG", "image/png"],
        ["image/png; charset=binary", "image/png"],
        ['Image/Png ; name="x.png"', "image/png"],
      ])("stores %j as %s and serves it inline", async (type, normalised) => {
        const name = `media/case-${Math.random().toString(36).slice(2)}.png`;
        expect((await upload(name, type, PNG)).status).toBe(200);
        expect((await stored(name))?.metadata.mimetype).toBe(normalised);
        const served = await fetch(admin.storage.from("assets").getPublicUrl(name).data.publicUrl);
        expect(served.headers.get("content-type")).toBe(normalised);
        expect(served.headers.get("content-disposition")).toMatch(/^inline/);
        expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      });
    });

    it("serves anything not positively a raster image or video as a download, whatever was stored", async () => {
      const cases: [string, string, Buffer, string][] = [
        ["legacy-list.png", "image/png, text/html", HTML, "application/octet-stream"],
        ["legacy-svg-list.mp4", "video/mp4, image/svg+xml", SVG, "application/octet-stream"],
        ["legacy-html.png", "image/png", HTML, "image/png"],
        ["legacy-garbage", "text/html", PNG, "application/octet-stream"],
        ["unknown-bytes.png", "image/png", Buffer.alloc(64, 7), "image/png"],
      ];
      for (const [file, mimetype, body, served] of cases) {
        const name = `media/${file}`;
        // Written the way rows were written before types were checked.
        const dir = join(backend.dataDir, "storage", "assets", "media");
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, file), body);
        await backend.sql("insert into storage.objects (bucket_id, name, metadata) values ('assets', $1, $2)", [name, JSON.stringify({ mimetype, size: body.length, eTag: '"x"' })]);
        for (const url of [admin.storage.from("assets").getPublicUrl(name).data.publicUrl, `${backend.url}/storage/v1/object/authenticated/assets/${name}`]) {
          const response = await fetch(url, { headers: { apikey: backend.anonKey, Authorization: `Bearer ${await token()}` } });
          expect(response.status, name).toBe(200);
          expect(response.headers.get("content-type"), name).toBe(served);
          expect(response.headers.get("content-disposition"), name).toMatch(/^attachment/);
          expect(response.headers.get("x-content-type-options"), name).toBe("nosniff");
        }
      }
    });
  });
});
