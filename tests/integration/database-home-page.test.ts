import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestBackend, type TestBackend } from "../support/backend.ts";

// public.home_page(): the home page's three lists in one read. It must show what the three table
// reads it replaced showed: every stage by category then order, and only published collections and
// press quotes, newest first, whoever asks.

let backend: TestBackend;
let anon: SupabaseClient;
let admin: SupabaseClient;
const marker = `home-page-${Date.now()}`;

interface Home {
  stages: { id: string; category: string; order: number }[];
  collections: { id: string; title: string; published: boolean; created_at: string }[];
  press: { id: string; source: string; published: boolean; created_at: string }[];
}

const home = async (client: SupabaseClient): Promise<Home> => {
  const { data, error } = await client.rpc("home_page");
  expect(error).toBeNull();
  return data as Home;
};

beforeAll(async () => {
  backend = await startTestBackend();
  anon = backend.anon();
  admin = await backend.signIn(ADMIN.email, ADMIN.password);
  const collections = await admin.from("featured_collections").insert([
    { title: `${marker} older`, description: "d", features: ["Artbook"], capacity: "64GB", published: true, created_at: "2020-01-01T00:00:00Z" },
    { title: `${marker} newer`, description: "d", features: ["Artbook"], capacity: "64GB", published: true, created_at: "2030-01-01T00:00:00Z" },
    { title: `${marker} draft`, description: "d", features: ["Artbook"], capacity: "64GB", published: false, created_at: "2031-01-01T00:00:00Z" },
  ]);
  expect(collections.error).toBeNull();
  const quotes = await admin.from("press_quotes").insert([
    { quote: "q", source: `${marker} published`, published: true },
    { quote: "q", source: `${marker} draft`, published: false },
  ]);
  expect(quotes.error).toBeNull();
});
afterAll(async () => {
  await admin?.from("featured_collections").delete().like("title", `${marker}%`);
  await admin?.from("press_quotes").delete().like("source", `${marker}%`);
  await backend?.stop();
});

describe("home_page()", () => {
  it("answers the same lists as reading the tables, for anon", async () => {
    const answer = await home(anon);
    const stages = await anon.from("project_stages").select("id").order("category").order("order").order("id");
    expect(answer.stages.map((stage) => stage.id)).toEqual(stages.data!.map((stage) => stage.id));
    expect(answer.stages.length).toBeGreaterThan(0);
    const collections = await anon.from("featured_collections").select("id").eq("published", true).order("created_at", { ascending: false }).order("id");
    expect(answer.collections.map((row) => row.id)).toEqual(collections.data!.map((row) => row.id));
    const press = await anon.from("press_quotes").select("id").eq("published", true).order("created_at", { ascending: false }).order("id");
    expect(answer.press.map((row) => row.id)).toEqual(press.data!.map((row) => row.id));
  });

  it("shows published rows only, newest first, even to an admin", async () => {
    for (const client of [anon, admin]) {
      const answer = await home(client);
      const ours = answer.collections.filter((row) => row.title.startsWith(marker)).map((row) => row.title);
      expect(ours).toEqual([`${marker} newer`, `${marker} older`]);
      expect(answer.press.filter((row) => row.source.startsWith(marker)).map((row) => row.source)).toEqual([`${marker} published`]);
      expect([...answer.collections, ...answer.press].every((row) => row.published)).toBe(true);
    }
  });

  it("carries whole rows, so a column added to a table reaches the site", async () => {
    const answer = await home(anon);
    const { data } = await anon.from("featured_collections").select("*").eq("id", answer.collections[0]!.id).single();
    expect(Object.keys(answer.collections[0]!).sort()).toEqual(Object.keys(data!).sort());
  });
});
