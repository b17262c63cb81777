import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestBackend, USER, type TestBackend } from "../support/backend.ts";

// Security model (DESIGN.md), as a matrix: every table x every caller x every operation, each case
// asserted from what the API answers and from what the table holds afterwards (read as superuser).
//
//   select published     a published row (project stages: any stage; media and submissions: a row)
//   select unpublished   an unpublished row (project stages: any stage; admin_users: another admin's row)
//   insert               a new row with a client-chosen id
//   update               a published row's field (submissions: handled)
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
  /** The update sent through the API, and a SQL predicate true once it has been applied. */
  patch: Row;
  patched: string;
  /** A special target for select/update/delete (admin_users), instead of a fresh fixture row. */
  target?(operation: Operation): string;
}

// Ids filled in beforeAll.
const ids = { admin: "", user: "", otherAdmin: "", spareUser: "" };
let serial = 0;
const next = () => ++serial;

const published = (extra: (n: number) => Row) => (isPublished: boolean) => ({ ...extra(next()), published: isPublished });
const readPublishedWriteAdmin: Record<Role, Expectation> = {
  anon: [Y, N, N, N, N],
  user: [Y, N, N, N, N],
  admin: [Y, Y, Y, Y, Y],
};

const TABLES: TableCase[] = [
  {
    table: "admin_users",
    expected: { anon: [N, N, N, N, N], user: [N, N, N, N, N], admin: [Y, N, N, N, N] },
    row: () => ({}),
    // A non-admin tries to make themselves an admin; the others try a spare account.
    insertPayload: (role) => ({ id: role === "user" ? ids.user : ids.spareUser }),
    patch: { created_at: "2001-01-01T00:00:00+00:00" },
    patched: "created_at < '2002-01-01'",
    // "published" = the admin's own row (the one row the model lets anyone read), "unpublished" =
    // another admin's row; update and delete aim at the admin's own row.
    target: (operation) => (operation === "select unpublished" ? ids.otherAdmin : ids.admin),
  },
  {
    table: "project_stages",
    expected: { anon: [Y, Y, N, N, N], user: [Y, Y, N, N, N], admin: [Y, Y, Y, Y, Y] },
    row: () => {
      const n = next();
      return { name: `Matrix stage ${n}`, category: n % 2 ? "hardware" : "token", order: 100 + n, progress: 10, completed: false };
    },
    patch: { progress: 55 },
    patched: "progress = 55",
  },
  {
    table: "media_assets",
    expected: { anon: [N, N, N, N, N], user: [N, N, N, N, N], admin: [Y, Y, Y, Y, Y] },
    row: () => {
      const n = next();
      return { url: `https://example.com/media/${n}.png`, filename: `matrix-${n}.png`, type: "image", size: 1024, metadata: { format: "image/png" } };
    },
    patch: { filename: "renamed.png" },
    patched: "filename = 'renamed.png'",
  },
  {
    table: "featured_collections",
    expected: readPublishedWriteAdmin,
    row: published((n) => ({ title: `Matrix collection ${n}`, description: "d", features: ["Gold Contacts"], capacity: "512GB" })),
    patch: { title: "Patched title" },
    patched: "title = 'Patched title'",
  },
  {
    table: "videos",
    expected: readPublishedWriteAdmin,
    row: published((n) => ({ title: `Matrix video ${n}`, description: "d", category: "Tutorial", views: 3 })),
    patch: { title: "Patched title" },
    patched: "title = 'Patched title'",
  },
  {
    table: "interface_previews",
    expected: readPublishedWriteAdmin,
    row: published((n) => ({ title: `Matrix preview ${n}`, description: "d", order: 100 + n })),
    patch: { title: "Patched title" },
    patched: "title = 'Patched title'",
  },
  {
    table: "cartridge_models",
    expected: readPublishedWriteAdmin,
    row: published((n) => ({ title: `Matrix cartridge ${n}`, description: "d", order: 100 + n })),
    patch: { title: "Patched title" },
    patched: "title = 'Patched title'",
  },
  {
    table: "press_quotes",
    expected: readPublishedWriteAdmin,
    row: published((n) => ({ quote: `Matrix quote ${n}`, source: "Matrix Weekly" })),
    patch: { quote: "Patched quote" },
    patched: "quote = 'Patched quote'",
  },
  {
    table: "whitepaper",
    // Versions are never deleted, by anyone.
    expected: { anon: [Y, N, N, N, N], user: [Y, N, N, N, N], admin: [Y, Y, Y, Y, N] },
    row: published((n) => ({
      title: `Matrix whitepaper ${n}`,
      version: `7.${n}`,
      sections: [{ title: "Intro", content: "Text", order: 0 }],
      change_log: ["Initial release"],
    })),
    patch: { title: "Patched title" },
    patched: "title = 'Patched title'",
  },
  {
    table: "blog_posts",
    expected: readPublishedWriteAdmin,
    row: published((n) => ({ title: `Matrix post ${n}`, content: "Some words here.", category: "community" })),
    patch: { title: "Patched title" },
    patched: "title = 'Patched title'",
  },
  {
    table: "form_submissions",
    // Admins read and mark handled; the intake inserts with the service role; nobody deletes.
    expected: { anon: [N, N, N, N, N], user: [N, N, N, N, N], admin: [Y, Y, N, Y, N] },
    row: (isPublished) => {
      const n = next();
      return isPublished
        ? { kind: "waitlist", email: `matrix${n}@example.com`, handled: false }
        : { kind: "contact", email: `matrix${n}@example.com`, name: "Matrix", message: "Hello", handled: false };
    },
    patch: { handled: true },
    patched: "handled",
  },
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

          if (operation === "select published" || operation === "select unpublished") {
            const id = await targetFor(spec, operation);
            const { data, error } = await client.from(table).select("*").eq("id", id);
            if (allowed) {
              expect(error).toBeNull();
              expect(data).toHaveLength(1);
              expect(data![0]).toMatchObject({ id });
            } else {
              // Denied reads either fail (no grant) or come back empty (RLS).
              expect(error === null ? data : []).toEqual([]);
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
              expect(error).not.toBeNull();
              expect(error!.code).toBe("42501");
              expect(await rowExists(table, id)).toBe(existedBefore);
            }
            return;
          }

          const id = await targetFor(spec, operation);

          if (operation === "update") {
            const { data, error } = await client.from(table).update(spec.patch).eq("id", id).select("id");
            const [{ changed }] = (await backend.sql<{ changed: boolean }>(
              `select coalesce((select ${spec.patched} from public.${table} where id = $1), false) as changed`,
              [id],
            )) as [{ changed: boolean }];
            if (allowed) {
              expect(error).toBeNull();
              expect(data).toEqual([{ id }]);
              expect(changed).toBe(true);
            } else {
              expect(error === null ? data : []).toEqual([]);
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
            expect(error === null ? data : []).toEqual([]);
            expect(stillThere).toBe(true);
          }
        });
      }
    });
  }
});

describe("Security details beyond the matrix", () => {
  it("a signed-in user reads only their own admin_users row, which is how the admin check works", async () => {
    const asAdmin = await clients.admin.from("admin_users").select("id");
    expect(asAdmin.error).toBeNull();
    expect(asAdmin.data).toEqual([{ id: ids.admin }]);
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

  it("visitors see only published content: the seeded drafts stay hidden", async () => {
    for (const table of ["blog_posts", "videos", "featured_collections", "press_quotes", "interface_previews", "cartridge_models", "whitepaper"]) {
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
