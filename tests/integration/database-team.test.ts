import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_TABLES } from "../../shared/content-tables.ts";
import { ROW_VERSION } from "../../shared/revisions.ts";
import { addAuthenticator, sessionAt } from "../support/aal-sessions.ts";
import { simultaneously } from "../support/simultaneously.ts";
import { ADMIN, EDITOR, startTestBackend, USER, type TestBackend } from "../support/backend.ts";
import { doc } from "../support/documents.ts";
import { expectRefused, FILTERED, PERMISSION_DENIED, refusalOf, type Operation as TableOperation } from "../support/refusals.ts";

// A team, not one account (supabase/migrations/20261126000100_team.sql): what each kind of caller
// may do to every table and through every RPC, the team's own rules (an administrator always
// remains, nobody removes or demotes themselves, a removal ends access at once), stale writes
// refused on every write path, edit leases, and the team's changes in the history.

type Role = "anon" | "user" | "editor" | "administrator";
type Row = Record<string, unknown>;

const ROLES: Role[] = ["anon", "user", "editor", "administrator"];
const STALE = "Someone else changed this item since you opened it";
const ACCESS_DENIED = "Access denied. Admin privileges required.";
const TEAM_DENIED = "Only administrators manage the team";
const PUBLISH_DENIED = "Only an administrator can publish or unpublish the whitepaper";

let backend: TestBackend;
const clients = {} as Record<Role, SupabaseClient>;
const ids = { admin: "", editor: "", user: "" };
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
  clients.anon = backend.anon();
  clients.user = await backend.signIn(USER.email, USER.password);
  clients.editor = await backend.signIn(EDITOR.email, EDITOR.password);
  clients.administrator = await backend.signIn(ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await backend?.stop();
});

/** Inserts a row as superuser (no RLS, no triggers' API checks) and returns its id. */
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

async function versionOf(table: string, id: string): Promise<number> {
  return (await rowOf(table, id))![ROW_VERSION] as number;
}

async function isVersioned(table: string): Promise<boolean> {
  const [row] = await backend.sql<{ versioned: boolean }>("select public.is_versioned_table($1) as versioned", [table]);
  return row!.versioned;
}

/** A signed-in account of its own, made a member with `role` (null: not a member). */
async function newAccount(role: "administrator" | "editor" | null): Promise<{ id: string; email: string; password: string; client: () => Promise<SupabaseClient> }> {
  const email = `member-${randomUUID().slice(0, 8)}@example.com`;
  const password = "Member12345";
  const { data, error } = await backend.service().auth.admin.createUser({ email, password, email_confirm: true });
  if (error) throw error;
  const id = data.user!.id;
  if (role) await backend.sql("insert into public.admin_users (id, role) values ($1, $2)", [id, role]);
  return { id, email, password, client: () => backend.signIn(email, password) };
}

const draftWhitepaper = () =>
  insertRow("whitepaper", { title: "Team paper", version: `50.${next()}`, sections: [{ title: "Intro", content: doc("Text"), order: 0 }], change_log: [] });
const faqEntry = (published = false) => insertRow("faq_entries", { question: `Team question ${next()}?`, answer: doc("An answer."), order: 500 + next(), published });

// Tables ------------------------------------------------------------------------------------------

type Operation = "read a draft" | "insert" | "update at the read version" | "update without a version" | "delete";
const OPERATIONS: Operation[] = ["read a draft", "insert", "update at the read version", "update without a version", "delete"];

/**
 * Content tables: members (editors and administrators) do all content work on the tables with
 * versions (the content history); the one without (form submissions) and the newsletter's mails are
 * for administrators only. Visitors and signed-in non-members read drafts only where the table has
 * none (project stages).
 */
const ADMINISTRATORS_ONLY = ["form_submissions", "newsletter_mails"];

function contentAllowed(table: (typeof CONTENT_TABLES)[number], versioned: boolean, role: Role, operation: Operation): boolean {
  const member = role === "administrator" || (role === "editor" && versioned && !ADMINISTRATORS_ONLY.includes(table.table));
  const writes = table.adminWrites;
  switch (operation) {
    case "read a draft":
      return member || table.visibility === "everyone";
    case "insert":
      return member && writes.insert;
    case "update at the read version":
      return member && writes.update;
    case "update without a version":
      return member && writes.update && !versioned;
    case "delete":
      return member && writes.delete;
  }
}

describe("Role matrix: every table", () => {
  for (const table of CONTENT_TABLES) {
    const hasDrafts = table.visibility === "published";
    const fixture = () => insertRow(table.table, { ...table.example.row(next()), ...(hasDrafts ? { published: false } : {}) });

    describe(table.table, () => {
      for (const role of ROLES) {
        for (const operation of OPERATIONS) {
          it(`${role}: ${operation}`, async () => {
            const versioned = await isVersioned(table.table);
            const allowed = contentAllowed(table, versioned, role, operation);
            const client = clients[role];
            const kind: TableOperation = operation === "read a draft" ? "select" : operation.startsWith("update") ? "update" : (operation as "insert" | "delete");
            /** A denied case's refusal: 42501 where the role has no privilege, otherwise no rows. */
            const refusal = refusalOf(table.table, role === "anon" ? "anon" : "authenticated", kind);

            if (operation === "insert") {
              const id = randomUUID();
              const { error } = await client.from(table.table).insert({ id, ...table.example.row(next()), ...(hasDrafts ? { published: false } : {}) });
              if (allowed) expect(error).toBeNull();
              else expectRefused({ data: null, error }, refusal);
              expect(await rowOf(table.table, id)).toEqual(allowed ? expect.objectContaining({ id }) : undefined);
              return;
            }

            const id = await fixture();
            const before = await rowOf(table.table, id);

            if (operation === "read a draft") {
              const { data, error } = await client.from(table.table).select("*").eq("id", id);
              if (allowed) expect({ data, error }).toEqual({ data: [expect.objectContaining({ id })], error: null });
              else expectRefused({ data, error }, refusal);
              return;
            }

            if (operation === "delete") {
              const { data, error } = await client.from(table.table).delete().eq("id", id).select("id");
              if (allowed) expect({ data, error }).toEqual({ data: [{ id }], error: null });
              else expectRefused({ data, error }, refusal);
              expect(await rowOf(table.table, id)).toEqual(allowed ? undefined : before);
              return;
            }

            const withVersion = operation === "update at the read version" && versioned;
            const patch = { ...table.example.change, ...(withVersion ? { [ROW_VERSION]: (before![ROW_VERSION] as number) + 1 } : {}) };
            const { data, error } = await client.from(table.table).update(patch).eq("id", id).select("id");
            const after = await rowOf(table.table, id);
            if (allowed) {
              expect(error).toBeNull();
              expect(data).toEqual([{ id }]);
              expect(after).toMatchObject(patch);
            } else {
              if (versioned && (role === "administrator" || (role === "editor" && !ADMINISTRATORS_ONLY.includes(table.table)))) {
                // A member's update without the version is refused as stale.
                expect(error).toMatchObject({ code: "RC409", message: STALE, details: String(before![ROW_VERSION]) });
              } else {
                expectRefused({ data, error }, refusal);
              }
              expect(after).toEqual(before);
            }
          });
        }
      }
    });
  }

  describe("admin_users: members read their own row, administrators the team; nobody writes through the API", () => {
    const readOthers: Record<Role, boolean> = { anon: false, user: false, editor: false, administrator: true };
    for (const role of ROLES) {
      it(`${role}: reads ${readOthers[role] ? "every member" : "no other member"}, writes nothing`, async () => {
        const client = clients[role];
        const spare = await newAccount("editor");
        const outsider = await newAccount(null);
        const { data, error } = await client.from("admin_users").select("id").eq("id", spare.id);
        const databaseRole = role === "anon" ? "anon" : "authenticated";
        if (readOthers[role]) expect({ data, error }).toEqual({ data: [{ id: spare.id }], error: null });
        else expectRefused({ data, error }, refusalOf("admin_users", databaseRole, "select"));
        if (role === "editor" || role === "administrator") {
          const own = await client.from("admin_users").select("id, role, email").eq("id", ids[role === "editor" ? "editor" : "admin"]);
          expect(own.data).toEqual([{ id: ids[role === "editor" ? "editor" : "admin"], role, email: role === "editor" ? EDITOR.email : ADMIN.email }]);
        }

        const before = await backend.sql("select id, role from public.admin_users order by id");
        expectRefused({ data: null, error: (await client.from("admin_users").insert({ id: outsider.id, role: "administrator" })).error }, refusalOf("admin_users", databaseRole, "insert"));
        expectRefused(await client.from("admin_users").update({ role: "administrator" }).eq("id", spare.id).select("id"), refusalOf("admin_users", databaseRole, "update"));
        expectRefused(await client.from("admin_users").delete().eq("id", spare.id).select("id"), refusalOf("admin_users", databaseRole, "delete"));
        expect(await backend.sql("select id, role from public.admin_users order by id")).toEqual(before);
      });
    }
  });
});

// RPCs --------------------------------------------------------------------------------------------

type Audience = "anyone" | "signed-in" | "members" | "administrators";
const AUDIENCE: Record<Audience, Role[]> = {
  anyone: ["anon", "user", "editor", "administrator"],
  "signed-in": ["user", "editor", "administrator"],
  members: ["editor", "administrator"],
  administrators: ["administrator"],
};

/** Each RPC with valid arguments made afresh for every call (a call may use up its target). */
const RPCS: [name: string, audience: Audience, args: () => Promise<Row>][] = [
  ["add_team_member", "administrators", async () => {
    const account = await newAccount(null);
    return { member_id: account.id, member_email: account.email, member_role: "editor" };
  }],
  ["set_team_role", "administrators", async () => ({ member_id: (await newAccount("editor")).id, member_role: "editor" })],
  ["end_team_membership", "administrators", async () => ({ member_id: (await newAccount("editor")).id })],
  ["end_team_member_sessions", "administrators", async () => ({ member_id: (await newAccount("editor")).id })],
  ["reset_team_member_factors", "administrators", async () => ({ member_id: (await newAccount("editor")).id })],
  ["team_two_factor", "administrators", async () => ({})],
  ["set_team_two_factor", "administrators", async () => ({ required: false })],
  ["publish_whitepaper", "administrators", async () => ({ whitepaper_id: await draftWhitepaper(), whitepaper_version: 1 })],
  ["unpublish_whitepaper", "administrators", async () => ({ whitepaper_id: await draftWhitepaper(), whitepaper_version: 1 })],
  ["submission_counts", "administrators", async () => ({ days: 7 })],
  ["waitlist_totals", "administrators", async () => ({ days: 7 })],
  ["move_item", "members", async () => ({ kind: "faq_entries", item_id: await faqEntry(), direction: "up", item_version: 1 })],
  ["move_stage", "members", async () => {
    const id = await insertRow("project_stages", { name: `Team stage ${next()}`, category: "hardware", order: 500 + next(), progress: 0 });
    return { stage_id: id, direction: "up", stage_version: 1 };
  }],
  ["set_published_many", "members", async () => ({ target_table: "faq_entries", items: [{ id: await faqEntry(), version: 1 }], publish: true })],
  ["delete_many", "members", async () => ({ target_table: "faq_entries", items: [{ id: await faqEntry(), version: 1 }] })],
  ["hold_edit_lease", "members", async () => ({ target_table: "faq_entries", target_id: await faqEntry() })],
  ["release_edit_lease", "members", async () => ({ target_table: "blog_posts", target_id: randomUUID() })],
  ["current_editors", "members", async () => ({ target_table: "blog_posts" })],
  ["restore_revision", "members", async () => {
    const id = await faqEntry();
    const [revision] = await backend.sql<{ id: number }>("select id from public.content_revisions where table_name = 'faq_entries' and row_id = $1", [id]);
    return { revision_id: revision!.id };
  }],
  ["content_revision_authors", "members", async () => ({})],
  ["duplicate_whitepaper", "members", async () => ({ source_id: await draftWhitepaper() })],
  ["search_content", "members", async () => ({ query: "cartridge", sources: [{ table: "faq_entries", columns: ["question"] }] })],
  ["media_usage", "members", async () => ({ urls: ["https://example.com/a.png"], sources: [{ name: "faq", table: "faq_entries", columns: ["answer"], label: "question" }] })],
  ["create_preview_link", "members", async () => ({ target_table: "faq_entries", row_id: await faqEntry() })],
  ["published_per_month", "members", async () => ({ months: 2 })],
  ["is_administrator", "signed-in", async () => ({})],
  ["team_security", "signed-in", async () => ({})],
  ["is_admin", "anyone", async () => ({})],
  ["home_page", "anyone", async () => ({})],
  ["post_redirect", "anyone", async () => ({ old_slug: "no-such-post" })],
  ["post_cards", "anyone", async () => ({})],
  ["document_prose", "anyone", async () => ({ doc: { type: "doc", content: [] } })],
  ["cut_at_word", "anyone", async () => ({ value: "Some words", max_length: 5 })],
  ["preview_content", "anyone", async () => ({ token: "0".repeat(64) })],
];

describe("Role matrix: every RPC", () => {
  for (const [name, audience, args] of RPCS) {
    describe(`${name} (${audience})`, () => {
      for (const role of ROLES) {
        const allowed = AUDIENCE[audience].includes(role);
        it(`${role}: ${allowed ? "allowed" : "refused with 42501"}`, async () => {
          const { error } = await clients[role].rpc(name, await args());
          if (allowed) expect(error).toBeNull();
          else expect(error?.code).toBe("42501");
        });
      }
    });
  }

  it("editors are told why: the team, the whitepaper's publication and the submission figures are the administrators'", async () => {
    const editor = clients.editor;
    expect((await editor.rpc("add_team_member", { member_id: ids.user, member_email: USER.email, member_role: "editor" })).error).toMatchObject({ code: "42501", message: TEAM_DENIED });
    expect((await editor.rpc("end_team_membership", { member_id: ids.admin })).error).toMatchObject({ code: "42501", message: TEAM_DENIED });
    expect((await editor.rpc("set_team_role", { member_id: ids.admin, member_role: "editor" })).error).toMatchObject({ code: "42501", message: TEAM_DENIED });
    const paper = await draftWhitepaper();
    expect((await editor.rpc("publish_whitepaper", { whitepaper_id: paper, whitepaper_version: 1 })).error).toMatchObject({ code: "42501", message: PUBLISH_DENIED });
    expect((await editor.rpc("submission_counts", { days: 7 })).error).toMatchObject({ code: "42501", message: "Access denied. Administrator privileges required." });
    expect((await clients.user.rpc("move_item", { kind: "faq_entries", item_id: paper, direction: "up", item_version: 1 })).error).toMatchObject({ code: "42501", message: ACCESS_DENIED });
    expect(await backend.sql("select role from public.admin_users where id = $1", [ids.admin])).toEqual([{ role: "administrator" }]);
  });
});

// The team's own rules -------------------------------------------------------------------------------

describe("Team RPCs", () => {
  it("add, change the role of and remove a member; each returns the row or refuses with its message", async () => {
    const admin = clients.administrator;
    const account = await newAccount(null);
    const added = await admin.rpc("add_team_member", { member_id: account.id, member_email: account.email, member_role: "editor" });
    expect(added.error).toBeNull();
    expect(added.data).toMatchObject({ id: account.id, email: account.email, role: "editor", invited_by: ids.admin });
    const again = await admin.rpc("add_team_member", { member_id: account.id, member_email: account.email, member_role: "editor" });
    expect(again.error).toMatchObject({ code: "23505", message: "This address is already a member of the team" });

    const promoted = await admin.rpc("set_team_role", { member_id: account.id, member_role: "administrator" });
    expect(promoted.data).toMatchObject({ id: account.id, role: "administrator" });
    expect((await admin.rpc("set_team_role", { member_id: account.id, member_role: "owner" })).error).toMatchObject({
      code: "22023",
      message: "Role must be administrator or editor",
    });
    expect((await admin.rpc("add_team_member", { member_id: randomUUID(), member_email: "x@example.com", member_role: "boss" })).error).toMatchObject({
      code: "22023",
      message: "Role must be administrator or editor",
    });

    expect((await admin.rpc("end_team_membership", { member_id: account.id })).error).toBeNull();
    expect(await backend.sql("select id from public.admin_users where id = $1", [account.id])).toEqual([]);
    expect((await admin.rpc("end_team_membership", { member_id: account.id })).error).toMatchObject({ code: "P0002", message: "No such member" });
    expect((await admin.rpc("set_team_role", { member_id: account.id, member_role: "editor" })).error).toMatchObject({ code: "P0002", message: "No such member" });
  });

  it("nobody removes or demotes themselves", async () => {
    const admin = clients.administrator;
    expect((await admin.rpc("end_team_membership", { member_id: ids.admin })).error).toMatchObject({
      code: "RC403",
      message: "You cannot remove yourself: ask another administrator",
    });
    expect((await admin.rpc("set_team_role", { member_id: ids.admin, member_role: "editor" })).error).toMatchObject({
      code: "RC403",
      message: "You cannot change your own role: ask another administrator",
    });
    expect(await backend.sql("select role from public.admin_users where id = $1", [ids.admin])).toEqual([{ role: "administrator" }]);
  });

  it("a removed member's next request is refused: no more writes, no more drafts", async () => {
    const member = await newAccount(null);
    expect((await clients.administrator.rpc("add_team_member", { member_id: member.id, member_email: member.email, member_role: "editor" })).error).toBeNull();
    const client = await member.client();
    const draft = await faqEntry();
    const wrote = await client.from("faq_entries").update({ answer: doc("Edited by the member."), [ROW_VERSION]: 2 }).eq("id", draft).select("id");
    expect(wrote.data).toEqual([{ id: draft }]);
    expect((await client.from("faq_entries").select("id").eq("id", draft)).data).toEqual([{ id: draft }]);

    expect((await clients.administrator.rpc("end_team_membership", { member_id: member.id })).error).toBeNull();

    const refused = await client.from("faq_entries").update({ answer: doc("After the removal."), [ROW_VERSION]: 3 }).eq("id", draft).select("id");
    // Its role still holds the table's privileges: the row policies no longer show it the row.
    expectRefused(refused, FILTERED);
    expect((await client.from("faq_entries").insert({ question: "Still here?", answer: doc("No.") })).error?.code).toBe("42501");
    expect((await client.from("faq_entries").select("id").eq("id", draft)).data).toEqual([]);
    expect((await client.rpc("hold_edit_lease", { target_table: "faq_entries", target_id: draft })).error?.code).toBe("42501");
    expect(await rowOf("faq_entries", draft)).toMatchObject({ answer: doc("Edited by the member."), [ROW_VERSION]: 2 });
  });

  it("team changes are in the history, by the acting member, read by administrators, and are never restored", async () => {
    const account = await newAccount(null);
    const admin = clients.administrator;
    await admin.rpc("add_team_member", { member_id: account.id, member_email: account.email, member_role: "editor" });
    await admin.rpc("set_team_role", { member_id: account.id, member_role: "administrator" });
    await admin.rpc("end_team_membership", { member_id: account.id });
    const { data: history } = await clients.administrator
      .from("content_revisions")
      .select("id, action, changed_by, changed_by_email, before, after")
      .eq("table_name", "admin_users")
      .eq("row_id", account.id)
      .order("id");
    expect(history).toMatchObject([
      { action: "insert", changed_by: ids.admin, changed_by_email: ADMIN.email, after: { role: "editor", email: account.email } },
      { action: "update", changed_by: ids.admin, changed_by_email: ADMIN.email, before: { role: "editor" }, after: { role: "administrator" } },
      { action: "delete", changed_by: ids.admin, changed_by_email: ADMIN.email, before: { role: "administrator" } },
    ]);
    // Another member's changes are the administrators' to read (their own row's history is an editor's too).
    expect((await clients.editor.from("content_revisions").select("id").eq("table_name", "admin_users").eq("row_id", account.id)).data).toEqual([]);
    for (const revision of history!) {
      expect((await admin.rpc("restore_revision", { revision_id: revision.id })).error).toMatchObject({
        code: "22023",
        message: "Team changes cannot be restored: change the team on the Team screen",
      });
    }
    expect(await backend.sql("select id from public.admin_users where id = $1", [account.id])).toEqual([]);
  });
});

describe("The team always keeps an administrator", () => {
  /** Leaves `keep` as the only administrator (others become editors), as superuser. */
  async function onlyAdministrator(keep: string): Promise<void> {
    await backend.sql("update public.admin_users set role = 'editor' where role = 'administrator' and id <> $1", [keep]);
  }

  it("whoever writes: SQL and the service role cannot demote or remove the last administrator", async () => {
    await onlyAdministrator(ids.admin);
    const last = { code: "RC412", message: "The team needs at least one administrator" };
    await expect(backend.sql("update public.admin_users set role = 'editor' where id = $1", [ids.admin])).rejects.toMatchObject(last);
    await expect(backend.sql("delete from public.admin_users")).rejects.toMatchObject(last);
    await expect(backend.sql("delete from auth.users where id = $1", [ids.admin])).rejects.toMatchObject(last);
    const service = backend.service();
    expect((await service.from("admin_users").update({ role: "editor" }).eq("id", ids.admin)).error).toMatchObject(last);
    expect((await service.from("admin_users").delete().eq("id", ids.admin)).error).toMatchObject(last);
    expect(await backend.sql("select id from public.admin_users where role = 'administrator'")).toEqual([{ id: ids.admin }]);
    // With a second administrator, either may go.
    const second = await newAccount("administrator");
    expect((await service.from("admin_users").update({ role: "editor" }).eq("id", second.id)).error).toBeNull();
  });

  it("two administrators demoting each other at the same moment: exactly one succeeds", async () => {
    const other = await newAccount("administrator");
    await onlyAdministrator(ids.admin);
    await backend.sql("update public.admin_users set role = 'administrator' where id = $1", [other.id]);
    const otherClient = await other.client();
    const calls = [
      () => clients.administrator.rpc("set_team_role", { member_id: other.id, member_role: "editor" }),
      () => otherClient.rpc("set_team_role", { member_id: ids.admin, member_role: "editor" }),
    ];
    const results = await simultaneously(backend, "public.admin_users.administrators", calls);
    expect(results.filter((r) => r.error === null)).toHaveLength(1);
    expect(results.filter((r) => r.error !== null).map((r) => r.error!.code)).toEqual([expect.stringMatching(/^(RC412|42501)$/)]);
    expect(await backend.sql("select count(*)::int as n from public.admin_users where role = 'administrator'")).toEqual([{ n: 1 }]);
    await backend.sql("update public.admin_users set role = 'administrator' where id = $1", [ids.admin]);
  });
});

// Stale writes -------------------------------------------------------------------------------------

describe("A write based on an old version is refused on every path, the same write at the current version succeeds", () => {
  it("every table with a content history carries row versions, except the team's", async () => {
    const withTrigger = async (name: string) =>
      (await backend.sql<{ relname: string }>("select c.relname from pg_trigger t join pg_class c on c.oid = t.tgrelid where t.tgname = $1 order by 1", [name])).map((row) => row.relname);
    expect(await withTrigger("row_version")).toEqual((await withTrigger("content_history")).filter((table) => !["admin_users", "team_settings"].includes(table)));
  });

  /** Someone else's save: the row moves on one version. */
  const bump = (table: string, id: string) => backend.sql(`update public.${table} set "order" = "order" where id = $1`, [id]);
  /** RC409 with the row's current version as detail, or for a bulk action the JSON array of the stale ids. */
  const expectStale = (error: { details?: string } | null, current: number | string[]) => {
    expect(error).toMatchObject({ code: "RC409", message: STALE });
    if (Array.isArray(current)) expect(JSON.parse(error!.details!)).toEqual(current);
    else expect(error!.details).toBe(String(current));
  };

  it("PATCH update", async () => {
    const id = await faqEntry();
    await bump("faq_entries", id);
    const stale = await clients.editor.from("faq_entries").update({ answer: doc("Mine."), [ROW_VERSION]: 2 }).eq("id", id);
    expectStale(stale.error, 2);
    expect(await rowOf("faq_entries", id)).toMatchObject({ answer: doc("An answer."), [ROW_VERSION]: 2 });
    const fresh = await clients.editor.from("faq_entries").update({ answer: doc("Mine."), [ROW_VERSION]: 3 }).eq("id", id).select(ROW_VERSION).single();
    expect(fresh.data).toEqual({ [ROW_VERSION]: 3 });
    const omitted = await clients.editor.from("faq_entries").update({ answer: doc("No version.") }).eq("id", id);
    expectStale(omitted.error, 3);
  });

  it("publish toggle (PATCH published)", async () => {
    const id = await faqEntry();
    await bump("faq_entries", id);
    expectStale((await clients.editor.from("faq_entries").update({ published: true, [ROW_VERSION]: 2 }).eq("id", id)).error, 2);
    expect(await rowOf("faq_entries", id)).toMatchObject({ published: false });
    expect((await clients.editor.from("faq_entries").update({ published: true, [ROW_VERSION]: 3 }).eq("id", id)).error).toBeNull();
    expect(await rowOf("faq_entries", id)).toMatchObject({ published: true, [ROW_VERSION]: 3 });
  });

  it("move_item, bumping both rows it swaps", async () => {
    const upper = await faqEntry();
    const lower = await faqEntry();
    await bump("faq_entries", lower);
    const args = { kind: "faq_entries", item_id: lower, direction: "up" };
    const stale = await clients.editor.rpc("move_item", { ...args, item_version: 1 });
    expectStale(stale.error, 2);
    const orders = async () => backend.sql(`select id, "order", row_version from public.faq_entries where id in ($1, $2) order by "order"`, [upper, lower]);
    expect((await orders()).map((row) => row.id)).toEqual([upper, lower]);
    expect((await clients.editor.rpc("move_item", { ...args, item_version: 2 })).data).toBe(true);
    expect(await orders()).toMatchObject([
      { id: lower, row_version: 3 },
      { id: upper, row_version: 2 },
    ]);
  });

  it("move_stage", async () => {
    const id = await insertRow("project_stages", { name: `Stale stage ${next()}`, category: "token", order: 900 + next(), progress: 0 });
    await backend.sql("update public.project_stages set name = name where id = $1", [id]);
    expectStale((await clients.editor.rpc("move_stage", { stage_id: id, direction: "up", stage_version: 1 })).error, 2);
    expect((await clients.editor.rpc("move_stage", { stage_id: id, direction: "up", stage_version: 2 })).data).toBe(true);
    expect(await versionOf("project_stages", id)).toBe(3);
  });

  it("publish_whitepaper and unpublish_whitepaper; publishing unpublishes the version published before, a new version of it", async () => {
    // The version published before, whatever ran earlier: one of this test's own, published as superuser.
    const previous = await draftWhitepaper();
    await backend.sql("update public.whitepaper set published = false where published");
    await backend.sql("update public.whitepaper set published = true where id = $1", [previous]);
    const previousVersion = await versionOf("whitepaper", previous);
    const id = await draftWhitepaper();
    await backend.sql("update public.whitepaper set title = 'Renamed by someone else' where id = $1", [id]);
    const admin = clients.administrator;
    expectStale((await admin.rpc("publish_whitepaper", { whitepaper_id: id, whitepaper_version: 1 })).error, 2);
    expect(await rowOf("whitepaper", id)).toMatchObject({ published: false });
    expect(await rowOf("whitepaper", previous)).toMatchObject({ published: true, [ROW_VERSION]: previousVersion });
    const published = await admin.rpc("publish_whitepaper", { whitepaper_id: id, whitepaper_version: 2 });
    expect(published.data).toMatchObject({ id, published: true, [ROW_VERSION]: 3 });
    expect(await rowOf("whitepaper", previous)).toMatchObject({ published: false, [ROW_VERSION]: previousVersion + 1 });
    expect(await backend.sql("select id from public.whitepaper where published")).toEqual([{ id }]);
    expectStale((await admin.rpc("unpublish_whitepaper", { whitepaper_id: id, whitepaper_version: 2 })).error, 3);
    expect((await admin.rpc("unpublish_whitepaper", { whitepaper_id: id, whitepaper_version: 3 })).data).toMatchObject({ published: false, [ROW_VERSION]: 4 });
  });

  it("set_published_many: all or nothing", async () => {
    const [first, second, third] = [await faqEntry(), await faqEntry(), await faqEntry()];
    await bump("faq_entries", second);
    const items = [first, second, third].map((id) => ({ id, version: 1 }));
    expectStale((await clients.editor.rpc("set_published_many", { target_table: "faq_entries", items, publish: true })).error, [second]);
    expect(await backend.sql("select count(*)::int as n from public.faq_entries where id in ($1, $2, $3) and published", [first, second, third])).toEqual([{ n: 0 }]);
    items[1]!.version = 2;
    expect((await clients.editor.rpc("set_published_many", { target_table: "faq_entries", items, publish: true })).data).toBe(3);
    expect(await backend.sql("select row_version from public.faq_entries where id in ($1, $2, $3) and published order by row_version", [first, second, third])).toEqual([
      { row_version: 2 },
      { row_version: 2 },
      { row_version: 3 },
    ]);
  });

  it("delete_many: all or nothing, a row deleted meanwhile is stale too", async () => {
    const [first, second, gone] = [await faqEntry(), await faqEntry(), await faqEntry()];
    await bump("faq_entries", first);
    await backend.sql("delete from public.faq_entries where id = $1", [gone]);
    const items = [first, second, gone].map((id) => ({ id, version: 1 }));
    expectStale((await clients.editor.rpc("delete_many", { target_table: "faq_entries", items })).error, [first, gone]);
    expect(await backend.sql("select count(*)::int as n from public.faq_entries where id in ($1, $2)", [first, second])).toEqual([{ n: 2 }]);
    const fresh = [{ id: first, version: 2 }, { id: second, version: 1 }];
    expect((await clients.editor.rpc("delete_many", { target_table: "faq_entries", items: fresh })).data).toBe(2);
    expect(await backend.sql("select count(*)::int as n from public.faq_entries where id in ($1, $2)", [first, second])).toEqual([{ n: 0 }]);
  });

  it("bulk actions name only content tables, publish whitepaper versions one at a time and never delete them", async () => {
    const paper = await draftWhitepaper();
    const admin = clients.administrator;
    expect((await admin.rpc("set_published_many", { target_table: "whitepaper", items: [{ id: paper, version: 1 }], publish: true })).error).toMatchObject({
      code: "22023",
      message: "Publish whitepaper versions one at a time",
    });
    expect((await admin.rpc("delete_many", { target_table: "whitepaper", items: [{ id: paper, version: 1 }] })).error?.code).toBe("42501");
    for (const target of ["admin_users", "form_submissions", "content_revisions", "no_such_table"]) {
      expect((await admin.rpc("delete_many", { target_table: target, items: [] })).error?.code).toBe("22023");
    }
    expect((await admin.rpc("set_published_many", { target_table: "project_stages", items: [], publish: true })).error?.code).toBe("22023");
    expect((await admin.rpc("delete_many", { target_table: "faq_entries", items: [{ id: paper }] })).error?.code).toBe("22023");
    expect(await rowOf("whitepaper", paper)).toMatchObject({ published: false, [ROW_VERSION]: 1 });
  });

  it("restore takes the current version plus one", async () => {
    const id = await faqEntry();
    const [created] = await backend.sql<{ id: number }>("select id from public.content_revisions where table_name = 'faq_entries' and row_id = $1", [id]);
    await clients.editor.from("faq_entries").update({ answer: doc("Changed."), [ROW_VERSION]: 2 }).eq("id", id);
    const { data, error } = await clients.editor.rpc("restore_revision", { revision_id: created!.id });
    expect(error).toBeNull();
    expect(data).toMatchObject({ answer: doc("An answer."), [ROW_VERSION]: 3 });
  });
});

describe("Whitepaper publishing is for administrators, whatever the path", () => {
  it("an editor edits a version but cannot publish it: not by PATCH, insert or restore", async () => {
    const id = await draftWhitepaper();
    const { editor, administrator } = clients;
    expect((await editor.from("whitepaper").update({ title: "Edited by the editor", [ROW_VERSION]: 2 }).eq("id", id)).error).toBeNull();
    expect((await editor.from("whitepaper").update({ published: true, [ROW_VERSION]: 3 }).eq("id", id)).error).toMatchObject({ code: "42501", message: PUBLISH_DENIED });
    const inserted = await editor.from("whitepaper").insert({ title: "Straight out", version: `60.${next()}`, published: true });
    expect(inserted.error).toMatchObject({ code: "42501", message: PUBLISH_DENIED });

    expect((await administrator.rpc("publish_whitepaper", { whitepaper_id: id, whitepaper_version: 2 })).error).toBeNull();
    const [published] = await backend.sql<{ id: number }>(
      "select id from public.content_revisions where table_name = 'whitepaper' and row_id = $1 and (after ->> 'published')::boolean order by id desc limit 1",
      [id],
    );
    expect((await administrator.rpc("unpublish_whitepaper", { whitepaper_id: id, whitepaper_version: 3 })).error).toBeNull();
    expect((await editor.rpc("restore_revision", { revision_id: published!.id, with_publishing: true })).error).toMatchObject({ code: "42501", message: PUBLISH_DENIED });
    expect(await rowOf("whitepaper", id)).toMatchObject({ published: false, [ROW_VERSION]: 4 });
    // Restoring the version's words is editing: the publishing stays as it is.
    expect((await editor.from("whitepaper").update({ title: "Edited again", [ROW_VERSION]: 5 }).eq("id", id)).error).toBeNull();
    expect((await editor.rpc("restore_revision", { revision_id: published!.id })).error).toBeNull();
    expect(await rowOf("whitepaper", id)).toMatchObject({ title: "Edited by the editor", published: false, [ROW_VERSION]: 6 });
    expect((await administrator.rpc("restore_revision", { revision_id: published!.id, with_publishing: true })).error).toBeNull();
    expect(await rowOf("whitepaper", id)).toMatchObject({ published: true, [ROW_VERSION]: 7 });
  });
});

// Presence -------------------------------------------------------------------------------------------

describe("Edit leases: who else is editing", () => {
  /** current_editors of a table, for one row (other tests hold leases of their own). */
  async function editorsOf(role: Role, table: string, row: string): Promise<unknown[]> {
    const { data, error } = await clients[role].rpc("current_editors", { target_table: table });
    expect(error).toBeNull();
    return (data as { row_id: string }[]).filter((entry) => entry.row_id === row);
  }

  it("two members see each other on the row and in its table's list; a lease ends when released or after 15 s", async () => {
    const post = await insertRow("blog_posts", { ...CONTENT_TABLES.find((table) => table.table === "blog_posts")!.example.row(next()), published: false });
    const hold = (role: Role) => clients[role].rpc("hold_edit_lease", { target_table: "blog_posts", target_id: post });
    expect((await hold("editor")).data).toEqual([]);
    const [lease] = await backend.sql<{ seconds: number }>("select extract(epoch from expires_at - now())::float as seconds from public.edit_leases where row_id = $1 and user_id = $2", [post, ids.editor]);
    expect(lease!.seconds).toBeGreaterThan(10);
    expect(lease!.seconds).toBeLessThanOrEqual(15);
    expect((await hold("administrator")).data).toEqual([{ user_id: ids.editor, email: EDITOR.email }]);
    expect((await hold("editor")).data).toEqual([{ user_id: ids.admin, email: ADMIN.email }]);
    expect(await editorsOf("editor", "blog_posts", post)).toEqual([{ row_id: post, user_id: ids.admin, email: ADMIN.email }]);
    expect(await editorsOf("editor", "videos", post)).toEqual([]);

    await backend.sql("update public.edit_leases set expires_at = now() - interval '1 second' where user_id = $1", [ids.admin]);
    expect((await hold("editor")).data).toEqual([]);
    expect(await editorsOf("editor", "blog_posts", post)).toEqual([]);

    await hold("administrator");
    expect(await editorsOf("administrator", "blog_posts", post)).toEqual([{ row_id: post, user_id: ids.editor, email: EDITOR.email }]);
    expect((await clients.editor.rpc("release_edit_lease", { target_table: "blog_posts", target_id: post })).error).toBeNull();
    expect((await hold("administrator")).data).toEqual([]);
    expect((await clients.administrator.rpc("release_edit_lease", { target_table: "blog_posts", target_id: post })).error).toBeNull();
    expect(await backend.sql("select * from public.edit_leases where row_id = $1", [post])).toEqual([]);
  });

  it("leases name content tables only, and are read and written through the RPCs only", async () => {
    expect((await clients.editor.rpc("hold_edit_lease", { target_table: "admin_users", target_id: ids.admin })).error?.code).toBe("22023");
    expect((await clients.editor.rpc("current_editors", { target_table: "form_submissions" })).error?.code).toBe("22023");
    const direct = await clients.editor.from("edit_leases").insert({ table_name: "blog_posts", row_id: randomUUID(), user_id: ids.editor, expires_at: "2999-01-01T00:00:00Z" });
    expect(direct.error?.code).toBe("42501");
    const read = await clients.administrator.from("edit_leases").select("*");
    expectRefused(read, PERMISSION_DENIED);
  });
});

describe("Removing a member keeps an account the team did not create", () => {
  /** An account as the team's invitation makes it: invited, never signed in. */
  async function invitedAccount(): Promise<string> {
    const { data, error } = await backend.service().auth.admin.inviteUserByEmail(`invited-${randomUUID().slice(0, 8)}@example.com`);
    if (error) throw error;
    return data.user.id;
  }

  it("an account added without an invitation stays, signed out everywhere; one the invitation created is to be deleted", async () => {
    const existing = await newAccount(null);
    expect((await clients.administrator.rpc("add_team_member", { member_id: existing.id, member_email: existing.email, member_role: "editor" })).data).toMatchObject({ created_account: false });
    const signedIn = await existing.client();
    expect((await clients.administrator.rpc("end_team_membership", { member_id: existing.id })).data).toEqual({ id: existing.id, email: existing.email, delete_account: false });
    expect(await backend.sql("select id from auth.sessions where user_id = $1", [existing.id])).toEqual([]);
    expect((await signedIn.auth.refreshSession()).error).not.toBeNull();

    const invited = await invitedAccount();
    expect((await clients.administrator.rpc("add_team_member", { member_id: invited, member_email: null, member_role: "editor", created_account: true })).data).toMatchObject({ created_account: true });
    expect((await clients.administrator.rpc("end_team_membership", { member_id: invited })).data).toMatchObject({ id: invited, delete_account: true });
  });

  it("only an account the invitation has just created can be recorded as made by the team (22023)", async () => {
    const existing = await newAccount(null);
    await existing.client();
    const refused = await clients.administrator.rpc("add_team_member", { member_id: existing.id, member_email: existing.email, member_role: "editor", created_account: true });
    expect(refused.error).toMatchObject({ code: "22023", message: "Only an account that the invitation has just created can be recorded as made by the team" });
    expect(await backend.sql("select id from public.admin_users where id = $1", [existing.id])).toEqual([]);
  });

  it("an invited account that holds something besides the membership stays", async () => {
    await backend.sql("create table public.two_factor_keepsakes (owner uuid not null references auth.users (id) on delete cascade)");
    // Owned by the database's owner, as a migration's table is.
    await backend.sql("do $$ begin execute format('alter table public.two_factor_keepsakes owner to %I', (select pg_get_userbyid(datdba) from pg_database where datname = current_database())); end $$");
    try {
      const invited = await invitedAccount();
      await clients.administrator.rpc("add_team_member", { member_id: invited, member_email: null, member_role: "editor", created_account: true });
      await backend.sql("insert into public.two_factor_keepsakes (owner) values ($1)", [invited]);
      expect((await clients.administrator.rpc("end_team_membership", { member_id: invited })).data).toMatchObject({ id: invited, delete_account: false });
    } finally {
      await backend.sql("drop table public.two_factor_keepsakes");
    }
  });

  it("the service role (npm run team) removes too; other callers are checked as before", async () => {
    const member = await newAccount("editor");
    expect((await backend.service().rpc("end_team_membership", { member_id: member.id })).data).toEqual({ id: member.id, email: member.email, delete_account: false });
    expect((await backend.anon().rpc("end_team_membership", { member_id: ids.editor })).error?.code).toBe("42501");
  });
});

describe("Revisions are read as their rows are", () => {
  it("every table with a history: an editor reads a row's revisions exactly when they read the row", async () => {
    const tracked = await backend.sql<{ relname: string }>("select c.relname from pg_trigger t join pg_class c on c.oid = t.tgrelid where t.tgname = 'content_history' order by 1");
    const revisionsOf = async (client: SupabaseClient, table: string, id: string) => (await client.from("content_revisions").select("row_id").eq("table_name", table).eq("row_id", id)).data;
    const other = await newAccount("editor");
    const cases: [table: string, id: string, editorReads: boolean][] = [];
    for (const { relname } of tracked) {
      const content = CONTENT_TABLES.find((t) => t.table === relname);
      if (content) {
        const row = await insertRow(relname, { ...content.example.row(next()), ...(content.visibility === "published" ? { published: false } : {}) });
        cases.push([relname, row, !ADMINISTRATORS_ONLY.includes(relname)]);
      } else if (relname === "content_translations") {
        // A draft translation of a draft entry: members read both.
        cases.push([relname, await insertRow(relname, { source_table: "faq_entries", row_id: await faqEntry(), language: "ja", fields: { question: "質問?" } }), true]);
      } else if (relname === "admin_users") {
        cases.push([relname, ids.editor, true], [relname, other.id, false]);
      } else if (relname === "team_settings") {
        // Twice, so the requirement is off again for the editor's reads below.
        await backend.sql("update public.team_settings set require_two_factor = not require_two_factor");
        await backend.sql("update public.team_settings set require_two_factor = not require_two_factor");
        cases.push([relname, "00000000-0000-0000-0000-000000000000", false]);
      } else {
        throw new Error(`${relname} keeps a history: say here who reads its rows, and give its revisions the same rule`);
      }
    }
    for (const [table, id, editorReads] of cases) {
      const rowVisible = (await clients.editor.from(table).select("id").eq("id", id)).data ?? [];
      expect(rowVisible.length > 0, `${table}: the editor reads the row`).toBe(editorReads);
      const revisions = await revisionsOf(clients.editor, table, id);
      expect(revisions!.length > 0, `${table}: the editor reads its revisions`).toBe(editorReads);
      expect((await revisionsOf(clients.administrator, table, id))!.length, `${table}: an administrator reads its revisions`).toBeGreaterThan(0);
    }
  });

  it("the Activity screen's team changes: administrators read every member's, an editor only their own", async () => {
    const account = await newAccount(null);
    await clients.administrator.rpc("add_team_member", { member_id: account.id, member_email: account.email, member_role: "editor" });
    await clients.administrator.rpc("set_team_role", { member_id: account.id, member_role: "administrator" });
    const team = async (client: SupabaseClient) => (await client.from("content_revisions").select("row_id, after").eq("table_name", "admin_users")).data as { row_id: string; after: Row | null }[];
    expect((await team(clients.administrator)).filter((r) => r.row_id === account.id)).toHaveLength(2);
    const seenByEditor = await team(clients.editor);
    expect(seenByEditor.every((r) => r.row_id === ids.editor)).toBe(true);
    expect(JSON.stringify(seenByEditor)).not.toContain(account.email);
  });
});

describe("Edit leases name rows that exist", () => {
  it("a member is refused a lease on an id with no row (P0002); a deleted row is no row either", async () => {
    const missing = await clients.editor.rpc("hold_edit_lease", { target_table: "faq_entries", target_id: randomUUID() });
    expect(missing.error).toMatchObject({ code: "P0002", message: "This item no longer exists" });
    const id = await faqEntry();
    expect((await clients.editor.rpc("hold_edit_lease", { target_table: "faq_entries", target_id: id })).error).toBeNull();
    await backend.sql("delete from public.faq_entries where id = $1", [id]);
    expect((await clients.editor.rpc("hold_edit_lease", { target_table: "faq_entries", target_id: id })).error?.code).toBe("P0002");
  });

  it("who may not read drafts learns nothing: a draft's id and an unknown id get the same refusal", async () => {
    const draft = await faqEntry();
    const guarded = await newAccount("editor");
    await addAuthenticator(backend, guarded);
    const aal1 = await sessionAt(backend, guarded, "aal1");
    for (const client of [clients.user, aal1.client]) {
      const onDraft = await client.rpc("hold_edit_lease", { target_table: "faq_entries", target_id: draft });
      const onNothing = await client.rpc("hold_edit_lease", { target_table: "faq_entries", target_id: randomUUID() });
      expect(onDraft.error?.code).toBe("42501");
      expect(onNothing.error).toEqual(onDraft.error);
    }
  });
});
