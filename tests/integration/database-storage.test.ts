import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestBackend, USER, type TestBackend } from "../support/backend.ts";
import { tinyPng } from "../support/png.ts";

// Storage bucket `assets`: files public by URL; listing, object rows, insert, update and delete for
// admins only; uploads limited to image and video types and the size the bucket states.

const BUCKET = "assets";
const PNG = new Uint8Array(tinyPng());
/** A valid PNG of `size` bytes (Storage decodes every image). */
const pngOfSize = (size: number) => new Uint8Array(tinyPng(0x123456, size));
const MP4 = new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode("ftypisom"), ...new Uint8Array(52)]);

let backend: TestBackend;
let anon: SupabaseClient;
let user: SupabaseClient;
let admin: SupabaseClient;

const newPath = (ext = "png") => `media/${randomUUID()}.${ext}`;

async function objectRow(name: string): Promise<{ name: string; metadata: { size?: number; mimetype?: string } } | undefined> {
  const rows = await backend.sql<{ name: string; metadata: { size?: number; mimetype?: string } }>(
    "select name, metadata from storage.objects where bucket_id = $1 and name = $2",
    [BUCKET, name],
  );
  return rows[0];
}

async function adminUpload(path: string, body: Uint8Array = PNG, contentType = "image/png"): Promise<void> {
  const { error } = await admin.storage.from(BUCKET).upload(path, body, { contentType });
  expect(error).toBeNull();
  expect(await objectRow(path)).toBeDefined();
}

beforeAll(async () => {
  backend = await startTestBackend();
  anon = backend.anon();
  user = await backend.signIn(USER.email, USER.password);
  admin = await backend.signIn(ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await backend?.stop();
});

describe("Storage bucket assets", () => {
  it("is public, limited to 250 MB and to image and video types", async () => {
    const [bucket] = await backend.sql<{ public: boolean; file_size_limit: string | number; allowed_mime_types: string[] }>(
      "select public, file_size_limit, allowed_mime_types from storage.buckets where id = $1",
      [BUCKET],
    );
    expect(bucket).toBeDefined();
    expect(bucket!.public).toBe(true);
    expect(Number(bucket!.file_size_limit)).toBe(262_144_000);
    expect(bucket!.allowed_mime_types).toEqual(["image/*", "video/*"]);
  });
});

describe("Uploads: admins only", () => {
  it("an admin uploads an image and a video", async () => {
    const image = newPath("png");
    await adminUpload(image);
    expect((await objectRow(image))!.metadata.mimetype).toBe("image/png");

    const video = newPath("mp4");
    await adminUpload(video, MP4, "video/mp4");
    expect((await objectRow(video))!.metadata.mimetype).toBe("video/mp4");
  });

  for (const who of ["anon", "user"] as const) {
    it(`${who === "anon" ? "a visitor" : "a signed-in non-admin"} cannot upload`, async () => {
      const client = who === "anon" ? anon : user;
      const path = newPath();
      const { data, error } = await client.storage.from(BUCKET).upload(path, PNG, { contentType: "image/png" });
      expect(data).toBeNull();
      expect(error).not.toBeNull();
      expect(await objectRow(path)).toBeUndefined();
    });

    it(`${who === "anon" ? "a visitor" : "a signed-in non-admin"} cannot overwrite an admin's file`, async () => {
      const client = who === "anon" ? anon : user;
      const path = newPath();
      await adminUpload(path);
      const { error } = await client.storage.from(BUCKET).upload(path, new Uint8Array([9, 9, 9]), { contentType: "image/png", upsert: true });
      expect(error).not.toBeNull();
      const served = await fetch(anon.storage.from(BUCKET).getPublicUrl(path).data.publicUrl);
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    });
  }

  it("a file of the wrong type is refused, even for an admin", async () => {
    for (const [ext, type] of [
      ["txt", "text/plain"],
      ["pdf", "application/pdf"],
      ["html", "text/html"],
    ] as const) {
      const path = newPath(ext);
      const { data, error } = await admin.storage.from(BUCKET).upload(path, new TextEncoder().encode("hello"), { contentType: type });
      expect(data).toBeNull();
      expect(error).not.toBeNull();
      expect(error!.message).toMatch(/mime type/i);
      expect(await objectRow(path)).toBeUndefined();
    }
  });

  it("a file over the bucket's size limit is refused; one within it is stored", async () => {
    await backend.sql("update storage.buckets set file_size_limit = 1000 where id = $1", [BUCKET]);
    try {
      const tooBig = newPath();
      const over = await admin.storage.from(BUCKET).upload(tooBig, pngOfSize(2000), { contentType: "image/png" });
      expect(over.data).toBeNull();
      expect(over.error).not.toBeNull();
      expect(over.error!.message).toMatch(/size|large|exceed/i);
      expect(await objectRow(tooBig)).toBeUndefined();

      const fits = newPath();
      const within = await admin.storage.from(BUCKET).upload(fits, pngOfSize(900), { contentType: "image/png" });
      expect(within.error).toBeNull();
      expect((await objectRow(fits))!.metadata.size).toBe(900);
    } finally {
      await backend.sql("update storage.buckets set file_size_limit = 262144000 where id = $1", [BUCKET]);
    }
  });
});

/** What a role sees of the bucket's rows in the database itself, whatever server is in front. */
async function visibleRows(role: "anon" | "authenticated", sub: string | null): Promise<number> {
  return backend.backend.db.transaction(async (tx) => {
    await tx.query("select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.jwt.claim.sub', $3, true)", [
      role,
      JSON.stringify({ role, sub }),
      sub ?? "",
    ]);
    return (await tx.query<{ n: number }>("select count(*)::int as n from storage.objects where bucket_id = $1", [BUCKET])).rows[0]!.n;
  });
}

describe("Reads: files are public by URL, listing and metadata are admins'", () => {
  it("anyone loads an uploaded file by its public URL; an admin also downloads it with a session", async () => {
    const path = newPath();
    await adminUpload(path);
    const response = await fetch(anon.storage.from(BUCKET).getPublicUrl(path).data.publicUrl);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);
    const { data, error } = await admin.storage.from(BUCKET).download(path);
    expect(error).toBeNull();
    expect(new Uint8Array(await data!.arrayBuffer())).toEqual(PNG);
  });

  it("a visitor or a non-admin lists nothing and reads no object's size or dates; an admin lists the bucket", async () => {
    const path = newPath();
    await adminUpload(path);
    for (const client of [anon, user]) {
      const { data } = await client.storage.from(BUCKET).list("media");
      expect(data ?? []).toEqual([]);
      const { data: file, error } = await client.storage.from(BUCKET).download(path);
      expect(file).toBeNull();
      expect(error).not.toBeNull();
    }
    const { data: listed } = await admin.storage.from(BUCKET).list("media", { limit: 1000 });
    expect(listed?.map((entry) => `media/${entry.name}`)).toContain(path);
  });

  it("the rule is SQL policy on storage.objects, so it holds on hosted Supabase too", async () => {
    await adminUpload(newPath());
    const userId = (await user.auth.getUser()).data.user!.id;
    const adminId = (await admin.auth.getUser()).data.user!.id;
    expect(await visibleRows("anon", null)).toBe(0);
    expect(await visibleRows("authenticated", userId)).toBe(0);
    expect(await visibleRows("authenticated", adminId)).toBeGreaterThan(0);
  });

  it("the public URL serves the file without any key", async () => {
    const path = newPath();
    await adminUpload(path);
    const { data } = anon.storage.from(BUCKET).getPublicUrl(path);
    const response = await fetch(data.publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("image/png");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);
  });
});

/** Runs one statement as a request role, as PostgREST or any API client would reach the database. */
async function asRole<T>(role: "anon" | "authenticated" | "service_role", sub: string | null, sql: string, params: unknown[] = []): Promise<T[]> {
  return backend.backend.db.transaction(async (tx) => {
    await tx.query("select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.jwt.claim.sub', $3, true)", [
      role,
      JSON.stringify({ role, sub }),
      sub ?? "",
    ]);
    return (await tx.query<T>(sql, params)).rows;
  });
}

describe("As on hosted Supabase: storage tables are the Storage API's", () => {
  it("no role deletes storage rows directly, not even an admin or the service role: files would be left behind", async () => {
    const path = newPath();
    await adminUpload(path);
    const adminId = (await admin.auth.getUser()).data.user!.id;
    const attempts: [string, () => Promise<unknown>][] = [
      ["anon", () => asRole("anon", null, "delete from storage.objects where name = $1", [path])],
      ["admin", () => asRole("authenticated", adminId, "delete from storage.objects where name = $1", [path])],
      ["service_role", () => asRole("service_role", null, "delete from storage.objects where name = $1", [path])],
      ["the database's owner", () => backend.sql("delete from storage.objects where name = $1", [path])],
      ["service_role, a bucket", () => asRole("service_role", null, "delete from storage.buckets where id = 'assets'")],
    ];
    for (const [who, attempt] of attempts) {
      await expect(attempt(), who).rejects.toMatchObject({ code: "42501", message: "Direct deletion from storage tables is not allowed. Use the Storage API instead." });
    }
    expect(await objectRow(path)).toBeDefined();
    expect(await backend.sql("select id from storage.buckets where id = 'assets'")).toHaveLength(1);
    const { error } = await admin.storage.from(BUCKET).remove([path]);
    expect(error).toBeNull();
    expect(await objectRow(path)).toBeUndefined();
  });

  it("visitors and signed-in users, admins included, read no bucket rows; the service role does", async () => {
    const adminId = (await admin.auth.getUser()).data.user!.id;
    const count = "select count(*)::int as n from storage.buckets";
    expect(await asRole("anon", null, count)).toEqual([{ n: 0 }]);
    expect(await asRole("authenticated", adminId, count)).toEqual([{ n: 0 }]);
    expect((await asRole<{ n: number }>("service_role", null, count))[0]!.n).toBeGreaterThan(0);
  });
});

describe("Deletes: admins only", () => {
  for (const who of ["anon", "user"] as const) {
    it(`${who === "anon" ? "a visitor" : "a signed-in non-admin"} cannot delete`, async () => {
      const client = who === "anon" ? anon : user;
      const path = newPath();
      await adminUpload(path);
      const { data, error } = await client.storage.from(BUCKET).remove([path]);
      // Refused either with an error or by removing nothing; the file stays either way.
      expect(error === null ? data : []).toEqual([]);
      expect(await objectRow(path)).toBeDefined();
      expect((await fetch(anon.storage.from(BUCKET).getPublicUrl(path).data.publicUrl)).status).toBe(200);
    });
  }

  it("an admin deletes a file, which is then gone", async () => {
    const path = newPath();
    await adminUpload(path);
    const { data, error } = await admin.storage.from(BUCKET).remove([path]);
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(await objectRow(path)).toBeUndefined();
    const gone = await fetch(anon.storage.from(BUCKET).getPublicUrl(path).data.publicUrl);
    expect(await gone.json()).toMatchObject({ statusCode: "404", error: "not_found" });
  });
});
