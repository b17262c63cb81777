import type { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import type { EmbeddedConnection } from "./connection-queue.ts";

/** What our code asks of a database, whichever engine serves it. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Runs a script of several statements, without parameters (migrations, seed). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  /** Commits when `work` resolves, rolls back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * The embedded engine: PGlite has one connection, which every statement waits for in one queue
 * (connection-queue.ts), so a transaction has it to itself from begin to end; statements are sent as
 * lite's are (statements.ts).
 */
export function pgliteDatabase(pg: PGlite, { exclusive, statements }: EmbeddedConnection): Database {
  const holder: Queryable = {
    query: async (sql, params = []) => ({ rows: (await statements.query(sql, params)).rows as never[] }),
    exec: (sql) => statements.simple(sql),
  };
  return {
    query: (sql, params) => exclusive(() => holder.query(sql, params)),
    exec: (sql) => exclusive(() => holder.exec(sql)),
    transaction: (work) =>
      exclusive(async () => {
        statements.begin();
        try {
          const result = await work(holder);
          await statements.end("COMMIT");
          return result;
        } catch (error) {
          await statements.end("ROLLBACK");
          throw error;
        }
      }),
    close: () => pg.close(),
  };
}

/**
 * A string sent for a `json`/`jsonb` parameter is JSON text, as PGlite takes it, not a value to
 * encode again. Lite's own connection to a server gets these too (database.ts), so an RPC's JSON
 * argument, which lite sends as JSON text, reaches the function as the value it was on both engines.
 */
export const JSON_TEXT_TYPES = {
  json: { to: 114, from: [114], serialize: jsonText, parse: (v: string) => JSON.parse(v) as unknown },
  jsonb: { to: 3802, from: [3802], serialize: jsonText, parse: (v: string) => JSON.parse(v) as unknown },
};

/**
 * Values come back as they do from PGlite under lite (its parsers): counts as numbers, JSON parsed,
 * dates and times as the server's text.
 */
const TYPES = {
  bigint: { to: 20, from: [20], serialize: (v: unknown) => String(v), parse: (v: string) => (Number.isSafeInteger(Number(v)) ? Number(v) : BigInt(v)) },
  ...JSON_TEXT_TYPES,
  numeric: { to: 1700, from: [1700], serialize: (v: unknown) => String(v), parse: (v: string) => (Number.isFinite(Number(v)) && String(Number(v)) === v ? Number(v) : v) },
  date: { to: 1082, from: [1082], serialize: String, parse: (v: string) => v },
  time: { to: 1083, from: [1083], serialize: String, parse: (v: string) => v },
  timestamp: { to: 1114, from: [1114], serialize: String, parse: (v: string) => v },
  timestamptz: { to: 1184, from: [1184], serialize: String, parse: (v: string) => v },
  timetz: { to: 1266, from: [1266], serialize: String, parse: (v: string) => v },
};

function jsonText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** A PostgreSQL server through postgres.js: a pool, so transactions really run side by side. */
export function postgresDatabase(url: string, options: { max?: number } = {}): Database {
  const sql = postgres(url, { max: options.max ?? 10, onnotice: () => {}, connection: { TimeZone: "UTC" }, types: TYPES });
  const on = (runner: postgres.Sql | postgres.TransactionSql): Queryable => ({
    query: async <T>(text: string, params: unknown[] = []) => ({
      rows: await runner.unsafe<T[]>(text, params as postgres.ParameterOrJSON<never>[]).catch(withPgliteFields),
    }),
    exec: async (text) => void (await runner.unsafe(text).simple().catch(withPgliteFields)),
  });
  return {
    ...on(sql),
    transaction: async (work) => (await sql.begin((tx) => work(on(tx)))) as Awaited<ReturnType<typeof work>>,
    close: () => sql.end({ timeout: 5 }),
  };
}

/** postgres.js names an error's table and constraint differently from PGlite; both are offered. */
function withPgliteFields(error: unknown): never {
  if (error instanceof postgres.PostgresError) {
    Object.assign(error, { table: error.table_name, schema: error.schema_name, constraint: error.constraint_name, column: error.column_name });
  }
  throw error;
}
