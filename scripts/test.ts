import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { ensureBuild } from "./build.ts";
import { ensureChromium } from "./ensure-chromium.ts";
import { ensurePostgresql } from "./ensure-postgresql.ts";
import { errorsOutsideTests, failureSummary } from "./failure-summary.ts";
import { systemPackagesFor } from "./test-needs.ts";
import { JOURNEY_APP_VARIABLE, startJourneyApp } from "../tests/e2e/support/journey-app.ts";

/**
 * `npm test`: every layer (unit, component, integration on PGlite and on PostgreSQL, end to end in
 * Chromium), closing with one summary line. The browser journeys run one file at a time against one
 * app; so a full run starts a lane of them, with its own app, once the unit and component layers are
 * done, beside the integration and pg layers, and a second lane once those are done (their output
 * follows the others').
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
  /**
   * The failed tests as "file > name: the error in one line" (scripts/failure-summary.ts), repeated
   * under the closing line: a log kept only by its tail still says what failed, where and why.
   */
  failures: string[];
}

const reportDir = mkdtempSync(join(tmpdir(), "rcrt-test-report-"));
const color = process.env.CI ? "0" : (process.env.FORCE_COLOR ?? "1");

/**
 * One Vitest run; its output goes to the terminal as it comes, or is held and printed later when
 * `held`, and is kept either way: an error outside the tests is only in the output.
 */
function vitest(name: string, vitestArgs: string[], held: boolean, env: Record<string, string> = {}): Promise<Run> {
  const report = join(reportDir, `${name}.json`);
  const child = spawn(process.execPath, [join(ROOT, "node_modules/vitest/vitest.mjs"), "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...vitestArgs], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, FORCE_COLOR: color, ...env },
  });
  const chunks: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => {
    chunks.push(chunk);
    if (!held) process.stdout.write(chunk);
  });
  child.stderr.on("data", (chunk: Buffer) => {
    chunks.push(chunk);
    if (!held) process.stderr.write(chunk);
  });
  const from = Date.now();
  return new Promise((done) =>
    child.on("close", (code, signal) => {
      const output = Buffer.concat(chunks).toString("utf8");
      const ended = code ?? (signal ? 1 : 0);
      done({ name, code: ended, output, counts: countsOf(name, report, ended === 0 ? undefined : { code: code ?? signal ?? "", output }), seconds: Math.round((Date.now() - from) / 1000), endedAt: elapsed() });
    }),
  );
}

/**
 * What a run's report counted. A run that ended with an error code though no test failed (an
 * unhandled error, a global teardown that threw, a signal) counts one failure, named by what its
 * output says went wrong: the summary line would otherwise say "0 failed" over a red CI.
 */
function countsOf(name: string, report: string, endedBadly?: { code: number | string; output: string }): Counts {
  const counts = reportCounts(name, report);
  if (!endedBadly || counts.failed > 0) return counts;
  const errors = errorsOutsideTests(endedBadly.output, ROOT);
  const failures = errors.length > 0 ? errors.map((error) => `${name}: ${error}`) : [`${name}: Vitest ended with ${endedBadly.code} though no test failed; its output says why`];
  return { ...counts, failed: 1, failures };
}

function reportCounts(name: string, report: string): Counts {
  try {
    const json = JSON.parse(readFileSync(report, "utf8")) as {
      success: boolean;
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
      testResults: { name: string; status: string; message?: string; assertionResults: { fullName: string; status: string; duration?: number; failureMessages?: string[] }[] }[];
    };
    const failures = json.testResults.flatMap((file) => {
      const where = relative(ROOT, file.name);
      const tests = file.assertionResults.filter((test) => test.status === "failed").map((test) => `${where} > ${test.fullName}: ${failureSummary(test.failureMessages?.[0] ?? "", ROOT, test.duration)}`);
      return tests.length === 0 && file.status === "failed" ? [`${where}: ${failureSummary(file.message ?? "failed outside its tests", ROOT)}`] : tests;
    });
    // A run that failed outside any test (a file that does not load, an unhandled error) counts as one failure.
    const failed = json.success || json.numFailedTests > 0 ? json.numFailedTests : 1;
    return { passed: json.numPassedTests, failed, skipped: json.numPendingTests + json.numTodoTests, failures };
  } catch {
    // No report means Vitest itself failed before running tests: counted as one failure.
    return { passed: 0, failed: 1, skipped: 0, failures: [`${name}: Vitest wrote no report`] };
  }
}

type Run = { code: number; output: string; counts: Counts; name?: string; seconds?: number; endedAt?: number };

const testStart = Date.now();
/** Seconds since `npm test` started: each run's end is printed with it, to show where a run's time went. */
const elapsed = () => Math.round((Date.now() - testStart) / 1000);

/**
 * The journeys' files, which lanes take a few at a time: the first lane from the front, later ones
 * from the back, so that they meet wherever the first has got to. Each take is one Vitest run,
 * whose start costs 10 to 30 s on a busy machine, so a lane takes a quarter of what is left (at
 * least one file): several early, one at a time near the end, where the lanes must finish together.
 * In a shuffled run the files' order is the seed's.
 */
function journeyQueue(): { front: () => string[]; back: () => string[]; left: () => number } {
  const files = (readdirSync(join(ROOT, "tests/e2e"), { recursive: true }) as string[])
    .filter((file) => file.endsWith(".test.ts"))
    .map((file) => `tests/e2e/${file}`)
    .sort();
  const seed = laneArgs.find((arg) => arg.startsWith("--sequence.seed="))?.split("=")[1];
  if (seed) {
    const rank = (file: string) => [...`${seed}${file}`].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16_777_619) >>> 0, 2_166_136_261);
    files.sort((a, b) => rank(a) - rank(b));
  }
  const share = () => Math.max(1, Math.floor(files.length / 4));
  return { front: () => files.splice(0, share()), back: () => files.splice(-share()), left: () => files.length };
}

/** One lane of journeys: an app of its own, kept across the runs of the files it takes, one per run. */
async function journeyLane(name: string, take: () => string[]): Promise<Run[]> {
  let started: Awaited<ReturnType<typeof startJourneyApp>>;
  try {
    started = await startJourneyApp();
  } catch (error) {
    const reason = `${name}: the app did not start: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`;
    return [{ code: 1, output: `${reason}\n`, counts: { passed: 0, failed: 1, skipped: 0, failures: [reason] } }];
  }
  const { app, stop } = started;
  const runs: Run[] = [];
  try {
    for (let files = take(); files.length > 0; files = take()) {
      runs.push(await vitest(`${name}-${runs.length}`, ["--project", "e2e", ...files, ...laneArgs], true, { [JOURNEY_APP_VARIABLE]: JSON.stringify(app) }));
    }
  } finally {
    await stop();
  }
  return runs;
}

let runs: Run[];
if (selects) {
  runs = [await vitest("run", laneArgs, false)];
} else {
  // Built once up front: both lanes' global setups would otherwise build into the same folder at once.
  await ensureBuild();
  // The fast layers first, on both cores; then the journeys beside the layers that start servers,
  // which wait on them as much as they compute.
  const fast = await vitest("fast", ["--project", "unit", "--project", "component", ...laneArgs], false);
  // One lane of journeys beside the server layers, a second once those are done: a lane keeps about
  // a core busy (its browser renders and runs the back office). On a 2-core machine, with two lanes
  // beside the server layers, whose tests start backends within time limits, those starts took up
  // to thirty times their time alone (a restart test's first start 230 s, against 8 s); and three
  // lanes after them kept 14 to 18 threads waiting for the two cores, where a journey ran out of its
  // 90 s.
  const queue = journeyQueue();
  const lanes = [journeyLane("e2e", queue.front)];
  const servers = await vitest("servers", ["--project", "integration", "--project", "pg", ...laneArgs], false);
  if (queue.left() > 0) lanes.push(journeyLane("e2e-second", queue.back));
  const journeys = (await Promise.all(lanes)).flat();
  for (const journey of journeys) process.stdout.write(`\n${journey.output}`);
  runs = [fast, servers, ...journeys];
}
rmSync(reportDir, { recursive: true, force: true });
const total = runs.reduce((sum, run) => ({ passed: sum.passed + run.counts.passed, failed: sum.failed + run.counts.failed, skipped: sum.skipped + run.counts.skipped }), { passed: 0, failed: 0, skipped: 0 });
if (!selects) for (const run of runs) console.log(`  ${run.name}: ${run.seconds} s, ended at ${run.endedAt} s`);
console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped, after ${elapsed()} s`);
for (const failure of runs.flatMap((run) => run.counts.failures)) console.log(`  failed: ${failure}`);
// A lane that ends with code 0 but without its report (stopped by a signal it handled) still failed.
process.exit(runs.every((run) => run.code === 0 && run.counts.failed === 0) ? 0 : 1);
