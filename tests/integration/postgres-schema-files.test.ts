import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { buildDatabase, catalogDifferences, catalogOf, dropDatabases, MIGRATIONS_DIR, SCHEMAS_DIR, sqlFiles } from "../../scripts/schema-databases.ts";

// Every table, function, policy, trigger and grant has one current definition in supabase/schemas/,
// and the migrations (how databases are changed) must build exactly that: one database from each,
// on the run's PostgreSQL 15 server, both from a hosted project's starting point and as the
// database's non-superuser owner; then pg_dump of each, compared object by object
// (scripts/schema-databases.ts says what is left out as noise).
const serverUrl = inject("postgresServerUrl");
const FROM_MIGRATIONS = "rcrt_schema_from_migrations";
const FROM_SCHEMA_FILES = "rcrt_schema_from_schema_files";
let migrations: Map<string, string>;
let schemaFiles: Map<string, string>;

beforeAll(async () => {
  await dropDatabases(serverUrl, [FROM_MIGRATIONS, FROM_SCHEMA_FILES]);
  const [migrated, declared] = await Promise.all([
    buildDatabase(serverUrl, FROM_MIGRATIONS, sqlFiles(MIGRATIONS_DIR)),
    buildDatabase(serverUrl, FROM_SCHEMA_FILES, sqlFiles(SCHEMAS_DIR)),
  ]);
  migrations = catalogOf(migrated);
  schemaFiles = catalogOf(declared);
});

afterAll(async () => {
  await dropDatabases(serverUrl, [FROM_MIGRATIONS, FROM_SCHEMA_FILES]);
});

describe("the schema files and the migrations", () => {
  it("make the same database objects, grants and rows", () => {
    // Each difference names the object (pg_dump's name for it) and the lines of each side.
    expect(catalogDifferences(migrations, schemaFiles).join("\n\n"), "supabase/schemas/ and supabase/migrations/ disagree").toBe("");
  });

  it("define what the migrations define, not only what the bootstrap made", () => {
    // The comparison above would pass on two empty databases: name a few objects of each kind.
    for (const key of [
      "TABLE public.blog_posts",
      "FUNCTION public.is_admin()",
      "ACL public.FUNCTION is_admin()",
      "POLICY storage.objects Admins read assets",
      "TRIGGER public.whitepaper publishing_guard",
      "TABLE DATA public.team_settings",
    ]) {
      expect(schemaFiles.has(key), key).toBe(true);
    }
  });
});
