import { inspect } from "node:util";
import type { PgliteConnection } from "@supabase/lite/pglite";
import type { PostgresConnection } from "@supabase/lite/postgres";

type LiteConnection = PgliteConnection | PostgresConnection;

/**
 * Two places where lite 0.10 on Postgres behaves differently from hosted Supabase in ways we depend
 * on, mended from outside (lite is pinned; a lite upgrade must re-check both, and the integration
 * tests that pin them will tell).
 */
interface LiteConnectionInternals {
  rlsState: "unknown" | "active" | "inactive";
  normalizeDbError(error: unknown): unknown;
  onPostgrestAST(ast: WriteAst, context: unknown): Promise<WriteAst>;
  introspect(options: { useCache: boolean }): Promise<{ columns: { schema?: string; table: string; name: string; pg_type?: string; type?: string }[] }>;
}

/** The parts of lite's parsed REST request that a write carries. */
interface WriteAst {
  type?: string;
  schema?: string;
  from?: string;
  values?: Record<string, unknown> | Record<string, unknown>[];
}

/**
 * On its first request lite creates the request roles and grants them ALL on every table of every
 * schema with RLS, undoing the narrowed grants of our migrations. Our bootstrap already created the
 * roles exactly as Supabase does, so lite is told its RLS context is in place.
 */
export function keepMigrationGrants(connection: LiteConnection): void {
  (connection as unknown as LiteConnectionInternals).rlsState = "active";
}

/** SQLSTATEs (and classes) lite already turns into PostgREST errors with the right status. */
const MAPPED_BY_LITE = /^(42501|23505|23503|25006|23502|42|22|21|55|53|PT|PGRST)/;

/**
 * Lite answers other Postgres errors (a check violation 23514, a RAISE with P0002, ...) as a generic
 * "SUP" error; PostgREST answers them with their SQLSTATE. They are passed on through PostgREST's own
 * `RAISE SQLSTATE 'PGRST'` convention, which lite honours: the message carries the error, the detail
 * its status (404 for "no data found", 400 otherwise, as PostgREST does).
 */
export function reportPostgresErrorCodes(connection: LiteConnection): void {
  const internals = connection as unknown as LiteConnectionInternals;
  const normalise = internals.normalizeDbError.bind(connection);
  internals.normalizeDbError = (error: unknown) => {
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
 * PostgREST stores a JSON string sent for a `json`/`jsonb` column as a JSON string. Lite parses it
 * as JSON text instead (`"{\"a\":1}"` became an object, `"hello"` a syntax error), so each such
 * string is handed to lite in the form that reaches the column as that string: its JSON text,
 * encoded once more, as both engines take a string parameter as JSON text (db/engines.ts).
 */
export function storeJsonStringsAsStrings(connection: LiteConnection): void {
  const internals = connection as unknown as LiteConnectionInternals;
  const original = internals.onPostgrestAST.bind(connection);
  const encode = (text: string) => JSON.stringify(JSON.stringify(text));
  internals.onPostgrestAST = async (ast, context) => {
    if (ast.from && ast.values && ["insert", "upsert", "update"].includes(ast.type ?? "")) {
      const schema = ast.schema ?? "public";
      const { columns } = await internals.introspect({ useCache: true });
      const jsonColumns = new Set(
        columns.filter((c) => c.table === ast.from && (c.schema || "public") === schema && /^jsonb?$/i.test((c.pg_type || c.type || "").trim())).map((c) => c.name),
      );
      if (jsonColumns.size > 0) {
        const rewrite = (row: Record<string, unknown>) =>
          Object.fromEntries(Object.entries(row).map(([name, value]) => [name, jsonColumns.has(name) && typeof value === "string" ? encode(value) : value]));
        ast.values = Array.isArray(ast.values) ? ast.values.map(rewrite) : rewrite(ast.values);
      }
    }
    return original(ast, context);
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
 * Lite writes every refused query to the console with its SQL and parameters. Errors leaving the
 * database are given a one-line rendering (`describeError`), which the console uses wherever lite
 * prints them; `LOG_LEVEL=debug` keeps the whole error.
 */
export function quietDatabaseErrors(connection: LiteConnection, level: LogLevel): void {
  if (level === "debug") return;
  // PGlite's driver methods; on a server lite goes through its pool and reports via normalizeDbError.
  const driver = connection.driver as unknown as Record<"query" | "exec" | "transaction", ((...args: unknown[]) => Promise<unknown>) | undefined>;
  for (const method of ["query", "exec", "transaction"] as const) {
    const original = driver[method]?.bind(driver);
    if (!original) continue;
    driver[method] = async (...args: unknown[]) => {
      try {
        return await original(...args);
      } catch (error) {
        throw renderedOnOneLine(error, level);
      }
    };
  }
  const internals = connection as unknown as LiteConnectionInternals;
  const normalise = internals.normalizeDbError.bind(connection);
  internals.normalizeDbError = (error: unknown) => renderedOnOneLine(normalise(error), level);
}

function renderedOnOneLine<T>(error: T, level: LogLevel): T {
  if (error && typeof error === "object" && Object.isExtensible(error)) {
    Object.defineProperty(error, inspect.custom, { value: () => describeError(error, level), configurable: true });
  }
  return error;
}
