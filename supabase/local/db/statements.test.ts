import { PGlite } from "@electric-sql/pglite";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { EmbeddedStatements } from "./statements.ts";

let pg: PGlite;

beforeAll(async () => {
  pg = await PGlite.create();
  await pg.exec(`
    create table kinds (id int primary key, j json, jb jsonb, tags text[], counts int[], raw bytea, at timestamptz, yes boolean, amount numeric, big int8, note text);
    create table checked (n int check (n > 0));
    create table deferred (id int primary key, parent int references deferred (id) deferrable initially deferred);
  `);
  // Starting a database takes seconds, many more on a busy machine.
}, 120_000);

afterAll(() => pg.close());
// Each test counts the rows it wrote, in whatever order the tests run (`--sequence.shuffle`).
beforeEach(async () => void (await pg.exec("delete from checked; delete from deferred")));
afterEach(() => void vi.restoreAllMocks());

const preparedCount = async () => (await pg.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements")).rows[0]!.n;

describe("embedded statements", () => {
  it("write and read every kind of value as PGlite's own query does, new, being prepared and prepared", async () => {
    const statements = new EmbeddedStatements(pg);
    const insert = "insert into kinds values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning *";
    const read = "select * from kinds where id = $1";
    const values = (id: number) => [id, { a: [1, "two"] }, { b: { c: null } }, ["x", "y,z", 'q"uote'], [1, 2, 3], new Uint8Array([0, 255, 7]), new Date("2026-11-26T10:00:00.123Z"), true, "12.50", 9007199254740993n, null];
    for (const id of [1, 2, 3]) {
      const ours = await statements.query(insert, values(id));
      const theirs = await pg.query(read, [id]);
      expect(ours.rows).toEqual(theirs.rows);
      expect(ours.affectedRows).toBe(1);
      expect((await statements.query(read, [id])).rows).toEqual(theirs.rows);
    }
    expect((await statements.query(read, [1])).rows[0]).toMatchObject({ j: { a: [1, "two"] }, tags: ["x", "y,z", 'q"uote'], counts: [1, 2, 3], raw: new Uint8Array([0, 255, 7]), yes: true, big: 9007199254740993n, note: null });
    const updated = await statements.query("update kinds set note = $1 where id > $2", ["later", 1]);
    expect(updated.affectedRows).toBe(2);
  });

  it("prepare a statement the second time it is seen, and never one seen once", async () => {
    const statements = new EmbeddedStatements(pg);
    const before = await preparedCount();
    await statements.query("select $1::int + 1 as n", [1]);
    expect(await preparedCount()).toBe(before);
    await statements.query("select $1::int + 1 as n", [2]);
    const third = await statements.query<{ n: number }>("select $1::int + 1 as n", [3]);
    expect(third.rows).toEqual([{ n: 4 }]);
    const prepared = await pg.query<{ statement: string }>("select statement from pg_prepared_statements where statement = 'select $1::int + 1 as n'");
    expect(prepared.rows).toHaveLength(1);
  });

  it("keep at most 256 statements prepared, closing the least recently used", async () => {
    const statements = new EmbeddedStatements(pg);
    const before = await preparedCount();
    for (let round = 0; round < 2; round++) {
      for (let n = 0; n < 300; n++) await statements.query(`select ${n} + $1::int as n`, [round]);
    }
    // The closes of the last statements forgotten go out with the next statement.
    await statements.query("select 1", []);
    expect((await preparedCount()) - before).toBeLessThanOrEqual(256);
    expect((await statements.query<{ n: number }>("select 299 + $1::int as n", [1])).rows).toEqual([{ n: 300 }]);
  });

  it("refuse with Postgres's code, and take the next statement, new or prepared, in or out of a transaction", async () => {
    const statements = new EmbeddedStatements(pg);
    await expect(statements.query("selec 1", [])).rejects.toMatchObject({ code: "42601" });
    await expect(statements.query("select * from nowhere where id = $1", [1])).rejects.toMatchObject({ code: "42P01" });
    const insert = "insert into checked values ($1)";
    await statements.query(insert, [1]);
    await statements.query(insert, [2]);
    await expect(statements.query(insert, [-1])).rejects.toMatchObject({ code: "23514" });
    await expect(statements.query(insert, ["not a number"])).rejects.toMatchObject({ code: "22P02" });
    statements.begin();
    await expect(statements.query(insert, [-2])).rejects.toMatchObject({ code: "23514" });
    await expect(statements.query(insert, [3])).rejects.toMatchObject({ code: "25P02" });
    await statements.end("ROLLBACK");
    await statements.query(insert, [4]);
    expect((await pg.query("select n from checked order by n")).rows).toEqual([{ n: 1 }, { n: 2 }, { n: 4 }]);
  });

  it("report an error at COMMIT, leaving nothing behind", async () => {
    const statements = new EmbeddedStatements(pg);
    statements.begin();
    await statements.query("insert into deferred values ($1, $2)", [1, 99]);
    await expect(statements.end("COMMIT")).rejects.toMatchObject({ code: "23503" });
    expect(pg.isInTransaction()).toBe(false);
    expect((await statements.query("select count(*)::int as n from deferred", [])).rows).toEqual([{ n: 0 }]);
  });

  it("prepare a statement again once the schema changed its result: at once outside a transaction, at the next attempt inside one", async () => {
    const statements = new EmbeddedStatements(pg);
    await pg.exec("create table growing (id int); insert into growing values (1)");
    const read = "select * from growing where id = $1";
    await statements.query(read, [1]);
    await statements.query(read, [1]);
    await pg.exec("alter table growing add column label text default 'new'");
    expect((await statements.query(read, [1])).rows).toEqual([{ id: 1, label: "new" }]);

    await statements.query(read, [1]);
    await pg.exec("alter table growing add column size int default 2");
    statements.begin();
    await expect(statements.query(read, [1])).rejects.toMatchObject({ code: "0A000" });
    await statements.end("ROLLBACK");
    statements.begin();
    expect((await statements.query(read, [1])).rows).toEqual([{ id: 1, label: "new", size: 2 }]);
    await statements.end("COMMIT");
  });

  it("send a transaction's BEGIN with its first statement, and nothing for a transaction without one", async () => {
    const statements = new EmbeddedStatements(pg);
    const read = "select count(*)::int as n from checked where n > $1";
    await statements.query(read, [0]);
    await statements.query(read, [0]);
    const calls = vi.spyOn(pg, "execProtocolStream");
    statements.begin();
    expect(statements.inTransaction()).toBe(true);
    expect(pg.isInTransaction()).toBe(false);
    await statements.query("insert into checked values ($1)", [7]);
    expect((await statements.query<{ n: number }>(read, [6])).rows).toEqual([{ n: 1 }]);
    await statements.end("ROLLBACK");
    // The insert, the read and the ROLLBACK: BEGIN went with the insert, which was new (two calls).
    expect(calls).toHaveBeenCalledTimes(4);
    expect((await statements.query<{ n: number }>(read, [6])).rows).toEqual([{ n: 0 }]);

    calls.mockClear();
    statements.begin();
    await statements.end("COMMIT");
    expect(calls).not.toHaveBeenCalled();
    expect(statements.inTransaction()).toBe(false);
  });

  it("forget a BEGIN not sent when its holder lets go, and refuse one inside a transaction", async () => {
    const statements = new EmbeddedStatements(pg);
    statements.begin();
    expect(() => statements.begin()).toThrow("A transaction cannot begin inside another one on the embedded connection");
    statements.abandon();
    await statements.query("insert into checked values ($1)", [8]);
    expect(pg.isInTransaction()).toBe(false);
    expect((await pg.query("select count(*)::int as n from checked where n = 8")).rows).toEqual([{ n: 1 }]);
  });
});
