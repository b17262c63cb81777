import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVER_POOL_SIZE } from "../../supabase/local/db/open.ts";
import { ADMIN, startTestBackend, type TestBackend } from "../support/backend.ts";
import { section } from "../support/documents.ts";

// Many admins at once. On PostgreSQL (the `pg` project) the calls are first held at the RPC's own
// advisory lock until every one is inside the database on its own connection, so they really race
// when it is released; PGlite has one connection and runs them one after another.
const onServer = process.env.RCRT_TEST_DATABASE === "postgres";

let backend: TestBackend;
let admins: SupabaseClient[];

beforeAll(async () => {
  backend = await startTestBackend();
  admins = await Promise.all([0, 1, 2, 3].map(() => backend.signIn(ADMIN.email, ADMIN.password)));
});

afterAll(async () => {
  await backend?.stop();
});

/**
 * Runs `calls` at once. On a server, a transaction holds `lockKey`'s advisory lock until as many
 * calls as lite has connections wait on it in the database, then lets them all go.
 */
async function simultaneously<T>(lockKey: string, calls: (() => PromiseLike<T>)[]): Promise<T[]> {
  if (!onServer) return Promise.all(calls.map((call) => call()));
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

describe("Simultaneous admins", () => {
  it("20 simultaneous publishes of 20 versions leave exactly one published", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const [row] = await backend.sql<{ id: string }>(
        `insert into public.whitepaper (title, version, published, sections, change_log)
         values ('RCRT Whitepaper', $1, false, $2::jsonb, '["Initial release"]') returning id`,
        [`9.${i}`, JSON.stringify([section("Intro", "Text")])],
      );
      ids.push(row!.id);
    }
    const results = await simultaneously(
      "public.whitepaper.published",
      // Each targets its own fresh version (1): publishing another one never touches it first.
      ids.map((id, i) => () => admins[i % admins.length]!.rpc("publish_whitepaper", { whitepaper_id: id, whitepaper_version: 1 })),
    );
    expect(results.map((r) => r.error)).toEqual(ids.map(() => null));
    const published = await backend.sql<{ id: string }>("select id from public.whitepaper where published");
    expect(published).toHaveLength(1);
    expect(ids).toContain(published[0]!.id);
  });

  it("40 simultaneous moves, each at the version its caller read: the stale ones are refused, and the orders stay a permutation of the same items", async () => {
    const before = await backend.sql<{ id: string; order: number; row_version: number }>(`select id, "order", row_version from public.interface_previews order by "order", id`);
    expect(before.length).toBeGreaterThan(2);
    const results = await simultaneously(
      "public.interface_previews.order",
      Array.from({ length: 40 }, (_, i) => () =>
        admins[i % admins.length]!.rpc("move_item", {
          kind: "interface_previews",
          item_id: before[(i * 7) % before.length]!.id,
          direction: i % 3 === 0 ? "down" : "up",
          item_version: before[(i * 7) % before.length]!.row_version,
        }),
      ),
    );
    expect(results.filter((r) => r.error === null).length).toBeGreaterThan(0);
    expect(results.flatMap((r) => (r.error ? [r.error.code] : [])).every((code) => code === "RC409")).toBe(true);
    const after = await backend.sql<{ id: string; order: number }>(`select id, "order" from public.interface_previews order by "order", id`);
    expect(after.map((r) => r.id).sort()).toEqual(before.map((r) => r.id).sort());
    expect(after.map((r) => r.order).sort((a, b) => a - b)).toEqual(before.map((r) => r.order).sort((a, b) => a - b));
    expect(new Set(after.map((r) => r.order)).size).toBe(after.length);
  });
});
