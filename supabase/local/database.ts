import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createPgliteConnection, type PgliteConnection } from "@supabase/lite/pglite";
import { BOOTSTRAP_SQL } from "./bootstrap.ts";

export class MigrationError extends Error {
  constructor(
    readonly file: string,
    readonly postgresMessage: string,
  ) {
    super(`Migration ${file} failed: ${postgresMessage}`);
    this.name = "MigrationError";
  }
}

export interface OpenedDatabase {
  connection: PgliteConnection;
  applied: string[];
  seeded: boolean;
}

/**
 * Opens the embedded Postgres kept in `dataDir`, brings it to what a hosted project starts from,
 * applies the migrations it has not seen yet (each in its own transaction, recorded like the
 * Supabase CLI records them) and seeds a fresh database once.
 */
export async function openDatabase(options: { dataDir: string; supabaseDir: string; log: (line: string) => void }): Promise<OpenedDatabase> {
  const pgDir = join(options.dataDir, "pgdata");
  const fresh = !existsSync(join(pgDir, "PG_VERSION"));
  mkdirSync(pgDir, { recursive: true });
  const connection = await createPgliteConnection({ url: pgDir });
  try {
    await connection.driver.exec(BOOTSTRAP_SQL);
    const applied = await applyMigrations(connection, join(options.supabaseDir, "migrations"), options.log);
    const seedFile = join(options.supabaseDir, "seed.sql");
    const seeded = fresh && existsSync(seedFile);
    if (seeded) await runSqlFile(connection, seedFile, "seed.sql");
    return { connection, applied, seeded };
  } catch (error) {
    await connection.close();
    throw error;
  }
}

async function applyMigrations(connection: PgliteConnection, dir: string, log: (line: string) => void): Promise<string[]> {
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".sql")).sort() : [];
  const { rows } = await connection.driver.query<{ version: string }>("select version from supabase_migrations.schema_migrations");
  const done = new Set(rows.map((r) => r.version));
  const applied: string[] = [];
  for (const file of files) {
    const [version, ...rest] = file.replace(/\.sql$/, "").split("_");
    if (!version || done.has(version)) continue;
    const sql = readFileSync(join(dir, file), "utf8");
    await runInTransaction(connection, file, async (tx) => {
      await tx.exec(sql);
      await tx.query("insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)", [
        version,
        rest.join("_"),
        [sql],
      ]);
    });
    log(`[db] applied migration ${file}`);
    applied.push(file);
  }
  return applied;
}

async function runSqlFile(connection: PgliteConnection, path: string, label: string): Promise<void> {
  const sql = readFileSync(path, "utf8");
  await runInTransaction(connection, label, async (tx) => {
    await tx.exec(sql);
    await tx.query("insert into supabase_migrations.seed_files (path, hash) values ($1, $2) on conflict (path) do update set hash = excluded.hash", [
      label,
      createHash("sha256").update(sql).digest("hex"),
    ]);
  });
}

type Transaction = Parameters<Parameters<PgliteConnection["driver"]["transaction"]>[0]>[0];

/** A failing file applies nothing of itself and names itself with the Postgres error. */
async function runInTransaction(connection: PgliteConnection, file: string, work: (tx: Transaction) => Promise<void>): Promise<void> {
  try {
    await connection.driver.transaction(work);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new MigrationError(file, message);
  }
}
