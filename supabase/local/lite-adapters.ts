import type { PgliteConnection } from "@supabase/lite/pglite";

/**
 * Two places where lite 0.10 on PGlite behaves differently from hosted Supabase in ways we depend
 * on, mended from outside (lite is pinned; a lite upgrade must re-check both, and the integration
 * tests that pin them will tell).
 */
interface LiteConnectionInternals {
  rlsState: "unknown" | "active" | "inactive";
  normalizeDbError(error: unknown): unknown;
}

/**
 * On its first request lite creates the request roles and grants them ALL on every table of every
 * schema with RLS, undoing the narrowed grants of our migrations. Our bootstrap already created the
 * roles exactly as Supabase does, so lite is told its RLS context is in place.
 */
export function keepMigrationGrants(connection: PgliteConnection): void {
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
export function reportPostgresErrorCodes(connection: PgliteConnection): void {
  const internals = connection as unknown as LiteConnectionInternals;
  const normalise = internals.normalizeDbError.bind(connection);
  internals.normalizeDbError = (error: unknown) => {
    const pgError = error as { code?: unknown; message?: string; detail?: string; hint?: string } | null;
    const code = pgError?.code;
    if (typeof code !== "string" || !/^[0-9A-Z]{5}$/.test(code) || MAPPED_BY_LITE.test(code)) return normalise(error);
    return Object.assign(new Error(pgError!.message), {
      code: "PGRST",
      message: JSON.stringify({ code, message: pgError!.message, details: pgError!.detail ?? null, hint: pgError!.hint ?? null }),
      detail: JSON.stringify({ status: code === "P0002" ? 404 : 400, headers: {} }),
    });
  };
}
