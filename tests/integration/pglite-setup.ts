import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { PRODUCT_CONFIG } from "../../scripts/local-backend.ts";
import { startLocalBackend } from "../../supabase/local/server.ts";
import { TEST_SUPABASE_DIR } from "../support/supabase-dir.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplateDir: string;
  }
}

/**
 * One embedded database migrated and seeded for the whole `integration` project: each test backend's
 * data directory starts as a copy of it (tests/support/backend.ts), as the `pg` project's databases
 * copy their template. Migrating and seeding took each file's backend seconds of CPU, most of a
 * file's start on a busy machine.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "rcrt-pglite-template-"));
  const backend = await startLocalBackend({ product: PRODUCT_CONFIG, port: 0, host: "127.0.0.1", dataDir: dir, supabaseDir: TEST_SUPABASE_DIR, siteUrl: "http://localhost:5173", log: () => {} });
  await backend.stop();
  project.provide("pgliteTemplateDir", dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
