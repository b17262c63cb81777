import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchSources, type SearchHit } from "../../shared/content-search.ts";
import { ADMIN, startTestBackend, USER, type TestBackend } from "../support/backend.ts";
import { doc, section } from "../support/documents.ts";

// Editorial tools in the database (supabase/migrations/20261124000500_editorial_tools.sql):
// old post addresses, the search across content, duplicating a whitepaper version and the dashboard's
// aggregates, through the API as anon, a signed-in non-admin and an admin.

const ACCESS_DENIED = "Access denied. Admin privileges required.";

let backend: TestBackend;
let anon: SupabaseClient;
let user: SupabaseClient;
let admin: SupabaseClient;

beforeAll(async () => {
  backend = await startTestBackend();
  anon = backend.anon();
  user = await backend.signIn(USER.email, USER.password);
  admin = await backend.signIn(ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await backend?.stop();
});

async function createPost(title: string, published = true): Promise<{ id: string; slug: string }> {
  const { data, error } = await admin.from("blog_posts").insert({ title, content: doc("Words about it."), category: "community", published }).select("id, slug").single();
  expect(error).toBeNull();
  return data as { id: string; slug: string };
}

async function rename(id: string, slug: string) {
  const { error } = await admin.from("blog_posts").update({ slug, ...(await backend.nextVersion("blog_posts", id)) }).eq("id", id);
  expect(error).toBeNull();
}

async function redirectOf(client: SupabaseClient, oldSlug: string): Promise<string | null> {
  const { data, error } = await client.rpc("post_redirect", { old_slug: oldSlug });
  expect(error).toBeNull();
  return data as string | null;
}

describe("old post addresses (slug_redirects)", () => {
  it("a renamed post's old slug leads to its new one, for everyone who may read the post", async () => {
    const post = await createPost("Redirect source");
    await rename(post.id, "redirect-target");
    for (const client of [anon, user, admin]) expect(await redirectOf(client, post.slug)).toBe("redirect-target");
    const { data } = await anon.from("slug_redirects").select("old_slug, post_id").eq("old_slug", post.slug);
    expect(data).toEqual([{ old_slug: post.slug, post_id: post.id }]);
  });

  it("chains collapse: every earlier slug leads to the current one", async () => {
    const post = await createPost("Chain one");
    await rename(post.id, "chain-two");
    await rename(post.id, "chain-three");
    expect(await redirectOf(anon, post.slug)).toBe("chain-three");
    expect(await redirectOf(anon, "chain-two")).toBe("chain-three");
  });

  it("a post that takes an old slug wins: the redirect ends", async () => {
    const first = await createPost("Taken back");
    await rename(first.id, "taken-back-renamed");
    expect(await redirectOf(anon, first.slug)).toBe("taken-back-renamed");
    const newcomer = await createPost("Taken back");
    expect(newcomer.slug).toBe(first.slug);
    expect(await redirectOf(anon, first.slug)).toBeNull();
    // Renaming back to an old slug of its own ends that redirect too, and starts one from the other.
    await rename(newcomer.id, "newcomer-moved");
    await rename(first.id, first.slug);
    expect(await redirectOf(anon, first.slug)).toBeNull();
    expect(await redirectOf(anon, "taken-back-renamed")).toBe(first.slug);
  });

  it("an old address of a draft reveals nothing to visitors; deleting the post ends its redirects", async () => {
    const draft = await createPost("Secret draft title", false);
    await rename(draft.id, "secret-draft-renamed");
    expect(await redirectOf(anon, draft.slug)).toBeNull();
    const { data } = await anon.from("slug_redirects").select("old_slug").eq("old_slug", draft.slug);
    expect(data).toEqual([]);
    expect((await admin.from("slug_redirects").select("old_slug").eq("old_slug", draft.slug)).data).toHaveLength(1);
    expect((await admin.from("blog_posts").delete().eq("id", draft.id)).error).toBeNull();
    expect(await backend.sql("select 1 from public.slug_redirects where old_slug = $1", [draft.slug])).toEqual([]);
  });

  it.each(["anon", "user", "admin"] as const)("%s cannot write redirects through the API", async (who) => {
    const client = { anon, user, admin }[who];
    const post = await createPost(`Unwritable ${who}`);
    const insert = await client.from("slug_redirects").insert({ old_slug: `forged-${who}`, post_id: post.id });
    expect(insert.error).not.toBeNull();
    await client.from("slug_redirects").delete().neq("old_slug", "");
    await client.from("slug_redirects").update({ post_id: post.id }).neq("old_slug", "");
    const [row] = await backend.sql<{ n: number }>("select count(*)::int as n from public.slug_redirects where post_id = $1", [post.id]);
    expect(row!.n).toBe(0);
    expect(await backend.sql("select 1 from public.slug_redirects where old_slug = $1", [`forged-${who}`])).toEqual([]);
  });
});

describe("search_content(query, sources, max_results)", () => {
  const sources = searchSources();
  const search = async (client: SupabaseClient, query: string, max = 20) => client.rpc("search_content", { query, sources, max_results: max });

  it("finds a post by the text of its body, with the text around the match, and the other types by theirs", async () => {
    const post = await createPost("Searchable announcement");
    await admin.from("blog_posts").update({ content: doc("The cartridge slot accepts the zephyrquartz module now."), ...(await backend.nextVersion("blog_posts", post.id)) }).eq("id", post.id);
    const { data, error } = await search(admin, "ZEPHYRquartz");
    expect(error).toBeNull();
    expect(data).toEqual([
      { source: "blog_posts", id: post.id, fields: { title: "Searchable announcement", content: "The cartridge slot accepts the zephyrquartz module now." }, snippet: "The cartridge slot accepts the zephyrquartz module now." },
    ]);

    const [media] = await backend.sql<{ id: string }>(
      "insert into public.media_assets (url, filename, type, size, metadata) values ('https://example.com/m/zq.png', 'zephyrquartz-board.png', 'image', 10, '{}') returning id",
    );
    const [paper] = await backend.sql<{ id: string }>(
      `insert into public.whitepaper (title, version, sections, change_log) values ('Zephyrquartz paper', '9.9', $1::jsonb, '[]') returning id`,
      [JSON.stringify([section("A", "B")])],
    );
    const hits = ((await search(admin, "zephyrquartz")).data as SearchHit[]).map((hit) => [hit.source, hit.id]);
    expect(hits).toEqual(expect.arrayContaining([["blog_posts", post.id], ["media_assets", media!.id], ["whitepaper", paper!.id]]));
  });

  it("ranks a title starting with the query above a title containing it, above a match elsewhere", async () => {
    const elsewhere = await createPost("Plain title");
    await admin.from("blog_posts").update({ content: doc("mentions quillfeather here"), ...(await backend.nextVersion("blog_posts", elsewhere.id)) }).eq("id", elsewhere.id);
    const containing = await createPost("About quillfeather things");
    const starting = await createPost("Quillfeather first");
    const { data } = await search(admin, "quillfeather");
    expect((data as SearchHit[]).map((hit) => hit.id)).toEqual([starting.id, containing.id, elsewhere.id]);
    expect((await search(admin, "quillfeather", 2)).data).toHaveLength(2);
  });

  it("takes LIKE wildcards literally", async () => {
    const percent = await createPost("Discount 100% off");
    const underscore = await createPost("snake_case naming");
    expect(((await search(admin, "100%")).data as SearchHit[]).map((hit) => hit.id)).toEqual([percent.id]);
    expect(((await search(admin, "e_c")).data as SearchHit[]).map((hit) => hit.id)).toEqual([underscore.id]);
    expect((await search(admin, "%")).data).toEqual(expect.arrayContaining([expect.objectContaining({ id: percent.id })]));
    expect(((await search(admin, "%")).data as SearchHit[]).every((hit) => Object.values(hit.fields).some((value) => value?.includes("%")))).toBe(true);
    expect(((await search(admin, "\\")).data as SearchHit[]).every((hit) => Object.values(hit.fields).some((value) => value?.includes("\\")))).toBe(true);
  });

  it("an empty query finds nothing; bad arguments get a clear error", async () => {
    expect((await search(admin, "   ")).data).toEqual([]);
    const long = await search(admin, "x".repeat(201));
    expect(long.error?.message).toBe("Search text must be at most 200 characters");
    expect((await search(admin, "x", 0)).error?.message).toBe("max_results must be between 1 and 100");
    const unknownTable = await admin.rpc("search_content", { query: "x", sources: [{ table: "auth_users", columns: ["email"] }], max_results: 5 });
    expect(unknownTable.error?.message).toBe('Unknown table "auth_users"');
    const unknownColumn = await admin.rpc("search_content", { query: "x", sources: [{ table: "blog_posts", columns: ["title; drop table x"] }], max_results: 5 });
    expect(unknownColumn.error?.message).toBe('Unknown column "title; drop table x" of table "blog_posts"');
    const notAList = await admin.rpc("search_content", { query: "x", sources: { table: "blog_posts" }, max_results: 5 });
    expect(notAList.error?.message).toBe('sources must be an array of {"table", "columns"}');
  });

  it("is for admins only", async () => {
    const asUser = await search(user, "post");
    expect(asUser.error?.message).toBe(ACCESS_DENIED);
    const asAnon = await search(anon, "post");
    expect(asAnon.error).not.toBeNull();
    expect(asAnon.data).toBeNull();
  });
});

describe("duplicate_whitepaper(source_id)", () => {
  it("starts a draft from the published version: its title and sections, the next version number", async () => {
    const [published] = await backend.sql<{ id: string; title: string; version: string; sections: unknown; change_log: string[] }>(
      "select id, title, version, sections, change_log from public.whitepaper where published",
    );
    const [highest] = await backend.sql<{ version_key: number[] }>("select version_key from public.whitepaper order by version_key desc limit 1");
    const next = [...highest!.version_key.slice(0, -1), highest!.version_key.at(-1)! + 1].join(".");
    const { data, error } = await admin.rpc("duplicate_whitepaper", {});
    expect(error).toBeNull();
    expect(data).toMatchObject({
      title: published!.title,
      version: next,
      sections: published!.sections,
      published: false,
      change_log: [...published!.change_log, `Started from version ${published!.version}`],
    });
    expect((data as { id: string }).id).not.toBe(published!.id);
    const stillPublished = await backend.sql<{ id: string }>("select id from public.whitepaper where published");
    expect(stillPublished).toEqual([{ id: published!.id }]);
  });

  it("copies a given version; an unknown one, or none published, is a clear error", async () => {
    const [draft] = await backend.sql<{ id: string }>(
      `insert into public.whitepaper (title, version, sections, change_log) values ('Draft paper', '1.5', $1::jsonb, '[]') returning id`,
      [JSON.stringify([section("Only", "Here")])],
    );
    const copy = await admin.rpc("duplicate_whitepaper", { source_id: draft!.id });
    expect(copy.error).toBeNull();
    expect(copy.data).toMatchObject({ title: "Draft paper", sections: [{ title: "Only", content: doc("Here"), order: 0 }], published: false });

    const unknown = await admin.rpc("duplicate_whitepaper", { source_id: "00000000-0000-0000-0000-000000000001" });
    expect(unknown.error?.message).toBe("Whitepaper version 00000000-0000-0000-0000-000000000001 not found");

    const [published] = await backend.sql<{ id: string }>("select id from public.whitepaper where published");
    await admin.rpc("unpublish_whitepaper", { whitepaper_id: published!.id, whitepaper_version: (await backend.nextVersion("whitepaper", published!.id)).row_version - 1 });
    const none = await admin.rpc("duplicate_whitepaper", {});
    expect(none.error?.message).toBe("There is no published whitepaper version to start from");
    await admin.rpc("publish_whitepaper", { whitepaper_id: published!.id, whitepaper_version: (await backend.nextVersion("whitepaper", published!.id)).row_version - 1 });
  });

  it("is for admins only, and writes nothing for others", async () => {
    const [before] = await backend.sql<{ n: number }>("select count(*)::int as n from public.whitepaper");
    expect((await user.rpc("duplicate_whitepaper", {})).error?.message).toBe(ACCESS_DENIED);
    expect((await anon.rpc("duplicate_whitepaper", {})).error).not.toBeNull();
    const [after] = await backend.sql<{ n: number }>("select count(*)::int as n from public.whitepaper");
    expect(after!.n).toBe(before!.n);
  });
});

describe("dashboard aggregates", () => {
  const utcDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

  async function addSubmission(kind: string, daysAgo: number) {
    const contact = kind === "contact" ? { name: "Ada", message: "Hello" } : { name: null, message: null };
    await backend.sql(
      "insert into public.form_submissions (kind, email, name, message, created_at) values ($1, $2, $3, $4, $5::date + time '12:00' at time zone 'UTC')",
      [kind, `stats-${kind}-${daysAgo}-${Math.random()}@example.com`, contact.name, contact.message, utcDay(daysAgo)],
    );
  }

  type Count = { day: string; kind: string; submissions: number };
  const countsOf = async (days: number) => {
    const { data, error } = await admin.rpc("submission_counts", { days });
    expect(error).toBeNull();
    return data as Count[];
  };
  const at = (rows: Count[], day: string, kind: string) => rows.find((row) => row.day === day && row.kind === kind)?.submissions;

  it("submission_counts: one row per day and kind over the window, counting what arrived that UTC day", async () => {
    const before = await countsOf(30);
    expect(before).toHaveLength(30 * 3);
    expect(before[0]).toMatchObject({ day: utcDay(29), kind: "waitlist" });
    expect(before.at(-1)).toMatchObject({ day: utcDay(0), kind: "contact" });
    await addSubmission("waitlist", 3);
    await addSubmission("waitlist", 3);
    await addSubmission("contact", 3);
    await addSubmission("newsletter", 0);
    await addSubmission("newsletter", 45); // outside 30 days, inside 90
    const after = await countsOf(30);
    expect(at(after, utcDay(3), "waitlist")).toBe(at(before, utcDay(3), "waitlist")! + 2);
    expect(at(after, utcDay(3), "contact")).toBe(at(before, utcDay(3), "contact")! + 1);
    expect(at(after, utcDay(3), "newsletter")).toBe(at(before, utcDay(3), "newsletter"));
    expect(at(after, utcDay(0), "newsletter")).toBe(at(before, utcDay(0), "newsletter")! + 1);
    const ninety = await countsOf(90);
    expect(ninety).toHaveLength(90 * 3);
    expect(at(ninety, utcDay(45), "newsletter")).toBeGreaterThanOrEqual(1);
    expect((await admin.rpc("submission_counts", { days: 0 })).error?.message).toBe("days must be between 1 and 366");
  });

  it("waitlist_totals: the waitlist's size at the end of each day, earlier sign-ups included", async () => {
    const { data: before } = await admin.rpc("waitlist_totals", { days: 30 });
    const rows = before as { day: string; total: number }[];
    expect(rows).toHaveLength(30);
    const [all] = await backend.sql<{ n: number }>("select count(*)::int as n from public.form_submissions where kind = 'waitlist'");
    expect(rows.at(-1)).toEqual({ day: utcDay(0), total: all!.n });
    await addSubmission("waitlist", 60);
    await addSubmission("waitlist", 10);
    const { data: after } = await admin.rpc("waitlist_totals", { days: 30 });
    const afterRows = after as { day: string; total: number }[];
    expect(afterRows[0]!.total).toBe(rows[0]!.total + 1);
    const tenAgo = afterRows.findIndex((row) => row.day === utcDay(10));
    expect(afterRows[tenAgo]!.total).toBe(rows[tenAgo]!.total + 2);
    expect(afterRows[tenAgo - 1]!.total).toBe(rows[tenAgo - 1]!.total + 1);
    for (let index = 1; index < afterRows.length; index++) expect(afterRows[index]!.total).toBeGreaterThanOrEqual(afterRows[index - 1]!.total);
  });

  it("published_per_month: published rows per month of creation, for every table with a published flag", async () => {
    const thisMonth = `${utcDay(0).slice(0, 7)}-01`;
    const monthOf = async () => {
      const { data, error } = await admin.rpc("published_per_month", { months: 12 });
      expect(error).toBeNull();
      return data as { month: string; source: string; published: number }[];
    };
    const before = await monthOf();
    const sources = [...new Set(before.map((row) => row.source))];
    expect(sources).toEqual(expect.arrayContaining(["blog_posts", "videos", "press_quotes", "whitepaper", "faq_entries"]));
    expect(sources).not.toContain("form_submissions");
    expect(before).toHaveLength(12 * sources.length);
    await createPost("Counted this month");
    await createPost("Not counted: a draft", false);
    const after = await monthOf();
    const count = (rows: typeof before) => rows.find((row) => row.month === thisMonth && row.source === "blog_posts")!.published;
    expect(count(after)).toBe(count(before) + 1);
  });

  it.each([
    ["submission_counts", { days: 30 }],
    ["waitlist_totals", { days: 30 }],
    ["published_per_month", { months: 12 }],
  ] as const)("%s is for admins only", async (fn, args) => {
    expect((await user.rpc(fn, args)).error?.message).toBe(ACCESS_DENIED);
    const asAnon = await anon.rpc(fn, args);
    expect(asAnon.error).not.toBeNull();
    expect(asAnon.data).toBeNull();
  });
});
