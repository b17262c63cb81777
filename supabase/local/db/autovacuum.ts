import type { Queryable } from "./engines.ts";

/**
 * PGlite runs Postgres in single-user mode, where the autovacuum launcher never starts: deleted and
 * updated rows stay in their tables and statistics go stale, and a query over a table that once held
 * many rows reads every dead one. (A million audience events rolled up and deleted made the
 * dashboard's figures six times slower until a vacuum.) So the embedded engine gets the pass that
 * Postgres's autovacuum makes on a server, on its default thresholds, from outside.
 */

/** Postgres's defaults: autovacuum_vacuum_threshold, _scale_factor and autovacuum_analyze_*. */
const VACUUM_THRESHOLD = 50;
const VACUUM_SCALE_FACTOR = 0.2;
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE_FACTOR = 0.1;
/** autovacuum_naptime's default. */
export const AUTOVACUUM_INTERVAL_MS = 60_000;

/**
 * Vacuums (and analyzes) every table past the thresholds, and analyzes those with enough changed
 * rows since their last analysis, one table at a time until `stopped` says so; returns the tables it
 * vacuumed or analyzed, schema-qualified.
 */
export async function vacuumWhereDue(db: Queryable, stopped: () => boolean = () => false): Promise<string[]> {
  const { rows } = await db.query<{ name: string; vacuum: boolean }>(
    `select format('%I.%I', schemaname, relname) as name,
            n_dead_tup > $1::float8 + $2::float8 * n_live_tup as vacuum
       from pg_stat_all_tables
      where schemaname not in ('pg_catalog', 'information_schema', 'pg_toast')
        and (n_dead_tup > $1::float8 + $2::float8 * n_live_tup or n_mod_since_analyze > $3::float8 + $4::float8 * n_live_tup)
      order by n_dead_tup desc`,
    [VACUUM_THRESHOLD, VACUUM_SCALE_FACTOR, ANALYZE_THRESHOLD, ANALYZE_SCALE_FACTOR],
  );
  const done: string[] = [];
  for (const table of rows) {
    if (stopped()) break;
    await db.exec(table.vacuum ? `vacuum (analyze) ${table.name}` : `analyze ${table.name}`);
    done.push(table.name);
  }
  return done;
}

/**
 * Runs `vacuumWhereDue` every `intervalMs` until stopped; a pass that fails is logged and the next one
 * tries again. A stop lets the table being vacuumed finish and leaves the rest to the next start's pass.
 */
export function startAutovacuum(db: Queryable, log: (line: string) => void, intervalMs = AUTOVACUUM_INTERVAL_MS): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    running = running.then(async () => {
      try {
        await vacuumWhereDue(db, () => stopped);
      } catch (error) {
        log(`[db] autovacuum pass failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
  }, intervalMs);
  timer.unref();
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
      return running;
    },
  };
}
