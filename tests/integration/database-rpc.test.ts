import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ADMIN, startTestBackend, USER, type TestBackend } from "../support/backend.ts";
import { doc, section } from "../support/documents.ts";

// The back office's invariants, enforced in the database (docs/architecture.md):
//   publish_whitepaper(whitepaper_id, whitepaper_version) / unpublish_whitepaper(whitepaper_id, whitepaper_version)
//   move_item(kind, item_id, direction, item_version) / move_stage(stage_id, direction, stage_version)
// Each takes the version of the row the caller read (stale versions: database-team.test.ts).

const ACCESS_DENIED = "Access denied. Admin privileges required.";

let backend: TestBackend;
let anon: SupabaseClient;
let user: SupabaseClient;
let admin: SupabaseClient;

interface Version {
  id: string;
  version: string;
  published: boolean;
}

async function createVersion(version: string, published = false): Promise<string> {
  const [row] = await backend.sql<{ id: string }>(
    `insert into public.whitepaper (title, version, published, sections, change_log)
     values ('RCRT Whitepaper', $1, $2, $3::jsonb, '["Initial release"]') returning id`,
    [version, published, JSON.stringify([section("Intro", "Text")])],
  );
  return row!.id;
}

async function publishedVersions(): Promise<Version[]> {
  return backend.sql<Version>("select id, version, published from public.whitepaper where published");
}

/** The row's current version, as a caller that just read it would send it (1 for an unknown row). */
async function versionOf(table: string, id: string): Promise<number> {
  const [row] = await backend.sql<{ row_version: number }>(`select row_version from public.${table} where id = $1`, [id]);
  return row?.row_version ?? 1;
}

async function rpcAt(client: SupabaseClient, name: "publish_whitepaper" | "unpublish_whitepaper", id: string) {
  return client.rpc(name, { whitepaper_id: id, whitepaper_version: await versionOf("whitepaper", id) });
}

async function move(kind: string, id: string, direction: string) {
  return kind === "project_stages"
    ? admin.rpc("move_stage", { stage_id: id, direction, stage_version: await versionOf(kind, id) })
    : admin.rpc("move_item", { kind, item_id: id, direction, item_version: await versionOf(kind, id) });
}

async function orders(table: string, where = "true"): Promise<{ id: string; order: number }[]> {
  return backend.sql<{ id: string; order: number }>(`select id, "order" from public.${table} where ${where} order by "order", id`);
}

beforeAll(async () => {
  backend = await startTestBackend();
  anon = backend.anon();
  user = await backend.signIn(USER.email, USER.password);
  admin = await backend.signIn(ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await backend?.stop();
});

describe("Whitepaper: publishing a version first unpublishes all other versions", () => {
  it("publish_whitepaper publishes one version, unpublishes the others and returns the row", async () => {
    // Its own published version, whatever earlier tests left published or not.
    const earlier = await createVersion("1.5");
    await rpcAt(admin, "publish_whitepaper", earlier);
    expect((await publishedVersions()).map((v) => v.id)).toEqual([earlier]);
    const id = await createVersion("2.0");
    const { data, error } = await rpcAt(admin, "publish_whitepaper", id);
    expect(error).toBeNull();
    expect(data).toMatchObject({ id, version: "2.0", published: true });
    expect(await publishedVersions()).toEqual([{ id, version: "2.0", published: true }]);
  });

  it("publishing the version that is already published keeps it the only one", async () => {
    const id = await createVersion("2.1");
    await rpcAt(admin, "publish_whitepaper", id);
    const { error } = await rpcAt(admin, "publish_whitepaper", id);
    expect(error).toBeNull();
    expect((await publishedVersions()).map((v) => v.id)).toEqual([id]);
  });

  it("two concurrent publishes leave exactly one version published", async () => {
    const first = await createVersion("3.0");
    const second = await createVersion("3.1");
    const otherAdmin = await backend.signIn(ADMIN.email, ADMIN.password);
    const results = await Promise.all([
      rpcAt(admin, "publish_whitepaper", first),
      rpcAt(otherAdmin, "publish_whitepaper", second),
    ]);
    // Both calls are serialised; neither may leave two published versions behind.
    expect(results.some((r) => r.error === null)).toBe(true);
    const published = await publishedVersions();
    expect(published).toHaveLength(1);
    expect([first, second]).toContain(published[0]!.id);
  });

  it("a burst of concurrent publishes still leaves exactly one", async () => {
    const versions = await Promise.all(["4.0", "4.1", "4.2", "4.3", "4.4"].map((v) => createVersion(v)));
    const results = await Promise.all(versions.map((id) => rpcAt(admin, "publish_whitepaper", id)));
    expect(results.filter((r) => r.error === null).length).toBeGreaterThan(0);
    const published = await publishedVersions();
    expect(published).toHaveLength(1);
    expect(versions).toContain(published[0]!.id);
  });

  it("unpublishing only clears that version's flag", async () => {
    const id = await createVersion("5.0");
    await rpcAt(admin, "publish_whitepaper", id);
    const before = await backend.sql<{ id: string; title: string; sections: unknown }>("select id, title, sections from public.whitepaper order by id");
    const { data, error } = await rpcAt(admin, "unpublish_whitepaper", id);
    expect(error).toBeNull();
    expect(data).toMatchObject({ id, published: false });
    expect(await publishedVersions()).toEqual([]);
    expect(await backend.sql("select id, title, sections from public.whitepaper order by id")).toEqual(before);
  });

  it("publishing an unknown version is an error and changes nothing", async () => {
    const id = await createVersion("5.1");
    await rpcAt(admin, "publish_whitepaper", id);
    const { error } = await rpcAt(admin, "publish_whitepaper", randomUUID());
    expect(error).not.toBeNull();
    expect(error!.message).toMatch(/not found/);
    expect((await publishedVersions()).map((v) => v.id)).toEqual([id]);
  });
});

describe("Whitepaper: at most one published version, whatever path a write takes", () => {
  it("an admin's direct update publishing a second version is refused by the unique index", async () => {
    const current = await createVersion("6.0");
    await rpcAt(admin, "publish_whitepaper", current);
    const other = await createVersion("6.1");
    const { error } = await admin.from("whitepaper").update({ published: true, row_version: await versionOf("whitepaper", other) + 1 }).eq("id", other);
    expect(error).not.toBeNull();
    expect(error!.code).toBe("23505");
    expect(error!.message).toContain("whitepaper_one_published_idx");
    expect((await publishedVersions()).map((v) => v.id)).toEqual([current]);
  });

  it("an insert of a second published version is refused too, even by the superuser", async () => {
    const current = await createVersion("6.2");
    await rpcAt(admin, "publish_whitepaper", current);
    const apiInsert = await admin.from("whitepaper").insert({ title: "Direct", version: "6.3", published: true });
    expect(apiInsert.error?.code).toBe("23505");
    await expect(createVersion("6.4", true)).rejects.toThrow(/whitepaper_one_published_idx/);
    expect((await publishedVersions()).map((v) => v.id)).toEqual([current]);
  });

  it("the two-step client path (unpublish all others, then publish) works", async () => {
    const target = await createVersion("6.5");
    const [live] = await publishedVersions();
    const off = await admin.from("whitepaper").update({ published: false, row_version: await versionOf("whitepaper", live!.id) + 1 }).eq("id", live!.id);
    expect(off.error).toBeNull();
    const on = await admin.from("whitepaper").update({ published: true, row_version: await versionOf("whitepaper", target) + 1 }).eq("id", target);
    expect(on.error).toBeNull();
    expect((await publishedVersions()).map((v) => v.id)).toEqual([target]);
  });
});

describe("Whitepaper: the public page shows the published version with the highest version", () => {
  it("versions order as versions: 1.10 above 1.9 above 1.2", async () => {
    const ids = { "1.2": await createVersion("1.2"), "1.9": await createVersion("1.9"), "1.10": await createVersion("1.10") };
    const { data, error } = await admin
      .from("whitepaper")
      .select("id, version")
      .in("id", Object.values(ids))
      .order("version_key", { ascending: false });
    expect(error).toBeNull();
    expect(data!.map((row) => row.version)).toEqual(["1.10", "1.9", "1.2"]);
    // (Ordering by the text column would put 1.9 first, which is why version_key exists.)
    const asText = await admin.from("whitepaper").select("version").in("id", Object.values(ids)).order("version", { ascending: false });
    expect(asText.data!.map((row) => row.version)).toEqual(["1.9", "1.2", "1.10"]);
  });

  it("a visitor's 'latest published' query returns the published version, and never a draft", async () => {
    const draft = await createVersion("99.0");
    const live = await createVersion("10.10");
    await rpcAt(admin, "publish_whitepaper", live);
    const { data, error } = await anon
      .from("whitepaper")
      .select("id, version, sections, change_log")
      .eq("published", true)
      .order("version_key", { ascending: false })
      .limit(1)
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ id: live, version: "10.10", change_log: ["Initial release"] });
    expect(data!.sections).toEqual([{ title: "Intro", content: doc("Text"), order: 0 }]);
    expect(data!.id).not.toBe(draft);
  });
});

describe("RPCs are for admins only", () => {
  const calls: [string, () => Record<string, unknown>][] = [
    ["publish_whitepaper", () => ({ whitepaper_id: "70000000-0000-4000-8000-000000000002", whitepaper_version: 1 })],
    ["unpublish_whitepaper", () => ({ whitepaper_id: "70000000-0000-4000-8000-000000000001", whitepaper_version: 1 })],
    ["move_item", () => ({ kind: "interface_previews", item_id: "e0000000-0000-4000-8000-000000000002", direction: "up", item_version: 1 })],
    ["move_stage", () => ({ stage_id: "5a000000-0000-4000-8000-000000000003", direction: "up", stage_version: 1 })],
  ];
  const snapshot = () =>
    backend.sql(
      `select (select json_agg(json_build_object('id', id, 'published', published) order by id) from public.whitepaper) as whitepaper,
              (select json_agg(json_build_object('id', id, 'order', "order") order by id) from public.interface_previews) as previews,
              (select json_agg(json_build_object('id', id, 'order', "order") order by id) from public.project_stages) as stages`,
    );

  for (const [name, args] of calls) {
    it(`${name}: a signed-in non-admin gets 42501 "${ACCESS_DENIED}" and nothing changes`, async () => {
      const before = await snapshot();
      const { data, error } = await user.rpc(name, args());
      expect(data).toBeNull();
      expect(error).toMatchObject({ code: "42501", message: ACCESS_DENIED });
      expect(await snapshot()).toEqual(before);
    });

    it(`${name}: a visitor may not even execute it (42501) and nothing changes`, async () => {
      const before = await snapshot();
      const { data, error } = await anon.rpc(name, args());
      expect(data).toBeNull();
      expect(error?.code).toBe("42501");
      expect(await snapshot()).toEqual(before);
    });
  }
});

describe("Reordering: the item and its neighbour swap their order values", () => {
  const KINDS = ["interface_previews", "cartridge_models"] as const;

  beforeEach(async () => {
    // Four items a gallery list, orders 0..3 (as seeded).
    for (const kind of KINDS) {
      await backend.sql(`update public.${kind} t set "order" = r.position from
        (select id, (row_number() over (order by "order", id) - 1)::int as position from public.${kind}) r where t.id = r.id`);
    }
  });

  for (const kind of KINDS) {
    it(`${kind}: moving an item up swaps it with the one before`, async () => {
      const before = await orders(kind);
      const { data, error } = await move(kind, before[2]!.id, "up");
      expect(error).toBeNull();
      expect(data).toBe(true);
      const after = await orders(kind);
      expect(after.map((r) => r.id)).toEqual([before[0]!.id, before[2]!.id, before[1]!.id, ...before.slice(3).map((r) => r.id)]);
      expect(after.map((r) => r.order)).toEqual(before.map((r) => r.order));
    });

    it(`${kind}: moving an item down swaps it with the one after`, async () => {
      const before = await orders(kind);
      const { data, error } = await move(kind, before[0]!.id, "down");
      expect(error).toBeNull();
      expect(data).toBe(true);
      expect((await orders(kind)).map((r) => r.id)).toEqual([before[1]!.id, before[0]!.id, ...before.slice(2).map((r) => r.id)]);
    });

    it(`${kind}: moving the first item up or the last item down changes nothing`, async () => {
      const before = await orders(kind);
      const first = await move(kind, before[0]!.id, "up");
      expect(first.error).toBeNull();
      expect(first.data).toBe(false);
      const last = await move(kind, before.at(-1)!.id, "down");
      expect(last.error).toBeNull();
      expect(last.data).toBe(false);
      expect(await orders(kind)).toEqual(before);
    });
  }

  it("equal orders are broken by id, so a move still takes effect deterministically", async () => {
    await backend.sql(`update public.interface_previews set "order" = 0`);
    const before = await orders("interface_previews"); // by order, then id
    const { data } = await move("interface_previews", before[2]!.id, "up");
    expect(data).toBe(true);
    const after = await orders("interface_previews");
    expect(after.map((r) => r.id)).toEqual([before[0]!.id, before[2]!.id, before[1]!.id, before[3]!.id]);
    expect(after.map((r) => r.order)).toEqual([0, 1, 2, 3]);
  });

  it("a list without an order column or an unknown direction is refused with a clear message", async () => {
    const [item] = await orders("interface_previews");
    const kind = await move("videos", item!.id, "up");
    expect(kind.error).toMatchObject({ code: "22023" });
    expect(kind.error!.message).toMatch(/order column/);
    const direction = await move("interface_previews", item!.id, "left");
    expect(direction.error).toMatchObject({ code: "22023" });
    expect(direction.error!.message).toMatch(/up or down/);
  });
});

describe("Reordering: stages are reordered within their own category", () => {
  beforeEach(async () => {
    // Hardware 0..4 and token 0..4 as seeded, plus a token stage whose order sits right after the
    // last hardware stage's, to tempt a move across categories.
    await backend.sql(`delete from public.project_stages where name like 'Cross %'`);
    for (const category of ["hardware", "token"]) {
      await backend.sql(
        `update public.project_stages t set "order" = r.position from
          (select id, (row_number() over (order by "order", id) - 1)::int as position from public.project_stages where category = $1) r
         where t.id = r.id`,
        [category],
      );
    }
    await backend.sql(`insert into public.project_stages (name, category, "order", progress) values ('Cross token', 'token', 5, 0)`);
    await backend.sql(`update public.project_stages set "order" = "order" + 10 where category = 'token'`); // token: 10..15
  });

  it("moving a stage up swaps it with the previous stage of the same category", async () => {
    const hardware = await orders("project_stages", "category = 'hardware'");
    const token = await orders("project_stages", "category = 'token'");
    const { data, error } = await move("project_stages", hardware[3]!.id, "up");
    expect(error).toBeNull();
    expect(data).toBe(true);
    const after = await orders("project_stages", "category = 'hardware'");
    expect(after.map((r) => r.id)).toEqual([hardware[0]!.id, hardware[1]!.id, hardware[3]!.id, hardware[2]!.id, hardware[4]!.id]);
    expect(await orders("project_stages", "category = 'token'")).toEqual(token);
  });

  it("the last stage of a category moved down stays put, even when the other category follows it", async () => {
    const all = await orders("project_stages");
    const hardware = all.filter((_, i) => i < 5);
    const { data, error } = await move("project_stages", hardware[4]!.id, "down");
    expect(error).toBeNull();
    expect(data).toBe(false);
    expect(await orders("project_stages")).toEqual(all);
  });

  it("the first stage of a category moved up stays put, even when the other category precedes it", async () => {
    const all = await orders("project_stages");
    const firstToken = (await orders("project_stages", "category = 'token'"))[0]!;
    const { data, error } = await move("project_stages", firstToken.id, "up");
    expect(error).toBeNull();
    expect(data).toBe(false);
    expect(await orders("project_stages")).toEqual(all);
  });

  it("a whole run of moves never changes which stages belong to which category's orders", async () => {
    const hardwareIds = new Set((await orders("project_stages", "category = 'hardware'")).map((r) => r.id));
    const token = await orders("project_stages", "category = 'token'");
    for (const direction of ["down", "down", "down", "down", "down", "up", "up"]) {
      const current = await orders("project_stages", "category = 'hardware'");
      await move("project_stages", current[0]!.id, direction);
    }
    const hardware = await orders("project_stages", "category = 'hardware'");
    expect(new Set(hardware.map((r) => r.id))).toEqual(hardwareIds);
    expect(hardware.map((r) => r.order)).toEqual([0, 1, 2, 3, 4]);
    expect(await orders("project_stages", "category = 'token'")).toEqual(token);
  });

  it("an unknown stage is an error", async () => {
    const { error } = await move("project_stages", randomUUID(), "up");
    expect(error).not.toBeNull();
    expect(error!.message).toMatch(/not found/);
  });
});
