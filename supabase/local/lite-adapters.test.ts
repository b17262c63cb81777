import { format } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { App } from "@supabase/lite";
import { createPgliteConnection, type PgliteConnection } from "@supabase/lite/pglite";
import { SignJWT } from "jose";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { queueEmbeddedConnection } from "./db/connection-queue.ts";
import { EmbeddedStatements } from "./db/statements.ts";
import {
  describeError,
  keepMigrationGrants,
  lookUpResultParsers,
  oneContextStatement,
  quietDatabaseErrors,
  reportPostgresErrorCodes,
  storeJsonStringsAsStrings,
  VerifiedRestCallers,
} from "./lite-adapters.ts";

// Each patch of lite-adapters.ts, on lite as it is ("lite", which fails once lite no longer does
// what the patch is for: the patch may then go) and on lite as the backend mends it ("mended", which
// fails once the patch no longer takes hold: lite changed where it reaches in).

const SCHEMA = `
  create role anon nologin; create role authenticated nologin; create role service_role nologin bypassrls;
  create table public.t (id int primary key, n int check (n > 0), data jsonb);
  alter table public.t enable row level security;
  create policy anyone_reads on public.t for select to anon using (true);
  create policy anyone_writes on public.t for insert to anon with check (true);
  grant select, insert on public.t to anon;
  create function public.caller() returns jsonb language sql stable as $$ select current_setting('request.jwt.claims', true)::jsonb $$;
  grant execute on function public.caller() to anon, authenticated;
  -- What lite's Auth reads of a caller (a hosted project's tables have more columns), with one signed-in user.
  create schema auth;
  create table auth.users (id uuid primary key);
  create table auth.sessions (id uuid primary key, user_id uuid not null references auth.users (id));
  insert into auth.users values ('0b9f3c1e-5d2a-4c55-9b1e-2f8d7a6c4e10');
  insert into auth.sessions values ('5d0c6a2e-8f1b-4e3a-9c7d-1a2b3c4d5e6f', '0b9f3c1e-5d2a-4c55-9b1e-2f8d7a6c4e10');
  create function public.nothing_here() returns void language plpgsql as $$ begin raise sqlstate 'P0002' using message = 'nothing here'; end $$;
`;

interface Lite {
  connection: PgliteConnection;
  app: App;
  /** The mended App's: the backend hands it the callers whose tokens it verified. */
  callers?: VerifiedRestCallers;
}

const JWT_SECRET = "a-test-secret-of-at-least-thirty-two-characters";

/**
 * An in-memory database with SCHEMA, and lite's App over it (requests without a token run as anon);
 * `mend` patches it as the backend does, and `callers` is handed to its server as the backend's is.
 */
async function lite(mend: (connection: PgliteConnection) => Promise<void>, callers?: VerifiedRestCallers): Promise<Lite> {
  const connection = await createPgliteConnection();
  await connection.driver.waitReady;
  await mend(connection);
  await connection.driver.exec(SCHEMA);
  const app = new App({
    connection,
    auth: { enabled: true, jwt_secret: JWT_SECRET },
    options: { server: { admin: false, disableStudio: true, ...(callers && { middlewares: [callers.middleware] }) } },
  });
  await app.init();
  return { connection, app, callers };
}

let bare: Lite;
let mended: Lite;
beforeAll(async () => {
  [bare, mended] = await Promise.all([
    lite(async () => {}),
    lite(async (connection) => {
      await queueEmbeddedConnection(connection, () => {});
      keepMigrationGrants(connection);
      reportPostgresErrorCodes(connection);
      storeJsonStringsAsStrings(connection);
      quietDatabaseErrors(connection, "info");
      oneContextStatement(connection);
      await lookUpResultParsers(connection.driver);
    }, new VerifiedRestCallers()),
  ]);
}, 240_000);
afterAll(() => Promise.all([bare?.connection.close(), mended?.connection.close()]));
// Lite prints the errors it answers; they are read only where a test asks (loggedWhile).
let consoleError: MockInstance<typeof console.error>;
beforeEach(() => void (consoleError = vi.spyOn(console, "error").mockImplementation(() => {})));
afterEach(() => void vi.restoreAllMocks());

let nextId = 1;
/** POST /rest/v1/t with a fresh id; the answer's status and body. */
async function insert({ app }: Lite, row: { n: number; data?: unknown }): Promise<{ status: number; body: unknown }> {
  const response = await app.fetch(
    new Request("http://localhost/rest/v1/t", { method: "POST", headers: { "Content-Type": "application/json", Prefer: "return=representation" }, body: JSON.stringify({ id: nextId++, ...row }) }),
  );
  return { status: response.status, body: await response.json() };
}

async function anonGrants({ connection }: Lite): Promise<string[]> {
  const { rows } = await connection.driver.query<{ privilege: string }>(
    "select privilege_type as privilege from information_schema.role_table_grants where table_name = 't' and grantee = 'anon' order by 1",
  );
  return rows.map((row) => row.privilege);
}

/** What the console would print for each `console.error` lite makes while `work` runs. */
async function loggedWhile(work: () => Promise<unknown>): Promise<string[]> {
  consoleError.mockClear();
  await work();
  return consoleError.mock.calls.map((call) => format(...call));
}

describe("1. grants (keepMigrationGrants)", () => {
  it("lite: a request as a role grants the request roles everything on a table with RLS", async () => {
    await bare.app.fetch(new Request("http://localhost/rest/v1/t"));
    expect(await anonGrants(bare)).toEqual(expect.arrayContaining(["DELETE", "INSERT", "SELECT", "TRUNCATE", "UPDATE"]));
  });

  it("mended: the migrations' grants stay as they are", async () => {
    await mended.app.fetch(new Request("http://localhost/rest/v1/t"));
    expect(await anonGrants(mended)).toEqual(["INSERT", "SELECT"]);
  });
});

describe("2. error codes (reportPostgresErrorCodes)", () => {
  it("lite: a check violation is a 500 with lite's own code", async () => {
    expect(await insert(bare, { n: -1 })).toMatchObject({ status: 500, body: { code: "SUP" } });
  });

  it("mended: a check violation is PostgREST's 400 with its SQLSTATE, and `no data found` a 404", async () => {
    expect(await insert(mended, { n: -1 })).toMatchObject({ status: 400, body: { code: "23514" } });
    const raised = await mended.app.fetch(new Request("http://localhost/rest/v1/rpc/nothing_here", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" }));
    expect({ status: raised.status, body: await raised.json() }).toMatchObject({ status: 404, body: { code: "P0002", message: "nothing here" } });
  });
});

describe("3. JSON strings (storeJsonStringsAsStrings)", () => {
  it("lite: a JSON string for a jsonb column is read as JSON text", async () => {
    expect(await insert(bare, { n: 1, data: "hello" })).toMatchObject({ status: 400, body: { code: "22P02" } });
    expect(await insert(bare, { n: 1, data: '{"a":1}' })).toMatchObject({ status: 201, body: [{ data: { a: 1 } }] });
  });

  it("mended: it is stored as that string, as PostgREST stores it", async () => {
    expect(await insert(mended, { n: 1, data: "hello" })).toMatchObject({ status: 201, body: [{ data: "hello" }] });
    expect(await insert(mended, { n: 1, data: '{"a":1}' })).toMatchObject({ status: 201, body: [{ data: '{"a":1}' }] });
    expect(await insert(mended, { n: 1, data: { a: 1 } })).toMatchObject({ status: 201, body: [{ data: { a: 1 } }] });
  });
});

describe("4. logs (quietDatabaseErrors)", () => {
  it("lite: a refused write is printed with its SQL and the values sent", async () => {
    const logged = await loggedWhile(() => insert(bare, { n: -1, data: "a visitor's words" }));
    expect(logged.join("\n")).toContain('insert into "t"');
    expect(logged.join("\n")).toContain("a visitor's words");
  });

  it("mended: it is one line naming the SQLSTATE, the table and the constraint, and so is an error of a statement lite runs itself", async () => {
    const logged = await loggedWhile(async () => {
      await insert(mended, { n: -1, data: "a visitor's words" });
      await mended.connection.exec("select * from t where data = '\"a secret\"'::jsonb and nope").catch(() => {});
    });
    expect(logged).toEqual(["database refused a query: SQLSTATE 23514 on public.t (constraint t_n_check)", "database refused a query: SQLSTATE 42703"]);
  });
});

/** A promise and the function that settles it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe("5. one queue for the embedded connection (queueLiteStatements)", () => {
  const role = async (run: Promise<{ rows: { role: string }[] }>) => (await run).rows[0]!.role;

  it("lite: a statement sent while a transaction of lite's is open runs inside it, with its role", async () => {
    const inside = gate();
    const release = gate();
    const transaction = bare.connection.kysely.transaction().execute(async (tx) => {
      await sql`select set_config('role', 'anon', true)`.execute(tx);
      inside.open();
      await release.opened;
    });
    await inside.opened;
    const outsider = await role(sql<{ role: string }>`select current_setting('role') as role`.execute(bare.connection.kysely));
    release.open();
    await transaction;
    expect(outsider).toBe("anon");
  });

  it("mended: lite's own transactions hold the connection, so a statement sent meanwhile waits and runs with no role", async () => {
    const inside = gate();
    const release = gate();
    const request = mended.connection.withContext({ auth: { role: "anon" } }, async (db) => {
      inside.open();
      await release.opened;
      return role(sql<{ role: string }>`select current_setting('role') as role`.execute(db));
    });
    await inside.opened;
    const outsider = role(mended.connection.driver.query<{ role: string }>("select current_setting('role') as role"));
    release.open();
    expect(await request).toBe("anon");
    expect(await outsider).toBe("none");
  });
});

describe("6. one statement for a request's role and claims (oneContextStatement)", () => {
  const vars = { auth: { role: "authenticated", uid: "0b9f3c1e-5d2a-4c55-9b1e-2f8d7a6c4e10", jwt: { role: "authenticated", sub: "0b9f3c1e-5d2a-4c55-9b1e-2f8d7a6c4e10", aal: "aal1" } }, storage: { operation: "object.get" } };
  const SEEN = `select current_user as "user", current_setting('request.jwt.claim.sub') as sub, current_setting('request.jwt.claim.role') as claim_role,
    current_setting('request.jwt.claims') as claims, current_setting('storage.operation') as operation`;

  /**
   * What a request's statement sees of its context, and the statements that set it (those before it
   * naming a setting or the role), sent through PGlite (lite) or the embedded queue's own (mended).
   */
  async function requestContext({ connection }: Lite): Promise<{ seen: Record<string, string>; statements: number }> {
    const sent = [vi.spyOn(connection.driver, "query"), vi.spyOn(EmbeddedStatements.prototype, "query")];
    const seen = await connection.withContext(vars, async (db) => (await sql.raw<Record<string, string>>(SEEN).execute(db)).rows[0]!);
    const statements = sent.flatMap((spy) => spy.mock.calls.map(([text]) => text)).filter((text) => /set_config|set local role/i.test(text) && !text.includes("current_user")).length;
    return { seen, statements };
  }

  const expected = { user: "authenticated", sub: vars.auth.uid, claim_role: "authenticated", claims: JSON.stringify(vars.auth.jwt), operation: "object.get" };

  it("lite: the role, each claim and the Storage operation take a statement each, and the role one more", async () => {
    expect(await requestContext(bare)).toEqual({ seen: expected, statements: 6 });
  });

  it("mended: one statement sets them all, and the request sees the same", async () => {
    expect(await requestContext(mended)).toEqual({ seen: expected, statements: 1 });
  });
});

describe("10. a REST caller's token checked once (VerifiedRestCallers)", () => {
  const claims = { role: "authenticated", sub: "0b9f3c1e-5d2a-4c55-9b1e-2f8d7a6c4e10", session_id: "5d0c6a2e-8f1b-4e3a-9c7d-1a2b3c4d5e6f", aal: "aal1" };
  const signed = (iat: number) => new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setIssuedAt(iat).setExpirationTime(iat + 3600).sign(new TextEncoder().encode(JWT_SECRET));

  /**
   * POST /rest/v1/rpc/caller with a user's session token, as the backend forwards it (having verified
   * the token, it hands the mended App its claims): the claims the database saw, and the statements
   * sent on the way that read the user or the session.
   */
  async function callAs({ app, callers }: Lite, token: string): Promise<{ status: number; seen: unknown; lookups: string[] }> {
    const sent = [vi.spyOn(PGlite.prototype, "query"), vi.spyOn(EmbeddedStatements.prototype, "query")];
    const request = new Request("http://localhost/rest/v1/rpc/caller", { method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: "{}" });
    const [, payload] = token.split(".");
    callers?.hand(request, JSON.parse(Buffer.from(payload!, "base64url").toString("utf8")) as Record<string, unknown>);
    const response = await app.fetch(request);
    const lookups = sent.flatMap((spy) => spy.mock.calls.map(([text]) => String(text))).filter((text) => /"auth"\."(users|sessions)"/.test(text));
    return { status: response.status, seen: await response.json(), lookups };
  }

  it("lite: the user and the session are read for every request, though REST takes the caller from the token", async () => {
    const { status, seen, lookups } = await callAs(bare, await signed(Math.floor(Date.now() / 1000)));
    expect(status).toBe(200);
    expect(seen).toMatchObject(claims);
    expect(lookups.map((text) => /"auth"\."(\w+)"/.exec(text)![1])).toEqual(["users", "sessions"]);
  });

  it("mended: nothing is read, and the request runs as the same caller", async () => {
    const { status, seen, lookups } = await callAs(mended, await signed(Math.floor(Date.now() / 1000)));
    expect({ status, seen, lookups }).toEqual({ status: 200, seen: expect.objectContaining(claims), lookups: [] });
  });

  it("mended: a token issued in the future is left to lite, which refuses it", async () => {
    const { status, seen } = await callAs(mended, await signed(Math.floor(Date.now() / 1000) + 600));
    expect(status).toBe(401);
    expect(seen).toMatchObject({ code: "PGRST303", message: "JWT issued at future" });
  });
});

describe("7. a result's parsers looked up, not copied (lookUpResultParsers)", () => {
  // One value of each kind lite reads: its own parsers (numbers, JSON, dates as text), PGlite's
  // defaults, arrays of each, an array of a type with no parser, and an array of the database's own type.
  const VALUES = `select 42::int4 as int4, array[1, 2]::int4[] as int4s, 9007199254740993::int8 as big, array[1, 2]::int8[] as bigs,
    1.5::numeric as numeric, array[1.5]::numeric[] as numerics, '{"k": [1]}'::jsonb as jsonb, array['{"k": 1}'::jsonb] as jsonbs,
    '{"k": 2}'::json as json, 'x'::text as text, array['a', 'b,c']::text[] as texts, true as bool, array[true, false] as bools,
    0.25::float8 as float8, array[0.5]::float8[] as float8s, '2026-01-02'::date as date, array['2026-01-02'::date] as dates,
    timestamptz '2026-01-02 03:04:05+00' as at, array[timestamptz '2026-01-02 03:04:05+00'] as ats,
    'a0a0a0a0-0000-4000-8000-000000000001'::uuid as uuid, array['a0a0a0a0-0000-4000-8000-000000000001'::uuid] as uuids,
    array['10.0.0.1'::inet] as inets, array[row(1, 2, '{"a": 1}')::public.t] as rows`;
  const read = async ({ connection }: Lite) => (await connection.driver.query(VALUES)).rows[0];

  it("PGlite: each array type of the database has a parser of the instance's own, copied for every result", () => {
    expect(Object.keys(bare.connection.driver.parsers).length).toBeGreaterThan(300);
  });

  it("mended: the instance keeps only the parsers that differ from PGlite's defaults, and every value reads as before", async () => {
    const [before, after] = [await read(bare), await read(mended)];
    expect(after).toEqual(before);
    expect(after).toMatchObject({ int4s: [1, 2], big: 9007199254740993n, bigs: [1, 2], numeric: 1.5, jsonb: { k: [1] }, texts: ["a", "b,c"], at: "2026-01-02 03:04:05+00" });
    expect(Object.keys(mended.connection.driver.parsers).length).toBeLessThan(40);
  });
});

const refused = Object.assign(new Error('duplicate key value violates unique constraint "press_quotes_pkey"'), {
  code: "23505",
  schema: "public",
  table: "press_quotes",
  constraint: "press_quotes_pkey",
  query: "insert into public.press_quotes (quote) values ($1)",
  params: ["a visitor's words"],
});

describe("log lines for refused requests", () => {
  it("name the SQLSTATE, table and constraint on one line, never the SQL or the values", () => {
    const line = describeError(refused, "info");
    expect(line).toBe("database refused a query: SQLSTATE 23505 on public.press_quotes (constraint press_quotes_pkey)");
  });

  it("use the real SQLSTATE of an error passed on through PostgREST's PGRST convention", () => {
    expect(describeError({ code: "PGRST", sqlState: "23514", table: "blog_posts" }, "info")).toBe("database refused a query: SQLSTATE 23514 on blog_posts");
  });

  it("do not quote a parser's message, which holds the request", () => {
    const line = describeError(new Error('"failed to parse filter (secret)" (line 1, column 1)'), "info");
    expect(line).not.toContain("secret");
    expect(line).not.toContain("\n");
  });

  it("show everything at debug", () => {
    const line = describeError(refused, "debug");
    expect(line).toContain("a visitor's words");
    expect(line).toContain("insert into public.press_quotes");
  });
});
