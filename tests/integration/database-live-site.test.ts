import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestBackend, USER, type TestBackend } from "../support/backend.ts";

// What the live site relies on in the database (supabase/migrations/*_live_site.sql): a content
// version that every change to what visitors can read moves, readable by the service role (the web
// tier) through one function; and the form intake's per-address count, reachable by the service role only.

let backend: TestBackend;
let callers: Record<"anon" | "user" | "admin", SupabaseClient>;

beforeAll(async () => {
  backend = await startTestBackend();
  callers = { anon: backend.anon(), user: await backend.signIn(USER.email, USER.password), admin: await backend.signIn(ADMIN.email, ADMIN.password) };
});
afterAll(async () => {
  await backend?.stop();
});

const version = async () => {
  const { data, error } = await backend.service().rpc("content_version");
  expect(error).toBeNull();
  return (data as { version: number }).version;
};

describe("content version", () => {
  it("the service role reads it through content_version(); it says when scheduled content comes due", async () => {
    expect(typeof (await version())).toBe("number");
    const { data } = await backend.service().rpc("content_version");
    expect(data).toMatchObject({ next_change_at: null });
  });

  it.each(["anon", "user", "admin"] as const)("%s may not call content_version(): it would tell when unannounced content comes out", async (who) => {
    const { data, error } = await callers[who].rpc("content_version");
    expect(data).toBeNull();
    expect(error).toMatchObject({ code: "42501" });
  });

  it("every table visitors can read moves it on insert, update and delete, once per statement", async () => {
    const readable = await backend.sql<{ table_name: string }>(
      `select table_name from information_schema.role_table_grants
       where grantee = 'anon' and privilege_type = 'SELECT' and table_schema = 'public'
         and table_name <> 'admin_users' -- a signed-in user's own row, never shown on the site
       order by table_name`,
    );
    expect(readable.length).toBeGreaterThan(5);
    const tracked = await backend.sql<{ table_name: string }>(
      `select c.relname as table_name from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and t.tgname = 'content_version_bump' order by 1`,
    );
    expect(readable.map((row) => row.table_name).filter((table) => !tracked.some((row) => row.table_name === table))).toEqual([]);

    const before = await version();
    // Every row at once: the service role's update (an API caller's sends each row's version).
    const { error } = await backend.service().from("press_quotes").update({ source: "Retro Tech Weekly" }).neq("id", "00000000-0000-0000-0000-000000000000");
    expect(error).toBeNull();
    expect(await version()).toBe(before + 1);
  });

  it("form submissions and sign-ins do not move it (they are not content)", async () => {
    const before = await version();
    await backend.service().from("form_submissions").insert({ kind: "waitlist", email: "no-bump@example.com" });
    expect(await version()).toBe(before);
  });

  it.each(["anon", "user", "admin"] as const)("%s can neither read nor write the counter's table (schema private, not exposed)", async (who) => {
    const client = callers[who];
    for (const table of [client.from("content_version"), client.schema("private").from("content_version")]) {
      const read = await table.select("*");
      expect(read.error).not.toBeNull();
      expect(read.data).toBeNull();
    }
    expect((await client.schema("private").from("content_version").update({ version: 0 }).eq("id", true)).error).not.toBeNull();
    const [row] = await backend.sql<{ version: string }>("select version from private.content_version");
    expect(Number(row!.version)).toBeGreaterThan(0);
  });
});

describe("form intake count", () => {
  it.each(["anon", "user", "admin"] as const)("%s cannot call take_form_post() nor read the events", async (who) => {
    const client = callers[who];
    expect((await client.rpc("take_form_post", { address_hash: "x", max_posts: 1, window_seconds: 60 })).error?.code).toBe("42501");
    expect((await client.schema("private").from("form_post_events").select("*")).data).toBeNull();
  });

  it("counts per address within the window and says how long to wait", async () => {
    const take = async (address: string) => (await backend.service().rpc("take_form_post", { address_hash: address, max_posts: 2, window_seconds: 600 })).data as number;
    expect([await take("a"), await take("a"), await take("b")]).toEqual([0, 0, 0]);
    const wait = await take("a");
    expect(wait).toBeGreaterThan(590);
    expect(wait).toBeLessThanOrEqual(600);
    const refused = await backend.service().rpc("take_form_post", { address_hash: "a", max_posts: 0, window_seconds: 600 });
    expect(refused.error?.code).toBe("22023");
  });

  it("twenty posts from one address at once take exactly the allowance", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, async () => (await backend.service().rpc("take_form_post", { address_hash: "burst", max_posts: 5, window_seconds: 600 })).data as number),
    );
    expect(results.filter((wait) => wait === 0)).toHaveLength(5);
  });
});

describe("blog posts know when they last changed", () => {
  it("updated_at moves on every edit, whatever the writer sends", async () => {
    const updatedAt = async () => new Date((await backend.sql<{ updated_at: string }>("select updated_at from public.blog_posts where id = 'b0000000-0000-4000-8000-000000000003'"))[0]!.updated_at).getTime();
    const before = await updatedAt();
    const { error } = await callers.admin
      .from("blog_posts")
      .update({ title: "Community Update: 1,000 Members", updated_at: "2000-01-01T00:00:00Z", ...(await backend.nextVersion("blog_posts", "b0000000-0000-4000-8000-000000000003")) })
      .eq("id", "b0000000-0000-4000-8000-000000000003");
    expect(error).toBeNull();
    expect(await updatedAt()).toBeGreaterThan(before);
  });
});
