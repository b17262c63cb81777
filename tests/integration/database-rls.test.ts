import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_TABLES } from "../../shared/content-tables.ts";
import type { ContentTable } from "../../shared/content-type.ts";
import { ROW_VERSION } from "../../shared/revisions.ts";
import { ADMIN, startTestBackend, USER, type TestBackend } from "../support/backend.ts";
import { expectRefused, refusalOf } from "../support/refusals.ts";

// The security model (docs/architecture.md), as a matrix: every table x every caller x every
// operation, each case asserted from what the API answers and from what the table holds afterwards
// (read as superuser). The tables and what each caller may do come from shared/content-tables.ts.
//
//   select published     a published row (tables without drafts: any row)
//   select unpublished   an unpublished row (tables without drafts: any row; admin_users: another admin's row)
//   insert               a new row with a client-chosen id
//   update               the table's example change to a published row
//   delete               a published row

type Role = "anon" | "user" | "admin";
type Operation = "select published" | "select unpublished" | "insert" | "update" | "delete";
type Row = Record<string, unknown>;

const ROLES: Role[] = ["anon", "user", "admin"];
const OPERATIONS: Operation[] = ["select published", "select unpublished", "insert", "update", "delete"];
const Y = true;
const N = false;
type Expectation = [boolean, boolean, boolean, boolean, boolean];

interface TableCase {
  table: string;
  /** What each role may do, in OPERATIONS order. */
  expected: Record<Role, Expectation>;
  /** A valid row for the superuser fixtures and (with published false) for the API insert. */
  row(published: boolean): Row;
  /** The API insert's payload for a role, when the default (row(false) plus an id) does not fit. */
  insertPayload?(role: Role): Row;
  /** The update sent through the API; it has been applied when the row contains it. */
  patch: Row;
  /** A special target for select/update/delete (admin_users), instead of a fresh fixture row. */
  target?(operation: Operation): string;
}

// Ids filled in beforeAll.
const ids = { admin: "", user: "", otherAdmin: "", spareUser: "" };
let serial = 0;
const next = () => ++serial;

/** What the security model lets each caller do to a content table, from its declared visibility and admin writes. */
function expectationsOf(table: ContentTable): Record<Role, Expectation> {
  const visitorsRead = table.visibility !== "admins";
  const visitorsReadDrafts = table.visibility === "everyone";
  const { insert, update, delete: remove } = table.adminWrites;
  return {
    anon: [visitorsRead, visitorsReadDrafts, N, N, N],
    user: [visitorsRead, visitorsReadDrafts, N, N, N],
    admin: [Y, Y, insert, update, remove],
  };
}

function caseOf(table: ContentTable): TableCase {
  return {
    table: table.table,
    expected: expectationsOf(table),
    row: (isPublished) => ({ ...table.example.row(next()), ...(table.visibility === "published" ? { published: isPublished } : {}) }),
    patch: table.example.change,
  };
}

const TABLES: TableCase[] = [
  {
    table: "admin_users",
    expected: { anon: [N, N, N, N, N], user: [N, N, N, N, N], admin: [Y, Y, N, N, N] },
    row: () => ({}),
    // A non-admin tries to make themselves an admin; the others try a spare account.
    insertPayload: (role) => ({ id: role === "user" ? ids.user : ids.spareUser }),
    patch: { created_at: "2001-01-01T00:00:00+00:00" },
    // "published" = the admin's own row (every member reads their own), "unpublished" = another
    // admin's row (administrators read the whole team); update and delete aim at the admin's own row.
    target: (operation) => (operation === "select unpublished" ? ids.otherAdmin : ids.admin),
  },
  ...CONTENT_TABLES.map(caseOf),
];

const CASES = TABLES.flatMap((spec) =>
  ROLES.flatMap((role) => OPERATIONS.map((operation, index) => ({ spec, role, operation, allowed: spec.expected[role][index]! }))),
);

let backend: TestBackend;
const clients = {} as Record<Role, SupabaseClient>;

/** Inserts a fixture row as superuser (RLS does not apply) and returns its id. */
async function createRow(spec: TableCase, isPublished: boolean): Promise<string> {
  const row = spec.row(isPublished);
  if (spec.table === "whitepaper" && isPublished) {
    // At most one published version: make room for this one.
    await backend.sql("update public.whitepaper set published = false where published");
  }
  return insertAsSuperuser(spec.table, { id: randomUUID(), ...row });
}

async function insertAsSuperuser(table: string, row: Row): Promise<string> {
  const columns = Object.keys(row).map((c) => `"${c}"`).join(", ");
  const [inserted] = await backend.sql<{ id: string }>(
    `insert into public.${table} (${columns}) select ${columns} from jsonb_populate_record(null::public.${table}, $1::jsonb) returning id`,
    [JSON.stringify(row)],
  );
  return inserted!.id;
}

async function rowExists(table: string, id: string): Promise<boolean> {
  const rows = await backend.sql(`select 1 from public.${table} where id = $1`, [id]);
  return rows.length === 1;
}

async function targetFor(spec: TableCase, operation: Operation): Promise<string> {
  if (spec.target) return spec.target(operation);
  return createRow(spec, operation !== "select unpublished");
}

beforeAll(async () => {
  backend = await startTestBackend();
  const [admin] = await backend.sql<{ id: string }>("select id from auth.users where email = $1", [ADMIN.email]);
  const [user] = await backend.sql<{ id: string }>("select id from auth.users where email = $1", [USER.email]);
  ids.admin = admin!.id;
  ids.user = user!.id;
  // A second administrator and a spare account, created directly (sign-up is off).
  ids.otherAdmin = randomUUID();
  ids.spareUser = randomUUID();
  for (const [id, email] of [
    [ids.otherAdmin, "other-admin@example.com"],
    [ids.spareUser, "spare@example.com"],
  ] as const) {
    await backend.sql("insert into auth.users (id, aud, role, email, email_confirmed_at) values ($1, 'authenticated', 'authenticated', $2, now())", [id, email]);
  }
  await backend.sql("insert into public.admin_users (id) values ($1)", [ids.otherAdmin]);
  clients.anon = backend.anon();
  clients.user = await backend.signIn(USER.email, USER.password);
  clients.admin = await backend.signIn(ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await backend?.stop();
});

describe(`RLS matrix: ${CASES.length} cases (${TABLES.length} tables x ${ROLES.length} callers x ${OPERATIONS.length} operations)`, () => {
  for (const spec of TABLES) {
    describe(spec.table, () => {
      for (const { role, operation, allowed } of CASES.filter((c) => c.spec === spec)) {
        it(`${role}: ${operation} is ${allowed ? "allowed" : "denied"}`, async () => {
          const client = clients[role];
          const table = spec.table;
          /** The refusal a denied case expects: 42501 where the role has no privilege, otherwise no rows. */
          const refusal = refusalOf(table, role === "anon" ? "anon" : "authenticated", operation.startsWith("select") ? "select" : (operation as "insert" | "update" | "delete"));

          if (operation === "select published" || operation === "select unpublished") {
            const id = await targetFor(spec, operation);
            const { data, error } = await client.from(table).select("*").eq("id", id);
            if (allowed) {
              expect(error).toBeNull();
              expect(data).toHaveLength(1);
              expect(data![0]).toMatchObject({ id });
            } else {
              // A denied read fails where the role has no grant (42501), otherwise RLS hides the row.
              expectRefused({ data, error }, refusal);
            }
            expect(await rowExists(table, id)).toBe(true);
            return;
          }

          if (operation === "insert") {
            const payload = spec.insertPayload ? spec.insertPayload(role) : { id: randomUUID(), ...spec.row(false) };
            const id = String(payload.id);
            const existedBefore = await rowExists(table, id);
            const { error } = await client.from(table).insert(payload);
            if (allowed) {
              expect(error).toBeNull();
              expect(await rowExists(table, id)).toBe(true);
            } else {
              expectRefused({ data: null, error }, refusal);
              expect(await rowExists(table, id)).toBe(existedBefore);
            }
            return;
          }

          const id = await targetFor(spec, operation);

          if (operation === "update") {
            // Content rows carry a version: an update sends the one it read plus one.
            const [{ version }] = (await backend.sql<{ version: number | null }>(
              `select (to_jsonb(t) ->> '${ROW_VERSION}')::int as version from public.${table} t where id = $1`,
              [id],
            )) as [{ version: number | null }];
            const patch = { ...spec.patch, ...(version === null ? {} : { [ROW_VERSION]: version + 1 }) };
            const { data, error } = await client.from(table).update(patch).eq("id", id).select("id");
            const [{ changed }] = (await backend.sql<{ changed: boolean }>(
              `select coalesce((select to_jsonb(t) @> $2::jsonb from public.${table} t where id = $1), false) as changed`,
              [id, JSON.stringify(patch)],
            )) as [{ changed: boolean }];
            if (allowed) {
              expect(error).toBeNull();
              expect(data).toEqual([{ id }]);
              expect(changed).toBe(true);
            } else {
              expectRefused({ data, error }, refusal);
              expect(changed).toBe(false);
            }
            return;
          }

          // delete
          const { data, error } = await client.from(table).delete().eq("id", id).select("id");
          const stillThere = await rowExists(table, id);
          if (table === "admin_users" && !stillThere) {
            await backend.sql("insert into public.admin_users (id) values ($1)", [id]); // keep later cases meaningful
          }
          if (allowed) {
            expect(error).toBeNull();
            expect(data).toEqual([{ id }]);
            expect(stillThere).toBe(false);
          } else {
            expectRefused({ data, error }, refusal);
            expect(stillThere).toBe(true);
          }
        });
      }
    });
  }
});

describe("Security details beyond the matrix", () => {
  it("a signed-in non-member reads no admin_users row; an administrator reads the whole team", async () => {
    const asAdmin = await clients.admin.from("admin_users").select("id");
    expect(asAdmin.error).toBeNull();
    expect(asAdmin.data).toEqual(expect.arrayContaining([{ id: ids.admin }, { id: ids.otherAdmin }]));
    expect(asAdmin.data).toHaveLength((await backend.sql("select id from public.admin_users")).length);
    const asUser = await clients.user.from("admin_users").select("id").eq("id", ids.user).maybeSingle();
    expect(asUser.error).toBeNull();
    expect(asUser.data).toBeNull();
  });

  it("admins can change only the handled flag of a form submission", async () => {
    const id = await insertAsSuperuser("form_submissions", { id: randomUUID(), kind: "waitlist", email: "flag@example.com" });
    const { error } = await clients.admin.from("form_submissions").update({ email: "changed@example.com" }).eq("id", id);
    expect(error).not.toBeNull();
    expect(error!.code).toBe("42501");
    const [row] = await backend.sql<{ email: string }>("select email from public.form_submissions where id = $1", [id]);
    expect(row!.email).toBe("flag@example.com");
  });

  it("whitepaper deletes are refused with an error, not silently ignored", async () => {
    const { error } = await clients.admin.from("whitepaper").delete().neq("id", randomUUID());
    expect(error).not.toBeNull();
    expect(error!.code).toBe("42501");
    const [{ count }] = (await backend.sql<{ count: number }>("select count(*)::int as count from public.whitepaper")) as [{ count: number }];
    expect(count).toBeGreaterThanOrEqual(2);
  });

  it("the service role writes form submissions (the form intake's path) and bypasses RLS", async () => {
    const id = randomUUID();
    const { error } = await backend.service().from("form_submissions").insert({ id, kind: "newsletter", email: "svc@example.com" });
    expect(error).toBeNull();
    expect(await rowExists("form_submissions", id)).toBe(true);
  });

  it("every check a policy calls keeps its plans: none is a SQL function that cannot be inlined", async () => {
    // A SQL function that is security definer or pins a setting is planned anew by each statement
    // that calls it (supabase/schemas/01_team.sql says why the checks are PL/pgSQL).
    const calls = await backend.sql<{ policy: string; called: string; language: string; inlinable: boolean }>(
      `select c.relname || ': ' || p.polname as policy, f.oid::regprocedure::text as called, l.lanname as language,
              not f.prosecdef and f.proconfig is null as inlinable
         from pg_policy p
         join pg_class c on c.oid = p.polrelid
         join pg_depend d on d.classid = 'pg_policy'::regclass and d.objid = p.oid and d.refclassid = 'pg_proc'::regclass
         join pg_proc f on f.oid = d.refobjid
         join pg_language l on l.oid = f.prolang`,
    );
    expect(calls.map((call) => call.called)).toEqual(expect.arrayContaining(["is_admin()", "session_meets_assurance()", "is_administrator()"]));
    expect(calls.filter((call) => call.language === "sql" && !call.inlinable)).toEqual([]);
  });

  it("visitors see only published content: the seeded drafts stay hidden", async () => {
    for (const { table } of CONTENT_TABLES.filter((content) => content.visibility === "published")) {
      const { data, error } = await clients.anon.from(table).select("published");
      expect(error).toBeNull();
      expect(data!.length).toBeGreaterThan(0);
      expect(data!.every((row) => row.published === true)).toBe(true);
      const [{ drafts }] = (await backend.sql<{ drafts: number }>(`select count(*)::int as drafts from public.${table} where not published`)) as [
        { drafts: number },
      ];
      expect(drafts).toBeGreaterThan(0);
    }
  });
});
