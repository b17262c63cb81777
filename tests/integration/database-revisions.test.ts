import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_TABLES } from "../../shared/content-tables.ts";
import formSubmissions from "../../shared/content-types/community.ts";
import type { WebServer } from "../../server/web.ts";
import { ADMIN, startTestBackend, USER, type TestBackend } from "../support/backend.ts";
import { startWebFor } from "../support/web-server.ts";
import { convertedVersion } from "../../shared/rich-text/legacy.ts";
import { doc, fromMarkdown, section } from "../support/documents.ts";

// Content history (supabase/migrations/20261124000400_content_revisions.sql): triggers record every
// insert, update and delete of content in public.content_revisions with the caller; admins read it;
// nobody writes it through the API; restore_revision() brings a row back exactly, recorded as a restore,
// and leaves its publish state and schedule as they are unless asked (supabase/schemas/02_history.sql).

interface Revision {
  id: number;
  table_name: string;
  row_id: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  changed_by: string | null;
  changed_by_email: string | null;
  changed_at: string;
  restored_from: number | null;
}

let backend: TestBackend;
let web: WebServer;
let callers: Record<"anon" | "user" | "admin", SupabaseClient>;
let service: SupabaseClient;
const ids = { admin: "", user: "" };
let serial = 0;

beforeAll(async () => {
  backend = await startTestBackend();
  callers = { anon: backend.anon(), user: await backend.signIn(USER.email, USER.password), admin: await backend.signIn(ADMIN.email, ADMIN.password) };
  service = backend.service();
  web = await startWebFor(backend);
  for (const [key, email] of [["admin", ADMIN.email], ["user", USER.email]] as const) {
    ids[key] = (await backend.sql<{ id: string }>("select id from auth.users where email = $1", [email]))[0]!.id;
  }
});
afterAll(async () => {
  await web?.stop();
  await backend?.stop();
});

/** The revisions of one row, oldest first, read through the API as the admin. */
async function revisionsOf(table: string, rowId: string): Promise<Revision[]> {
  const { data, error } = await callers.admin.from("content_revisions").select("*").eq("table_name", table).eq("row_id", rowId).order("id");
  expect(error).toBeNull();
  return data as Revision[];
}

async function rowOf(table: string, id: string): Promise<Record<string, unknown> | undefined> {
  return (await backend.sql<{ row: Record<string, unknown> }>(`select to_jsonb(t) as row from public.${table} t where id = $1`, [id]))[0]?.row;
}

/** A row as the API returned it, with times as instants: the local API writes Postgres's text form, jsonb ISO 8601. */
function sameInstants(row: unknown): Record<string, unknown> {
  const TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}(:?\d{2})?)$/;
  return Object.fromEntries(
    Object.entries(row as Record<string, unknown>).map(([key, value]) => [
      key,
      typeof value === "string" && TIME.test(value) ? new Date(value.replace(" ", "T").replace(/([+-]\d{2})$/, "$1:00")).toISOString() : value,
    ]),
  );
}

/** What the site serves at a post's address: its status and, when found, the post's title. */
async function pageOf(slug: string): Promise<{ status: number; title?: string }> {
  const response = await fetch(`${web.url}/updates/${slug}`);
  const html = await response.text();
  if (response.status !== 200) return { status: response.status };
  return { status: 200, title: /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] };
}

async function revisionCount(): Promise<number> {
  return (await backend.sql<{ n: number }>("select count(*)::int as n from public.content_revisions"))[0]!.n;
}

async function newPost(title: string): Promise<Record<string, unknown>> {
  const { data, error } = await callers.admin.from("blog_posts").insert({ title, content: doc("First words."), category: "community" }).select().single();
  expect(error).toBeNull();
  return data as Record<string, unknown>;
}

describe("every content table keeps a history", () => {
  it("each table of shared/content-tables.ts has the history trigger, except form submissions, and so have the translations and the team's tables (admin_users, team_settings)", async () => {
    const tracked = await backend.sql<{ table_name: string }>(
      `select c.relname as table_name from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and t.tgname = 'content_history' order by 1`,
    );
    const content = CONTENT_TABLES.filter((table) => table !== formSubmissions).map((table) => table.table);
    expect(tracked.map((row) => row.table_name)).toEqual([...content, "content_translations", "admin_users", "team_settings"].sort());
  });

  it.each(CONTENT_TABLES.filter((table) => table.adminWrites.insert && table !== formSubmissions).map((table) => [table.table, table] as const))(
    "%s: an admin's insert, update and delete are each recorded with the row before and after and the admin",
    async (_name, table) => {
      const { data: inserted, error } = await callers.admin.from(table.table).insert(table.example.row(++serial + 500)).select().single();
      expect(error).toBeNull();
      const id = (inserted as { id: string }).id;
      const version = (inserted as { row_version: number }).row_version;
      const changed = await callers.admin.from(table.table).update({ ...table.example.change, row_version: version + 1 }).eq("id", id).select().single();
      expect(changed.error).toBeNull();
      if (table.adminWrites.delete) expect((await callers.admin.from(table.table).delete().eq("id", id)).error).toBeNull();

      const revisions = await revisionsOf(table.table, id);
      expect(revisions.map((revision) => revision.action)).toEqual(table.adminWrites.delete ? ["insert", "update", "delete"] : ["insert", "update"]);
      for (const revision of revisions) expect(revision).toMatchObject({ changed_by: ids.admin, changed_by_email: ADMIN.email, restored_from: null });
      const [created, updated, deleted] = revisions;
      expect(created!.before).toBeNull();
      expect(sameInstants(created!.after)).toEqual(sameInstants(inserted));
      expect(sameInstants(updated!.before)).toEqual(sameInstants(inserted));
      expect(sameInstants(updated!.after)).toEqual(sameInstants(changed.data));
      expect(updated!.after).toMatchObject(table.example.change);
      if (deleted) {
        expect(sameInstants(deleted.before)).toEqual(sameInstants(changed.data));
        expect(deleted.after).toBeNull();
      }
    },
  );

  it("an update that changes nothing is not a new version; a multi-row update records each row", async () => {
    const post = await newPost("Nothing changes");
    const before = await revisionCount();
    expect((await callers.admin.from("blog_posts").update({ category: "community", row_version: (post.row_version as number) + 1 }).eq("id", post.id as string)).error).toBeNull();
    // blog_posts moves updated_at on every update, so the row did change; a table without it did not.
    expect(await revisionCount()).toBe(before + 1);
    const stage = (await backend.sql<{ id: string; name: string }>("select id, name from public.project_stages order by id limit 2"));
    const unchanged = await revisionCount();
    // Only its version moves, and a version alone is no change.
    expect((await callers.admin.from("project_stages").update({ name: stage[0]!.name, ...(await backend.nextVersion("project_stages", stage[0]!.id)) }).eq("id", stage[0]!.id)).error).toBeNull();
    expect(await revisionCount()).toBe(unchanged);
    // Several rows in one update: the service role's (an API caller sends each row's version).
    expect((await service.from("project_stages").update({ name: "Both stages" }).in("id", stage.map((row) => row.id))).error).toBeNull();
    expect(await revisionCount()).toBe(unchanged + 2);
  });

  it("writes by the database itself (no caller) are recorded without a person", async () => {
    const [row] = await backend.sql<{ id: string }>("insert into public.press_quotes (quote, source) values ('From SQL', 'Console') returning id");
    expect(await revisionsOf("press_quotes", row!.id)).toMatchObject([{ action: "insert", changed_by: null, changed_by_email: null }]);
  });

  it("form submissions are not content and keep no history", async () => {
    const before = await revisionCount();
    expect((await service.from("form_submissions").insert({ kind: "waitlist", email: "history@example.com" })).error).toBeNull();
    expect(await revisionCount()).toBe(before);
  });
});

describe("only admins read revisions, and nobody writes them through the API", () => {
  it.each(["anon", "user"] as const)("%s reads none", async (who) => {
    expect(await revisionCount()).toBeGreaterThan(0);
    const { data } = await callers[who].from("content_revisions").select("*");
    expect(data ?? []).toEqual([]);
    const authors = await callers[who].rpc("content_revision_authors");
    expect(authors.error?.code).toBe("42501");
  });

  it("an admin reads them, newest first, with the people who made changes", async () => {
    await newPost("Read by the admin");
    const { data, error } = await callers.admin.from("content_revisions").select("id, table_name, action").order("id", { ascending: false }).limit(1);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: expect.any(Number), table_name: "blog_posts", action: "insert" }]);
    const authors = await callers.admin.rpc("content_revision_authors");
    expect(authors.error).toBeNull();
    expect(authors.data).toEqual([{ changed_by: ids.admin, changed_by_email: ADMIN.email }]);
  });

  it.each(["anon", "user", "admin", "service"] as const)("%s can neither insert, update nor delete a revision", async (who) => {
    const client = who === "service" ? service : callers[who];
    const post = await newPost(`Untouchable ${who}`);
    const [revision] = await revisionsOf("blog_posts", post.id as string);
    const count = await revisionCount();
    const forged = { table_name: "blog_posts", row_id: post.id, action: "delete", before: { id: post.id }, after: null, changed_by: ids.user };
    expect((await client.from("content_revisions").insert(forged)).error).not.toBeNull();
    const updated = await client.from("content_revisions").update({ changed_by: ids.user, changed_by_email: "someone@example.com" }).eq("id", revision!.id).select();
    expect(updated.data ?? []).toEqual([]);
    const deleted = await client.from("content_revisions").delete().eq("id", revision!.id).select();
    expect(deleted.data ?? []).toEqual([]);
    expect(await revisionCount()).toBe(count);
    expect((await revisionsOf("blog_posts", post.id as string))[0]).toEqual(revision);
  });
});

describe("restore_revision brings back the exact row and is itself recorded", () => {
  it.each(["anon", "user"] as const)("%s may not restore", async (who) => {
    const post = await newPost(`Not restorable by ${who}`);
    const [created] = await revisionsOf("blog_posts", post.id as string);
    await callers.admin.from("blog_posts").update({ title: "Changed by the admin", row_version: 2 }).eq("id", post.id as string);
    const { error } = await callers[who].rpc("restore_revision", { revision_id: created!.id });
    expect(error?.code).toBe("42501");
    expect((await rowOf("blog_posts", post.id as string))!.title).toBe("Changed by the admin");
  });

  it("restoring an earlier version of an edited post brings back its fields, recorded as a restore by the admin", async () => {
    const post = await newPost("The first title");
    await callers.admin.from("blog_posts").update({ title: "A second title", content: doc("Other words."), row_version: 2 }).eq("id", post.id as string);
    const [created, edited] = await revisionsOf("blog_posts", post.id as string);

    const { data, error } = await callers.admin.rpc("restore_revision", { revision_id: created!.id });
    expect(error).toBeNull();
    const row = (await rowOf("blog_posts", post.id as string))!;
    expect(data).toEqual(row);
    // Every column as it was, except the time of the last change and the version, which this restore is.
    const { updated_at: restoredAt, row_version: restoredVersion, ...restored } = row;
    const { updated_at: createdAt, row_version: createdVersion, ...original } = created!.after!;
    expect(restored).toEqual(original);
    expect([createdVersion, restoredVersion]).toEqual([1, 3]);
    expect(new Date(restoredAt as string).getTime()).toBeGreaterThan(new Date(createdAt as string).getTime());

    const revisions = await revisionsOf("blog_posts", post.id as string);
    expect(revisions).toHaveLength(3);
    expect(revisions[2]).toMatchObject({ action: "restore", restored_from: created!.id, before: edited!.after, after: row, changed_by: ids.admin, changed_by_email: ADMIN.email });
  });

  it("a version recorded before rich text (Markdown content) comes back with the documents its caller converted, as the back office does", async () => {
    const post = await newPost("Written before rich text");
    const [created] = await revisionsOf("blog_posts", post.id as string);
    await callers.admin.from("blog_posts").update({ title: "Edited since", row_version: 2 }).eq("id", post.id as string);
    // A revision as the history held it before the conversion: the post's image with its Markdown.
    const markdown = "## Old heading\n\nOld **words**, kept.";
    const legacyImage = { ...created!.after!, content: markdown };
    const [legacy] = await backend.sql<{ id: number }>(
      "insert into public.content_revisions (table_name, row_id, action, before, after) values ('blog_posts', $1, 'update', $2, $3) returning id",
      [post.id, created!.after, legacyImage],
    );

    // The database cannot read Markdown: without the converted documents the check refuses it, and changes nothing.
    const refused = await callers.admin.rpc("restore_revision", { revision_id: legacy!.id });
    expect(refused.error?.message).toContain("blog_posts_content_document");
    expect((await rowOf("blog_posts", post.id as string))!.title).toBe("Edited since");
    // Converted values name only fields of the version.
    const stray = await callers.admin.rpc("restore_revision", { revision_id: legacy!.id, converted: { summary: doc("No such field.") } });
    expect(stray.error?.code).toBe("22023");

    const converted = convertedVersion("blog_posts", legacyImage);
    expect(converted).toEqual({ content: fromMarkdown(markdown) });
    const { error } = await callers.admin.rpc("restore_revision", { revision_id: legacy!.id, converted });
    expect(error).toBeNull();
    expect(await rowOf("blog_posts", post.id as string)).toMatchObject({ title: "Written before rich text", content: fromMarkdown(markdown) });
    // A version that holds documents needs nothing converted.
    expect(convertedVersion("blog_posts", created!.after!)).toBeNull();
  });

  it("restoring a published post's earlier draft version brings back its words and keeps it published on its schedule: its page stays live", async () => {
    const post = await newPost("Words of the draft");
    const publishAt = "2026-01-02T03:04:05.000Z";
    const published = { title: "Words of the published post", content: doc("Published words."), published: true, publish_at: publishAt, row_version: 2 };
    expect((await callers.admin.from("blog_posts").update(published).eq("id", post.id as string)).error).toBeNull();
    const [draft] = await revisionsOf("blog_posts", post.id as string);
    expect(draft!.after).toMatchObject({ published: false, publish_at: null });
    await expect.poll(() => pageOf(post.slug as string)).toEqual({ status: 200, title: "Words of the published post" });

    const { data, error } = await callers.admin.rpc("restore_revision", { revision_id: draft!.id });
    expect(error).toBeNull();
    const row = (await rowOf("blog_posts", post.id as string))!;
    expect(sameInstants(row)).toMatchObject({ title: "Words of the draft", content: doc("First words."), published: true, publish_at: publishAt, row_version: 3 });
    expect(data).toEqual(row);
    expect((await revisionsOf("blog_posts", post.id as string)).at(-1)).toMatchObject({ action: "restore", restored_from: draft!.id, after: row });
    expect((await callers.anon.from("blog_posts").select("title").eq("id", post.id as string)).data).toEqual([{ title: "Words of the draft" }]);
    await expect.poll(() => pageOf(row.slug as string)).toEqual({ status: 200, title: "Words of the draft" });
  });

  it("with with_publishing, the version's publish state and schedule come back too: the post is a draft again and its page is gone", async () => {
    const post = await newPost("A draft at first");
    expect((await callers.admin.from("blog_posts").update({ published: true, publish_at: "2026-01-02T03:04:05Z", row_version: 2 }).eq("id", post.id as string)).error).toBeNull();
    const [draft] = await revisionsOf("blog_posts", post.id as string);
    await expect.poll(() => pageOf(post.slug as string)).toMatchObject({ status: 200 });

    const { error } = await callers.admin.rpc("restore_revision", { revision_id: draft!.id, with_publishing: true });
    expect(error).toBeNull();
    expect(await rowOf("blog_posts", post.id as string)).toMatchObject({ published: false, publish_at: null, row_version: 3 });
    expect((await callers.anon.from("blog_posts").select("id").eq("id", post.id as string)).data).toEqual([]);
    await expect.poll(() => pageOf(post.slug as string)).toMatchObject({ status: 404 });
  });

  it("restoring a deleted row inserts it again with its id, every field as it was but its publishing: it comes back as a draft with no schedule", async () => {
    const post = await newPost("Deleted, then back");
    await callers.admin.from("blog_posts").update({ title: "Deleted, then back again", published: true, publish_at: "2026-01-02T03:04:05Z", row_version: 2 }).eq("id", post.id as string);
    const before = await rowOf("blog_posts", post.id as string);
    expect((await callers.admin.from("blog_posts").delete().eq("id", post.id as string)).error).toBeNull();
    expect(await rowOf("blog_posts", post.id as string)).toBeUndefined();
    const deleted = (await revisionsOf("blog_posts", post.id as string)).at(-1)!;
    expect(deleted.action).toBe("delete");

    const { error } = await callers.admin.rpc("restore_revision", { revision_id: deleted.id });
    expect(error).toBeNull();
    // One version above the one it was deleted at.
    const back = { ...before, published: false, publish_at: null, row_version: 3 };
    expect(await rowOf("blog_posts", post.id as string)).toEqual(back);
    expect((await revisionsOf("blog_posts", post.id as string)).at(-1)).toMatchObject({ action: "restore", before: null, after: back, restored_from: deleted.id });
    // Visitors do not see it until someone publishes it again.
    expect((await callers.anon.from("blog_posts").select("id").eq("id", post.id as string)).data).toEqual([]);
  });

  it("restoring a deleted row with with_publishing inserts it again byte for byte: published, visitors see it", async () => {
    const post = await newPost("Deleted, then back live");
    await callers.admin.from("blog_posts").update({ published: true, row_version: 2 }).eq("id", post.id as string);
    const before = await rowOf("blog_posts", post.id as string);
    expect((await callers.admin.from("blog_posts").delete().eq("id", post.id as string)).error).toBeNull();
    const deleted = (await revisionsOf("blog_posts", post.id as string)).at(-1)!;

    expect((await callers.admin.rpc("restore_revision", { revision_id: deleted.id, with_publishing: true })).error).toBeNull();
    expect(await rowOf("blog_posts", post.id as string)).toEqual({ ...before, row_version: 3 });
    expect((await callers.anon.from("blog_posts").select("id").eq("id", post.id as string)).data).toEqual([{ id: post.id }]);
  });

  it("restores a row whose table has a generated column, and the version before a row's first recorded change", async () => {
    const [version] = await backend.sql<{ id: string }>(
      `insert into public.whitepaper (title, version, sections, change_log) values ('History paper', '8.1', $1::jsonb, '["First"]') returning id`,
      [JSON.stringify([section("Intro", "Text")])],
    );
    const original = await rowOf("whitepaper", version!.id);
    expect((await callers.admin.from("whitepaper").update({ version: "8.2", title: "Renamed paper", row_version: 2 }).eq("id", version!.id)).error).toBeNull();
    const [, renamed] = await revisionsOf("whitepaper", version!.id);
    expect(renamed!.action).toBe("update");
    const { error } = await callers.admin.rpc("restore_revision", { revision_id: renamed!.id, use_before: true });
    expect(error).toBeNull();
    expect(await rowOf("whitepaper", version!.id)).toEqual({ ...original, row_version: 3 });
  });

  it("the whitepaper keeps one published version: restoring a version's words leaves publishing alone, restoring its publishing publishes it as publish_whitepaper does", async () => {
    const [published] = await backend.sql<{ id: string; row_version: number }>("select id, row_version from public.whitepaper where published");
    const [version] = await backend.sql<{ id: string }>(
      `insert into public.whitepaper (title, version, sections, change_log) values ('Once published', '9.1', $1::jsonb, '[]') returning id`,
      [JSON.stringify([section("Intro", "Text")])],
    );
    const publish = async (id: string) => {
      const { error } = await callers.admin.rpc("publish_whitepaper", { whitepaper_id: id, whitepaper_version: (await rowOf("whitepaper", id))!.row_version });
      expect(error).toBeNull();
    };
    try {
      await publish(version!.id);
      const wasPublished = (await revisionsOf("whitepaper", version!.id)).at(-1)!;
      expect(wasPublished.after).toMatchObject({ published: true });
      await publish(published!.id);
      expect((await callers.admin.from("whitepaper").update({ title: "Renamed since", row_version: 4 }).eq("id", version!.id)).error).toBeNull();

      expect((await callers.admin.rpc("restore_revision", { revision_id: wasPublished.id })).error).toBeNull();
      expect(await rowOf("whitepaper", version!.id)).toMatchObject({ title: "Once published", published: false });
      expect(await rowOf("whitepaper", published!.id)).toMatchObject({ published: true });

      expect((await callers.admin.rpc("restore_revision", { revision_id: wasPublished.id, with_publishing: true })).error).toBeNull();
      expect(await backend.sql("select id from public.whitepaper where published")).toEqual([{ id: version!.id }]);
      expect((await revisionsOf("whitepaper", published!.id)).at(-1)).toMatchObject({ action: "update", after: { published: false } });
    } finally {
      await publish(published!.id);
    }
  });

  it("an unknown revision and an insert's missing earlier version are refused with a reason", async () => {
    expect((await callers.admin.rpc("restore_revision", { revision_id: 999_999_999 })).error).toMatchObject({ code: "P0002", message: "Revision 999999999 not found" });
    const post = await newPost("No earlier version");
    const [created] = await revisionsOf("blog_posts", post.id as string);
    const refused = await callers.admin.rpc("restore_revision", { revision_id: created!.id, use_before: true });
    expect(refused.error).toMatchObject({ code: "22023", message: `Revision ${created!.id} has no earlier version to restore` });
  });
});
