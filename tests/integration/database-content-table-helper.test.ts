import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, EDITOR, startTestBackend, USER, type TestBackend } from "../support/backend.ts";

// make_content_table() gives a new table every rule a content table has, from one line of its
// migration: here on a table of the test's own, through the API as each kind of caller.

let backend: TestBackend;
const callers = {} as Record<"anon" | "user" | "editor" | "admin", SupabaseClient>;

beforeAll(async () => {
  backend = await startTestBackend();
  // Made before the API first reads the schema, as a migration's table is.
  for (const statement of [
    "create table public.helper_events (id uuid primary key default gen_random_uuid(), title text not null, notes text, created_at timestamptz not null default now())",
    `select public.make_content_table('public.helper_events', 'published', '{"title": 20, "notes": 50}')`,
    "create table public.helper_notices (id uuid primary key default gen_random_uuid(), body text not null)",
    "select public.make_content_table('public.helper_notices', 'everyone', '{}')",
    "create table public.helper_private (id uuid primary key default gen_random_uuid(), body text not null)",
    "select public.make_content_table('public.helper_private', 'admins', '{}')",
  ]) {
    await backend.sql(statement);
  }
  callers.anon = backend.anon();
  callers.user = await backend.signIn(USER.email, USER.password);
  callers.editor = await backend.signIn(EDITOR.email, EDITOR.password);
  callers.admin = await backend.signIn(ADMIN.email, ADMIN.password);
});

afterAll(() => backend?.stop());

/** The titles `who` reads among those starting with `prefix`: each test reads its own rows. */
const titles = async (who: keyof typeof callers, prefix: string) => {
  const { data, error } = await callers[who].from("helper_events").select("title").like("title", `${prefix}%`).order("title");
  expect(error).toBeNull();
  return data!.map((row) => row.title as string);
};

describe("make_content_table", () => {
  it("adds the publishing columns: visitors see published rows once their time has come, members see all", async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const { error } = await callers.admin.from("helper_events").insert([
      { title: "Pub A draft" },
      { title: "Pub B live", published: true },
      { title: "Pub C scheduled", published: true, publish_at: tomorrow },
    ]);
    expect(error).toBeNull();
    expect(await titles("anon", "Pub ")).toEqual(["Pub B live"]);
    expect(await titles("user", "Pub ")).toEqual(["Pub B live"]);
    expect(await titles("editor", "Pub ")).toEqual(["Pub A draft", "Pub B live", "Pub C scheduled"]);
  });

  it("lets members write and nobody else: visitors and signed-in non-members are refused", async () => {
    expect((await callers.editor.from("helper_events").insert({ title: "By an editor" })).error).toBeNull();
    for (const who of ["anon", "user"] as const) {
      const { error } = await callers[who].from("helper_events").insert({ title: `By ${who}` });
      expect(error?.code).toBe("42501");
      const { data } = await callers[who].from("helper_events").update({ title: "Taken over" }).eq("published", true).select("id");
      expect(data ?? []).toEqual([]);
    }
    expect(await backend.sql("select title from public.helper_events where title in ('By anon', 'By user', 'Taken over')")).toEqual([]);
  });

  it("holds the limits: blank or over-long text is refused, the limit itself is stored", async () => {
    const insert = (row: Record<string, unknown>) => callers.admin.from("helper_events").insert(row);
    expect((await insert({ title: "t".repeat(20), notes: "n".repeat(50) })).error).toBeNull();
    expect((await insert({ title: "t".repeat(21) })).error?.code).toBe("23514");
    expect((await insert({ title: "   " })).error?.code).toBe("23514");
    expect((await insert({ title: "Notes too long", notes: "n".repeat(51) })).error?.code).toBe("23514");
    expect((await insert({ title: "No notes", notes: null })).error).toBeNull();
  });

  it("keeps a history and row versions, and moves the live site's content version", async () => {
    const version = async () => (await backend.sql<{ version: string }>("select version::text from private.content_version"))[0]!.version;
    const { data: created } = await callers.admin.from("helper_events").insert({ title: "Versioned" }).select("id, row_version").single();
    const before = await version();
    const renamed = await callers.admin.from("helper_events").update({ title: "Renamed", row_version: created!.row_version + 1 }).eq("id", created!.id);
    expect(renamed.error).toBeNull();
    expect(await version()).not.toBe(before);
    const stale = await callers.admin.from("helper_events").update({ title: "Stale", row_version: created!.row_version + 1 }).eq("id", created!.id);
    expect(stale.error?.code).toBe("RC409");
    const revisions = await backend.sql<{ action: string }>("select action from public.content_revisions where table_name = 'helper_events' and row_id = $1 order by id", [created!.id]);
    expect(revisions.map((revision) => revision.action)).toEqual(["insert", "update"]);
  });

  it("reads as asked: 'everyone' has no drafts, 'admins' is for members only", async () => {
    expect((await callers.admin.from("helper_notices").insert({ body: "Open to all" })).error).toBeNull();
    expect((await callers.admin.from("helper_private").insert({ body: "Members only" })).error).toBeNull();
    expect((await callers.anon.from("helper_notices").select("body")).data).toEqual([{ body: "Open to all" }]);
    expect((await callers.anon.from("helper_private").select("body")).data).toEqual([]);
    expect((await callers.user.from("helper_private").select("body")).data).toEqual([]);
    expect((await callers.editor.from("helper_private").select("body")).data).toEqual([{ body: "Members only" }]);
  });

  it("refuses what it cannot make a content table of, naming why", async () => {
    await backend.sql("create table public.helper_bad (id integer primary key)");
    await expect(backend.sql("select public.make_content_table('public.helper_bad')")).rejects.toThrow(/needs an id uuid primary key/);
    await expect(backend.sql("select public.make_content_table('public.helper_events', 'friends')")).rejects.toThrow(/visibility must be published, everyone or admins/);
    await expect(backend.sql(`select public.make_content_table('public.helper_events', 'published', '{"summary": 10}')`)).rejects.toThrow(/has no text column summary/);
  });
});
