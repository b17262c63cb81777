import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { spawnBackend, type BackendProcess } from "../support/backend-process.ts";
import { ADMIN, nodeClient } from "../support/backend.ts";
import { OWNER_ROLE } from "../support/postgres.ts";

// `DATABASE_URL=... npm run api` on an empty database of a real PostgreSQL server: the bootstrap,
// every migration and the seed, run as the database's non-superuser owner, as on a hosted project.
const serverUrl = inject("postgresServerUrl");
const DATABASE = "rcrt_from_scratch";
let superuser: postgres.Sql;
let dataDir: string;
let api: BackendProcess;

beforeAll(async () => {
  superuser = postgres(`${serverUrl}/postgres`, { max: 1, onnotice: () => {} });
  await superuser.unsafe(`create database ${DATABASE} owner ${OWNER_ROLE}`);
  dataDir = mkdtempSync(join(tmpdir(), "rcrt-pg-api-"));
  api = await spawnBackend(dataDir, 0, { DATABASE_URL: `${serverUrl}/${DATABASE}` });
});

afterAll(async () => {
  await api?.stop();
  await superuser.unsafe(`drop database if exists ${DATABASE} with (force)`);
  await superuser.end();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("npm run api with DATABASE_URL", () => {
  it("serves the seeded content and signs the seeded admin in", async () => {
    const { data, error } = await nodeClient(api.url, api.anonKey).from("blog_posts").select("id, published");
    expect(error).toBeNull();
    expect(data!.length).toBeGreaterThan(0);
    expect(data!.every((post) => post.published)).toBe(true);
    const admin = nodeClient(api.url, api.anonKey);
    expect((await admin.auth.signInWithPassword(ADMIN)).error).toBeNull();
    const drafts = await admin.from("blog_posts").select("id").eq("published", false);
    expect(drafts.data!.length).toBeGreaterThan(0);
  });

  it("applied the migrations as the database's owner, a role that is no superuser", async () => {
    const db = postgres(`${serverUrl}/${DATABASE}`, { max: 1, onnotice: () => {} });
    try {
      const owners = await db`select distinct tableowner from pg_tables where schemaname in ('public', 'auth', 'storage', 'supabase_migrations')`;
      expect(owners.map((r) => r.tableowner)).toEqual([OWNER_ROLE]);
      const functionOwners = await db`select distinct pg_get_userbyid(proowner) as owner from pg_proc where pronamespace = 'public'::regnamespace`;
      expect(functionOwners.map((r) => r.owner)).toEqual([OWNER_ROLE]);
      const [owner] = await db`select rolsuper from pg_roles where rolname = ${OWNER_ROLE}`;
      expect(owner!.rolsuper).toBe(false);
      const migrations = await db`select count(*)::int as n from supabase_migrations.schema_migrations`;
      expect(migrations[0]!.n).toBeGreaterThan(0);
    } finally {
      await db.end();
    }
  });

  it("has Supabase's roles, and auth.uid(), auth.role() and auth.jwt() read request.jwt.claims", async () => {
    const db = postgres(`${serverUrl}/${DATABASE}`, { max: 1, onnotice: () => {} });
    try {
      const roles = await db`select rolname, rolcanlogin, rolinherit, rolbypassrls from pg_roles
        where rolname in ('anon', 'authenticated', 'service_role', 'authenticator') order by rolname`;
      expect(roles.map((r) => ({ ...r }))).toEqual([
        { rolname: "anon", rolcanlogin: false, rolinherit: false, rolbypassrls: false },
        { rolname: "authenticated", rolcanlogin: false, rolinherit: false, rolbypassrls: false },
        { rolname: "authenticator", rolcanlogin: true, rolinherit: false, rolbypassrls: false },
        { rolname: "service_role", rolcanlogin: false, rolinherit: false, rolbypassrls: true },
      ]);
      const members = await db`select r.rolname from pg_auth_members m join pg_roles r on r.oid = m.roleid
        where m.member = 'authenticator'::regrole order by r.rolname`;
      expect(members.map((r) => r.rolname)).toEqual(["anon", "authenticated", "service_role"]);
      const sub = "a0a0a0a0-0000-4000-8000-000000000001";
      const [seen] = await db.begin(async (tx) => {
        // Only the claims, as PostgREST 12 sets them: no request.jwt.claim.* settings.
        await tx`select set_config('request.jwt.claims', ${JSON.stringify({ sub, role: "authenticated", email: "a@example.com" })}, true)`;
        return tx`select auth.uid()::text as uid, auth.role() as role, auth.jwt() ->> 'email' as email`;
      });
      expect({ ...seen }).toEqual({ uid: sub, role: "authenticated", email: "a@example.com" });
    } finally {
      await db.end();
    }
  });

  it("refuses a database owned by a superuser, naming the fix", async () => {
    const scratch = mkdtempSync(join(tmpdir(), "rcrt-pg-refused-"));
    try {
      await expect(spawnBackend(scratch, 0, { DATABASE_URL: `${serverUrl}/postgres` })).rejects.toThrow(
        /The database's owner "postgres" is a superuser.*createdb -O rcrt rcrt/s,
      );
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
