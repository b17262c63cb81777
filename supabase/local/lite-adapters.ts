import { createHash } from "node:crypto";
import { inspect } from "node:util";
import { types, type PGlite, type QueryOptions, type Transaction } from "@electric-sql/pglite";
import type { ServerOptions } from "@supabase/lite";
import { PgliteConnection } from "@supabase/lite/pglite";
import type { PostgresConnection } from "@supabase/lite/postgres";
import type { JWTPayload } from "jose";
import { CompiledQuery, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type Driver } from "kysely";

/*
 * Every place where this backend replaces a part of `@supabase/lite` from outside (lite is pinned in
 * package.json; 0.10.0). Seven patches, each below with why, whether it is a lite bug (then its
 * smallest reproduction) and what it replaces; lite-adapters.test.ts has, for each, a test that lite
 * still behaves as the patch assumes (it fails once lite is fixed or changed, and the patch should
 * go) and one that the patch mends it (it fails once the patch no longer takes hold):
 *
 *   1. keepMigrationGrants        sets lite's private `rlsState` (this backend's one cast into lite)
 *   2. reportPostgresErrorCodes   wraps the connection's `normalizeDbError`
 *   3. storeJsonStringsAsStrings  wraps the connection's `onPostgrestAST`
 *   4. quietDatabaseErrors        wraps `normalizeDbError` and PGlite's statement methods
 *   5. queueLiteStatements        replaces the query builder `kysely` and wraps PGlite's statement methods
 *   6. oneContextStatement        replaces the private `applyJwtSessionContext` (the second cast)
 *   7. lookUpResultParsers        moves PGlite's parsers of built-in array types to its defaults
 *
 * And one thing our code reads as lite writes it: how it stores a mailed code (storedCodeDigest).
 * Lite's options mend the rest (its email driver, mailbox.ts; the types of its connection to a
 * server, JSON_TEXT_TYPES in db/engines.ts; its server's middlewares, VerifiedRestCallers below);
 * what no option reaches, lite's own work on each REST read, is mended in its installed code
 * (lite-mends.ts); the README lists those too.
 */

type LiteConnection = PgliteConnection | PostgresConnection;

/** Runs each of PGlite's statement methods inside `around`: lite's, ours and the tests' statements all go through them. */
function aroundStatements(pg: PGlite, around: <T>(statement: () => Promise<T>) => Promise<T>): void {
  const query = pg.query.bind(pg);
  const exec = pg.exec.bind(pg);
  const transaction = pg.transaction.bind(pg);
  pg.query = <T>(text: string, params?: unknown[], options?: QueryOptions) => around(() => query<T>(text, params, options));
  pg.exec = (text: string, options?: QueryOptions) => around(() => exec(text, options));
  pg.transaction = <T>(work: (tx: Transaction) => Promise<T>) => around(() => transaction(work));
}

/**
 * 1. Grants. On its first request as a role, lite creates the request roles and grants them ALL on
 * every table and sequence of every schema that has a table with RLS (`ensureRlsContext`), undoing
 * the narrowed grants of our migrations (hosted Supabase never grants again). Not a lite bug: it
 * readies a bare database so that RLS alone decides; ours already has Supabase's roles and grants
 * (db/bootstrap.ts). Lite is told, through its private `rlsState` flag, that it has done so.
 */
export function keepMigrationGrants(connection: LiteConnection): void {
  (connection as unknown as { rlsState: "unknown" | "active" | "inactive" }).rlsState = "active";
}

/** SQLSTATEs (and classes) lite already turns into PostgREST errors with the right status. */
const MAPPED_BY_LITE = /^(42501|23505|23503|25006|23502|42|22|21|55|53|PT|PGRST)/;

/**
 * 2. Error codes. A lite bug: lite answers Postgres errors outside the classes it maps (a check
 * violation 23514, a `RAISE` with P0001 or P0002, ...) with 500 and its own code "SUP"; PostgREST
 * answers them with 400 (404 for P0002, "no data found") and their SQLSTATE, which the back office
 * shows messages by. Smallest reproduction:
 *   create table t (n int check (n > 0));  -- then POST /rest/v1/t {"n": -1}
 *   lite: 500 {"code":"SUP",...}           PostgREST: 400 {"code":"23514",...}
 * They are passed on through PostgREST's own `RAISE SQLSTATE 'PGRST'` convention, which lite honours:
 * the message carries the error, the detail its status.
 */
export function reportPostgresErrorCodes(connection: LiteConnection): void {
  const normalise = connection.normalizeDbError.bind(connection);
  connection.normalizeDbError = (error: unknown) => {
    const pgError = error as { code?: unknown; message?: string; detail?: string; hint?: string } | null;
    const code = pgError?.code;
    if (typeof code !== "string" || !/^[0-9A-Z]{5}$/.test(code) || MAPPED_BY_LITE.test(code)) return normalise(error);
    return Object.assign(new Error(pgError!.message), {
      // What the one-line log shows (see describeError): the real SQLSTATE and where it failed.
      sqlState: code,
      table: (error as PostgresErrorFields).table,
      schema: (error as PostgresErrorFields).schema,
      constraint: (error as PostgresErrorFields).constraint,
      code: "PGRST",
      message: JSON.stringify({ code, message: pgError!.message, details: pgError!.detail ?? null, hint: pgError!.hint ?? null }),
      detail: JSON.stringify({ status: code === "P0002" ? 404 : 400, headers: {} }),
    });
  };
}

/**
 * 3. JSON strings. A lite bug: PostgREST stores a JSON string sent for a `json`/`jsonb` column as a
 * JSON string; lite sends it to Postgres as JSON text. Smallest reproduction:
 *   create table t (data jsonb);  -- then POST /rest/v1/t {"data": "hello"}, and {"data": "{\"a\":1}"}
 *   lite: 400 22P02 "invalid input syntax for type json", and the object {"a":1}
 *   PostgREST: the strings "hello" and "{\"a\":1}"
 * Before lite plans a write (`onPostgrestAST`), each such string is handed on in the form that reaches
 * the column as that string: its JSON text, encoded once more, as both engines take a string
 * parameter as JSON text (db/engines.ts).
 */
export function storeJsonStringsAsStrings(connection: LiteConnection): void {
  const original = connection.onPostgrestAST.bind(connection);
  const encode = (text: string) => JSON.stringify(JSON.stringify(text));
  connection.onPostgrestAST = async (ast) => {
    if (ast.from && ast.values && ["insert", "upsert", "update"].includes(ast.type ?? "")) {
      const schema = ast.schema ?? "public";
      const { columns } = await connection.introspect({ useCache: true });
      const jsonColumns = new Set(
        columns.filter((c) => c.table === ast.from && (c.schema || "public") === schema && /^jsonb?$/i.test((c.pg_type || c.type || "").trim())).map((c) => c.name),
      );
      if (jsonColumns.size > 0) {
        const rewrite = (row: object) =>
          Object.fromEntries(Object.entries(row).map(([name, value]) => [name, jsonColumns.has(name) && typeof value === "string" ? encode(value) : value]));
        ast.values = Array.isArray(ast.values) ? ast.values.map(rewrite) : rewrite(ast.values);
      }
    }
    return original(ast);
  };
}

export type LogLevel = "info" | "debug";

interface PostgresErrorFields {
  sqlState?: unknown;
  code?: unknown;
  message?: unknown;
  detail?: unknown;
  schema?: unknown;
  table?: unknown;
  constraint?: unknown;
  query?: unknown;
  params?: unknown;
}

/**
 * One line for an error, naming what failed but no request values: a Postgres error carries the
 * query and its parameters (what a visitor typed), and its message often quotes a value. At "debug"
 * the whole error is shown.
 */
export function describeError(error: unknown, level: LogLevel): string {
  if (level === "debug") return inspect(error, { depth: 3, breakLength: Infinity });
  const fields = (error && typeof error === "object" ? error : {}) as PostgresErrorFields;
  const sqlState = fields.sqlState ?? fields.code;
  if (typeof sqlState === "string" && /^[0-9A-Z]{5}$/.test(sqlState) && sqlState !== "PGRST") {
    const where = typeof fields.table === "string" ? ` on ${typeof fields.schema === "string" ? `${fields.schema}.` : ""}${fields.table}` : "";
    const constraint = typeof fields.constraint === "string" ? ` (constraint ${fields.constraint})` : "";
    return `database refused a query: SQLSTATE ${sqlState}${where}${constraint}`;
  }
  // A programming error's message names code; any other (a parser's "failed to parse filter (...)")
  // quotes the request, so only its kind is shown.
  if (error instanceof TypeError || error instanceof RangeError || error instanceof ReferenceError) return `${error.name}: ${error.message.split("\n")[0]}`;
  return `request refused: ${error instanceof Error ? error.name : typeof error} (LOG_LEVEL=debug shows the details)`;
}

/**
 * 4. Logs. Lite writes every refused query to the console (`console.error` of the error from
 * `normalizeDbError`, and of PGlite's own error where lite runs a statement itself), with its SQL and
 * parameters: what a visitor typed. Not a lite bug: a development server's choice. Errors leaving
 * the database are given a one-line rendering (`describeError`), which the console uses wherever lite
 * prints them; `LOG_LEVEL=debug` keeps the whole error. On a server lite's errors pass through
 * `normalizeDbError` only.
 */
export function quietDatabaseErrors(connection: LiteConnection, level: LogLevel): void {
  if (level === "debug") return;
  if (connection instanceof PgliteConnection) {
    aroundStatements(connection.driver, async <T>(statement: () => Promise<T>) => {
      try {
        return await statement();
      } catch (error) {
        throw renderedOnOneLine(error, level);
      }
    });
  }
  const normalise = connection.normalizeDbError.bind(connection);
  connection.normalizeDbError = (error: unknown) => renderedOnOneLine(normalise(error), level);
}

function renderedOnOneLine<T>(error: T, level: LogLevel): T {
  if (error && typeof error === "object" && Object.isExtensible(error)) {
    Object.defineProperty(error, inspect.custom, { value: () => describeError(error, level), configurable: true });
  }
  return error;
}

/**
 * 5. One queue for the embedded connection (db/connection-queue.ts). A lite bug: PGlite has one
 * connection, and lite's query builder on it hands every caller that same connection with no lock,
 * so concurrent requests interleave their statements, and a transaction's role and JWT claims
 * (settings of the connection) apply to another request's statements. Smallest reproduction:
 *   const c = await createPgliteConnection();
 *   c.kysely.transaction().execute(async (tx) => { await sql`select set_config('role', 'anon', true)`.execute(tx); await pause; });
 *   await sql`select current_setting('role')`.execute(c.kysely);  // 'anon', while the transaction is open
 * Lite's query builder (its public `kysely`, which lite reads on each use) is replaced by one over
 * `driver`, which holds the connection from acquire to release, and PGlite's own statement methods
 * (lite's `exec`, our code, the tests) run through `exclusive`. Call before lite's App is built.
 */
export function queueLiteStatements(connection: PgliteConnection, driver: Driver, exclusive: <T>(statement: () => Promise<T>) => Promise<T>): void {
  aroundStatements(connection.driver, exclusive);
  connection.kysely = new Kysely({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
}

/** What lite passes the method that sets a request's role and claims (its `VarsContext`, the parts read). */
interface RequestVars {
  auth?: { role?: string; uid?: unknown; jwt?: unknown };
  storage?: { operation?: string };
}

type ApplyRequestContext = (tx: Kysely<unknown>, vars: RequestVars, setRole: boolean) => Promise<void>;

/** The settings, as lite makes them; the second also sets the whole claims, which lite leaves unset when a request has none. */
const CONTEXT_SETTINGS = "select set_config('role', $1, true), set_config('request.jwt.claim.sub', $2, true), set_config('request.jwt.claim.role', $1, true), set_config('storage.operation', $3, true)";
const CONTEXT_SETTINGS_WITH_CLAIMS = `${CONTEXT_SETTINGS}, set_config('request.jwt.claims', $4, true)`;

/**
 * 6. One statement for a request's role and claims. Not a lite bug, a cost: in each request's
 * transaction lite sets the role, the subject, the role claim, the Storage operation and the whole
 * claims with a `set_config` statement each, and then `SET LOCAL ROLE` again: six round trips before
 * the query (on the embedded database about a millisecond each, most of what lite adds to a REST read).
 * The same settings are made in one `SELECT` of the same `set_config` calls, in lite's order;
 * setting `role` is what `SET LOCAL ROLE` does, so that statement is not repeated. Lite's method is
 * private (`applyJwtSessionContext`): this is the backend's second cast into lite.
 */
export function oneContextStatement(connection: LiteConnection): void {
  const apply: ApplyRequestContext = async (tx, vars) => {
    const role = vars.auth?.role || "anon";
    const claims = vars.auth?.jwt;
    const settings = [role, String(vars.auth?.uid ?? ""), String(vars.storage?.operation ?? "")];
    // Sent as it is written: a statement built and compiled by the query builder on every request cost more than sending it.
    await tx.executeQuery(
      claims && typeof claims === "object" ? CompiledQuery.raw(CONTEXT_SETTINGS_WITH_CLAIMS, [...settings, JSON.stringify(claims)]) : CompiledQuery.raw(CONTEXT_SETTINGS, settings),
    );
  };
  (connection as unknown as { applyJwtSessionContext: ApplyRequestContext }).applyJwtSessionContext = apply;
}

/** A column's parser as PGlite keeps them, by type OID. */
type ValueParser = (text: string, typeId: number) => unknown;

/** The first OID a database gives a type of its own: every lower one is built in, the same in every database. */
const FIRST_OWN_OID = 16384;

/**
 * 7. A result's parsers are looked up, not copied. Not a lite bug, a cost of PGlite (pinned by lite's
 * range; 0.4): each statement's result is parsed with a copy of the instance's parsers
 * (`{...pg.parsers, ...options.parsers}`), and PGlite gives every array type of the database a parser
 * of its own at start (344 parsers on ours), so the copy outweighs a small statement's own work.
 * Smallest reproduction: on a fresh `new PGlite()` (316 parsers), 4,000 times
 * `query("select $1::int as a, 'x'::text as b", [i])` take 140-186 µs each; with `pg.parsers` set to
 * PGlite's 23 defaults, 75-89 µs. A value whose type is not in the copy is parsed by PGlite's
 * defaults (`types.parsers`, one table for the process). A built-in array type whose elements the
 * instance parses as the defaults do reads the same in every database (built-in OIDs are fixed), so
 * its parser is put among the defaults, and the instance keeps only what differs from them: lite's
 * own parsers (numbers, JSON, dates as text), arrays of those, and arrays of the database's own types.
 * Call once PGlite is ready.
 */
export async function lookUpResultParsers(pg: PGlite): Promise<void> {
  const defaults = types.parsers as Record<number, ValueParser | undefined>;
  const own = pg.parsers as Record<number, ValueParser | undefined>;
  const { rows } = await pg.query<{ element: number; array: number }>(
    `select oid::int as element, typarray::int as array from pg_catalog.pg_type where typarray <> 0 and oid < ${FIRST_OWN_OID} and typarray < ${FIRST_OWN_OID}`,
  );
  for (const { element, array } of rows) {
    if (own[element] !== defaults[element] || !(array in own)) continue;
    // An element with no parser stays text in the array, as PGlite's own array parser leaves it.
    defaults[array] ??= (text) => types.arrayParser(text, defaults[element] as Parameters<typeof types.arrayParser>[1], array);
    delete own[array];
  }
  for (const key of Object.keys(own).map(Number)) if (own[key] === defaults[key]) delete own[key];
}

/**
 * How lite stores a mailed one-time code in a token column of `auth.users` (`reauthentication_token`
 * among them): the hex SHA-256 of the lower-cased address followed by the code. The Auth gateway
 * claims a reauthentication code itself (auth/gateway.ts); that this still matches what lite stores
 * is pinned by tests/integration/local-backend-hardening.test.ts (a password change with the code
 * that `GET /reauthenticate` mailed).
 */
export function storedCodeDigest(email: string, code: string): string {
  return createHash("sha256").update(email.toLowerCase() + code).digest("hex");
}

/**
 * A REST caller's token checked once (README, "What it patches in lite"; not a lite bug, a cost).
 * For a bearer token that is not the API key (a user's session), lite checks the token twice per
 * request, in its Auth middleware and again in REST's own check, and the Auth middleware also reads
 * the user and the session from `auth.users` and `auth.sessions`: two statements and two signature
 * checks, whose outcome REST does not use (the middleware refuses nothing on `/rest/v1`, and REST's
 * check takes the caller from the token alone, as PostgREST does; the policies check the session,
 * `session_meets_assurance`). The backend has verified the token already (keys.ts, once per token
 * until it expires), so it hands lite the caller it found the way lite's API-key middleware hands
 * over a key's claims (`jwt`, `userId`, `sessionId`, `ignoreAuthorization`), through the middlewares
 * lite's server takes. Only for `/rest/v1`: `/auth/v1` keeps lite's own reading of the user and the
 * session. A token issued in the future is left to lite, which refuses it (PGRST303).
 */
type LiteMiddleware = NonNullable<ServerOptions["middlewares"]>[number];

export class VerifiedRestCallers {
  readonly #callers = new WeakMap<Request, JWTPayload>();

  /** Hands `request`'s caller, verified by the backend, to lite. */
  hand(request: Request, claims: JWTPayload): void {
    if (typeof claims.iat === "number" && claims.iat > Math.floor(Date.now() / 1000)) return;
    this.#callers.set(request, claims);
  }

  readonly middleware: LiteMiddleware = async (context, next) => {
    const claims = this.#callers.get(context.req.raw);
    if (claims && context.req.path.startsWith("/rest/v1/")) {
      context.set("jwt", claims);
      context.set("ignoreAuthorization", true);
      if (typeof claims.sub === "string") context.set("userId", claims.sub);
      if (typeof claims.session_id === "string") context.set("sessionId", claims.session_id);
    }
    await next();
  };
}
