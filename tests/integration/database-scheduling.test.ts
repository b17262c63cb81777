import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_TABLES } from "../../shared/content-tables.ts";
import { ADMIN, startTestBackend, USER, type TestBackend } from "../support/backend.ts";

// Scheduled publishing (supabase/migrations/*_scheduled_publishing.sql): a published row whose
// `publish_at` is still ahead is invisible to visitors and non-admins until that moment, then
// visible with no write and no job; content_version() names the next such moment for the caches.

let backend: TestBackend;
let callers: Record<"anon" | "user" | "admin", SupabaseClient>;

const PUBLISHABLE = CONTENT_TABLES.filter((table) => table.visibility === "published");

beforeAll(async () => {
  backend = await startTestBackend();
  callers = { anon: backend.anon(), user: await backend.signIn(USER.email, USER.password), admin: await backend.signIn(ADMIN.email, ADMIN.password) };
  // At most one whitepaper version is published: make room for the scheduled one.
  await backend.sql("update public.whitepaper set published = false where published");
});
afterAll(async () => {
  await backend?.stop();
});

// Each test's rows go with it: a scheduled row left behind would be another test's next_change_at.
const inserted: { table: string; id: string }[] = [];
afterEach(async () => {
  for (const { table, id } of inserted.splice(0)) await backend.sql(`delete from public.${table} where id = $1`, [id]);
});

async function insertAsAdmin(table: (typeof PUBLISHABLE)[number], n: number, values: Record<string, unknown>): Promise<string> {
  const { data, error } = await callers.admin
    .from(table.table)
    .insert({ ...table.example.row(n), ...values })
    .select("id")
    .single();
  expect(error).toBeNull();
  const { id } = data as { id: string };
  inserted.push({ table: table.table, id });
  return id;
}

async function visible(who: keyof typeof callers, table: string, id: string): Promise<boolean> {
  const { data, error } = await callers[who].from(table).select("id").eq("id", id);
  expect(error).toBeNull();
  return data!.length === 1;
}

async function nextChangeAt(): Promise<string | null> {
  const { data, error } = await backend.service().rpc("content_version");
  expect(error).toBeNull();
  return (data as { next_change_at: string | null }).next_change_at;
}

describe("scheduled publishing", () => {
  it("every publishable table and the translations have publish_at (timestamptz, null by default)", async () => {
    const columns = await backend.sql<{ table_name: string; data_type: string; column_default: string | null; is_nullable: string }>(
      `select table_name, data_type, column_default, is_nullable from information_schema.columns
       where table_schema = 'public' and column_name = 'publish_at' order by table_name`,
    );
    // Translations are published and scheduled on their own, as their rows are.
    expect(columns.map((column) => column.table_name)).toEqual([...PUBLISHABLE.map((table) => table.table), "content_translations"].sort());
    for (const column of columns) expect(column).toMatchObject({ data_type: "timestamp with time zone", column_default: null, is_nullable: "YES" });
  });

  it("a published row due in the future is hidden from anon and non-admins until its time, then shown; admins see it throughout", async () => {
    // An hour ahead while the rows are checked, however busy the machine; then moved a moment ahead
    // (by the database, as a changed schedule) and waited for: no write makes them visible.
    const dueAt = new Date(Date.now() + 3_600_000);
    const ids = new Map<string, string>();
    for (const [index, table] of PUBLISHABLE.entries()) ids.set(table.table, await insertAsAdmin(table, 900 + index, { published: true, publish_at: dueAt.toISOString() }));

    expect(Date.parse((await nextChangeAt())!)).toBe(dueAt.getTime());
    for (const [table, id] of ids) {
      expect(await visible("anon", table, id), `${table}: anon before`).toBe(false);
      expect(await visible("user", table, id), `${table}: user before`).toBe(false);
      expect(await visible("admin", table, id), `${table}: admin before`).toBe(true);
    }

    const soon = new Date(Date.now() + 1_000);
    for (const [table, id] of ids) await backend.sql(`update public.${table} set publish_at = $2 where id = $1`, [id, soon.toISOString()]);
    await new Promise((done) => setTimeout(done, soon.getTime() - Date.now() + 300));
    for (const [table, id] of ids) {
      expect(await visible("anon", table, id), `${table}: anon after`).toBe(true);
      expect(await visible("user", table, id), `${table}: user after`).toBe(true);
    }
    expect(await nextChangeAt()).toBeNull();
  });

  it("a draft stays hidden whatever its publish_at; a past publish_at or none shows a published row at once", async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    const posts = PUBLISHABLE.find((table) => table.table === "blog_posts")!;
    const draftDue = await insertAsAdmin(posts, 950, { published: false, publish_at: past });
    const publishedPast = await insertAsAdmin(posts, 951, { published: true, publish_at: past });
    const publishedNow = await insertAsAdmin(posts, 952, { published: true, publish_at: null });
    expect(await visible("anon", "blog_posts", draftDue)).toBe(false);
    expect(await visible("anon", "blog_posts", publishedPast)).toBe(true);
    expect(await visible("anon", "blog_posts", publishedNow)).toBe(true);
  });

  it("next_change_at is the earliest future publish_at of a published row; drafts and past times do not count", async () => {
    const press = PUBLISHABLE.find((table) => table.table === "press_quotes")!;
    const faq = PUBLISHABLE.find((table) => table.table === "faq_entries")!;
    const soon = new Date(Date.now() + 3_600_000);
    const later = new Date(Date.now() + 7_200_000);
    await insertAsAdmin(press, 960, { published: false, publish_at: new Date(Date.now() + 60_000).toISOString() });
    await insertAsAdmin(press, 961, { published: true, publish_at: new Date(Date.now() - 60_000).toISOString() });
    expect(await nextChangeAt()).toBeNull();
    const laterId = await insertAsAdmin(faq, 962, { published: true, publish_at: later.toISOString() });
    await insertAsAdmin(press, 963, { published: true, publish_at: soon.toISOString() });
    expect(Date.parse((await nextChangeAt())!)).toBe(soon.getTime());
    // Scheduling is content: the change moves the version, and unscheduling moves next_change_at.
    await backend.sql("update public.press_quotes set published = false where publish_at > now()");
    expect(Date.parse((await nextChangeAt())!)).toBe(later.getTime());
    expect(await visible("anon", "faq_entries", laterId)).toBe(false);
  });

  it("the site's reads through PostgREST (lists, one post by slug, the feed's source) leave a scheduled post out", async () => {
    const posts = PUBLISHABLE.find((table) => table.table === "blog_posts")!;
    const id = await insertAsAdmin(posts, 970, { published: true, publish_at: new Date(Date.now() + 3_600_000).toISOString() });
    const [{ slug }] = (await backend.sql<{ slug: string }>("select slug from public.blog_posts where id = $1", [id])) as [{ slug: string }];
    const list = await callers.anon.from("blog_posts").select("id").eq("published", true);
    expect(list.data!.some((row) => row.id === id)).toBe(false);
    const one = await callers.anon.from("blog_posts").select("id").eq("published", true).eq("slug", slug).maybeSingle();
    expect(one).toMatchObject({ data: null, error: null });
  });
});
