import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { costDifferences, costTable, exampleFiles, MOST_FILES, withExample } from "./content-type-experiment.ts";

/**
 * `npm run experiment:events`: adds the events type of docs/adding-a-content-type.md to a copy of
 * the repository from the docs alone, and proves it. The copy is the working tree (what git tracks,
 * and new files it does not ignore) in a temporary folder, sharing node_modules. Into it go the
 * blocks of the docs that name a file, then `npm run db:diff -- add_events` writes the migration.
 * The files and lines git sees changed are measured against the docs' cost table; then the
 * typecheck, and the tests that walk every content table run in the copy, and must have run tests of
 * the new table. It fails when the example writes more than MOST_FILES files by hand, when the cost
 * table says other numbers than those measured, or when a check fails. `--keep` keeps the copy.
 */

const ROOT = resolve(import.meta.dirname, "..");
const DOCS = join(ROOT, "docs/adding-a-content-type.md");
/** The table the example adds, as the tests name it. */
const TABLE = "events";

/** Each check: a command run in the copy, and for a test run, what its test names must include. */
const CHECKS: { name: string; command: string[]; mustRun?: RegExp }[] = [
  { name: "typecheck", command: ["npx", "tsc", "--noEmit", "-p", "tsconfig.json"] },
  {
    name: "registries and the site's server parts (one file per type, plain Node's list, addresses, previews, route definitions)",
    command: ["npx", "vitest", "run", "--project", "unit", "shared/content-tables.test.ts", "shared/routes.test.ts", "site/server"],
    mustRun: new RegExp(`\\b${TABLE}\\b`),
  },
  {
    name: "the back office's registry and the site's route table and layers",
    command: ["npx", "vitest", "run", "--project", "component", "backoffice/resources/registry.test.tsx", "site/route-table.test.tsx", "site/imports.test.tsx"],
  },
  { name: "schema files and migrations agree", command: ["npx", "vitest", "run", "--project", "pg", "tests/integration/postgres-schema-files.test.ts"] },
  {
    name: "RLS matrix, length limits, the tables that exist and the seeded drafts, for the new table",
    command: [
      "npx",
      "vitest",
      "run",
      "--project",
      "integration",
      "tests/integration/database-rls.test.ts",
      "tests/integration/database-limits.test.ts",
      "tests/integration/database-constraints.test.ts",
      "-t",
      `${TABLE}|every content table|seeded drafts stay hidden`,
    ],
    mustRun: new RegExp(`\\b${TABLE}\\b`),
  },
  {
    name: "every page rendered on the server over the seeded database, the sitemap and the menus",
    command: ["npx", "vitest", "run", "--project", "integration", "tests/integration/site-routes.test.ts"],
    mustRun: new RegExp(`/${TABLE}\\b`),
  },
  { name: "fuzzer (random requests on every table)", command: ["npx", "vitest", "run", "--project", "integration", "tests/integration/fuzz.test.ts"] },
];

const keep = process.argv.includes("--keep");
const docs = readFileSync(DOCS, "utf8");
const examples = exampleFiles(docs);
const table = costTable(docs);
const copy = mkdtempSync(join(tmpdir(), "rcrt-experiment-events-"));
let failures = 0;

try {
  console.log(`A copy of the repository in ${copy}`);
  const git = (args: string[], cwd = copy) => execFileSync("git", args, { cwd, encoding: "utf8" });
  for (const path of git(["ls-files", "-z", "--cached", "--others", "--exclude-standard"], ROOT).split("\0")) {
    if (!path || path === "node_modules" || !existsSync(join(ROOT, path))) continue;
    mkdirSync(dirname(join(copy, path)), { recursive: true });
    copyFileSync(join(ROOT, path), join(copy, path));
  }
  symlinkSync(join(ROOT, "node_modules"), join(copy, "node_modules"));
  git(["init", "-q"]);
  git(["add", "-A"]);
  git(["-c", "user.name=experiment", "-c", "user.email=experiment@example.com", "commit", "-q", "-m", "before"]);

  for (const file of examples) {
    const target = join(copy, file.path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, withExample(existsSync(target) ? readFileSync(target, "utf8") : "", file));
  }
  run("the migration (npm run db:diff -- add_events)", ["node", "--import", "tsx", "scripts/db-diff.ts", "add_events"]);

  git(["add", "-A"]);
  const measured = new Map(
    git(["diff", "--cached", "--numstat"])
      .trim()
      .split("\n")
      .map((line) => line.split("\t"))
      .map(([added, , path]) => [path!, Number(added)] as const),
  );
  console.log("\nWhat the events type cost:");
  for (const [path, lines] of measured) console.log(`  ${path}: ${lines} lines`);
  const differences = costDifferences(table, measured, { generated: true });
  for (const difference of differences) console.error(`  ✗ ${difference}`);
  if (differences.length) failures += 1;
  else {
    const byHand = table.rows.filter((row) => !row.generated).length;
    console.log(`  ✓ as the docs' cost table says: ${byHand} files written by hand (at most ${MOST_FILES}), ${table.total} lines, and the generated migration`);
  }

  for (const check of CHECKS) run(check.name, check.command, check.mustRun);
} finally {
  if (keep) console.log(`\nKept the copy: ${copy}`);
  else rmSync(copy, { recursive: true, force: true });
}
console.log(failures ? `\n${failures} of the experiment's steps failed.` : "\nThe events experiment holds: the docs' steps alone make a content type, at the cost they state.");
process.exitCode = failures ? 1 : 0;

/** Runs a step in the copy; a test run with `mustRun` must also have run a test whose name matches it. */
function run(name: string, command: string[], mustRun?: RegExp): void {
  const started = Date.now();
  const report = join(copy, ".experiment-report.json");
  const args = mustRun ? [...command.slice(1), "--reporter=default", "--reporter=json", `--outputFile.json=${report}`] : command.slice(1);
  const result = spawnSync(command[0]!, args, { cwd: copy, encoding: "utf8", env: { ...process.env, FORCE_COLOR: "0" } });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  let ranNew = true;
  if (mustRun && result.status === 0) {
    const tests = (JSON.parse(readFileSync(report, "utf8")) as { testResults: { assertionResults: { fullName: string; status: string }[] }[] }).testResults.flatMap(
      (file) => file.assertionResults,
    );
    const ofNew = tests.filter((test) => mustRun.test(test.fullName) && test.status === "passed");
    ranNew = ofNew.length > 0;
    console.log(`  ${ofNew.length} passed tests name ${TABLE}`);
    rmSync(report, { force: true });
  }
  if (result.status === 0 && ranNew) {
    console.log(`✓ ${name} (${seconds} s)`);
    return;
  }
  failures += 1;
  console.error(`✗ ${name} (${seconds} s)${ranNew ? "" : `: no test of ${TABLE} ran`}\n${result.stdout}${result.stderr}`);
}
