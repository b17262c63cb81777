import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import postgres from "postgres";
import { POSTGRES_OWNER_SQL, POSTGRES_ROLES_SQL } from "../supabase/local/db/bootstrap.ts";
import { createOwnedDatabase, OWNER_ROLE } from "../tests/support/postgres.ts";
import { POSTGRESQL_BIN } from "./ensure-postgresql.ts";

/**
 * The two ways of building our database objects, side by side on one PostgreSQL server: the
 * migrations (`supabase/migrations/`, how every database is changed) and the schema files
 * (`supabase/schemas/`, the one current definition of each object). Both start from what a hosted
 * project has before its first migration (the local backend's bootstrap) and run as the database's
 * non-superuser owner, one file per transaction, as `supabase db push` and the local backend do.
 */

const SUPABASE = resolve(import.meta.dirname, "../supabase");
export const MIGRATIONS_DIR = join(SUPABASE, "migrations");
export const SCHEMAS_DIR = join(SUPABASE, "schemas");
/** Debian's pg_dump 15 (the one /usr/bin/pg_dump runs), the server's own major version. */
const PG_DUMP = join(POSTGRESQL_BIN, "pg_dump");

/** The `.sql` files of a folder in the order the Supabase CLI applies them: by name. */
export function sqlFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .map((name) => join(dir, name));
}

/**
 * A new database named `name` on the server at `serverUrl` (the superuser's URL without a database),
 * owned by the non-superuser owner role, brought to a hosted project's starting point, then built by
 * `files` in order. Returns its URL. A failing file is named with Postgres's message.
 */
export async function buildDatabase(serverUrl: string, name: string, files: string[]): Promise<string> {
  const url = await createOwnedDatabase(serverUrl, name);
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(POSTGRES_ROLES_SQL).simple();
    await asOwner(sql, "the bootstrap", POSTGRES_OWNER_SQL);
    for (const file of files) await asOwner(sql, file, readFileSync(file, "utf8"));
  } finally {
    await sql.end({ timeout: 5 });
  }
  return url;
}

async function asOwner(sql: postgres.Sql, label: string, text: string): Promise<void> {
  try {
    await sql.begin(async (tx) => {
      await tx.unsafe(`set local role ${OWNER_ROLE}`);
      await tx.unsafe(text).simple();
    });
  } catch (error) {
    throw new Error(`${label} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Drops the databases made by `buildDatabase`, whoever is still connected. */
export async function dropDatabases(serverUrl: string, names: string[]): Promise<void> {
  const sql = postgres(`${serverUrl}/postgres`, { max: 1, onnotice: () => {} });
  try {
    for (const name of names) await sql.unsafe(`drop database if exists ${name} with (force)`);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** `pg_dump` of the database at `url` with `args` (such as `--schema-only`), as text. */
function pgDump(url: string, args: string[]): string {
  return execFileSync(PG_DUMP, [...args, "--no-owner", "--dbname", url], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
}

/**
 * Values that say when or how often something happened rather than what was defined: building the
 * same objects twice never gives the same ones. The live site's counter counts the writes the
 * migrations made to content tables (a statement trigger fires on an update of no rows).
 */
const VOLATILE_COLUMNS: Record<string, string[]> = {
  "private.content_version": ["version", "changed_at"],
  "private.newsletter_throttle": ["updated_at"],
  "storage.buckets": ["created_at", "updated_at"],
};

/**
 * What a database holds of ours, as pg_dump says it, one entry per object: the definitions
 * (`--schema-only`) and the rows the definitions insert (`--data-only`: the one-row tables, the
 * bucket), keyed by pg_dump's own header ("TABLE public.blog_posts", "POLICY storage.objects Admins
 * read assets", "ACL public.FUNCTION is_admin()"). pg_dump's comment lines, session settings and
 * ownership are left out, the lines of a grant list are sorted (grants are a set; their order only
 * tells which came first), and the Supabase CLI's bookkeeping (schema `supabase_migrations`) is not
 * ours. Whatever the bootstrap made is the same in both databases, so it cancels out.
 */
export function catalogOf(url: string): Map<string, string> {
  const exclude = ["--exclude-schema=supabase_migrations"];
  return new Map([...dumpEntries(pgDump(url, ["--schema-only", ...exclude])), ...dumpEntries(pgDump(url, ["--data-only", ...exclude]))]);
}

const HEADER = /^-- (?:Data for )?Name: (.*); Type: (.*); Schema: (.*); Owner: .*$/;
const DUMP_NOISE = /^(--$|-- (PostgreSQL database dump|Dumped (from|by) )|SET |SELECT pg_catalog\.set_config\('search_path'|\\(un)?restrict )/;

function dumpEntries(dump: string): Map<string, string> {
  const entries = new Map<string, string>();
  let key: string | null = null;
  let lines: string[] = [];
  const close = () => {
    if (key === null) return;
    let body = lines.join("\n").trim();
    if (key.startsWith("ACL ")) body = body.split("\n").sort().join("\n");
    if (key.startsWith("TABLE DATA ")) body = maskVolatile(body);
    let unique = key;
    for (let n = 2; entries.has(unique); n++) unique = `${key} #${n}`;
    entries.set(unique, body);
  };
  for (const line of dump.split("\n")) {
    const header = HEADER.exec(line);
    if (header) {
      close();
      const [, name, type, schema] = header;
      key = `${type} ${schema === "-" ? "" : `${schema}.`}${name}`;
      lines = [];
    } else if (!DUMP_NOISE.test(line)) {
      lines.push(line);
    }
  }
  close();
  return entries;
}

function maskVolatile(body: string): string {
  const [copy, ...rows] = body.split("\n");
  const target = /^COPY (\S+) \((.*)\) FROM stdin;$/.exec(copy ?? "");
  const masked = target && VOLATILE_COLUMNS[target[1]!];
  if (!target || !masked) return body;
  const columns = target[2]!.split(", ");
  const positions = masked.map((column) => columns.indexOf(column));
  return [copy, ...rows.map((row) => (row === "\\." ? row : row.split("\t").map((value, i) => (positions.includes(i) ? `<${columns[i]}>` : value)).join("\t")))].join("\n");
}

/**
 * The differences between the objects the migrations make and those the schema files make, one
 * paragraph each, naming the object and the lines that differ; empty when they agree.
 */
export function catalogDifferences(migrations: Map<string, string>, schemaFiles: Map<string, string>): string[] {
  const differences: string[] = [];
  for (const [key, body] of migrations) {
    const other = schemaFiles.get(key);
    if (other === undefined) differences.push(`${key}: made by the migrations only\n${indent(body)}`);
    else if (other !== body) differences.push(`${key}: differs\n${lineDiff(body, other)}`);
  }
  for (const [key, body] of schemaFiles) {
    if (!migrations.has(key)) differences.push(`${key}: made by the schema files only\n${indent(body)}`);
  }
  return differences;
}

function lineDiff(migrations: string, schemaFiles: string): string {
  const theirs = new Set(schemaFiles.split("\n"));
  const ours = new Set(migrations.split("\n"));
  return [
    ...migrations.split("\n").filter((line) => !theirs.has(line)).map((line) => `  - migrations:   ${line}`),
    ...schemaFiles.split("\n").filter((line) => !ours.has(line)).map((line) => `  + schema files: ${line}`),
  ].join("\n");
}

function indent(body: string): string {
  const lines = body.split("\n");
  return [...lines.slice(0, 12), ...(lines.length > 12 ? [`(${lines.length - 12} more lines)`] : [])].map((line) => `    ${line}`).join("\n");
}
