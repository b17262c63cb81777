import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestBackend, type TestBackend } from "../support/backend.ts";
import { contentImages } from "../support/content-images.ts";

// Alt text lives beside each image URL (supabase/migrations/20261124000300_image_alt_text.sql):
// visitors read it with the published row, blank text is no text, and a decorative image needs none.
// Lengths are proven for every column by database-limits.test.ts (they are in the registry).

let backend: TestBackend;
let admin: SupabaseClient;

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.signIn(ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await backend?.stop();
});

const IMAGE = "https://example.com/cover.jpg";

// Every image column of the content-table list, each with its table's smallest valid row.
const TABLES = contentImages().map(({ table, prefix, entry }, n) => ({ table, prefix, row: entry.example.row(900 + n) }));

describe("alt text beside every image the site shows", () => {
  it("covers the images of the content-table list", () => {
    expect(TABLES.map(({ table, prefix }) => `${table}.${prefix}`)).toEqual(expect.arrayContaining(["blog_posts.image", "videos.thumbnail", "press_quotes.logo"]));
  });

  it.each(TABLES)("$table: visitors read the published row's alt text and decorative flag; blank alt text is stored as none", async ({ table, prefix, row }) => {
    const { data: created, error } = await admin
      .from(table)
      .insert({ ...row, [`${prefix}_url`]: IMAGE, [`${prefix}_alt`]: "A gold cartridge on a shelf", published: true })
      .select(`id,${prefix}_alt,${prefix}_decorative`)
      .single();
    expect(error).toBeNull();
    const record = created as unknown as Record<string, unknown>;
    expect(record[`${prefix}_decorative`]).toBe(false);

    const { data: seen } = await backend.anon().from(table).select(`${prefix}_alt,${prefix}_decorative`).eq("id", record.id).single();
    expect(seen).toEqual({ [`${prefix}_alt`]: "A gold cartridge on a shelf", [`${prefix}_decorative`]: false });

    const { data: blanked } = await admin
      .from(table)
      .update({ [`${prefix}_alt`]: "   ", [`${prefix}_decorative`]: true, ...(await backend.nextVersion(table, record.id as string)) })
      .eq("id", record.id)
      .select(`${prefix}_alt,${prefix}_decorative`)
      .single();
    expect(blanked).toEqual({ [`${prefix}_alt`]: null, [`${prefix}_decorative`]: true });
    await admin.from(table).delete().eq("id", record.id);
  });

  it("a media asset keeps its own alt text, which admins set and clear", async () => {
    const { data: asset, error } = await admin
      .from("media_assets")
      .insert({ url: "https://example.com/media/alt.png", filename: "alt.png", type: "image", size: 10, metadata: { format: "image/png" }, alt_text: "The prototype board" })
      .select("id,alt_text")
      .single();
    expect(error).toBeNull();
    expect(asset?.alt_text).toBe("The prototype board");
    const { data: cleared } = await admin.from("media_assets").update({ alt_text: "", ...(await backend.nextVersion("media_assets", asset!.id)) }).eq("id", asset!.id).select("alt_text").single();
    expect(cleared?.alt_text).toBeNull();
    // Visitors see no media rows at all (refused or empty, as the RLS matrix says).
    const { data: visible } = await backend.anon().from("media_assets").select("alt_text").eq("id", asset!.id);
    expect(visible ?? []).toEqual([]);
  });
});
