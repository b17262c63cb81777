import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { contentImages } from "../support/content-images.ts";

// Our own Storage files are stored host-relative (supabase/migrations/20261128000330_host_relative_assets.sql):
// every image and video column takes /storage/v1/object/public/... beside any http(s) URL, and no
// row keeps a public Storage URL of one host. The columns are read from the database's own checks,
// so a new one that takes the relative form is in every test here.

const MIGRATION = resolve(import.meta.dirname, "../../supabase/migrations/20261128000330_host_relative_assets.sql");
const RELATIVE = "/storage/v1/object/public/assets/seed/crt-filter.webp";
const ABSOLUTE_OWN = /^https?:\/\/[^/]+\/storage\/v1\/object\/public\//i;

let backend: TestBackend;
let columns: { table: string; column: string }[];

beforeAll(async () => {
  backend = await startTestBackend();
  columns = await backend.sql<{ table: string; column: string }>(
    `select c.conrelid::regclass::text as table, a.attname as column
       from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
      where c.contype = 'c' and c.connamespace = 'public'::regnamespace and pg_get_constraintdef(c.oid) like '%/storage/v1/object/public/%'
      order by 1, 2`,
  );
  // The media library is seeded only where the backend stores the seed's files: one row to test on.
  await backend.sql("insert into public.media_assets (url, filename, type) select $1, 'crt-filter.webp', 'image' where not exists (select from public.media_assets)", [RELATIVE]);
});

afterAll(async () => {
  await backend?.stop();
});

/** One row's id of each table, and an address to put back after a test. */
async function someRow(table: string, column: string): Promise<{ id: string; before: string | null }> {
  const [row] = await backend.sql<{ id: string; before: string | null }>(`select id::text, ${column} as before from ${table} order by id limit 1`);
  if (!row) throw new Error(`${table} has no row to test ${column} on`);
  return row;
}

describe("image and video addresses of our own Storage are host-relative", () => {
  it("every image column of the content tables, the media library's files, posts' share pictures and video files take the relative form", () => {
    const names = columns.map(({ table, column }) => `${table.replace(/^public\./, "")}.${column}`);
    const expected = [...contentImages().map(({ table, prefix }) => `${table}.${prefix}_url`), "media_assets.url", "blog_posts.seo_image_url", "videos.video_url"];
    expect(names.sort()).toEqual([...new Set(expected)].sort());
  });

  it("the seeded rows hold no absolute public Storage URL in any such column", async () => {
    for (const { table, column } of columns) {
      const rows = await backend.sql<{ url: string }>(`select ${column} as url from ${table} where ${column} is not null`);
      for (const { url } of rows) expect(url, `${table}.${column}`).not.toMatch(ABSOLUTE_OWN);
    }
  });

  it("each column accepts the relative form and refuses javascript:, other relative paths and a protocol-relative host", async () => {
    for (const { table, column } of columns) {
      const { id, before } = await someRow(table, column);
      const set = (value: string) => backend.sql(`update ${table} set ${column} = $1 where id = $2`, [value, id]);
      await set(RELATIVE);
      expect((await backend.sql<{ url: string }>(`select ${column} as url from ${table} where id = $1`, [id]))[0]!.url).toBe(RELATIVE);
      for (const bad of ["javascript:alert(1)", "/images/a.png", "//evil.test/storage/v1/object/public/a.png", "/storage/v1/object/public/a b.png", "/storage/v1/object/public/", "/storage/v1/object/sign/assets/a.png"]) {
        await expect(set(bad), `${table}.${column} = ${bad}`).rejects.toMatchObject({ code: "23514" });
      }
      await backend.sql(`update ${table} set ${column} = $1 where id = $2`, [before ?? RELATIVE, id]);
    }
  });

  it("the migration rewrites a public Storage URL of any host to its path in every column, and leaves other addresses alone", async () => {
    const planted: { table: string; column: string; id: string; before: string | null; url: string }[] = [];
    for (const [n, { table, column }] of columns.entries()) {
      const { id, before } = await someRow(table, column);
      const url = n % 2 ? `https://abcd.supabase.co/storage/v1/object/public/assets/media/${n}.png?v=1` : `http://localhost:54411/storage/v1/object/public/assets/seed/${n}.webp`;
      await backend.sql(`update ${table} set ${column} = $1 where id = $2`, [url, id]);
      planted.push({ table, column, id, before, url });
    }
    const [other] = await backend.sql<{ id: string }>("select id::text from public.blog_posts order by id desc limit 1");
    const untouched = ["https://images.unsplash.com/photo-1?w=1", "https://abcd.supabase.co/storage/v1/render/image/public/assets/a.png"];
    await backend.sql("update public.blog_posts set image_url = $1, seo_image_url = $2 where id = $3", [...untouched, other!.id]);

    // Re-runnable: the database already ran it once, as every database does.
    await backend.backend.db.exec(readFileSync(MIGRATION, "utf8"));

    for (const { table, column, id, before, url } of planted) {
      const [row] = await backend.sql<{ url: string }>(`select ${column} as url from ${table} where id = $1`, [id]);
      expect(row!.url, `${table}.${column}`).toBe(new URL(url).pathname + new URL(url).search);
      await backend.sql(`update ${table} set ${column} = $1 where id = $2`, [before ?? row!.url, id]);
    }
    const [kept] = await backend.sql<{ image_url: string; seo_image_url: string }>("select image_url, seo_image_url from public.blog_posts where id = $1", [other!.id]);
    expect([kept!.image_url, kept!.seo_image_url]).toEqual(untouched);
  });
});
