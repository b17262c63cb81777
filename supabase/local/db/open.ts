import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createPgliteConnection, type PgliteConnection } from "@supabase/lite/pglite";
import { createPostgresConnection, type PostgresConnection } from "@supabase/lite/postgres";
import { BOOTSTRAP_SQL, POSTGRES_OWNER_SQL, POSTGRES_ROLES_SQL } from "./bootstrap.ts";
import { startAutovacuum } from "./autovacuum.ts";
import { lookUpResultParsers } from "../lite-adapters.ts";
import { queueEmbeddedConnection } from "./connection-queue.ts";
import { JSON_TEXT_TYPES, pgliteDatabase, postgresDatabase, type Database, type Queryable } from "./engines.ts";
import { seedAssetsUrl, storeSeedAssets, type SeedAssets } from "./seed-assets.ts";

class MigrationError extends Error {
  constructor(
    readonly file: string,
    readonly postgresMessage: string,
  ) {
    super(`Migration ${file} failed: ${postgresMessage}`);
    this.name = "MigrationError";
  }
}

interface OpenedDatabase {
  /** What lite serves REST and Auth through. */
  connection: PgliteConnection | PostgresConnection;
  /** What our own code (Storage, the auth gateway, tests) queries. */
  db: Database;
  applied: string[];
  seeded: boolean;
  close(): Promise<void>;
}

interface OpenDatabaseOptions {
  dataDir: string;
  supabaseDir: string;
  log: (line: string) => void;
  /** A PostgreSQL server to use instead of the embedded one in `dataDir`. */
  databaseUrl?: string;
  /** The files the seed refers to (seed-assets.ts), stored when a fresh database is seeded. */
  seedAssets?: SeedAssets;
  /**
   * Where they are stored (files under `root`) and served from (the API at `apiUrl`). Without it no
   * file is stored (a template other databases are copied from); the seed's rows name them
   * host-relative either way.
   */
  storage?: { root: string; apiUrl: string };
  /** Work a pending migration needs done first (ProductConfig.beforeMigration), by the migration's version. */
  beforeMigration?: Readonly<Record<string, MigrationStep>>;
  /** The site's origin, for the steps. */
  siteUrl?: string;
}

/**
 * Work SQL cannot do that a migration needs done before it runs (such as converting stored text
 * with the product's own code): it runs in the migration's transaction, just before the migration,
 * only when the migration is pending, as the role migrations run as.
 */
export type MigrationStep = (tx: Queryable, context: { log: (line: string) => void; siteUrl?: string }) => Promise<void>;

/**
 * Opens the database (the embedded Postgres kept in `dataDir`, or the PostgreSQL server at
 * `databaseUrl`), brings it to what a hosted project starts from, applies the migrations it has not
 * seen yet (each in its own transaction, recorded like the Supabase CLI records them) and seeds a
 * fresh database once.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<OpenedDatabase> {
  return options.databaseUrl ? openPostgres(options, options.databaseUrl) : openPglite(options);
}

async function openPglite(options: OpenDatabaseOptions): Promise<OpenedDatabase> {
  const pgDir = join(options.dataDir, "pgdata");
  const fresh = !existsSync(join(pgDir, "PG_VERSION"));
  mkdirSync(pgDir, { recursive: true });
  const connection = await createPgliteConnection({ url: pgDir });
  const embedded = await queueEmbeddedConnection(connection, options.log);
  await lookUpResultParsers(connection.driver);
  const db = pgliteDatabase(connection.driver, embedded);
  try {
    await db.exec(BOOTSTRAP_SQL);
    const { applied, seeded } = await migrateAndSeed(db, options, fresh, null);
    const autovacuum = startAutovacuum(db, options.log);
    const close = async () => {
      await autovacuum.stop();
      await connection.close();
    };
    return { connection, db, applied, seeded, close };
  } catch (error) {
    await connection.close();
    throw error;
  }
}

/** Connections lite's REST and Auth may hold at once on a server (our own code has its own pool). */
export const SERVER_POOL_SIZE = 20;

/**
 * On a server, the request roles are created by the connecting role (a superuser, as Supabase's
 * images have), and everything else by the database's owner, which must not be a superuser: a
 * migration that works only for a superuser would fail on a hosted project.
 */
async function openPostgres(options: OpenDatabaseOptions, url: string): Promise<OpenedDatabase> {
  const connection = createPostgresConnection({ url, postgresOptions: { max: SERVER_POOL_SIZE, onnotice: () => {}, types: JSON_TEXT_TYPES } });
  const db = postgresDatabase(url);
  const close = async () => {
    await connection.close();
    await db.close();
  };
  try {
    const [owner] = (
      await db.query<{ owner: string; owner_is_superuser: boolean; fresh: boolean }>(
        `select r.rolname as owner, r.rolsuper as owner_is_superuser,
                to_regclass('supabase_migrations.seed_files') is null as fresh
           from pg_database d join pg_roles r on r.oid = d.datdba where d.datname = current_database()`,
      )
    ).rows;
    if (!owner) throw new Error("The database at DATABASE_URL was not found");
    if (owner.owner_is_superuser) {
      throw new Error(
        `The database's owner "${owner.owner}" is a superuser; migrations must run as they do on a hosted project. ` +
          "Create the database with a non-superuser owner (createuser rcrt; createdb -O rcrt rcrt) and connect as a superuser.",
      );
    }
    await db.exec(POSTGRES_ROLES_SQL);
    await db.transaction(async (tx) => {
      await asRole(tx, owner.owner);
      await tx.exec(POSTGRES_OWNER_SQL);
    });
    const { applied, seeded } = await migrateAndSeed(db, options, owner.fresh, owner.owner);
    return { connection, db, applied, seeded, close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function migrateAndSeed(db: Database, options: OpenDatabaseOptions, fresh: boolean, owner: string | null): Promise<{ applied: string[]; seeded: boolean }> {
  const seedFile = join(options.supabaseDir, "seed.sql");
  const seeded = fresh && existsSync(seedFile);
  // A first start says once what it is doing, not one line per migration.
  if (fresh) options.log(`[db] a new database: applying the migrations${seeded ? " and the seed" : ""} (once, on the first start)...`);
  const applied = await applyMigrations(db, join(options.supabaseDir, "migrations"), owner, fresh ? () => {} : options.log, options);
  if (seeded) {
    const { seedAssets: assets, storage } = options;
    await runSqlFile(db, seedFile, "seed.sql", owner, async (tx, phase) => {
      if (!assets) return;
      const publicBaseUrl = seedAssetsUrl(assets);
      if (phase === "before") await tx.query("select set_config($1, $2, true)", [assets.urlSetting, publicBaseUrl]);
      else if (storage && existsSync(assets.sourceDir)) await storeSeedAssets(tx, assets, storage.root, publicBaseUrl);
    });
  }
  if (fresh) options.log(`[db] applied ${applied.length} migrations${seeded ? " and seeded the example content" : ""}`);
  return { applied, seeded };
}

async function applyMigrations(
  db: Database,
  dir: string,
  owner: string | null,
  log: (line: string) => void,
  { beforeMigration = {}, siteUrl }: Pick<OpenDatabaseOptions, "beforeMigration" | "siteUrl">,
): Promise<string[]> {
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".sql")).sort() : [];
  const { rows } = await db.query<{ version: string }>("select version from supabase_migrations.schema_migrations");
  const done = new Set(rows.map((r) => r.version));
  const applied: string[] = [];
  for (const file of files) {
    const [version, ...rest] = file.replace(/\.sql$/, "").split("_");
    if (!version || done.has(version)) continue;
    const sql = readFileSync(join(dir, file), "utf8");
    const step = Object.hasOwn(beforeMigration, version) ? beforeMigration[version] : undefined;
    await runInTransaction(db, file, owner, async (tx) => {
      if (step) await step(tx, { log, siteUrl });
      await tx.exec(sql);
      await tx.query("insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)", [version, rest.join("_"), [sql]]);
    });
    log(`[db] applied migration ${file}`);
    applied.push(file);
  }
  return applied;
}

async function runSqlFile(db: Database, path: string, label: string, owner: string | null, around: (tx: Queryable, phase: "before" | "after") => Promise<void>): Promise<void> {
  const sql = readFileSync(path, "utf8");
  await runInTransaction(db, label, owner, async (tx) => {
    await around(tx, "before");
    await tx.exec(sql);
    await around(tx, "after");
    await tx.query("insert into supabase_migrations.seed_files (path, hash) values ($1, $2) on conflict (path) do update set hash = excluded.hash", [
      label,
      createHash("sha256").update(sql).digest("hex"),
    ]);
  });
}

/** A failing file applies nothing of itself and names itself with the Postgres error. */
async function runInTransaction(db: Database, file: string, owner: string | null, work: (tx: Queryable) => Promise<void>): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      if (owner) await asRole(tx, owner);
      await work(tx);
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new MigrationError(file, message);
  }
}

/** For the rest of the transaction only. */
async function asRole(tx: Queryable, role: string): Promise<void> {
  await tx.query("select set_config('role', $1, true)", [role]);
}
