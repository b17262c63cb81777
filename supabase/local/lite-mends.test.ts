import { existsSync, readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { App } from "@supabase/lite";
import { createPgliteConnection, type PgliteConnection } from "@supabase/lite/pglite";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LITE_MENDS, liteFiles, mendLiteSource, mendMarker, REMEMBERED_TRANSLATIONS, type SourceMend } from "./lite-mends.ts";

// The mends of lite's installed code (lite-mends.ts): that the install made them, that they are
// refused when lite's code is not what they expect, and that lite answers every read the same with
// them as without (lite as shipped, kept beside it, serves the same requests over the same data).

const SCHEMA = `
  create role anon nologin; create role authenticated nologin; create role service_role nologin bypassrls;
  create table public.t (id int primary key, n int not null, label text, data jsonb, big bigint);
  alter table public.t enable row level security;
  -- Anonymous callers read the rows with n under 5; signed-in callers read them all: one URL, two answers.
  create policy anon_reads on public.t for select to anon using (n < 5);
  create policy members_read on public.t for select to authenticated using (true);
  create policy anyone_writes on public.t for insert to anon with check (true);
  grant select, insert on public.t to anon; grant select on public.t to authenticated;
  insert into public.t select i, i, 'row ' || i, jsonb_build_object('a', i), i * 10000000000 from generate_series(1, 8) as i;
  create schema auth;
  create table auth.users (id uuid primary key);
  create table auth.sessions (id uuid primary key, user_id uuid not null references auth.users (id));
  insert into auth.users values ('0b9f3c1e-5d2a-4c55-9b1e-2f8d7a6c4e10');
  insert into auth.sessions values ('5d0c6a2e-8f1b-4e3a-9c7d-1a2b3c4d5e6f', '0b9f3c1e-5d2a-4c55-9b1e-2f8d7a6c4e10');
`;
const JWT_SECRET = "a-test-secret-of-at-least-thirty-two-characters";

interface Served {
  connection: PgliteConnection;
  app: App;
}

/** An in-memory database with SCHEMA and an App of `lite` (lite's module: as shipped, or as installed) over it. */
async function serve(lite: { App: typeof App }): Promise<Served> {
  const connection = await createPgliteConnection();
  await connection.driver.waitReady;
  await connection.driver.exec(SCHEMA);
  const app = new lite.App({ connection, auth: { enabled: true, jwt_secret: JWT_SECRET }, options: { server: { admin: false, disableStudio: true } } });
  await app.init();
  return { connection, app };
}

interface Answer {
  status: number;
  headers: Record<string, string | null>;
  body: string;
}

const SHOWN_HEADERS = ["content-type", "content-range", "content-location", "preference-applied"];

async function ask({ app }: Served, method: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await app.fetch(new Request(`http://localhost/rest/v1/${path}`, { method, headers }));
  return { status: response.status, headers: Object.fromEntries(SHOWN_HEADERS.map((name) => [name, response.headers.get(name)])), body: await response.text() };
}

let shipped: Served;
let mended: Served;
let memberToken: string;
beforeAll(async () => {
  const asShipped = (await import(pathToFileURL(liteFiles().asShipped).href)) as { App: typeof App };
  [shipped, mended] = await Promise.all([serve(asShipped), serve(await import("@supabase/lite"))]);
  memberToken = await new SignJWT({ sub: "0b9f3c1e-5d2a-4c55-9b1e-2f8d7a6c4e10", session_id: "5d0c6a2e-8f1b-4e3a-9c7d-1a2b3c4d5e6f", role: "authenticated", aud: "authenticated" })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt()
    .setExpirationTime("1h")
    .sign(new TextEncoder().encode(JWT_SECRET));
}, 240_000);
afterAll(() => Promise.all([shipped?.connection.close(), mended?.connection.close()]));

describe("the installed lite", () => {
  it("is lite as shipped with every mend made, and says so on its first line", () => {
    const { installed, asShipped } = liteFiles();
    expect(existsSync(asShipped)).toBe(true);
    const code = readFileSync(installed, "utf8");
    expect(code.split("\n", 1)[0]).toBe(mendMarker());
    expect(code).toBe(mendLiteSource(readFileSync(asShipped, "utf8")));
  });
});

describe("mendLiteSource", () => {
  const mend: SourceMend = { name: "example", why: "a test", prelude: "var rcrtExample=1;", replacements: [["let a=1;", "let a=2;"]] };

  it("replaces each text and puts the preludes after the marker", () => {
    expect(mendLiteSource("x();let a=1;y();", [mend])).toBe(`${mendMarker([mend])}\nvar rcrtExample=1;\nx();let a=2;y();`);
  });

  it("refuses lite's code when a text is missing or found twice, naming the mend", () => {
    expect(() => mendLiteSource("x();", [mend])).toThrow(/"example" expects its text once in lite's code, found it 0 times/);
    expect(() => mendLiteSource("let a=1;let a=1;", [mend])).toThrow(/"example" expects its text once in lite's code, found it 2 times/);
  });

  it("uses each replacement as written, `$` and all", () => {
    expect(mendLiteSource("let a=1;", [{ ...mend, prelude: undefined, replacements: [["let a=1;", "let a=`$&$1`;"]] }])).toBe(`${mendMarker([mend])}\n\nlet a=\`$&$1\`;`);
  });

  it("names every mend of the installed lite", () => {
    expect(LITE_MENDS.map((m) => m.name)).toEqual(["readTranslationsRemembered", "responseTypesOncePerSchema", "rowsJsonWithoutReplacer"]);
  });
});

describe("answers with the mends are lite's own", () => {
  const member = () => ({ Authorization: `Bearer ${memberToken}` });
  const reads: Array<[method: string, path: string, headers?: () => Record<string, string>]> = [
    ["GET", "t?select=*&order=id.desc&limit=3&offset=0", () => ({ Prefer: "count=exact" })],
    ["GET", "t?select=*&order=id.desc&limit=3&offset=3", () => ({ Prefer: "count=exact" })],
    ["GET", "t?select=*&order=id.desc&limit=3&offset=0", () => ({ ...member(), Prefer: "count=exact" })],
    ["GET", "t?select=id,label&n=eq.3"],
    ["GET", "t?select=id,label&n=eq.4"],
    ["GET", "t?select=id,data->a,big&n=gt.1&order=n.asc"],
    ["GET", "t?select=*&or=(n.eq.1,label.eq.row%202)"],
    ["GET", "t?select=*&offset=20", () => ({ Prefer: "count=exact" })],
    ["GET", "t?select=id", () => ({ Range: "1-2", Prefer: "count=exact" })],
    ["GET", "t?select=id,n", () => ({ Accept: "text/csv" })],
    ["GET", "t?id=eq.2", () => ({ Accept: "application/vnd.pgrst.object+json" })],
    ["GET", "t?id=gt.2", () => ({ Accept: "application/vnd.pgrst.object+json" })],
    ["GET", "t?select=id", () => ({ Prefer: "count=planned" })],
    ["HEAD", "t?select=*", () => ({ Prefer: "count=exact" })],
    ["GET", "t?nosuch=eq.1"],
    ["GET", "t?select=id", () => ({ "Accept-Profile": "private" })],
  ];

  it("the same status, headers and body as lite as shipped, asked once and again", async () => {
    // Lite prints the errors it answers (the missing column and table).
    vi.spyOn(console, "error").mockImplementation(() => {});
    for (const [method, path, headers] of reads) {
      const expected = await ask(shipped, method, path, headers?.());
      for (const turn of ["first", "again"]) expect({ turn, method, path, ...(await ask(mended, method, path, headers?.())) }).toEqual({ turn, method, path, ...expected });
    }
    vi.restoreAllMocks();
  });

  it("a missing table is refused each time, and nothing is remembered for it", async () => {
    // Not beside lite as shipped: its copy checks the connection's error against a class of its own module.
    for (let turn = 0; turn < 2; turn++) {
      const answer = await ask(mended, "GET", "nosuch_table?select=*");
      expect({ status: answer.status, code: JSON.parse(answer.body).code }).toEqual({ status: 404, code: "PGRST205" });
    }
  });

  it("a remembered read answers each caller with the rows the database gives that caller", async () => {
    const path = "t?select=id&order=id.asc";
    const asAnon = await ask(mended, "GET", path, { Prefer: "count=exact" });
    const asMember = await ask(mended, "GET", path, { ...member(), Prefer: "count=exact" });
    expect([asAnon.headers["content-range"], JSON.parse(asAnon.body)]).toEqual(["0-3/4", [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }]]);
    expect(asMember.headers["content-range"]).toBe("0-7/8");
    expect((await ask(mended, "GET", path, { Prefer: "count=exact" })).body).toBe(asAnon.body);
  });

  it("a remembered read sees rows written since, and a schema read again", async () => {
    const path = "t?select=*&order=id.desc&limit=2";
    await ask(mended, "GET", path, { Prefer: "count=exact" });
    for (const { connection } of [shipped, mended]) {
      await connection.driver.exec("insert into public.t (id, n, label) values (100, 1, 'new'); alter table public.t add column note text default 'added'");
      await connection.introspect({ useCache: false });
    }
    const after = await ask(mended, "GET", path, { Prefer: "count=exact" });
    expect(after.headers["content-range"]).toBe("0-1/5");
    expect(JSON.parse(after.body)[0]).toMatchObject({ id: 100, note: "added" });
    expect(after).toEqual(await ask(shipped, "GET", path, { Prefer: "count=exact" }));
    const noted = await ask(mended, "GET", "t?select=id,note&note=eq.added&order=id.asc&limit=1");
    expect(noted).toEqual(await ask(shipped, "GET", "t?select=id,note&note=eq.added&order=id.asc&limit=1"));
    expect(JSON.parse(noted.body)).toEqual([{ id: 1, note: "added" }]);
  });

  it(`remembers at most ${REMEMBERED_TRANSLATIONS} reads, the least recently used forgotten first`, async () => {
    const lite = (await import("@supabase/lite")) as unknown as { rcrtTranslations: { size(introspection: object): number } };
    const schema = await mended.connection.introspect({ useCache: true });
    const first = await ask(mended, "GET", "t?select=id&id=eq.1");
    for (let i = 0; i <= REMEMBERED_TRANSLATIONS; i++) expect((await ask(mended, "GET", `t?select=id&id=eq.${1000 + i}`)).body).toBe("[]");
    expect(lite.rcrtTranslations.size(schema)).toBe(REMEMBERED_TRANSLATIONS);
    expect(await ask(mended, "GET", "t?select=id&id=eq.1")).toEqual(first);
    // A read longer than a key may be is translated each time, and not remembered.
    const long = `t?select=id&label=eq.${"x".repeat(5000)}`;
    expect(await ask(mended, "GET", long)).toEqual(await ask(shipped, "GET", long));
    expect(lite.rcrtTranslations.size(schema)).toBe(REMEMBERED_TRANSLATIONS);
  });
});
