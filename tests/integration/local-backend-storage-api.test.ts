import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { ADMIN, startTestBackend, USER, type TestBackend } from "../support/backend.ts";
import { tinyPng } from "../support/png.ts";

// The Storage endpoints beyond upload, download, list and remove, through storage-js where it has a
// method, with the status codes and bodies hosted Storage gives: errors come with HTTP 400 and the
// real status in the body's `statusCode` (500 stays 500; an unknown route is a real 404).

// A valid 1×1 PNG: the backend decodes every image (this hex one had a bad zlib checksum, which libpng refuses).
const PNG = tinyPng();
const png = () => new Blob([PNG], { type: "image/png" });

let backend: TestBackend;
let service: SupabaseClient;
let admin: SupabaseClient;
let user: SupabaseClient;

beforeAll(async () => {
  backend = await startTestBackend();
  service = backend.service();
  admin = await backend.signIn(ADMIN.email, ADMIN.password);
  user = await backend.signIn(USER.email, USER.password);
});
afterAll(() => backend?.stop());

const row = async (bucket: string, name: string) => (await backend.sql("select id from storage.objects where bucket_id = $1 and name = $2", [bucket, name]))[0];

describe("bucket API (/storage/v1/bucket)", () => {
  it("the service role creates, reads, lists, updates, empties and deletes a bucket", async () => {
    const created = await service.storage.createBucket("scratch", { public: false, fileSizeLimit: "1MB", allowedMimeTypes: ["image/png"] });
    expect(created).toEqual({ data: { name: "scratch" }, error: null });

    const { data: bucket, error } = await service.storage.getBucket("scratch");
    expect(error).toBeNull();
    expect(bucket).toMatchObject({ id: "scratch", name: "scratch", public: false, file_size_limit: 1_000_000, allowed_mime_types: ["image/png"], owner: null });
    expect(Date.parse(bucket!.created_at)).not.toBeNaN();

    // Other describe blocks of this file make buckets of their own ("private"), in any order.
    const { data: buckets } = await service.storage.listBuckets();
    expect(buckets?.map((b) => b.id).filter((id) => id !== "private")).toEqual(["assets", "scratch"]);
    expect(buckets?.find((b) => b.id === "scratch")).toMatchObject({ type: "STANDARD" });
    const { data: searched } = await service.storage.listBuckets({ search: "scr", limit: 1 });
    expect(searched?.map((b) => b.id)).toEqual(["scratch"]);

    expect(await service.storage.updateBucket("scratch", { public: true, allowedMimeTypes: ["image/png", "image/webp"], fileSizeLimit: 2048 })).toEqual({
      data: { message: "Successfully updated" },
      error: null,
    });
    expect((await service.storage.getBucket("scratch")).data).toMatchObject({ public: true, file_size_limit: 2048, allowed_mime_types: ["image/png", "image/webp"] });

    expect((await service.storage.from("scratch").upload("a/one.png", png())).error).toBeNull();
    const notEmpty = await service.storage.deleteBucket("scratch");
    expect(notEmpty.error).toMatchObject({ status: 400, statusCode: "409", message: "The bucket you tried to delete is not empty" });

    expect(await service.storage.emptyBucket("scratch")).toEqual({ data: { message: "Empty bucket has been queued. Completion may take up to an hour." }, error: null });
    expect(await row("scratch", "a/one.png")).toBeUndefined();
    expect(await service.storage.deleteBucket("scratch")).toEqual({ data: { message: "Successfully deleted" }, error: null });
    expect((await service.storage.getBucket("scratch")).error).toMatchObject({ status: 400, statusCode: "404", message: "Bucket not found" });
  });

  it("admins and visitors see no buckets and change none (no policy on storage.buckets, as hosted)", async () => {
    for (const client of [admin, user, backend.anon()]) {
      expect((await client.storage.listBuckets()).data).toEqual([]);
      expect((await client.storage.getBucket("assets")).error).toMatchObject({ statusCode: "404", message: "Bucket not found" });
      expect((await client.storage.createBucket("sneaky")).error).toMatchObject({ status: 400, statusCode: "403" });
      expect((await client.storage.updateBucket("assets", { public: false })).error).toMatchObject({ statusCode: "404" });
      expect((await client.storage.emptyBucket("assets")).error).toMatchObject({ statusCode: "404" });
      expect((await client.storage.deleteBucket("assets")).error).toMatchObject({ statusCode: "404" });
    }
    expect(await backend.sql("select id, public from storage.buckets where id in ('assets', 'sneaky') order by id")).toEqual([{ id: "assets", public: true }]);
  });

  it("refuses a taken id, a bad name and a bad size as hosted does", async () => {
    expect((await service.storage.createBucket("assets")).error).toMatchObject({ statusCode: "409", message: "The resource already exists" });
    expect((await service.storage.createBucket("../up")).error).toMatchObject({ statusCode: "400", message: "Bucket name invalid" });
    expect((await service.storage.createBucket("sized", { public: false, fileSizeLimit: "lots" })).error).toMatchObject({ statusCode: "400" });
    expect(await backend.sql("select id from storage.buckets where id in ('../up', 'sized')")).toEqual([]);
  });
});

describe("objects: info, list-v2, move, copy, single delete", () => {
  beforeAll(async () => {
    for (const name of ["docs/a.png", "docs/b.png", "docs/deep/c.png", "top.png"]) {
      expect((await admin.storage.from("assets").upload(`v2/${name}`, png())).error).toBeNull();
    }
  });

  it("info tells an admin the object's size, type and dates; a visitor reads it on the public route only", async () => {
    const { data, error } = await admin.storage.from("assets").info("v2/top.png");
    expect(error).toBeNull();
    expect(data).toMatchObject({ name: "v2/top.png", bucketId: "assets", size: PNG.length, contentType: "image/png", cacheControl: "max-age=3600" });
    expect(data?.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(await user.storage.from("assets").info("v2/top.png")).toMatchObject({ data: null, error: { statusCode: "404", message: "Object not found" } });
    const open = await fetch(`${backend.url}/storage/v1/object/info/public/assets/v2/top.png`);
    expect(open.status).toBe(200);
    expect(await open.json()).toMatchObject({ name: "v2/top.png", size: PNG.length });
    expect(await admin.storage.from("assets").exists("v2/top.png")).toEqual({ data: true, error: null });
    expect((await admin.storage.from("assets").exists("v2/none.png")).data).toBe(false);
  });

  it("list-v2 pages through full names with a cursor, and folds folders with a delimiter", async () => {
    const first = await admin.storage.from("assets").listV2({ prefix: "v2/", limit: 2 });
    expect(first.error).toBeNull();
    expect(first.data?.objects.map((o) => o.name)).toEqual(["v2/docs/a.png", "v2/docs/b.png"]);
    expect(first.data).toMatchObject({ hasNext: true, nextCursorKey: "v2/docs/b.png" });
    const second = await admin.storage.from("assets").listV2({ prefix: "v2/", limit: 2, cursor: first.data!.nextCursor });
    expect(second.data?.objects.map((o) => o.name)).toEqual(["v2/docs/deep/c.png", "v2/top.png"]);
    expect(second.data?.hasNext).toBe(false);

    const folded = await admin.storage.from("assets").listV2({ prefix: "v2/", with_delimiter: true });
    expect(folded.data?.folders.map((f) => f.name)).toEqual(["v2/docs/"]);
    expect(folded.data?.objects.map((o) => o.name)).toEqual(["v2/top.png"]);
    expect((await user.storage.from("assets").listV2({ prefix: "v2/" })).data).toMatchObject({ objects: [], folders: [] });
  });

  // Moves, copies and deletes write under changes/, so that v2/ lists as above in any order.
  it("moves an object (row and file), refusing a taken destination and a non-admin", async () => {
    expect((await admin.storage.from("assets").upload("changes/moving.png", png())).error).toBeNull();
    expect(await admin.storage.from("assets").move("changes/moving.png", "changes/moved.png")).toMatchObject({ data: { message: "Successfully moved", Key: "changes/moved.png" }, error: null });
    expect(await row("assets", "changes/moving.png")).toBeUndefined();
    const served = await fetch(admin.storage.from("assets").getPublicUrl("changes/moved.png").data.publicUrl);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await admin.storage.from("assets").move("changes/moved.png", "v2/top.png")).error).toMatchObject({ statusCode: "409", message: "The resource already exists" });
    expect((await user.storage.from("assets").move("changes/moved.png", "changes/stolen.png")).error).toMatchObject({ statusCode: "404" });
    expect((await admin.storage.from("assets").move("changes/none.png", "changes/x.png")).error).toMatchObject({ statusCode: "404", message: "Object not found" });
    expect(await row("assets", "changes/moved.png")).toBeDefined();
  });

  it("copies an object to a new name, keeping the source; a non-admin copies nothing", async () => {
    const { data, error } = await admin.storage.from("assets").copy("v2/top.png", "changes/copy.png");
    expect(error).toBeNull();
    expect(data).toEqual({ path: "assets/changes/copy.png" });
    for (const name of ["v2/top.png", "changes/copy.png"]) {
      const served = await fetch(admin.storage.from("assets").getPublicUrl(name).data.publicUrl);
      expect(Buffer.from(await served.arrayBuffer()).equals(PNG), name).toBe(true);
    }
    expect((await admin.storage.from("assets").copy("v2/top.png", "changes/copy.png")).error).toMatchObject({ statusCode: "409" });
    expect((await user.storage.from("assets").copy("v2/top.png", "changes/user-copy.png")).error).toMatchObject({ statusCode: "404" });
    expect(await row("assets", "changes/user-copy.png")).toBeUndefined();
  });

  it("deletes one object by its path", async () => {
    expect((await admin.storage.from("assets").upload("changes/deleted.png", png())).error).toBeNull();
    const token = (await admin.auth.getSession()).data.session!.access_token;
    const response = await fetch(`${backend.url}/storage/v1/object/assets/changes/deleted.png`, { method: "DELETE", headers: { apikey: backend.anonKey, Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Successfully deleted" });
    expect(await row("assets", "changes/deleted.png")).toBeUndefined();
  });
});

describe("signed URLs", () => {
  beforeAll(async () => {
    expect((await service.storage.createBucket("private", { public: false })).error).toBeNull();
    expect((await service.storage.from("private").upload("secret.png", png())).error).toBeNull();
  });

  it("a signed download URL serves a private object to anyone holding it, until it expires", async () => {
    const { data, error } = await service.storage.from("private").createSignedUrl("secret.png", 60);
    expect(error).toBeNull();
    const signed = await fetch(data!.signedUrl);
    expect(signed.status).toBe(200);
    expect(Buffer.from(await signed.arrayBuffer()).equals(PNG)).toBe(true);
    const asFile = await fetch((await service.storage.from("private").createSignedUrl("secret.png", 60, { download: "mine.png" })).data!.signedUrl);
    expect(asFile.headers.get("content-disposition")).toBe('attachment; filename="mine.png"');

    const unsigned = await fetch(`${backend.url}/storage/v1/object/public/private/secret.png`);
    expect(await unsigned.json()).toMatchObject({ statusCode: "404" });
    const tampered = await fetch(data!.signedUrl.replace("secret.png", "other.png"));
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toMatchObject({ statusCode: "400", error: "InvalidSignature" });
    const noToken = await fetch(`${backend.url}/storage/v1/object/sign/private/secret.png`);
    expect(noToken.status).toBe(400);
  });

  it("an expired signed URL is refused", async () => {
    const { data } = await service.storage.from("private").createSignedUrl("secret.png", 1);
    await new Promise((done) => setTimeout(done, 2100));
    const late = await fetch(data!.signedUrl);
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ statusCode: "400", error: "InvalidJWT", message: "jwt expired" });
  });

  it("signs only what the caller may read; several at once say which could not be signed", async () => {
    expect((await user.storage.from("private").createSignedUrl("secret.png", 60)).error).toMatchObject({ statusCode: "404", message: "Object not found" });
    expect((await service.storage.from("private").createSignedUrl("secret.png", 0)).error).toMatchObject({ statusCode: "400", message: "Invalid Parameter expiresIn" });
    const { data, error } = await service.storage.from("private").createSignedUrls(["secret.png", "missing.png"], 60);
    expect(error).toBeNull();
    expect(data?.[0]).toMatchObject({ path: "secret.png", error: null });
    expect(data?.[1]).toEqual({ path: "missing.png", error: "Either the object does not exist or you do not have access to it", signedURL: null, signedUrl: null });
    expect((await fetch(data![0]!.signedUrl!)).status).toBe(200);
  });

  it("a signed upload URL lets its holder upload that one name once, without a session", async () => {
    const { data, error } = await admin.storage.from("assets").createSignedUploadUrl("signed/drop.png");
    expect(error).toBeNull();
    const stranger = backend.anon();
    const uploaded = await stranger.storage.from("assets").uploadToSignedUrl("signed/drop.png", data!.token, png());
    expect(uploaded.error).toBeNull();
    expect(uploaded.data).toMatchObject({ path: "signed/drop.png", fullPath: "assets/signed/drop.png" });
    const [stored] = await backend.sql<{ owner: string }>("select owner::text as owner from storage.objects where bucket_id = 'assets' and name = 'signed/drop.png'");
    expect(stored?.owner).toBe((await admin.auth.getUser()).data.user!.id);
    expect((await stranger.storage.from("assets").uploadToSignedUrl("signed/drop.png", data!.token, png())).error).toMatchObject({ statusCode: "409" });
    expect((await stranger.storage.from("assets").uploadToSignedUrl("signed/other.png", data!.token, png())).error).toMatchObject({ statusCode: "400" });
    expect(await row("assets", "signed/other.png")).toBeUndefined();
  });

  it("no signed upload URL for someone the policies would refuse, and a download token cannot upload", async () => {
    expect((await user.storage.from("assets").createSignedUploadUrl("signed/user.png")).error).toMatchObject({ statusCode: "403" });
    const download = (await service.storage.from("private").createSignedUrl("secret.png", 60)).data!.signedUrl;
    const token = new URL(download).searchParams.get("token")!;
    const misuse = await backend.anon().storage.from("private").uploadToSignedUrl("secret.png", token, png());
    expect(misuse.error).toMatchObject({ statusCode: "400", message: "Token is not scoped for upload" });
  });
});

describe("unknown routes", () => {
  it.each([
    ["GET", "/storage/v1/object/info"],
    ["PUT", "/storage/v1/object/move"],
    ["PATCH", "/storage/v1/object/assets/x.png"],
    ["GET", "/storage/v1/bucket/assets/empty"],
    ["POST", "/storage/v1/bucket/assets/nothing"],
    ["GET", "/storage/v1/unknown/assets"],
  ])("%s %s is a route not found, never a bucket or object name", async (method, path) => {
    const response = await fetch(`${backend.url}${path}`, { method, headers: { apikey: backend.serviceKey, Authorization: `Bearer ${backend.serviceKey}` } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ statusCode: "404", code: "InvalidRequest", error: "Not Found", message: `Route ${method}:${path} not found` });
  });
});
