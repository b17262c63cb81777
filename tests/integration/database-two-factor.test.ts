import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_TABLES } from "../../shared/content-tables.ts";
import { ROW_VERSION } from "../../shared/revisions.ts";
import { addAuthenticator, sessionAt, type AalSession } from "../support/aal-sessions.ts";
import { ADMIN, EDITOR, startTestBackend, USER, type TestBackend } from "../support/backend.ts";
import { tinyPng } from "../support/png.ts";
import { doc } from "../support/documents.ts";

// Two-factor sign-in, enforced by the database (supabase/migrations/20261128000200_two_factor.sql and
// the team's RPCs of 20261128000210_team_sessions.sql): a member, or anyone with a verified factor,
// is refused everything a member may do while their session is at aal1, on every table, RPC and
// Storage path; at aal2 all works as before. A team that requires two-factor refuses members without
// a factor until they enrol; an ended session is refused at once. Sessions at a chosen level come
// from tests/support/aal-sessions.ts.

type Row = Record<string, unknown>;

const POLICY = "Sessions at the required assurance level";
const TEAM_DENIED = "Only administrators manage the team";
const BUCKET = "assets";
const PNG = new Uint8Array(tinyPng());

let backend: TestBackend;
const ids = { admin: "", editor: "", user: "" };
let admin: SupabaseClient;
let editor: SupabaseClient;
let user: SupabaseClient;
let serial = 0;
const next = () => ++serial;

beforeAll(async () => {
  backend = await startTestBackend();
  for (const [key, email] of [
    ["admin", ADMIN.email],
    ["editor", EDITOR.email],
    ["user", USER.email],
  ] as const) {
    const [row] = await backend.sql<{ id: string }>("select id from auth.users where email = $1", [email]);
    ids[key] = row!.id;
  }
  admin = await backend.signIn(ADMIN.email, ADMIN.password);
  editor = await backend.signIn(EDITOR.email, EDITOR.password);
  user = await backend.signIn(USER.email, USER.password);
});

afterAll(async () => {
  await backend?.stop();
});

// Tests that require two-factor for the team put the setting back.
afterEach(async () => {
  await backend.sql("update public.team_settings set require_two_factor = false where require_two_factor");
});

/** A new account with a password, made a member with `role` (null: not a member). */
async function newAccount(role: "administrator" | "editor" | null): Promise<{ id: string; email: string; password: string }> {
  const email = `mfa-${randomUUID().slice(0, 8)}@example.com`;
  const password = "Member12345";
  const { data, error } = await backend.service().auth.admin.createUser({ email, password, email_confirm: true });
  if (error) throw error;
  if (role) await backend.sql("insert into public.admin_users (id, role) values ($1, $2)", [data.user!.id, role]);
  return { id: data.user!.id, email, password };
}

/**
 * A member (or non-member) with an authenticator app, and a session of theirs at each level: the one
 * that enrolled the app (aal2), then a sign-in with the password alone (aal1).
 */
async function guardedAccount(role: "administrator" | "editor" | null): Promise<{ id: string; email: string; password: string; aal1: AalSession; aal2: AalSession }> {
  const account = await newAccount(role);
  const aal2 = await addAuthenticator(backend, account);
  return { ...account, aal1: await sessionAt(backend, account, "aal1"), aal2 };
}

/** Inserts a row as superuser and returns its id. */
async function insertRow(table: string, row: Row): Promise<string> {
  const withId = { id: randomUUID(), ...row };
  const columns = Object.keys(withId).map((c) => `"${c}"`).join(", ");
  const [inserted] = await backend.sql<{ id: string }>(
    `insert into public.${table} (${columns}) select ${columns} from jsonb_populate_record(null::public.${table}, $1::jsonb) returning id`,
    [JSON.stringify(withId)],
  );
  return inserted!.id;
}

async function rowOf(table: string, id: string): Promise<Row | undefined> {
  const [row] = await backend.sql<{ row: Row }>(`select to_jsonb(t) as row from public.${table} t where id = $1`, [id]);
  return row?.row;
}

const draftOf = (table: (typeof CONTENT_TABLES)[number]) => ({ ...table.example.row(next()), ...(table.visibility === "published" ? { published: false } : {}) });
const faqEntry = () => insertRow("faq_entries", { question: `Guarded question ${next()}?`, answer: doc("An answer."), order: 700 + next() });
const publishedEntry = () => insertRow("faq_entries", { question: `Published question ${next()}?`, answer: doc("An answer."), order: 700 + next(), published: true });
const draftWhitepaper = () => insertRow("whitepaper", { title: "Guarded paper", version: `70.${next()}`, sections: [{ title: "Intro", content: doc("Text"), order: 0 }], change_log: [] });

/** The ids `client` reads of the row `id`: RLS filters what the caller may not read, without an error. */
async function readById(client: SupabaseClient, table: string, id: string): Promise<Row[]> {
  const { data, error } = await client.from(table).select("id").eq("id", id);
  expect(error).toBeNull();
  return data!;
}

describe("Every table with row-level security, and storage.objects, carry the two-factor policy", () => {
  /** The restrictive policy of each table that should have it, as pg_policies shows it. */
  const policiesOf = (where: string) =>
    backend.sql<{ tablename: string; permissive: string; roles: string[]; cmd: string; qual: string; with_check: string }>(
      `select c.relname as tablename, p.permissive, p.roles::text[] as roles, p.cmd, p.qual, p.with_check
         from pg_class c
         left join pg_policies p on p.schemaname = c.relnamespace::regnamespace::text and p.tablename = c.relname and p.policyname = $1
        where ${where}
        order by c.relname`,
      [POLICY],
    );
  const restrictive = expect.objectContaining({
    permissive: "RESTRICTIVE",
    roles: ["authenticated"],
    cmd: "ALL",
    qual: expect.stringContaining("session_meets_assurance()"),
    with_check: expect.stringContaining("session_meets_assurance()"),
  });

  it("every table of public with RLS has it (a migration that adds a table without it fails here)", async () => {
    const tables = await policiesOf("c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and c.relrowsecurity");
    expect(tables.map((row) => row.tablename)).toEqual(expect.arrayContaining(["admin_users", "content_revisions", "edit_leases", "team_settings", ...CONTENT_TABLES.map((t) => t.table)]));
    for (const table of tables) expect(table, table.tablename).toEqual(restrictive);
  });

  it("storage.objects has it", async () => {
    expect(await policiesOf("c.oid = 'storage.objects'::regclass")).toEqual([restrictive]);
  });

  it("make_content_table gives it to a new table", async () => {
    await backend.sql("create table public.two_factor_notes (id uuid primary key default gen_random_uuid(), body text not null)");
    try {
      await backend.sql("select public.make_content_table('public.two_factor_notes', 'admins', '{}')");
      expect(await policiesOf("c.oid = 'public.two_factor_notes'::regclass")).toEqual([restrictive]);
    } finally {
      await backend.sql("drop table public.two_factor_notes");
    }
  });
});

describe("A member with a verified factor: refused everything at aal1, everything works at aal2", () => {
  let member: Awaited<ReturnType<typeof guardedAccount>>;

  beforeAll(async () => {
    member = await guardedAccount("administrator");
  });

  for (const table of CONTENT_TABLES) {
    it(`${table.table}: at aal1 drafts are filtered out and writes refused; at aal2 both work`, async () => {
      const { aal1, aal2 } = member;
      const draft = await insertRow(table.table, draftOf(table));
      const before = await rowOf(table.table, draft);

      expect(await readById(aal1.client, table.table, draft)).toEqual([]);
      const refusedInsert = await aal1.client.from(table.table).insert({ id: randomUUID(), ...draftOf(table) });
      expect(refusedInsert.error?.code).toBe("42501");
      const versioned = ROW_VERSION in before!;
      const patch = { ...table.example.change, ...(versioned ? { [ROW_VERSION]: (before![ROW_VERSION] as number) + 1 } : {}) };
      const refusedUpdate = await aal1.client.from(table.table).update(patch).eq("id", draft).select("id");
      expect(refusedUpdate).toMatchObject({ error: null, data: [] });
      const refusedDelete = await aal1.client.from(table.table).delete().eq("id", draft).select("id");
      expect(refusedDelete.error === null ? refusedDelete.data : []).toEqual([]);
      expect(await rowOf(table.table, draft)).toEqual(before);

      expect(await readById(aal2.client, table.table, draft)).toEqual([{ id: draft }]);
      const { insert, update, delete: remove } = table.adminWrites;
      const inserted = randomUUID();
      const insertion = await aal2.client.from(table.table).insert({ id: inserted, ...draftOf(table) });
      if (insert) expect(insertion.error).toBeNull();
      else expect(insertion.error?.code).toBe("42501");
      expect(await rowOf(table.table, inserted)).toEqual(insert ? expect.objectContaining({ id: inserted }) : undefined);
      if (update) {
        expect((await aal2.client.from(table.table).update(patch).eq("id", draft).select("id")).data).toEqual([{ id: draft }]);
        expect(await rowOf(table.table, draft)).toMatchObject(table.example.change);
      }
      if (remove) {
        expect((await aal2.client.from(table.table).delete().eq("id", draft).select("id")).data).toEqual([{ id: draft }]);
        expect(await rowOf(table.table, draft)).toBeUndefined();
      }
    });
  }

  it("the team and the history: their own membership, the team's rows and every revision are hidden at aal1", async () => {
    const { aal1, aal2 } = member;
    for (const [table, id] of [
      ["admin_users", member.id],
      ["admin_users", ids.editor],
    ] as const) {
      expect(await readById(aal1.client, table, id)).toEqual([]);
      expect(await readById(aal2.client, table, id)).toEqual([{ id }]);
    }
    const revisions = async (client: SupabaseClient) => (await client.from("content_revisions").select("id").limit(1)).data;
    expect(await revisions(aal1.client)).toEqual([]);
    expect(await revisions(aal2.client)).toHaveLength(1);
  });

  /** Each RPC a member or an administrator may call, with valid arguments made afresh for every call. */
  const RPCS: [name: string, args: () => Promise<Row>][] = [
    ["is_admin", async () => ({})],
    ["move_item", async () => ({ kind: "faq_entries", item_id: await faqEntry(), direction: "up", item_version: 1 })],
    ["move_stage", async () => ({ stage_id: await insertRow("project_stages", { name: `Guarded stage ${next()}`, category: "hardware", order: 700 + next(), progress: 0 }), direction: "up", stage_version: 1 })],
    ["set_published_many", async () => ({ target_table: "faq_entries", items: [{ id: await faqEntry(), version: 1 }], publish: true })],
    ["delete_many", async () => ({ target_table: "faq_entries", items: [{ id: await faqEntry(), version: 1 }] })],
    ["search_content", async () => ({ query: "cartridge", sources: [{ table: "faq_entries", columns: ["question"] }] })],
    ["media_usage", async () => ({ urls: ["https://example.com/a.png"], sources: [{ name: "faq", table: "faq_entries", columns: ["answer"], label: "question" }] })],
    ["restore_revision", async () => {
      const id = await faqEntry();
      const [revision] = await backend.sql<{ id: number }>("select id from public.content_revisions where table_name = 'faq_entries' and row_id = $1", [id]);
      return { revision_id: revision!.id };
    }],
    ["content_revision_authors", async () => ({})],
    ["hold_edit_lease", async () => ({ target_table: "faq_entries", target_id: await faqEntry() })],
    ["release_edit_lease", async () => ({ target_table: "faq_entries", target_id: randomUUID() })],
    ["current_editors", async () => ({ target_table: "faq_entries" })],
    ["duplicate_whitepaper", async () => ({ source_id: await draftWhitepaper() })],
    ["create_preview_link", async () => ({ target_table: "faq_entries", row_id: await faqEntry() })],
    ["published_per_month", async () => ({ months: 2 })],
    ["publish_whitepaper", async () => ({ whitepaper_id: await draftWhitepaper(), whitepaper_version: 1 })],
    ["unpublish_whitepaper", async () => ({ whitepaper_id: await draftWhitepaper(), whitepaper_version: 1 })],
    ["submission_counts", async () => ({ days: 7 })],
    ["waitlist_totals", async () => ({ days: 7 })],
    ["audience_figures", async () => ({ days: 7 })],
    ["growth_figures", async () => ({ days: 7 })],
    ["newsletter_recipient_count", async () => ({})],
    ["is_administrator", async () => ({})],
    ["add_team_member", async () => {
      const account = await newAccount(null);
      return { member_id: account.id, member_email: account.email, member_role: "editor" };
    }],
    ["set_team_role", async () => ({ member_id: (await newAccount("editor")).id, member_role: "editor" })],
    ["end_team_membership", async () => ({ member_id: (await newAccount("editor")).id })],
    ["end_team_member_sessions", async () => ({ member_id: (await newAccount("editor")).id })],
    ["reset_team_member_factors", async () => ({ member_id: (await newAccount("editor")).id })],
    ["team_two_factor", async () => ({})],
    ["set_team_two_factor", async () => ({ required: false })],
  ];

  for (const [name, args] of RPCS) {
    it(`${name}: refused at aal1, allowed at aal2`, async () => {
      const { aal1, aal2 } = member;
      const refused = await aal1.client.rpc(name, await args());
      if (name === "is_admin" || name === "is_administrator") {
        expect(refused).toMatchObject({ error: null, data: false });
        expect((await aal2.client.rpc(name, await args())).data).toBe(true);
        return;
      }
      expect(refused.error?.code).toBe("42501");
      expect((await aal2.client.rpc(name, await args())).error).toBeNull();
    });
  }

  it("Storage: uploads and deletes are refused at aal1 and work at aal2", async () => {
    const { aal1, aal2 } = member;
    const objectRow = async (name: string) => backend.sql("select name from storage.objects where bucket_id = $1 and name = $2", [BUCKET, name]);
    const refusedPath = `media/${randomUUID()}.png`;
    const refused = await aal1.client.storage.from(BUCKET).upload(refusedPath, PNG, { contentType: "image/png" });
    expect(refused.data).toBeNull();
    expect(refused.error).toMatchObject({ statusCode: "403" });
    expect(await objectRow(refusedPath)).toEqual([]);

    const path = `media/${randomUUID()}.png`;
    expect((await aal2.client.storage.from(BUCKET).upload(path, PNG, { contentType: "image/png" })).error).toBeNull();
    const keptDelete = await aal1.client.storage.from(BUCKET).remove([path]);
    expect(keptDelete.error === null ? keptDelete.data : []).toEqual([]);
    expect(await objectRow(path)).toHaveLength(1);
    expect((await aal2.client.storage.from(BUCKET).remove([path])).data).toHaveLength(1);
    expect(await objectRow(path)).toEqual([]);
  });

  it("a signed-in non-member with a factor reads nothing as a signed-in user at aal1 (Supabase's MFA pattern), and published rows at aal2", async () => {
    const outsider = await guardedAccount(null);
    const published = await publishedEntry();
    expect(await readById(outsider.aal1.client, "faq_entries", published)).toEqual([]);
    expect(await readById(outsider.aal2.client, "faq_entries", published)).toEqual([{ id: published }]);
  });
});

describe("A member without a factor", () => {
  it("is unaffected while the team does not require two-factor", async () => {
    const draft = await faqEntry();
    expect(await readById(editor, "faq_entries", draft)).toEqual([{ id: draft }]);
    expect((await editor.rpc("move_item", { kind: "faq_entries", item_id: draft, direction: "up", item_version: 1 })).error).toBeNull();
    expect((await editor.rpc("team_security")).data).toEqual({ require_two_factor: false, has_verified_factor: false, session_aal: "aal1", satisfied: true });
  });

  it("is refused once the team requires two-factor, until they enrol a factor and sign in with it", async () => {
    const account = await newAccount("editor");
    const signedIn = await backend.signIn(account.email, account.password);
    const draft = await faqEntry();
    expect(await readById(signedIn, "faq_entries", draft)).toEqual([{ id: draft }]);

    await backend.sql("update public.team_settings set require_two_factor = true");
    expect(await readById(signedIn, "faq_entries", draft)).toEqual([]);
    expect((await signedIn.from("faq_entries").insert({ question: "Without a factor?", answer: doc("No.") })).error?.code).toBe("42501");
    expect((await signedIn.rpc("move_item", { kind: "faq_entries", item_id: draft, direction: "up", item_version: 1 })).error?.code).toBe("42501");
    expect((await signedIn.rpc("team_security")).data).toEqual({ require_two_factor: true, has_verified_factor: false, session_aal: "aal1", satisfied: false });
    // Non-members are not the team's: the requirement does not touch them.
    const published = await publishedEntry();
    expect(await readById(user, "faq_entries", published)).toEqual([{ id: published }]);

    // The member adds an app in the same session (the back office's enrolment step): it is then aal2.
    await addAuthenticator(backend, account, signedIn);
    expect(await readById(signedIn, "faq_entries", draft)).toEqual([{ id: draft }]);
    expect((await signedIn.rpc("team_security")).data).toEqual({ require_two_factor: true, has_verified_factor: true, session_aal: "aal2", satisfied: true });
    // A later sign-in with the password alone is refused until its code.
    const aal1 = await sessionAt(backend, account, "aal1");
    expect(await readById(aal1.client, "faq_entries", draft)).toEqual([]);
    expect((await aal1.client.rpc("team_security")).data).toEqual({ require_two_factor: true, has_verified_factor: true, session_aal: "aal1", satisfied: false });
  });
});

describe("An ended session is refused at once, not when its token expires", () => {
  it("a member signed in with a password: their session row deleted, the next request reads no drafts and writes nothing", async () => {
    const account = await newAccount("editor");
    const signedIn = await backend.signIn(account.email, account.password);
    const draft = await faqEntry();
    expect(await readById(signedIn, "faq_entries", draft)).toEqual([{ id: draft }]);

    await backend.sql("delete from auth.sessions where user_id = $1", [account.id]);
    expect(await readById(signedIn, "faq_entries", draft)).toEqual([]);
    expect((await signedIn.from("faq_entries").insert({ question: "After the end?", answer: doc("No.") })).error?.code).toBe("42501");
    expect((await signedIn.rpc("is_admin")).data).toBe(false);
    expect((await signedIn.rpc("move_item", { kind: "faq_entries", item_id: draft, direction: "up", item_version: 1 })).error?.code).toBe("42501");
    expect((await signedIn.rpc("team_security")).data).toMatchObject({ satisfied: false });
  });

  it("an aal2 session ended by an administrator, and a session past its end of life", async () => {
    const member = await guardedAccount("editor");
    const draft = await faqEntry();
    expect(await readById(member.aal2.client, "faq_entries", draft)).toEqual([{ id: draft }]);
    expect((await admin.rpc("end_team_member_sessions", { member_id: member.id })).data).toEqual({ sessions_ended: 2 });
    expect(await readById(member.aal2.client, "faq_entries", draft)).toEqual([]);
    expect((await member.aal2.client.rpc("set_published_many", { target_table: "faq_entries", items: [{ id: draft, version: 1 }], publish: true })).error?.code).toBe("42501");

    const later = await sessionAt(backend, member, "aal2");
    expect(await readById(later.client, "faq_entries", draft)).toEqual([{ id: draft }]);
    await backend.sql("update auth.sessions set not_after = now() - interval '1 second' where id = $1", [later.sessionId]);
    expect(await readById(later.client, "faq_entries", draft)).toEqual([]);
  });
});

describe("team_security and set_team_two_factor", () => {
  it("team_security answers any signed-in caller at any level, and nobody else", async () => {
    expect((await backend.anon().rpc("team_security")).error?.code).toBe("42501");
    expect((await user.rpc("team_security")).data).toEqual({ require_two_factor: false, has_verified_factor: false, session_aal: "aal1", satisfied: true });
    const member = await guardedAccount("editor");
    expect((await member.aal1.client.rpc("team_security")).data).toEqual({ require_two_factor: false, has_verified_factor: true, session_aal: "aal1", satisfied: false });
    expect((await member.aal2.client.rpc("team_security")).data).toEqual({ require_two_factor: false, has_verified_factor: true, session_aal: "aal2", satisfied: true });
  });

  it("only administrators change it; turning it on needs a factor of one's own (RC428) and an aal2 session", async () => {
    for (const client of [user, editor]) {
      expect((await client.rpc("set_team_two_factor", { required: true })).error).toMatchObject({ code: "42501", message: TEAM_DENIED });
    }
    expect((await backend.anon().rpc("set_team_two_factor", { required: true })).error?.code).toBe("42501");
    expect((await admin.rpc("set_team_two_factor", { required: true })).error).toMatchObject({
      code: "RC428",
      message: "Set up two-factor sign-in for your own account before requiring it for the team",
    });
    expect((await admin.rpc("set_team_two_factor", { required: null })).error?.code).toBe("22023");
    expect((await admin.rpc("set_team_two_factor", { required: false })).error).toBeNull();

    const administrator = await guardedAccount("administrator");
    expect((await administrator.aal1.client.rpc("set_team_two_factor", { required: true })).error).toMatchObject({ code: "42501", message: TEAM_DENIED });
    expect(await backend.sql("select require_two_factor from public.team_settings")).toEqual([{ require_two_factor: false }]);

    const turnedOn = await administrator.aal2.client.rpc("set_team_two_factor", { required: true });
    expect(turnedOn).toMatchObject({ error: null, data: { require_two_factor: true, has_verified_factor: true, session_aal: "aal2", satisfied: true } });
    expect(await backend.sql("select require_two_factor from public.team_settings")).toEqual([{ require_two_factor: true }]);
    // The seeded administrator has no factor: refused now, so they could not turn it off either.
    expect((await admin.rpc("set_team_two_factor", { required: false })).error?.code).toBe("42501");
    expect((await administrator.aal2.client.rpc("set_team_two_factor", { required: false })).data).toMatchObject({ require_two_factor: false });
  });

  it("each change is in the team's history, by the administrator who made it, read by administrators only; a change to the same value records nothing", async () => {
    const administrator = await guardedAccount("administrator");
    const settingRevisions = () => backend.sql<{ changed_by: string; before: Row; after: Row }>("select changed_by, before, after from public.content_revisions where table_name = 'team_settings' order by id");
    const before = (await settingRevisions()).length;
    await administrator.aal2.client.rpc("set_team_two_factor", { required: true });
    await administrator.aal2.client.rpc("set_team_two_factor", { required: true });
    await administrator.aal2.client.rpc("set_team_two_factor", { required: false });
    expect((await settingRevisions()).slice(before)).toMatchObject([
      { changed_by: administrator.id, before: { require_two_factor: false }, after: { require_two_factor: true } },
      { changed_by: administrator.id, before: { require_two_factor: true }, after: { require_two_factor: false } },
    ]);
    const read = async (client: SupabaseClient) => (await client.from("content_revisions").select("id").eq("table_name", "team_settings")).data;
    expect(await read(administrator.aal2.client)).toHaveLength(before + 2);
    expect(await read(admin)).toHaveLength(before + 2);
    expect(await read(editor)).toEqual([]);
    const [revision] = await backend.sql<{ id: number }>("select id from public.content_revisions where table_name = 'team_settings' order by id desc limit 1");
    expect((await admin.rpc("restore_revision", { revision_id: revision!.id })).error).toMatchObject({ code: "22023", message: "Team changes cannot be restored: change the team on the Team screen" });
  });
});

describe("Administrators end a member's sessions and reset their factors", () => {
  it("only administrators, never on themselves, only on members", async () => {
    const member = await newAccount("editor");
    for (const name of ["end_team_member_sessions", "reset_team_member_factors"]) {
      for (const client of [user, editor]) expect((await client.rpc(name, { member_id: member.id })).error).toMatchObject({ code: "42501", message: TEAM_DENIED });
      expect((await admin.rpc(name, { member_id: ids.admin })).error?.code).toBe("RC403");
      expect((await admin.rpc(name, { member_id: ids.user })).error).toMatchObject({ code: "P0002", message: "No such member" });
    }
    expect((await admin.rpc("end_team_member_sessions", { member_id: ids.admin })).error?.message).toBe("You cannot end your own sessions here: sign out instead");
    expect((await admin.rpc("reset_team_member_factors", { member_id: ids.admin })).error?.message).toBe("You cannot reset your own two-factor sign-in: ask another administrator");
    for (const client of [user, editor]) expect((await client.rpc("team_two_factor")).error?.code).toBe("42501");
  });

  it("a reset removes every factor and ends every session, is in the team's history, and the member signs in again with a password", async () => {
    const account = await newAccount("editor");
    const aal2 = await addAuthenticator(backend, account);
    await addAuthenticator(backend, account, aal2.client);
    const twoFactor = async () => ((await admin.rpc("team_two_factor")).data as { member_id: string; two_factor: boolean }[]).find((row) => row.member_id === account.id)?.two_factor;
    expect(await twoFactor()).toBe(true);

    expect((await admin.rpc("reset_team_member_factors", { member_id: account.id })).data).toEqual({ factors_removed: 2, sessions_ended: 1 });
    expect(await backend.sql("select id from auth.mfa_factors where user_id = $1", [account.id])).toEqual([]);
    expect(await backend.sql("select id from auth.sessions where user_id = $1", [account.id])).toEqual([]);
    expect(await twoFactor()).toBe(false);
    const draft = await faqEntry();
    expect(await readById(aal2.client, "faq_entries", draft)).toEqual([]);
    const [revision] = await backend.sql<{ action: string; changed_by: string; before: Row; after: Row }>(
      "select action, changed_by, before, after from public.content_revisions where table_name = 'admin_users' and row_id = $1 order by id desc limit 1",
      [account.id],
    );
    expect(revision).toMatchObject({ action: "update", changed_by: ids.admin, before: { factors_reset_at: null }, after: { factors_reset_at: expect.any(String) } });

    const again = await backend.signIn(account.email, account.password);
    expect(await readById(again, "faq_entries", draft)).toEqual([{ id: draft }]);
  });

  it("ending sessions is in the team's history and makes the refresh token fail", async () => {
    const account = await newAccount("editor");
    const signedIn = await backend.signIn(account.email, account.password);
    expect((await admin.rpc("end_team_member_sessions", { member_id: account.id })).data).toEqual({ sessions_ended: 1 });
    expect((await signedIn.auth.refreshSession()).error).not.toBeNull();
    const [revision] = await backend.sql<{ changed_by: string; after: Row }>(
      "select changed_by, after from public.content_revisions where table_name = 'admin_users' and row_id = $1 order by id desc limit 1",
      [account.id],
    );
    expect(revision).toMatchObject({ changed_by: ids.admin, after: { sessions_ended_at: expect.any(String) } });
  });
});
