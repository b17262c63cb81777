import { execFileSync, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import postgres from "postgres";
import { openDatabase } from "../../supabase/local/db/open.ts";
import { ensurePostgresql, POSTGRESQL_BIN } from "../../scripts/ensure-postgresql.ts";
import { PRODUCT_CONFIG } from "../../scripts/local-backend.ts";
import { TEST_SUPABASE_DIR } from "./supabase-dir.ts";

/** The non-superuser role that owns every test database, as `postgres` owns a hosted project's. */
export const OWNER_ROLE = "rcrt_owner";
/** Migrated and seeded once per run; each test backend's database is a copy of it. */
export const TEMPLATE_DATABASE = "rcrt_template";

export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>`, the superuser; add `/<database>`. */
  serverUrl: string;
  stop(): Promise<void>;
}

/**
 * A throwaway PostgreSQL cluster of our own: Debian's binaries, a temporary directory, a free port on
 * 127.0.0.1 only, no durability (tests do not survive a crash anyway). PostgreSQL refuses to run as
 * root, so as root it runs as the `postgres` system user.
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  ensurePostgresql();
  const dir = mkdtempSync(join(tmpdir(), "rcrt-pg-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const commandOf = (tool: string, args: string[]) => (asRoot ? ["runuser", "-u", "postgres", "--", join(POSTGRESQL_BIN, tool), ...args] : [join(POSTGRESQL_BIN, tool), ...args]);
  const run = (tool: string, args: string[]) => {
    const command = commandOf(tool, args);
    const result = spawnSync(command[0]!, command.slice(1), { encoding: "utf8", cwd: dir });
    if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr || result.stdout || result.error?.message}`);
  };
  const dataDir = join(dir, "data");
  const logFile = join(dir, "server.log");
  let port = 0;
  try {
    run("initdb", ["-D", dataDir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"]);
    port = await freePort();
    const settings = [
      `-p ${port}`,
      "-c listen_addresses=127.0.0.1",
      `-c unix_socket_directories=${dir}`,
      "-c max_connections=300",
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
    ].join(" ");
    run("pg_ctl", ["-D", dataDir, "-l", logFile, "-w", "-t", "60", "-o", settings, "start"]);
  } catch (error) {
    let serverLog = "";
    try {
      serverLog = readFileSync(logFile, "utf8");
    } catch {
      // initdb failed before the server wrote anything.
    }
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`${error instanceof Error ? error.message : String(error)}${serverLog ? `\n${serverLog}` : ""}`);
  }
  const stopCommand = commandOf("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
  // The server runs detached (pg_ctl): a run killed before its teardown would leave it running, so
  // a watchdog stops it and removes its directory once the process that started it is gone.
  const watchdog = spawn("sh", ["-c", 'parent=$1; dir=$2; shift 2; while kill -0 "$parent" 2>/dev/null; do sleep 1; done; "$@"; rm -rf "$dir"', "watchdog", String(process.pid), dir, ...stopCommand], {
    detached: true,
    stdio: "ignore",
  });
  watchdog.unref();
  return {
    serverUrl: `postgres://postgres@127.0.0.1:${port}`,
    async stop() {
      watchdog.kill();
      try {
        run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** An empty database owned by the non-superuser owner role (created when missing); its URL. */
export async function createOwnedDatabase(serverUrl: string, name: string): Promise<string> {
  await asSuperuser(serverUrl, async (sql) => {
    const [owner] = await sql`select 1 from pg_roles where rolname = ${OWNER_ROLE}`;
    if (!owner) await sql.unsafe(`create role ${OWNER_ROLE} nologin nosuperuser`);
    await sql.unsafe(`create database ${name} owner ${OWNER_ROLE}`);
  });
  return `${serverUrl}/${name}`;
}

/** The owner role and the migrated, seeded template every test database is copied from. */
export async function prepareTemplate(serverUrl: string): Promise<void> {
  const databaseUrl = await createOwnedDatabase(serverUrl, TEMPLATE_DATABASE);
  const scratch = mkdtempSync(join(tmpdir(), "rcrt-pg-template-"));
  try {
    const opened = await openDatabase({
      dataDir: scratch,
      supabaseDir: TEST_SUPABASE_DIR,
      log: () => {},
      databaseUrl,
      seedAssets: PRODUCT_CONFIG.seedAssets,
    });
    await opened.close();
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * The database standing for a test backend's data directory: a copy of the template made on first
 * use, found again when a backend restarts on the same directory.
 */
export async function databaseFor(serverUrl: string, dataDir: string, { empty = false } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `rcrt_${createHash("sha256").update(resolve(dataDir)).digest("hex").slice(0, 24)}`;
  await asSuperuser(serverUrl, async (sql) => {
    const [exists] = await sql`select 1 from pg_database where datname = ${name}`;
    // `empty`: nothing of ours yet, for a backend that applies migrations of its own choosing.
    if (!exists) await sql.unsafe(`create database ${name} template ${empty ? "template0" : TEMPLATE_DATABASE} owner ${OWNER_ROLE}`);
  });
  return {
    url: `${serverUrl}/${name}`,
    drop: () => asSuperuser(serverUrl, (sql) => sql.unsafe(`drop database if exists ${name} with (force)`).then(() => {})),
  };
}

async function asSuperuser<T>(serverUrl: string, work: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(`${serverUrl}/postgres`, { max: 1, onnotice: () => {} });
  try {
    return await work(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolvePort(address.port) : reject(new Error("no port"))));
    });
  });
}
