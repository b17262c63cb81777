import { SERVER_POOL_SIZE } from "../../supabase/local/db/open.ts";
import type { TestBackend } from "./backend.ts";

/**
 * Runs `calls` at once on a backend on a PostgreSQL server (the `pg` project): a transaction holds
 * `lockKey`'s advisory lock until as many calls as lite has connections wait on it in the database,
 * each on its own connection, then lets them all go, so that they really race.
 */
export async function simultaneously<T>(backend: TestBackend, lockKey: string, calls: (() => PromiseLike<T>)[]): Promise<T[]> {
  let results: Promise<T[]> = Promise.resolve([]);
  await backend.backend.db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock(hashtextextended($1, 0))", [lockKey]);
    results = Promise.all(calls.map((call) => call()));
    const expected = Math.min(calls.length, SERVER_POOL_SIZE);
    const deadline = Date.now() + 20_000;
    for (;;) {
      const [{ waiting }] = (await backend.sql<{ waiting: number }>(
        "select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event = 'advisory'",
      )) as [{ waiting: number }];
      if (waiting >= expected) break;
      if (Date.now() > deadline) throw new Error(`only ${waiting} of ${expected} calls reached the lock`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  return results;
}
