import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_TABLES } from "../../shared/content-tables.ts";
import { ADMIN, startTestBackend, USER, type TestBackend } from "../support/backend.ts";
import { doc } from "../support/documents.ts";

// Draft preview links (supabase/migrations/*_preview_links.sql): only administrators issue them;
// a link opens its one row, draft or not, until it expires; anything else answers nothing.

const ACCESS_DENIED = "Access denied. Admin privileges required.";

let backend: TestBackend;
let callers: Record<"anon" | "user" | "admin", SupabaseClient>;
let draftId: string;

const PUBLISHABLE = CONTENT_TABLES.filter((table) => table.visibility === "published");

beforeAll(async () => {
  backend = await startTestBackend();
  callers = { anon: backend.anon(), user: await backend.signIn(USER.email, USER.password), admin: await backend.signIn(ADMIN.email, ADMIN.password) };
  const [row] = await backend.sql<{ id: string }>(
    "insert into public.blog_posts (title, content, category, published) values ('Secret draft title', $1::jsonb, 'hardware', false) returning id",
    [JSON.stringify(doc("Draft words only admins know."))],
  );
  draftId = row!.id;
});
afterAll(async () => {
  await backend?.stop();
});

async function issue(target_table: string, row_id: string, ttl_seconds?: number): Promise<{ token: string; expires_at: string }> {
  const { data, error } = await callers.admin.rpc("create_preview_link", { target_table, row_id, ...(ttl_seconds ? { ttl_seconds } : {}) });
  expect(error).toBeNull();
  return data as { token: string; expires_at: string };
}

async function preview(who: keyof typeof callers, token: unknown): Promise<unknown> {
  const { data, error } = await callers[who].rpc("preview_content", { token });
  expect(error).toBeNull();
  return data;
}

describe("draft preview", () => {
  it.each(["anon", "user"] as const)("%s can neither read the draft nor issue a preview link", async (who) => {
    const read = await callers[who].from("blog_posts").select("id").eq("id", draftId);
    expect(read.data).toEqual([]);
    const links = () => backend.sql("select token_hash from private.preview_links");
    const before = await links();
    const { data, error } = await callers[who].rpc("create_preview_link", { target_table: "blog_posts", row_id: draftId });
    expect(data).toBeNull();
    expect(error?.code).toBe("42501");
    if (who === "user") expect(error?.message).toBe(ACCESS_DENIED);
    expect(await links()).toEqual(before);
  });

  it("an admin's link opens the draft row for anyone holding it, and stores only the token's hash", async () => {
    const { token, expires_at } = await issue("blog_posts", draftId);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const lifetime = Date.parse(expires_at) - Date.now();
    expect(lifetime).toBeGreaterThan(14 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(15 * 60_000);
    for (const who of ["anon", "user", "admin"] as const) {
      expect(await preview(who, token)).toMatchObject({ table: "blog_posts", row: { id: draftId, title: "Secret draft title", published: false } });
    }
    const stored = await backend.sql<{ token_hash: string }>("select token_hash from private.preview_links");
    expect(stored.some((row) => row.token_hash === token)).toBe(false);
    expect(stored.length).toBeGreaterThan(0);
  });

  it("a link carries the row's translations by language, drafts included, and none when it has none", async () => {
    const { token } = await issue("blog_posts", draftId);
    expect((await preview("anon", token)) as { translations: unknown }).toHaveProperty("translations", {});
    await backend.sql(
      "insert into public.content_translations (source_table, row_id, language, fields) values ('blog_posts', $1, 'ja', $2::jsonb)",
      [draftId, JSON.stringify({ title: "秘密の下書き", content: doc("管理者だけが知る言葉。") })],
    );
    try {
      expect(await preview("anon", token)).toMatchObject({
        row: { id: draftId, title: "Secret draft title" },
        translations: { ja: { title: "秘密の下書き", content: doc("管理者だけが知る言葉。") } },
      });
      // Visitors still cannot read the draft translation itself.
      const read = await callers.anon.from("content_translations").select("id").eq("row_id", draftId);
      expect(read).toMatchObject({ data: [], error: null });
    } finally {
      await backend.sql("delete from public.content_translations where row_id = $1", [draftId]);
    }
  });

  it("a wrong, malformed or missing token answers nothing", async () => {
    const { token } = await issue("blog_posts", draftId);
    const wrong = token.replace(/^./, (digit) => (digit === "0" ? "1" : "0"));
    for (const attempt of [wrong, token.toUpperCase(), token.slice(1), `${token} `, "", null, "' or 1=1 --", randomUUID()]) {
      expect(await preview("anon", attempt), String(attempt)).toBeNull();
    }
  });

  it("an expired link answers nothing", async () => {
    const hashed = "token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')";
    // A link asked to last a second ends a second after it was issued, on the database's clock,
    // and answers nothing once that clock has passed it (awaited on the same clock, not slept).
    const short = await issue("blog_posts", draftId, 1);
    const [link] = await backend.sql<{ lifetime: string | number }>(`select extract(epoch from expires_at - created_at) as lifetime from private.preview_links where ${hashed}`, [short.token]);
    expect(Number(link!.lifetime)).toBe(1);
    const past = async () => (await backend.sql<{ past: boolean }>("select now() > $1::timestamptz as past", [short.expires_at]))[0]!.past;
    await expect.poll(past, { timeout: 10_000 }).toBe(true);
    expect(await preview("anon", short.token)).toBeNull();
    // A link that answers stops answering when its expiry is reached: time moved on by moving the expiry,
    // so no round trip has to beat a short lifetime.
    const { token } = await issue("blog_posts", draftId);
    expect(await preview("anon", token)).not.toBeNull();
    await backend.sql(`update private.preview_links set expires_at = now() where ${hashed}`, [token]);
    expect(await preview("anon", token)).toBeNull();
  });

  it("a link to a deleted row answers nothing", async () => {
    const [row] = await backend.sql<{ id: string }>("insert into public.press_quotes (quote, source) values ('Soon gone', 'Nobody') returning id");
    const { token } = await issue("press_quotes", row!.id);
    await backend.sql("delete from public.press_quotes where id = $1", [row!.id]);
    expect(await preview("anon", token)).toBeNull();
  });

  it("links are issued for every publishable table, and refused for others, unknown rows and bad lifetimes", async () => {
    for (const table of PUBLISHABLE) {
      const [row] = await backend.sql<{ id: string }>(`select id from public.${table.table} limit 1`);
      const { token } = await issue(table.table, row!.id);
      expect(await preview("anon", token)).toMatchObject({ table: table.table, row: { id: row!.id } });
    }
    const [stage] = await backend.sql<{ id: string }>("select id from public.project_stages limit 1");
    const refusals = [
      { target_table: "project_stages", row_id: stage!.id },
      { target_table: "admin_users", row_id: randomUUID() },
      { target_table: "form_submissions", row_id: randomUUID() },
      { target_table: "blog_posts; drop table x", row_id: draftId },
      { target_table: "blog_posts", row_id: randomUUID() },
      { target_table: "blog_posts", row_id: draftId, ttl_seconds: 0 },
      { target_table: "blog_posts", row_id: draftId, ttl_seconds: 3601 },
    ];
    for (const args of refusals) {
      const { data, error } = await callers.admin.rpc("create_preview_link", args);
      expect(data, JSON.stringify(args)).toBeNull();
      expect(error?.code, JSON.stringify(args)).toMatch(/^(22023|P0002)$/);
    }
  });

  it.each(["anon", "user", "admin"] as const)("%s cannot read or write the links' table", async (who) => {
    const client = callers[who];
    expect((await client.schema("private").from("preview_links").select("*")).data).toBeNull();
    expect((await client.from("preview_links").select("*")).data).toBeNull();
    expect((await client.schema("private").from("preview_links").insert({ token_hash: "x", target_table: "blog_posts", row_id: draftId, created_by: draftId, expires_at: "2999-01-01" })).error).not.toBeNull();
  });
});
