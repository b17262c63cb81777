import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simultaneously } from "../support/simultaneously.ts";
import { ADMIN, startTestBackend, type TestBackend } from "../support/backend.ts";
import { section } from "../support/documents.ts";

// Many admins at once, on PostgreSQL (the `pg` project): the calls are first held at the RPC's own
// advisory lock until every one is inside the database on its own connection, so they really race
// when it is released.

let backend: TestBackend;
let admins: SupabaseClient[];

beforeAll(async () => {
  backend = await startTestBackend();
  admins = await Promise.all([0, 1, 2, 3].map(() => backend.signIn(ADMIN.email, ADMIN.password)));
});

afterAll(async () => {
  await backend?.stop();
});

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
      backend,
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
      backend,
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
