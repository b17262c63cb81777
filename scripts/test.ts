import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { ensureBuild } from "./build.ts";
import { ensureChromium } from "./ensure-chromium.ts";
import { ensurePostgresql } from "./ensure-postgresql.ts";
import { systemPackagesFor } from "./test-needs.ts";

/**
 * `npm test`: every layer (unit, component, integration on PGlite and on PostgreSQL, end to end in
 * Chromium), closing with one summary line. The browser journeys run one file at a time against one
 * app, which leaves most of a core idle; so a full run starts them once the unit and component layers
 * are done, beside the integration and pg layers (their output follows the others').
 * Arguments that choose what runs (`--project`, file names, `-t`) make it one Vitest run with them
 * (e.g. `npm test -- --project unit`); other options, given as `--name=value`, go to every lane
 * (`npm test -- --sequence.shuffle`, whose seed is printed so that a failing order can be run again
 * with `--sequence.seed=<seed>`).
 */
const ROOT = resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
/** Arguments that name what to run rather than how (a positional one is a file filter or an option's value). */
const selects = args.some((arg) => /^(--project|-t|--testNamePattern)(=|$)/.test(arg) || !arg.startsWith("-"));
const laneArgs = [...args];
if (args.some((arg) => arg.startsWith("--sequence.shuffle")) && !args.some((arg) => arg.startsWith("--sequence.seed"))) {
  // Every lane shuffles with one seed, printed, so the order that failed can be run again.
  const seed = Date.now() % 1_000_000;
  laneArgs.push(`--sequence.seed=${seed}`);
  console.log(`Shuffled with --sequence.seed=${seed}`);
}
const needs = systemPackagesFor(args);
if (needs.chromium) ensureChromium();
if (needs.postgresql) ensurePostgresql();

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  /** The failed tests as "file > name", repeated under the closing line where a short log's tail shows them. */
  failures: string[];
}

const reportDir = mkdtempSync(join(tmpdir(), "rcrt-test-report-"));
const color = process.env.CI ? "0" : (process.env.FORCE_COLOR ?? "1");

/** One Vitest run; its output goes to the terminal, or is kept and returned when `held`. */
function vitest(name: string, vitestArgs: string[], held: boolean): Promise<{ code: number; output: string; counts: Counts }> {
  const report = join(reportDir, `${name}.json`);
  const child = spawn(process.execPath, [join(ROOT, "node_modules/vitest/vitest.mjs"), "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...vitestArgs], {
    cwd: ROOT,
    stdio: ["ignore", held ? "pipe" : "inherit", held ? "pipe" : "inherit"],
    env: { ...process.env, FORCE_COLOR: color },
  });
  const chunks: Buffer[] = [];
  child.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk));
  child.stderr?.on("data", (chunk: Buffer) => chunks.push(chunk));
  return new Promise((done) =>
    child.on("close", (code, signal) => done({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString("utf8"), counts: countsOf(name, report) })),
  );
}

function countsOf(name: string, report: string): Counts {
  try {
    const json = JSON.parse(readFileSync(report, "utf8")) as {
      success: boolean;
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
      testResults: { name: string; status: string; message?: string; assertionResults: { fullName: string; status: string }[] }[];
    };
    const failures = json.testResults.flatMap((file) => {
      const where = relative(ROOT, file.name);
      const tests = file.assertionResults.filter((test) => test.status === "failed").map((test) => `${where} > ${test.fullName}`);
      return tests.length === 0 && file.status === "failed" ? [`${where}: ${(file.message ?? "failed outside its tests").split("\n")[0]}`] : tests;
    });
    // A run that failed outside any test (a file that does not load, an unhandled error) counts as one failure.
    const failed = json.success || json.numFailedTests > 0 ? json.numFailedTests : 1;
    return { passed: json.numPassedTests, failed, skipped: json.numPendingTests + json.numTodoTests, failures };
  } catch {
    // No report means Vitest itself failed before running tests: counted as one failure.
    return { passed: 0, failed: 1, skipped: 0, failures: [`${name}: Vitest wrote no report`] };
  }
}

let runs: { code: number; counts: Counts }[];
if (selects) {
  runs = [await vitest("run", laneArgs, false)];
} else {
  // Built once up front: both lanes' global setups would otherwise build into the same folder at once.
  await ensureBuild();
  // The fast layers first, on both cores; then the journeys beside the layers that start servers,
  // which wait on them as much as they compute.
  const fast = await vitest("fast", ["--project", "unit", "--project", "component", ...laneArgs], false);
  const browser = vitest("e2e", ["--project", "e2e", ...laneArgs], true);
  const servers = await vitest("servers", ["--project", "integration", "--project", "pg", ...laneArgs], false);
  const journeys = await browser;
  process.stdout.write(`\n${journeys.output}`);
  runs = [fast, servers, journeys];
}
rmSync(reportDir, { recursive: true, force: true });
const total = runs.reduce((sum, run) => ({ passed: sum.passed + run.counts.passed, failed: sum.failed + run.counts.failed, skipped: sum.skipped + run.counts.skipped }), { passed: 0, failed: 0, skipped: 0 });
console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
for (const failure of runs.flatMap((run) => run.counts.failures)) console.log(`  failed: ${failure}`);
// A lane that ends with code 0 but without its report (stopped by a signal it handled) still failed.
process.exit(runs.every((run) => run.code === 0 && run.counts.failed === 0) ? 0 : 1);
