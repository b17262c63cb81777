import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ensureChromium } from "./ensure-chromium.ts";
import { ensurePostgresql } from "./ensure-postgresql.ts";
import { systemPackagesFor } from "./test-needs.ts";

/**
 * `npm test`: every layer (unit, component, integration on PGlite and on PostgreSQL, end to end in
 * Chromium) in one Vitest run, closing with one summary line. Extra arguments go to Vitest (e.g. `npm test -- --project unit`).
 */
const ROOT = resolve(import.meta.dirname, "..");
const needs = systemPackagesFor(process.argv.slice(2));
if (needs.chromium) ensureChromium();
if (needs.postgresql) ensurePostgresql();

const reportDir = mkdtempSync(join(tmpdir(), "rcrt-test-report-"));
const report = join(reportDir, "vitest.json");
const result = spawnSync(
  process.execPath,
  [join(ROOT, "node_modules/vitest/vitest.mjs"), "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { cwd: ROOT, stdio: "inherit", env: { ...process.env, FORCE_COLOR: process.env.CI ? "0" : (process.env.FORCE_COLOR ?? "1") } },
);

let summary = "0 passed, 1 failed";
try {
  const json = JSON.parse(readFileSync(report, "utf8")) as { success: boolean; numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
  // A run that failed outside any test (a file that does not load, an unhandled error) counts as one failure.
  const failed = json.success || json.numFailedTests > 0 ? json.numFailedTests : 1;
  summary = `${json.numPassedTests} passed, ${failed} failed, ${json.numPendingTests + json.numTodoTests} skipped`;
} catch {
  // No report means Vitest itself failed before running tests: counted as one failure.
}
rmSync(reportDir, { recursive: true, force: true });
console.log(`\n${summary}`);
process.exit(result.status ?? 1);
