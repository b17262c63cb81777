import { createPgliteConnection, type PgliteConnection } from "@supabase/lite/pglite";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queueEmbeddedConnection } from "./connection-queue.ts";

let connection: PgliteConnection;
let kysely: Kysely<unknown>;
const logged: string[] = [];

beforeAll(async () => {
  connection = await createPgliteConnection();
  await queueEmbeddedConnection(connection, (line) => logged.push(line));
  kysely = connection.kysely;
  await connection.driver.exec("create role anon nologin; create role authenticated nologin;");
}, 120_000);
afterAll(() => connection?.close());

/** A promise and the function that settles it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const currentRole = async () => (await connection.driver.query<{ role: string }>("select current_setting('role') as role")).rows[0]!.role;

describe("one queue for the embedded connection", () => {
  it("a statement sent while another caller's transaction is open waits for its end, and never runs with its role", async () => {
    const inside = gate();
    const release = gate();
    const order: string[] = [];
    const transaction = kysely.transaction().execute(async (tx) => {
      await sql`select set_config('role', 'anon', true)`.execute(tx);
      inside.open();
      await release.opened;
      order.push("transaction done");
    });
    await inside.opened;
    const outsider = currentRole().then((role) => {
      order.push("outsider ran");
      return role;
    });
    release.open();
    await transaction;
    expect(await outsider).toBe("none");
    expect(order).toEqual(["transaction done", "outsider ran"]);
  });

  it("PGlite's own transactions and lite's wait for each other", async () => {
    const inside = gate();
    const release = gate();
    const ours = connection.driver.transaction(async (tx) => {
      await tx.query("select set_config('role', 'authenticated', true)");
      inside.open();
      await release.opened;
    });
    await inside.opened;
    const lite = kysely.transaction().execute(async (tx) => (await sql<{ role: string }>`select current_setting('role') as role`.execute(tx)).rows[0]!.role);
    release.open();
    await ours;
    expect(await lite).toBe("none");
  });

  it("a transaction its holder leaves open is rolled back when the holder lets go", async () => {
    await connection.driver.exec("create table if not exists left_open (n int)");
    await kysely.connection().execute(async (db) => {
      await sql`begin`.execute(db);
      await sql`insert into left_open values (1)`.execute(db);
      await sql`select set_config('role', 'anon', true)`.execute(db);
    });
    expect(connection.driver.isInTransaction()).toBe(false);
    expect(await currentRole()).toBe("none");
    expect((await connection.driver.query("select * from left_open")).rows).toEqual([]);
    expect(logged).toContain("[db] a transaction was left open by its holder; rolled back");
  });

  it("lite cannot begin a transaction inside one of ours (its COMMIT would end ours halfway)", async () => {
    await expect(connection.driver.transaction(() => kysely.transaction().execute(async () => {}))).rejects.toThrow("A transaction cannot begin inside another one");
    expect(connection.driver.isInTransaction()).toBe(false);
  });
});
