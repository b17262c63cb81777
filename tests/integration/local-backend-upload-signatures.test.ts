import { randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { SupabaseClient } from "@supabase/supabase-js";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestBackend, type TestBackend } from "../support/backend.ts";

/** What an editor met: 19 bytes of text, saved as notes.png, so the browser declares image/png. */
const TEXT = Buffer.from("This is not a PNG.\n");
const SVG = Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<!-- A logo -->\n<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#0a0"/></svg>');
const REFUSED = { statusCode: "415", code: "InvalidMimeType", error: "invalid_mime_type", message: "The file's content does not match its type image/png: its bytes are not a known image or video format" };

describe("local backend: every upload path checks the bytes against the declared type", () => {
  let backend: TestBackend;
  let admin: SupabaseClient;
  let token: string;
  let png: Buffer;
  const auth = () => ({ apikey: backend.anonKey, Authorization: `Bearer ${token}` });
  const storageDir = () => join(backend.dataDir, "storage");
  const row = async (name: string) => (await backend.sql<{ metadata: { mimetype: string; size: number } }>("select metadata from storage.objects where bucket_id = 'assets' and name = $1", [name]))[0];
  const fileOf = (name: string) => join(storageDir(), "assets", ...name.split("/"));
  /** Nothing of a refused file is kept: no row, no object file, no temporary or resumable part. */
  const storedNothing = async (name: string) => {
    expect(await row(name), name).toBeUndefined();
    expect(existsSync(fileOf(name)), name).toBe(false);
    for (const scratch of [".tmp", ".resumable"]) {
      const dir = join(storageDir(), scratch);
      expect(existsSync(dir) ? readdirSync(dir) : [], `${scratch} after ${name}`).toEqual([]);
    }
  };
  const storedAs = async (name: string, bytes: Buffer, mimetype: string) => {
    expect((await row(name))?.metadata).toMatchObject({ mimetype, size: bytes.length });
    const served = await fetch(`${backend.url}/storage/v1/object/public/assets/${name}`);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes), name).toBe(true);
  };

  /** TUS as tus-js-client speaks it: create, then one PATCH with the whole file. */
  const resumable = async (name: string, bytes: Buffer, contentType: string) => {
    const tus = { ...auth(), "Tus-Resumable": "1.0.0" };
    const metadata = Object.entries({ bucketName: "assets", objectName: name, contentType, cacheControl: "3600" })
      .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
      .join(",");
    const created = await fetch(`${backend.url}/storage/v1/upload/resumable`, { method: "POST", headers: { ...tus, "Upload-Length": String(bytes.length), "Upload-Metadata": metadata } });
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!;
    const patched = await fetch(location, { method: "PATCH", headers: { ...tus, "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" }, body: new Uint8Array(bytes) });
    const offset = await fetch(location, { method: "HEAD", headers: tus });
    return { patched, offset: offset.status };
  };

  beforeAll(async () => {
    backend = await startTestBackend();
    admin = await backend.signIn(ADMIN.email, ADMIN.password);
    token = (await admin.auth.getSession()).data.session!.access_token;
    png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#36c" } }).png().toBuffer();
  });
  afterAll(() => backend?.stop());

  it("single upload: POST (raw and multipart) and PUT refuse a text file named .png with a JSON 415, and store a PNG and an SVG", async () => {
    const raw = (method: string, name: string, bytes: Buffer, type: string) =>
      fetch(`${backend.url}/storage/v1/object/assets/${name}`, { method, headers: { ...auth(), "Content-Type": type }, body: new Uint8Array(bytes) });
    for (const [method, name] of [["POST", "single/notes.png"], ["PUT", "single/put-notes.png"]] as const) {
      const refused = await raw(method, name, TEXT, "image/png");
      expect(refused.status, method).toBe(400);
      expect(refused.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await refused.json()).toEqual(REFUSED);
      await storedNothing(name);
    }
    const multipart = await admin.storage.from("assets").upload("single/form-notes.png", new Blob([TEXT], { type: "image/png" }));
    expect(multipart.error).toMatchObject({ statusCode: "415", message: REFUSED.message });
    await storedNothing("single/form-notes.png");

    expect((await raw("POST", "single/pixel.png", png, "image/png")).status).toBe(200);
    await storedAs("single/pixel.png", png, "image/png");
    expect((await admin.storage.from("assets").upload("single/logo.svg", new Blob([SVG], { type: "image/svg+xml" }))).error).toBeNull();
    await storedAs("single/logo.svg", SVG, "image/svg+xml");
    expect((await raw("PUT", "single/put-pixel.png", png, "image/png")).status).toBe(200);
    await storedAs("single/put-pixel.png", png, "image/png");
  });

  it("resumable (TUS): the text file is refused with a JSON 415 on its first bytes and forgotten; a PNG and an SVG complete", async () => {
    const { patched, offset } = await resumable("tus/notes.png", TEXT, "image/png");
    expect(patched.status).toBe(415);
    expect(await patched.json()).toEqual(REFUSED);
    expect(offset).toBe(404);
    await storedNothing("tus/notes.png");

    for (const [name, bytes, type] of [["tus/pixel.png", png, "image/png"], ["tus/logo.svg", SVG, "image/svg+xml"]] as const) {
      const done = await resumable(name, bytes, type);
      expect(done.patched.status, name).toBe(204);
      await storedAs(name, bytes, type);
    }
  });

  it("signed upload URLs: the text file is refused with a JSON 415 and the URL stays unused; a PNG and an SVG are stored", async () => {
    const signed = async (name: string) => {
      const { data, error } = await admin.storage.from("assets").createSignedUploadUrl(name);
      expect(error).toBeNull();
      return data!.token;
    };
    const holder = backend.anon();
    const notes = await signed("signed/notes.png");
    const refused = await fetch(`${backend.url}/storage/v1/object/upload/sign/assets/signed/notes.png?token=${notes}`, { method: "PUT", headers: { apikey: backend.anonKey, "Content-Type": "image/png" }, body: new Uint8Array(TEXT) });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual(REFUSED);
    const throughClient = await holder.storage.from("assets").uploadToSignedUrl("signed/notes.png", notes, new Blob([TEXT], { type: "image/png" }));
    expect(throughClient.error).toMatchObject({ statusCode: "415" });
    await storedNothing("signed/notes.png");
    // Refusals consumed nothing: the same URL then takes a real file.
    expect((await holder.storage.from("assets").uploadToSignedUrl("signed/notes.png", notes, new Blob([new Uint8Array(png)], { type: "image/png" }))).error).toBeNull();
    await storedAs("signed/notes.png", png, "image/png");

    const logo = await signed("signed/logo.svg");
    expect((await holder.storage.from("assets").uploadToSignedUrl("signed/logo.svg", logo, new Blob([SVG], { type: "image/svg+xml" }))).error).toBeNull();
    await storedAs("signed/logo.svg", SVG, "image/svg+xml");
  });

  it("every path refuses an image that cannot be shown (a PNG signature and random bytes, a JPEG start and garbage, a cut PNG, a corrupt body, text as .webp), and stores a valid one", async () => {
    const cutPng = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#c63" } }).png({ compressionLevel: 0 }).toBuffer();
    const body = Buffer.from(cutPng);
    // The header and the end intact, the compressed pixels in between overwritten.
    randomBytes(body.length - 100).copy(body, 50);
    const cases = [
      { name: "junk-signature.png", type: "image/png", bytes: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(8 * 1024 * 1024)]), message: "The file's content is not a valid image/png image: its header is damaged" },
      { name: "garbage.jpg", type: "image/jpeg", bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from("garbage ".repeat(2000))]), message: /^The file's content is not a valid image\/jpeg image: / },
      { name: "cut.png", type: "image/png", bytes: cutPng.subarray(0, cutPng.length - 200), message: "The file's content is not a valid image/png image: it ends before its image data does (the file is cut short)" },
      { name: "corrupt-body.png", type: "image/png", bytes: body, message: "The file's content is not a valid image/png image: it cannot be decoded" },
      { name: "notes.webp", type: "image/webp", bytes: TEXT, message: "The file's content does not match its type image/webp: its bytes are not a known image or video format" },
    ];
    for (const { name, type, bytes, message } of cases) {
      const single = await admin.storage.from("assets").upload(`decode/${name}`, new Blob([new Uint8Array(bytes)], { type }));
      expect(single.error, name).toMatchObject({ statusCode: "415", message });
      await storedNothing(`decode/${name}`);
      const { patched } = await resumable(`decode/tus-${name}`, bytes, type);
      expect(patched.status, name).toBe(415);
      expect(((await patched.json()) as { message: string }).message, name).toMatch(message);
      await storedNothing(`decode/tus-${name}`);
    }
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#39c" } }).jpeg().toBuffer();
    expect((await admin.storage.from("assets").upload("decode/photo.jpg", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }))).error).toBeNull();
    await storedAs("decode/photo.jpg", photo, "image/jpeg");
  });
});
