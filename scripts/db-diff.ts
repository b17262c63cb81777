import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { run as migra } from "@pgkit/migra";
import postgres from "postgres";
import { startPostgresCluster } from "../tests/support/postgres.ts";
import { buildDatabase, catalogDifferences, catalogOf, MIGRATIONS_DIR, SCHEMAS_DIR, sqlFiles } from "./schema-databases.ts";

/**
 * `npm run db:diff`: the migration that brings a database built by supabase/migrations/ to what
 * supabase/schemas/ defines, for the developer to read, then keep as a new migration
 * (`npm run db:diff -- <name>` writes it as supabase/migrations/<version>_<name>.sql).
 *
 * On a throwaway PostgreSQL 15 cluster it builds one database from each (scripts/schema-databases.ts)
 * and asks @pgkit/migra for the statements from the first to the second. Migra knows nothing of
 * Supabase's default privileges and compares table grants only, so two things are added here: a new
 * table of schema public first loses what the default privileges gave it (migra's grants then give
 * what the schema files say), and every function whose grants differ gets its grants written out.
 * Its statements are then made re-runnable, as every migration of ours is ("if not exists", a
 * constraint added only when missing). Finally the result is checked: applied after the migrations,
 * it must build what the schema files build (the same comparison as
 * tests/integration/postgres-schema-files.test.ts), and applied a second time it must change nothing.
 * What falls short is reported and the command fails, so that the migration is finished by hand.
 */

const name = process.argv[2];
if (name !== undefined && !/^[a-z0-9]+(_[a-z0-9]+)*$/.test(name)) {
  console.error(`A migration's name is lower-case words joined by underscores (add_event_dates), not "${name}"`);
  process.exit(2);
}

const cluster = await startPostgresCluster();
const scratch = mkdtempSync(join(tmpdir(), "rcrt-db-diff-"));
let failed = false;
try {
  // One after the other: the first also makes the owner role on this new cluster.
  const current = await buildDatabase(cluster.serverUrl, "from_migrations", sqlFiles(MIGRATIONS_DIR));
  const wanted = await buildDatabase(cluster.serverUrl, "from_schema_files", sqlFiles(SCHEMAS_DIR));
  const migration = await migra(current, wanted, { unsafe: true, withPrivileges: true });
  const statements = [...migration.statements].map((statement) => statement.trim()).filter((statement) => statement !== "");
  const sql = [...withoutDefaultPrivileges(statements), ...(await functionGrants(current, wanted))].flatMap(rerunnable);
  if (sql.length === 0) {
    console.error("The migrations already build what supabase/schemas/ defines: nothing to migrate.");
  } else {
    const text = `${sql.join("\n\n")}\n`;
    const draft = join(scratch, "migration.sql");
    writeFileSync(draft, text);
    const checked = await buildDatabase(cluster.serverUrl, "checked", [...sqlFiles(MIGRATIONS_DIR), draft]);
    const left = catalogDifferences(catalogOf(checked), catalogOf(wanted));
    // Every migration may run again on a database that has it (tests/integration/database-constraints.test.ts).
    const twice = await buildDatabase(cluster.serverUrl, "checked_twice", [...sqlFiles(MIGRATIONS_DIR), draft, draft]).then(
      (url) => catalogDifferences(catalogOf(checked), catalogOf(url)),
      (error: Error) => [error.message],
    );
    left.push(...twice.map((difference) => `Run a second time: ${difference}`));
    if (name) {
      const file = join(MIGRATIONS_DIR, `${nextVersion()}_${name}.sql`);
      writeFileSync(file, text);
      console.error(`Wrote ${file}: read it, and say in a header comment why the change is made.`);
    } else {
      process.stdout.write(text);
    }
    if (left.length > 0) {
      failed = true;
      console.error(`\nApplied after the migrations, this still leaves differences with supabase/schemas/; finish it by hand:\n\n${left.join("\n\n")}`);
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
  await cluster.stop();
}
process.exit(failed ? 1 : 0);

/**
 * The statement, made to change nothing when it runs again, as every migration of ours must (drops
 * and creates that say "if exists" / "if not exists", a constraint added only when missing). Other
 * statements already do (grants, `create or replace function`, `alter ... set`), or are left for the
 * re-run check to name.
 */
function rerunnable(statement: string): string[] {
  const ifMissing = /^alter table (\S+) add constraint ("[^"]+"|\S+) /i.exec(statement);
  if (ifMissing) {
    const [, table, constraint] = ifMissing;
    return [
      `do $$\nbegin\n  if not exists (select 1 from pg_constraint where conrelid = '${table!.replace(/'/g, "''")}'::regclass and conname = '${unquoted(constraint!).replace(/'/g, "''")}') then\n    ${statement}\n  end if;\nend\n$$;`,
    ];
  }
  const policy = /^create policy ("[^"]+")\s+on\s+(\S+)/i.exec(statement);
  if (policy) return [`drop policy if exists ${policy[1]} on ${policy[2]};`, statement];
  const trigger = /^create trigger (\S+) .* on (\S+) for each/i.exec(statement);
  if (trigger) return [`drop trigger if exists ${trigger[1]} on ${trigger[2]};`, statement];
  return [
    statement
      .replace(/^create table (?!if not exists)/i, "create table if not exists ")
      .replace(/^create (unique )?index (?!if not exists)/i, (_match, unique: string | undefined) => `create ${unique ?? ""}index if not exists `)
      .replace(/^create sequence (?!if not exists)/i, "create sequence if not exists ")
      .replace(/^(alter table \S+ add column) (?!if not exists)/i, "$1 if not exists ")
      .replace(/^(alter table \S+ drop (?:column|constraint)) (?!if exists)/i, "$1 if exists ")
      .replace(/^drop (table|index|function|sequence|view|policy|trigger) (?!if exists)/i, "drop $1 if exists "),
  ];
}

function unquoted(identifier: string): string {
  return identifier.startsWith('"') ? identifier.slice(1, -1).replace(/""/g, '"') : identifier;
}

/** After each new table of schema public: none of the grants Supabase's default privileges gave it. */
function withoutDefaultPrivileges(statements: string[]): string[] {
  return statements.flatMap((statement) => {
    const table = /^create table "public"\."([^"]+)"/.exec(statement);
    return table ? [statement, `revoke all on table "public"."${table[1]}" from anon, authenticated, service_role;`] : [statement];
  });
}

/** Every function of ours whose grants (or existence) differ: all revoked, then what the schema files grant. */
async function functionGrants(current: string, wanted: string): Promise<string[]> {
  const [before, after] = await Promise.all([functionAcls(current), functionAcls(wanted)]);
  const statements: string[] = [];
  for (const [signature, acl] of after) {
    if (before.get(signature) === acl) continue;
    const grantees = acl.split(",").filter((grantee) => grantee !== "");
    statements.push(`revoke all on function ${signature} from public, anon, authenticated, service_role;`);
    if (grantees.length > 0) statements.push(`grant execute on function ${signature} to ${grantees.join(", ")};`);
  }
  return statements;
}

/** The roles that may execute each function of schemas public and private (the owner aside). */
async function functionAcls(url: string): Promise<Map<string, string>> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ signature: string; grantees: string }[]>`
      select replace(p.oid::regprocedure::text, ',', ', ') as signature,
             coalesce(string_agg(g.name, ',' order by g.name), '') as grantees
        from pg_proc p
        left join lateral (
          select case when a.grantee = 0 then 'public' else pg_get_userbyid(a.grantee) end as name
            from aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a
           where a.privilege_type = 'EXECUTE' and a.grantee <> p.proowner
        ) g on true
       where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
       group by p.oid`;
    return new Map(rows.map((row) => [qualified(row.signature), row.grantees]));
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** regprocedure leaves out the schema on the search path: every signature names its schema. */
function qualified(signature: string): string {
  return /^(public|private)\./.test(signature) ? signature : `public.${signature}`;
}

/**
 * The new migration's version: the moment it is written (UTC, YYYYMMDDHHMMSS), or one past the last
 * migration's when that one is dated later, since `supabase db push` and these tests apply migrations
 * in the order of their versions.
 */
function nextVersion(): string {
  const now = new Date().toISOString().replace(/[-:T]/g, "").slice(0, 14);
  const last = readdirSync(MIGRATIONS_DIR).filter((file) => file.endsWith(".sql")).sort().at(-1)?.split("_")[0] ?? "0";
  return BigInt(now) > BigInt(last) ? now : String(BigInt(last) + 1n);
}
