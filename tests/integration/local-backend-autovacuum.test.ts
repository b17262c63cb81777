import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startAutovacuum, vacuumWhereDue } from "../../supabase/local/db/autovacuum.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";

/**
 * The embedded engine has no autovacuum of its own: what a roll-up deletes must not stay in the
 * table for every later query to read.
 */
describe("local backend: the autovacuum pass PGlite lacks", () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend();
  });
  afterAll(() => backend?.stop());

  const pages = async () => (await backend.sql<{ pages: number }>(`select pg_relation_size('private.audience_events') / current_setting('block_size')::int as pages`))[0]!.pages;
  const fillAndEmpty = async () => {
    await backend.sql(
      `insert into private.audience_events (id, occurred_at, day, kind, path, visitor, device)
       select gen_random_uuid(), now(), current_date, 'view', '/', md5(n::text), 'desktop' from generate_series(1, 5000) n`,
    );
    await backend.sql(`delete from private.audience_events`);
  };

  it("vacuums a table whose rows were deleted, and leaves it alone after", async () => {
    await fillAndEmpty();
    expect(await pages()).toBeGreaterThan(10);
    // Statistics reach the pass once the session flushes them, within a second or so.
    await vi.waitFor(
      async () => {
        await vacuumWhereDue(backend.backend.db);
        expect(await pages()).toBe(0);
      },
      { timeout: 10_000, interval: 250 },
    );
    expect(await vacuumWhereDue(backend.backend.db)).not.toContain("private.audience_events");
  });

  it("a stop during a pass lets the table under way finish and starts no other: the rest wait for the next pass", async () => {
    await fillAndEmpty();
    expect(await vacuumWhereDue(backend.backend.db, () => true)).toEqual([]);
    expect(await pages()).toBeGreaterThan(10);
    const passes: string[][] = [];
    await vi.waitFor(
      async () => {
        let tables = 0;
        passes.push(await vacuumWhereDue(backend.backend.db, () => tables++ >= 1));
        expect(await pages()).toBe(0);
      },
      { timeout: 10_000, interval: 250 },
    );
    for (const pass of passes) expect(pass.length).toBeLessThanOrEqual(1);
  });

  it("runs on its own every interval until stopped", async () => {
    await fillAndEmpty();
    const autovacuum = startAutovacuum(backend.backend.db, () => {}, 200);
    try {
      await vi.waitFor(async () => expect(await pages()).toBe(0), { timeout: 10_000, interval: 250 });
    } finally {
      await autovacuum.stop();
    }
  });
});
