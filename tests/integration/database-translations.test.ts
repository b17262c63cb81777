import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_TABLES } from "../../shared/content-tables.ts";
import { translatableColumns, translationState, type Translation as SharedTranslation } from "../../shared/translations.ts";
import { ADMIN, EDITOR, startTestBackend, USER, type TestBackend } from "../support/backend.ts";

// Translations of content (supabase/schemas/13_translations.sql): one table for every content type,
// through the API as each kind of caller, on both engines.

let backend: TestBackend;
const callers = {} as Record<"anon" | "user" | "editor" | "admin", SupabaseClient>;

beforeAll(async () => {
  backend = await startTestBackend();
  callers.anon = backend.anon();
  callers.user = await backend.signIn(USER.email, USER.password);
  callers.editor = await backend.signIn(EDITOR.email, EDITOR.password);
  callers.admin = await backend.signIn(ADMIN.email, ADMIN.password);
});

afterAll(() => backend?.stop());

const doc = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });

let posts = 0;
/** A post of the test's own, as an admin writes it. */
async function newPost(values: Record<string, unknown> = {}): Promise<{ id: string; row_version: number }> {
  posts += 1;
  const { data, error } = await callers.admin
    .from("blog_posts")
    .insert({ title: `Translated post ${posts}`, content: doc(`Body ${posts}`), category: "development", published: true, ...values })
    .select("id, row_version")
    .single();
  expect(error).toBeNull();
  return data as { id: string; row_version: number };
}

interface Translation {
  id: string;
  row_id: string;
  fields: Record<string, unknown>;
  source: Record<string, unknown>;
  published: boolean;
  row_version: number;
}

async function translate(who: keyof typeof callers, rowId: string, values: Record<string, unknown>, table = "blog_posts") {
  return callers[who]
    .from("content_translations")
    .insert({ source_table: table, row_id: rowId, language: "ja", ...values })
    .select("*")
    .single<Translation>();
}

/** The row ids among `ids` whose Japanese translation `who` reads, as the site asks for them. */
async function readable(who: keyof typeof callers, ids: string[], table = "blog_posts"): Promise<string[]> {
  const { data, error } = await callers[who]
    .from("content_translations")
    .select("row_id,fields")
    .eq("source_table", table)
    .eq("language", "ja")
    .in("row_id", ids);
  expect(error).toBeNull();
  return data!.map((row) => row.row_id as string).sort();
}

const COMPLETE = { title: "翻訳された記事", content: doc("本文です。") };

describe("content_translations", () => {
  it("lists exactly the translatable columns every content type declares, each table deleting its translations with its rows", async () => {
    const listed = await backend.sql<{ source_table: string; columns: string[]; published_by_administrators: boolean }>(
      "select source_table, columns, published_by_administrators from private.translatable_columns order by source_table",
    );
    const declared = CONTENT_TABLES.filter((type) => (type.translatable?.length ?? 0) > 0)
      .map((type) => ({ source_table: type.table, columns: [...type.translatable!], published_by_administrators: type.screen.publishedByAdministrators === true }))
      .sort((a, b) => a.source_table.localeCompare(b.source_table));
    expect(listed).toEqual(declared);
    const withTrigger = await backend.sql<{ relname: string }>(
      "select c.relname from pg_trigger t join pg_class c on c.oid = t.tgrelid where t.tgname = 'delete_translations' order by 1",
    );
    expect(withTrigger.map((row) => row.relname)).toEqual(declared.map((type) => type.source_table));
  });

  it("seeds Japanese translations, complete and up to date, that visitors read; the other posts stay untranslated", async () => {
    const fpga = "b0000000-0000-4000-8000-000000000001";
    // The seeded posts (ids b0000000-…): tests before this one, in a shuffled order, add others.
    const { data } = await callers.anon.from("blog_posts").select("id");
    const seededPosts = data!.map((post) => post.id as string).filter((id) => id.startsWith("b0000000-"));
    expect(seededPosts.length).toBeGreaterThan(1);
    expect(await readable("anon", seededPosts)).toEqual([fpga]);
    expect(await readable("anon", ["70000000-0000-4000-8000-000000000001"], "whitepaper")).toHaveLength(1);
    const { data: stages } = await callers.anon.from("project_stages").select("id");
    expect(await readable("anon", stages!.map((stage) => stage.id as string), "project_stages")).toHaveLength(stages!.length);
    const seeded = await backend.sql<{ source_table: string; row_id: string }>("select source_table, row_id from public.content_translations where id::text like 'e1000000-%'");
    expect(new Set(seeded.map((row) => row.source_table))).toEqual(new Set(["blog_posts", "whitepaper", "faq_entries", "project_stages", "featured_collections"]));
    for (const table of ["blog_posts", "whitepaper", "faq_entries", "project_stages", "featured_collections"]) {
      const { data, error } = await callers.admin.rpc("translation_status", { source_table: table, language: "ja" });
      expect(error).toBeNull();
      for (const { row_id } of seeded.filter((row) => row.source_table === table)) {
        expect((data as { row_id: string }[]).find((row) => row.row_id === row_id), `${table} ${row_id}`).toMatchObject({ state: "up_to_date", published: true });
      }
    }
  });

  it("shows visitors a translation only when it is published, its time has come and its row is visible; members see all", async () => {
    const live = await newPost();
    const draftTranslation = await newPost();
    const scheduledTranslation = await newPost();
    const draftPost = await newPost({ published: false });
    const scheduledPost = await newPost({ publish_at: new Date(Date.now() + 86_400_000).toISOString() });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    for (const [post, values] of [
      [live, { published: true }],
      [draftTranslation, { published: false }],
      [scheduledTranslation, { published: true, publish_at: tomorrow }],
      [draftPost, { published: true }],
      [scheduledPost, { published: true }],
    ] as const) {
      expect((await translate("admin", post.id, { fields: COMPLETE, ...values })).error).toBeNull();
    }
    const ids = [live, draftTranslation, scheduledTranslation, draftPost, scheduledPost].map((post) => post.id);
    expect(await readable("anon", ids)).toEqual([live.id]);
    expect(await readable("user", ids)).toEqual([live.id]);
    expect(await readable("editor", ids)).toEqual([...ids].sort());
    expect(await readable("admin", ids)).toEqual([...ids].sort());

    // Its time come, the scheduled translation shows with no write.
    await backend.sql("update public.content_translations set publish_at = now() - interval '1 second' where row_id = $1", [scheduledTranslation.id]);
    expect(await readable("anon", ids)).toEqual([live.id, scheduledTranslation.id].sort());
  });

  it("lets members write and nobody else", async () => {
    const post = await newPost();
    for (const who of ["anon", "user"] as const) {
      expect((await translate(who, post.id, { fields: { title: "乗っ取り" } })).error?.code).toBe("42501");
    }
    expect((await translate("editor", post.id, { fields: { title: "編集者の翻訳" } })).error).toBeNull();
    expect(await backend.sql("select fields from public.content_translations where row_id = $1", [post.id])).toEqual([{ fields: { title: "編集者の翻訳" } }]);
    // The grants every content table has: visitors only read, nobody truncates through the API.
    const privileges = await backend.sql<{ role: string; privilege: string }>(
      `select r.role, p.privilege from unnest(array['anon', 'authenticated']) as r(role)
         cross join unnest(array['select', 'insert', 'update', 'delete', 'truncate', 'references', 'trigger']) as p(privilege)
        where has_table_privilege(r.role, 'public.content_translations', p.privilege) order by 1, 2`,
    );
    expect(privileges).toEqual([
      { role: "anon", privilege: "select" },
      { role: "authenticated", privilege: "delete" },
      { role: "authenticated", privilege: "insert" },
      { role: "authenticated", privilege: "select" },
      { role: "authenticated", privilege: "update" },
    ]);
  });

  it("publishes a translation only when complete, naming what is missing", async () => {
    const post = await newPost({ milestone: "Prototype" });
    const incomplete = await translate("admin", post.id, { fields: { title: "題名だけ" }, published: true });
    expect(incomplete.error?.code).toBe("23514");
    expect(incomplete.error?.message).toMatch(/missing: milestone, content$/);
    const draft = await translate("admin", post.id, { fields: { title: "題名だけ" } });
    expect(draft.error).toBeNull();
    const blank = await callers.admin
      .from("content_translations")
      .update({ fields: { ...COMPLETE, milestone: "   " }, published: true, row_version: draft.data!.row_version + 1 })
      .eq("id", draft.data!.id);
    expect(blank.error?.message).toMatch(/missing: milestone/);
    const complete = await callers.admin
      .from("content_translations")
      .update({ fields: { ...COMPLETE, milestone: "試作" }, published: true, row_version: draft.data!.row_version + 1 })
      .eq("id", draft.data!.id)
      .select("published")
      .single();
    expect(complete.error).toBeNull();
    expect(complete.data).toEqual({ published: true });
  });

  it("applies the row's own checks to the fields, naming the row's constraint", async () => {
    const post = await newPost();
    const tooLong = await translate("admin", post.id, { fields: { title: "長".repeat(201) } });
    expect(tooLong.error?.code).toBe("23514");
    expect(tooLong.error?.message).toContain('"blog_posts_title_length"');
    const blank = await translate("admin", post.id, { fields: { title: "  " } });
    expect(blank.error?.message).toContain('"blog_posts_title_not_blank"');
    const malformed = await translate("admin", post.id, { fields: { content: { type: "doc", content: [{ type: "script", text: "x" }] } } });
    expect(malformed.error?.code).toBe("23514");
    expect(malformed.error?.message).toContain('"blog_posts_content_document"');
    const published = { type: "doc", content: [{ type: "image", attrs: { src: "https://example.com/a.png", alt: "" } }] };
    const withoutAlt = await translate("admin", post.id, { fields: { ...COMPLETE, content: published }, published: true });
    expect(withoutAlt.error?.message).toContain('"blog_posts_content_image_without_alt"');
    const notTranslatable = await translate("admin", post.id, { fields: { slug: "other-slug" } });
    expect(notTranslatable.error?.message).toContain('"content_translations_fields_check"');
    const english = await translate("admin", post.id, { language: "en", fields: COMPLETE });
    expect(english.error?.message).toContain('"content_translations_language_check"');
    const collection = await backend.sql<{ id: string }>("select id from public.featured_collections limit 1");
    const noFeatures = await translate("admin", collection[0]!.id, { fields: { features: [] } }, "featured_collections");
    expect(noFeatures.error?.message).toContain('"featured_collections_features_check"');
    expect(await backend.sql("select id from public.content_translations where row_id = $1", [post.id])).toEqual([]);
  });

  it("tells a field translated from an older English value, field by field, until the field is saved again", async () => {
    const post = await newPost();
    const created = await translate("admin", post.id, { fields: COMPLETE, published: true });
    expect(created.error).toBeNull();
    const status = async () => {
      const { data, error } = await callers.editor.rpc("translation_status", { source_table: "blog_posts", language: "ja" });
      expect(error).toBeNull();
      return (data as { row_id: string; state: string; missing: string[]; outdated: string[]; published: boolean }[]).find((row) => row.row_id === post.id);
    };
    expect(await status()).toEqual({ row_id: post.id, state: "up_to_date", missing: [], outdated: [], published: true });

    const edit = await callers.admin.from("blog_posts").update({ title: "A new English title", row_version: post.row_version + 1 }).eq("id", post.id);
    expect(edit.error).toBeNull();
    expect(await status()).toMatchObject({ state: "outdated", outdated: ["title"] });

    // A save that leaves the title as it was keeps it outdated; translating it again settles it.
    const republish = await callers.admin
      .from("content_translations")
      .update({ published: true, row_version: created.data!.row_version + 1 })
      .eq("id", created.data!.id);
    expect(republish.error).toBeNull();
    expect(await status()).toMatchObject({ state: "outdated", outdated: ["title"] });
    const saved = await callers.admin
      .from("content_translations")
      .update({ fields: { ...COMPLETE, title: "新しい題名" }, row_version: created.data!.row_version + 2 })
      .eq("id", created.data!.id)
      .select("source")
      .single<Translation>();
    expect(saved.error).toBeNull();
    expect(saved.data!.source).toEqual({ title: "A new English title", content: doc(`Body ${posts}`) });
    expect(await status()).toMatchObject({ state: "up_to_date", outdated: [] });

    const untranslated = await newPost();
    const { data } = await callers.admin.rpc("translation_status", { source_table: "blog_posts", language: "ja" });
    expect((data as { row_id: string }[]).find((row) => row.row_id === untranslated.id)).toEqual({
      row_id: untranslated.id,
      state: "missing",
      missing: ["title", "content"],
      outdated: [],
      published: false,
    });
  });

  it("restores a translation's earlier version with what it was translated from, so older words show as outdated", async () => {
    const post = await newPost();
    const created = await translate("admin", post.id, { fields: { title: "最初の題名" } });
    expect(created.error).toBeNull();
    const [first] = await backend.sql<{ id: string }>("select id::text from public.content_revisions where table_name = 'content_translations' and row_id = $1", [created.data!.id]);
    const englishBefore = `Translated post ${posts}`;
    expect((await callers.admin.from("blog_posts").update({ title: "Retitled", row_version: post.row_version + 1 }).eq("id", post.id)).error).toBeNull();
    const retranslated = await callers.admin.from("content_translations").update({ fields: { title: "新しい題名" }, row_version: created.data!.row_version + 1 }).eq("id", created.data!.id);
    expect(retranslated.error).toBeNull();
    const restored = await callers.editor.rpc("restore_revision", { revision_id: Number(first!.id) });
    expect(restored.error).toBeNull();
    expect(await backend.sql("select fields, source from public.content_translations where id = $1", [created.data!.id])).toEqual([
      { fields: { title: "最初の題名" }, source: { title: englishBefore } },
    ]);
  });

  it("decides each row's state as translationState of shared/translations.ts does", async () => {
    const edited = await newPost({ milestone: "Alpha" });
    expect((await translate("admin", edited.id, { fields: { ...COMPLETE, milestone: "アルファ" } })).error).toBeNull();
    expect((await callers.admin.from("blog_posts").update({ milestone: "Beta", row_version: edited.row_version + 1 }).eq("id", edited.id)).error).toBeNull();
    const partial = await newPost();
    expect((await translate("admin", partial.id, { fields: { title: "題名だけ" } })).error).toBeNull();

    const { data: status } = await callers.admin.rpc("translation_status", { source_table: "blog_posts", language: "ja" });
    const { data: rows } = await callers.admin.from("blog_posts").select("*");
    const { data: translations } = await callers.admin.from("content_translations").select("*").eq("source_table", "blog_posts").eq("language", "ja");
    const columns = translatableColumns("blog_posts");
    const expected = rows!.map((row) => {
      const translation = (translations as (SharedTranslation & { row_id: string; published: boolean })[]).find((candidate) => candidate.row_id === row.id);
      return { row_id: row.id, ...translationState(row, translation, columns), published: translation?.published ?? false };
    });
    const byId = (a: { row_id: string }, b: { row_id: string }) => a.row_id.localeCompare(b.row_id);
    expect([...(status as { row_id: string }[])].sort(byId)).toEqual(expected.sort(byId));
    expect(expected.map((row) => row.state)).toEqual(expect.arrayContaining(["missing", "outdated", "up_to_date"]));
  });

  it("answers translation_status to members only", async () => {
    for (const who of ["anon", "user"] as const) {
      const { error } = await callers[who].rpc("translation_status", { source_table: "blog_posts", language: "ja" });
      expect(error?.code).toBe("42501");
    }
    expect((await callers.admin.rpc("translation_status", { source_table: "admin_users", language: "ja" })).error?.code).toBe("22023");
    expect((await callers.admin.rpc("translation_status", { source_table: "blog_posts", language: "en" })).error?.code).toBe("22023");
  });

  it("deletes a row's translations with it", async () => {
    const post = await newPost();
    const translation = await translate("admin", post.id, { fields: COMPLETE });
    expect(translation.error).toBeNull();
    expect((await callers.editor.from("blog_posts").delete().eq("id", post.id)).error).toBeNull();
    expect(await backend.sql("select id from public.content_translations where id = $1", [translation.data!.id])).toEqual([]);
    const revisions = await backend.sql<{ action: string }>("select action from public.content_revisions where table_name = 'content_translations' and row_id = $1 order by id", [
      translation.data!.id,
    ]);
    expect(revisions.map((revision) => revision.action)).toEqual(["insert", "delete"]);
  });

  it("leaves publishing a whitepaper translation to administrators, as the whitepaper's own", async () => {
    const [paper] = await backend.sql<{ id: string }>("select id from public.whitepaper where not published order by version_key desc limit 1");
    const fields = { title: "ホワイトペーパー", sections: [{ title: "はじめに", order: 0, content: doc("物理メディアを取り戻す。") }] };
    const byEditor = await translate("editor", paper!.id, { fields, published: true }, "whitepaper");
    expect(byEditor.error?.code).toBe("42501");
    const draft = await translate("editor", paper!.id, { fields }, "whitepaper");
    expect(draft.error).toBeNull();
    const publish = (who: "editor" | "admin") =>
      callers[who].from("content_translations").update({ published: true, row_version: draft.data!.row_version + 1 }).eq("id", draft.data!.id).select("published");
    expect((await publish("editor")).error?.code).toBe("42501");
    const byAdmin = await publish("admin");
    expect(byAdmin.error).toBeNull();
    expect(byAdmin.data).toEqual([{ published: true }]);
    // Deleting the published translation would take it off the site: unpublishing, for administrators.
    expect((await callers.editor.from("content_translations").delete().eq("id", draft.data!.id)).error?.code).toBe("42501");
    expect((await callers.admin.from("content_translations").delete().eq("id", draft.data!.id).select("id")).data).toEqual([{ id: draft.data!.id }]);
  });

  it("refuses a save based on an old version (RC409), keeps a history, and moves the live site's content version", async () => {
    const version = async () => (await backend.sql<{ version: string }>("select version::text from private.content_version"))[0]!.version;
    const post = await newPost();
    const before = await version();
    const created = await translate("admin", post.id, { fields: { title: "初版" } });
    expect(created.error).toBeNull();
    expect(await version()).not.toBe(before);
    const first = await callers.admin.from("content_translations").update({ fields: { title: "第二版" }, row_version: created.data!.row_version + 1 }).eq("id", created.data!.id);
    expect(first.error).toBeNull();
    const stale = await callers.editor.from("content_translations").update({ fields: { title: "古い版から" }, row_version: created.data!.row_version + 1 }).eq("id", created.data!.id);
    expect(stale.error?.code).toBe("RC409");
    expect(await backend.sql("select fields from public.content_translations where id = $1", [created.data!.id])).toEqual([{ fields: { title: "第二版" } }]);
    const revisions = await backend.sql<{ action: string }>("select action from public.content_revisions where table_name = 'content_translations' and row_id = $1 order by id", [
      created.data!.id,
    ]);
    expect(revisions.map((revision) => revision.action)).toEqual(["insert", "update"]);
  });

  it("counts a scheduled translation as a scheduled change of the live site", async () => {
    const post = await newPost();
    const at = new Date(Date.now() + 3_600_000);
    expect((await translate("admin", post.id, { fields: COMPLETE, published: true, publish_at: at.toISOString() })).error).toBeNull();
    const { data } = await backend.service().rpc("content_version");
    const next = (data as { next_change_at: string | null }).next_change_at;
    expect(next).not.toBeNull();
    expect(new Date(next!).getTime()).toBeLessThanOrEqual(at.getTime());
  });
  it("make_translatable gives a new content table translations: its columns listed and checked, its rows' translations deleted with them", async () => {
    await backend.sql("create table public.helper_notes (id uuid primary key default gen_random_uuid(), title text not null, code text not null)");
    await backend.sql(`select public.make_content_table('public.helper_notes', 'everyone', '{"title": 20}')`);
    await backend.sql("select public.make_translatable('public.helper_notes', '{title}')");
    const [note] = await backend.sql<{ id: string }>("insert into public.helper_notes (title, code) values ('Hello', 'h1') returning id");
    const tooLong = await translate("admin", note!.id, { fields: { title: "長".repeat(21) } }, "helper_notes");
    expect(tooLong.error?.message).toContain('"helper_notes_title_length"');
    expect((await translate("admin", note!.id, { fields: { code: "h2" } }, "helper_notes")).error?.message).toContain('"content_translations_fields_check"');
    expect((await translate("admin", note!.id, { fields: { title: "こんにちは" }, published: true }, "helper_notes")).error).toBeNull();
    expect(await readable("anon", [note!.id], "helper_notes")).toEqual([note!.id]);
    await backend.sql("delete from public.helper_notes where id = $1", [note!.id]);
    expect(await backend.sql("select id from public.content_translations where row_id = $1", [note!.id])).toEqual([]);
    await expect(backend.sql("select public.make_translatable('public.helper_notes', '{summary}')")).rejects.toThrow(/has no column summary/);
    // The list the first test holds to the content types is left as it was.
    await backend.sql("delete from private.translatable_columns where source_table = 'helper_notes'");
    await backend.sql("drop table public.helper_notes");
  });
});
