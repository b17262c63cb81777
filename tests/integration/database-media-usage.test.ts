import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_TABLES } from "../../shared/content-tables.ts";
import blogPosts from "../../shared/content-types/blog.ts";
import featuredCollections from "../../shared/content-types/collections.ts";
import { mediaUsageSources, type MediaUse } from "../../shared/media-usage.ts";
import { ADMIN, startTestBackend, USER, type TestBackend } from "../support/backend.ts";

// media_usage(urls, sources): which rows use which media assets, looked up in the columns that
// shared/content-tables.ts names for each content table.

const ACCESS_DENIED = "Access denied. Admin privileges required.";
const SOURCES = mediaUsageSources(CONTENT_TABLES);

let backend: TestBackend;
let admin: SupabaseClient;

/** A rich-text document showing the image. */
const pictureDocument = (url: string) => ({ type: "doc", content: [{ type: "image", attrs: { src: url, alt: "The picture" } }] });

/** Every rich-text document inside a value (a post's content, a whitepaper section's) replaced with one showing the image, other strings with the address itself. */
function embedding(value: unknown, url: string): unknown {
  if (value && typeof value === "object" && (value as { type?: unknown }).type === "doc") return pictureDocument(url);
  if (Array.isArray(value)) return value.map((item) => embedding(item, url));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, key === "order" ? item : embedding(item, url)]));
  return url;
}

async function uses(urls: string[], client = admin): Promise<MediaUse[]> {
  const { data, error } = await client.rpc("media_usage", { urls, sources: SOURCES });
  if (error) throw new Error(error.message);
  return data as MediaUse[];
}

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.signIn(ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await backend?.stop();
});

describe("media_usage: where media assets are used", () => {
  it("looks in every column of the public schema that holds a URL (the content-table list names them all)", async () => {
    const urlColumns = await backend.sql<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns
        where table_schema = 'public' and column_name like '%\\_url' and table_name <> 'media_assets'
          and table_name in (select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE')`,
    );
    expect(urlColumns.length).toBeGreaterThan(0);
    for (const { table_name, column_name } of urlColumns) {
      const source = SOURCES.find((candidate) => candidate.table === table_name);
      expect(source?.columns, `${table_name}.${column_name}`).toContain(column_name);
    }
  });

  it.each(CONTENT_TABLES.filter((entry) => entry.mediaReferences).flatMap((entry) => entry.mediaReferences!.columns.map((column) => [entry.table, column, entry] as const)))(
    "finds a %s row using an asset in %s",
    async (table, column, entry) => {
      const url = `${backend.url}/storage/v1/object/public/assets/media/${table}-${column}.png`;
      const example = entry.example.row(900) as Record<string, unknown>;
      const value = column.endsWith("_url") ? url : embedding(example[column] ?? "", url);
      const { data, error } = await admin.from(table).insert({ ...example, [column]: value }).select("id").single();
      expect(error).toBeNull();
      const found = await uses([url, `${backend.url}/storage/v1/object/public/assets/media/unused.png`]);
      expect(found).toEqual([{ url, kind: entry.name, id: data!.id, label: String(example[entry.mediaReferences!.label]) }]);
      await admin.from(table).delete().eq("id", data!.id);
    },
  );

  it("returns one entry per asset and row, however many of the row's columns use it", async () => {
    const url = `${backend.url}/storage/v1/object/public/assets/media/cover-and-body.png`;
    const { data, error } = await admin.from("blog_posts").insert({ ...blogPosts.example.row(901), title: "Twice", content: pictureDocument(url), image_url: url }).select("id").single();
    expect(error).toBeNull();
    const other = `${backend.url}/storage/v1/object/public/assets/media/other.png`;
    const { data: collection, error: collectionError } = await admin.from("featured_collections").insert({ ...featuredCollections.example.row(901), title: "Uses other", image_url: other }).select("id").single();
    expect(collectionError).toBeNull();
    const found = await uses([url, other, ""]);
    expect(found).toHaveLength(2);
    expect(found).toContainEqual({ url, kind: "blog", id: data!.id, label: "Twice" });
    expect(found).toContainEqual({ url: other, kind: "collections", id: collection!.id, label: "Uses other" });
  });

  it("is for administrators only", async () => {
    const user = await backend.signIn(USER.email, USER.password);
    await expect(uses(["https://example.com/a.png"], user)).rejects.toThrow(ACCESS_DENIED);
    const { error } = await backend.anon().rpc("media_usage", { urls: ["https://example.com/a.png"], sources: SOURCES });
    expect(error).not.toBeNull();
  });

  it("refuses sources naming a table or column that does not exist, rather than running them", async () => {
    for (const sources of [
      [{ name: "x", table: "auth.users", columns: ["email"], label: "email" }],
      [{ name: "x", table: "blog_posts", columns: ["image_url) or (true"], label: "title" }],
      [{ name: "x", table: "blog_posts", columns: [], label: "title" }],
      { not: "an array" },
    ]) {
      const { error } = await admin.rpc("media_usage", { urls: ["https://example.com/a.png"], sources });
      expect(error?.code, JSON.stringify(sources)).toBe("22023");
    }
  });
});
