import { createHash } from "node:crypto";
import { rmSync } from "node:fs";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Upload } from "tus-js-client";
import { ADMIN, USER, nodeClient, startTestBackend, type TestBackend } from "../support/backend.ts";
import { peakResidentBytes, seededDataDir, spawnBackend, uploadLargeVideoResumably } from "../support/backend-process.ts";
import { SNIFF_BYTES } from "../../shared/media-types.ts";

const MB = 1024 * 1024;
const ENDPOINT_PATH = "/storage/v1/upload/resumable";

/** An MP4 (its signature, then bytes that differ everywhere, so a misplaced chunk changes the checksum). */
function video(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom")]).copy(bytes);
  for (let i = 12; i < size; i += 4) bytes.writeUInt32LE((i * 2654435761) >>> 0, i);
  return bytes;
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const metadataHeader = (entries: Record<string, string>) => Object.entries(entries).map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`).join(",");

describe("local backend: resumable uploads (TUS at /storage/v1/upload/resumable)", () => {
  let backend: TestBackend;
  let adminToken: string;
  let userToken: string;
  const auth = (token: string) => ({ apikey: backend.anonKey, Authorization: `Bearer ${token}`, "Tus-Resumable": "1.0.0" });

  const create = (token: string, objectName: string, length: number, extra: Record<string, string> = {}, contentType = "video/mp4") =>
    fetch(`${backend.url}${ENDPOINT_PATH}`, {
      method: "POST",
      headers: { ...auth(token), "Upload-Length": String(length), "Upload-Metadata": metadataHeader({ bucketName: "assets", objectName, contentType, cacheControl: "3600" }), ...extra },
    });
  const offsetOf = async (location: string, token = adminToken) => {
    const head = await fetch(location, { method: "HEAD", headers: auth(token) });
    expect(head.headers.get("cache-control")).toBe("no-store");
    return head.status === 200 ? Number(head.headers.get("upload-offset")) : head.status;
  };
  const patch = (location: string, offset: number, body: Buffer, token = adminToken) =>
    fetch(location, { method: "PATCH", headers: { ...auth(token), "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" }, body: new Uint8Array(body) });
  /** The offset once no request is writing (423 means one still is, and is asked again, as TUS clients do). */
  const settledOffset = async (location: string) => {
    for (;;) {
      const offset = await offsetOf(location);
      if (offset !== 423) return offset;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  /** Sends the rest of `source` from the server's offset, reading the offset again after a 409 or 423 as TUS clients do. */
  const resume = async (location: string, source: Buffer) => {
    for (let attempt = 0; ; attempt++) {
      const offset = await settledOffset(location);
      const answer = await patch(location, offset, source.subarray(offset));
      if (![409, 423].includes(answer.status) || attempt === 10) return { offset, answer };
    }
  };
  const stored = async (name: string) => Buffer.from(await (await fetch(`${backend.url}/storage/v1/object/public/assets/${name}`)).arrayBuffer());

  beforeAll(async () => {
    backend = await startTestBackend();
    adminToken = (await (await backend.signIn(ADMIN.email, ADMIN.password)).auth.getSession()).data.session!.access_token;
    userToken = (await (await backend.signIn(USER.email, USER.password)).auth.getSession()).data.session!.access_token;
  });
  afterAll(() => backend?.stop());

  it("resumes after the connection drops mid-chunk, from the offset the server reports, and stores the exact bytes", async () => {
    const source = video(10 * MB);
    const created = await create(adminToken, "media/dropped.mp4", source.length);
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!;
    expect(location).toMatch(new RegExp(`^${backend.url.replace(/[.:/]/g, "\\$&")}${ENDPOINT_PATH}/[A-Za-z0-9_-]+$`));
    expect(await offsetOf(location)).toBe(0);

    // Announce the whole file in one PATCH, send 3 MB of it, then cut the connection.
    const { pathname, hostname, port } = new URL(location);
    const sent = 3 * MB;
    await new Promise<void>((done) => {
      const req = request({ hostname, port, path: pathname, method: "PATCH", headers: { ...auth(adminToken), "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream", "Content-Length": String(source.length) } });
      req.on("error", () => done());
      req.write(source.subarray(0, sent), () => setTimeout(() => {
        req.destroy();
        done();
      }, 300));
    });
    // Nothing is stored until the last byte arrives (Storage's "not found": HTTP 400, statusCode 404).
    expect(await (await fetch(`${backend.url}/storage/v1/object/public/assets/media/dropped.mp4`)).json()).toMatchObject({ statusCode: "404" });
    const { offset, answer } = await resume(location, source);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(sent);
    expect(answer.status).toBe(204);
    expect(answer.headers.get("upload-offset")).toBe(String(source.length));
    expect(sha256(await stored("media/dropped.mp4"))).toBe(sha256(source));
    const [row] = await backend.sql<{ metadata: { size: number; mimetype: string; cacheControl: string } }>("select metadata from storage.objects where name = 'media/dropped.mp4'");
    expect(row?.metadata).toMatchObject({ size: source.length, mimetype: "video/mp4", cacheControl: "max-age=3600" });
    // Finished uploads are forgotten.
    expect(await offsetOf(location)).toBe(404);
  });

  it("with tus-js-client: an upload aborted midway is resumed by a new client at the same URL, checksum equal", async () => {
    const source = video(14 * MB);
    const options = {
      endpoint: `${backend.url}${ENDPOINT_PATH}`,
      headers: { apikey: backend.anonKey, Authorization: `Bearer ${adminToken}` },
      metadata: { bucketName: "assets", objectName: "media/resumed.mp4", contentType: "video/mp4", cacheControl: "3600" },
      chunkSize: 6 * MB,
      retryDelays: null,
      storeFingerprintForResuming: false,
    };
    const first = new Upload(source, options);
    const uploadUrl = await new Promise<string>((done, fail) => {
      first.options.onChunkComplete = () => {
        void first.abort().then(() => done(first.url!));
      };
      first.options.onError = fail;
      first.start();
    });
    const offset = await offsetOf(uploadUrl);
    expect(offset).toBe(6 * MB);

    const progress: number[] = [];
    await new Promise<void>((done, fail) => {
      const second = new Upload(source, { ...options, uploadUrl, onProgress: (sentBytes) => progress.push(sentBytes), onSuccess: () => done(), onError: fail });
      second.start();
    });
    // The second client sent only what was missing.
    expect(Math.min(...progress)).toBeGreaterThanOrEqual(offset);
    expect(sha256(await stored("media/resumed.mp4"))).toBe(sha256(source));
  });

  it("applies the storage policies, the bucket's types and size limit, and the upsert rule at creation", async () => {
    expect((await create(userToken, "media/not-admin.mp4", 100)).status).toBe(403);
    const anon = await fetch(`${backend.url}${ENDPOINT_PATH}`, { method: "POST", headers: { apikey: backend.anonKey, "Tus-Resumable": "1.0.0", "Upload-Length": "10", "Upload-Metadata": metadataHeader({ bucketName: "assets", objectName: "media/anon.mp4", contentType: "video/mp4" }) } });
    expect(anon.status).toBe(403);
    expect((await create(adminToken, "media/page.html", 100, {}, "text/html")).status).toBe(415);
    expect((await create(adminToken, "media/two.png", 100, {}, "image/png, text/html")).status).toBe(415);
    expect((await create(adminToken, "media/huge.mp4", 300 * MB)).status).toBe(413);
    expect((await create(adminToken, "../escape.mp4", 100)).status).toBe(400);
    expect((await fetch(`${backend.url}${ENDPOINT_PATH}`, { method: "POST", headers: { apikey: backend.anonKey, Authorization: `Bearer ${adminToken}`, "Upload-Length": "10" } })).status).toBe(412);

    // Once an object exists, a new upload there needs x-upsert.
    const original = video(32 * 1024);
    const first = await create(adminToken, "media/upsert.mp4", original.length);
    expect((await patch(first.headers.get("location")!, 0, original)).status).toBe(204);
    expect((await create(adminToken, "media/upsert.mp4", 100)).status).toBe(409);
    const replacement = video(64 * 1024);
    const upsert = await create(adminToken, "media/upsert.mp4", replacement.length, { "x-upsert": "true" });
    expect(upsert.status).toBe(201);
    expect((await patch(upsert.headers.get("location")!, 0, replacement)).status).toBe(204);
    expect(sha256(await stored("media/upsert.mp4"))).toBe(sha256(replacement));
  });

  it("names the upload URL by the API's own address, whatever Host header the request forged", async () => {
    const { hostname, port } = new URL(backend.url);
    const location = await new Promise<string | undefined>((done, fail) => {
      const headers = { ...auth(adminToken), Host: "attacker.example", "Upload-Length": "1024", "Upload-Metadata": metadataHeader({ bucketName: "assets", objectName: "media/forged-host.mp4", contentType: "video/mp4" }) };
      request({ hostname, port, path: ENDPOINT_PATH, method: "POST", headers }, (res) => {
        res.resume();
        done(res.headers.location);
      }).on("error", fail).end();
    });
    expect(location).toMatch(new RegExp(`^${backend.url.replace(/[.:/]/g, "\\$&")}${ENDPOINT_PATH}/[A-Za-z0-9_-]+$`));
  });

  it("refuses bytes that contradict the declared type as soon as they arrive, and forgets the upload", async () => {
    const created = await create(adminToken, "media/fake.png", 3 * SNIFF_BYTES, {}, "image/png");
    const location = created.headers.get("location")!;
    const html = Buffer.concat([Buffer.from("<!DOCTYPE html><html><script>alert(1)</script>"), Buffer.alloc(SNIFF_BYTES, 0x20)]);
    const refused = await patch(location, 0, html);
    expect(refused.status).toBe(415);
    expect(await offsetOf(location)).toBe(404);
  });

  it("answers a wrong offset with 409, another account's upload with 404, and a wrong body type with 415", async () => {
    const created = await create(adminToken, "media/offsets.mp4", 1024);
    const location = created.headers.get("location")!;
    expect((await patch(location, 10, video(1024).subarray(10))).status).toBe(409);
    const wrongType = await fetch(location, { method: "PATCH", headers: { ...auth(adminToken), "Upload-Offset": "0", "Content-Type": "video/mp4" }, body: new Uint8Array(video(1024)) });
    expect(wrongType.status).toBe(415);
    expect(await offsetOf(location, userToken)).toBe(404);
    expect((await patch(location, 0, video(1024), userToken)).status).toBe(404);
    expect((await fetch(location, { method: "DELETE", headers: auth(adminToken) })).status).toBe(204);
    expect(await offsetOf(location)).toBe(404);
  });

  it("streams a 200 MB resumable upload to disk without growing the server's memory by more than 64 MB", async () => {
    const dataDir = seededDataDir("rcrt-resumable-");
    const spawned = await spawnBackend(dataDir);
    try {
      const client = nodeClient(spawned.url, spawned.anonKey);
      await client.auth.signInWithPassword(ADMIN);
      const token = (await client.auth.getSession()).data.session!.access_token;
      // The baseline is taken once an upload has been through the server, so that what the large one
      // adds is what grows with its size, not the route's first-use costs.
      expect((await uploadLargeVideoResumably(spawned, token, "media/warm-up.mp4", MB)).status).toBe(204);
      const size = 200 * MB;
      const { result, baseline, peak } = await peakResidentBytes(spawned.child.pid!, () => uploadLargeVideoResumably(spawned, token, "media/large-resumable.mp4", size));
      expect(result.status).toBe(204);
      const head = await fetch(`${spawned.url}/storage/v1/object/public/assets/media/large-resumable.mp4`, { method: "HEAD" });
      expect(head.headers.get("content-length")).toBe(String(size));
      expect(peak - baseline).toBeLessThan(64 * MB);
    } finally {
      await spawned.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
    // 200 MB through HTTP, checked and written: about 8 s alone, and over 150 s in a whole CI run
    // whose browser lanes share the two cores (as the restart test, lifecycle test file).
  }, 300_000);
});
