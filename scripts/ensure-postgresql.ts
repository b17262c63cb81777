import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

export const POSTGRESQL_BIN = process.env.POSTGRESQL_BIN ?? "/usr/lib/postgresql/15/bin";

/**
 * The `pg` test project runs the database tests on Debian's PostgreSQL 15, the major version hosted
 * projects ran when the schema was written. Installs it with apt-get when it is missing, as root or
 * through sudo (the package's own cluster is not used: the tests start their own).
 */
export function ensurePostgresql(log: (line: string) => void = console.log): void {
  if (existsSync(join(POSTGRESQL_BIN, "initdb"))) return;
  log(`PostgreSQL is missing at ${POSTGRESQL_BIN}: installing Debian's postgresql-15 package...`);
  const asRoot = process.getuid?.() === 0;
  const run = (args: string[]) =>
    execFileSync(asRoot ? args[0]! : "sudo", asRoot ? args.slice(1) : args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  run(["apt-get", "update", "-qq"]);
  run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", "postgresql-15"]);
  if (!existsSync(join(POSTGRESQL_BIN, "initdb"))) throw new Error(`PostgreSQL is still missing at ${POSTGRESQL_BIN} after apt-get install`);
}

if (import.meta.url === `file://${process.argv[1]}`) ensurePostgresql();
