import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { ensurePostgresql } from "./ensure-postgresql.ts";
import { enclosingFunction, redefinedLater } from "./sql-mutant-definitions.ts";

/**
 * `npm run test:sql-mutants`: breaks one rule of the SQL (a policy, an RPC, a trigger) at a time and
 * runs the database tests that should catch it; exits non-zero when a mutant is missed.
 *
 * A mutant is one text replacement in one migration, the one that defines the object last. It is
 * made in a copy of supabase/migrations and seed.sql in a temporary folder, which the test layers'
 * template databases are made from when `RCRT_TEST_SUPABASE_DIR` names it
 * (tests/support/supabase-dir.ts): the repository's files are never edited, so an interrupted run
 * leaves it as it was. Before the mutants, the same tests run on the unchanged schema and must pass,
 * each named test found, so that a failure under a mutant is the mutant's doing.
 *
 * Add a mutant with each rule the database keeps, naming the tests that should catch it.
 */

const ROOT = resolve(import.meta.dirname, "..");

interface Catcher {
  /** The Vitest project that runs the file (`pg` for the database layer's server-only files). */
  project: "integration" | "pg";
  file: string;
  /** Part of a test's full name (its describe blocks and its own name, joined by spaces). */
  test: string;
}

interface Mutant {
  name: string;
  migration: string;
  from: string;
  to: string;
  caughtBy: Catcher[];
}

const MUTANTS: Mutant[] = [
  {
    name: "newsletter_unsubscribe accepts any well-formed token (one of the right length)",
    migration: "20261130007001_aimed_newsletters.sql",
    from: "where t.unsubscribe_token = token and s.status in ('confirmed', 'unsubscribed')",
    to: "where length(t.unsubscribe_token) = length(token) and s.status in ('confirmed', 'unsubscribed')",
    caughtBy: [{ project: "pg", file: "tests/integration/database-newsletters.test.ts", test: "forged tokens are refused on every page" }],
  },
  {
    name: "publish_whitepaper leaves the version published before published",
    migration: "20261126000100_team.sql",
    from: "update public.whitepaper w set published = false, row_version = w.row_version + 1 where w.published and w.id <> whitepaper_id;",
    to: "",
    caughtBy: [{ project: "pg", file: "tests/integration/database-rpc.test.ts", test: "publish_whitepaper publishes one version, unpublishes the others and returns the row" }],
  },
  {
    name: "publish_whitepaper unpublishes the other version without giving it a new row version",
    migration: "20261126000100_team.sql",
    from: "update public.whitepaper w set published = false, row_version = w.row_version + 1 where w.published and w.id <> whitepaper_id;",
    to: "update public.whitepaper w set published = false where w.published and w.id <> whitepaper_id;",
    caughtBy: [{ project: "pg", file: "tests/integration/database-team.test.ts", test: "publish_whitepaper and unpublish_whitepaper; publishing unpublishes the version published before" }],
  },
  {
    name: "visitors read drafts: the read policy of published tables drops `published`",
    migration: "20261124000600_scheduled_publishing.sql",
    from: "'using ((published and (publish_at is null or publish_at <= now())) or (select public.is_admin()))'",
    to: "'using (((publish_at is null or publish_at <= now())) or (select public.is_admin()))'",
    caughtBy: [{ project: "integration", file: "tests/integration/database-rls.test.ts", test: "visitors see only published content: the seeded drafts stay hidden" }],
  },
  {
    name: "a stale row version is accepted: the row version trigger no longer compares the caller's version",
    migration: "20261126000100_team.sql",
    from: "perform public.refuse_stale_version(old.row_version, new.row_version - 1);",
    to: "new.row_version := old.row_version + 1;",
    caughtBy: [{ project: "pg", file: "tests/integration/database-team.test.ts", test: "A write based on an old version is refused on every path, the same write at the current version succeeds PATCH update" }],
  },
  {
    name: "an older version passes the optimistic check (only a newer one is refused)",
    migration: "20261126000100_team.sql",
    from: "if given_version is distinct from current_version then",
    to: "if given_version > current_version then",
    caughtBy: [{ project: "pg", file: "tests/integration/database-team.test.ts", test: "A write based on an old version is refused on every path, the same write at the current version succeeds move_item" }],
  },
  {
    name: "an edit lease lasts 15 minutes, not 15 seconds",
    migration: "20261128000323_edit_lease_expiry.sql",
    from: "now() + interval '15 seconds')",
    to: "now() + interval '15 minutes')",
    caughtBy: [{ project: "pg", file: "tests/integration/database-team.test.ts", test: "Edit leases: who else is editing two members see each other on the row" }],
  },
  {
    name: "move_item moves the first item up onto itself and says it moved",
    migration: "20261126000100_team.sql",
    from: `where (t."order", t.id) < ($1, $2)`,
    to: `where (t."order", t.id) <= ($1, $2)`,
    caughtBy: [{ project: "pg", file: "tests/integration/database-rpc.test.ts", test: "Reordering: the item and its neighbour swap their order values interface_previews: moving the first item up or the last item down changes nothing" }],
  },
  {
    name: "move_stage moves a stage up past its category's first into the other category",
    migration: "20261126000100_team.sql",
    from: `where s.category = item_category and (s."order", s.id) < (item_order, stage_id)`,
    to: `where (s."order", s.id) < (item_order, stage_id)`,
    caughtBy: [{ project: "pg", file: "tests/integration/database-rpc.test.ts", test: "Reordering: stages are reordered within their own category the first stage of a category moved up stays put" }],
  },
  {
    name: "an aimed send mails a waitlist member who never confirmed",
    migration: "20261130007001_aimed_newsletters.sql",
    from: "where lower(w.email) = address and w.status = 'confirmed');",
    to: "where lower(w.email) = address and w.status in ('confirmed', 'pending'));",
    caughtBy: [{ project: "integration", file: "tests/integration/database-newsletters.test.ts", test: "a mail aimed at a segment goes once" }],
  },
  {
    name: "editors read people: the people's read policy asks for a team member, not an administrator",
    migration: "20261130005500_people.sql",
    from: 'create policy "Administrators read people" on public.people\n  for select to authenticated using ((select public.is_administrator()));',
    to: 'create policy "Administrators read people" on public.people\n  for select to authenticated using ((select public.is_admin()));',
    caughtBy: [{ project: "integration", file: "tests/integration/database-people.test.ts", test: "who may read people editors get no row of people" }],
  },
  {
    name: "growth_figures gives editors the top referrers' addresses",
    migration: "20261130006000_growth_figures.sql",
    from: "addresses := public.is_administrator();",
    to: "addresses := true;",
    caughtBy: [{ project: "integration", file: "tests/integration/database-growth.test.ts", test: "only administrators get addresses" }],
  },
  {
    name: "a throwaway address earns its referrer a credit",
    migration: "20261130004000_waitlist_referrals.sql",
    from: "when tokens.disposable then 'disposable'",
    to: "when false then 'disposable'",
    caughtBy: [{ project: "integration", file: "tests/integration/database-waitlist.test.ts", test: "a throwaway domain joins the line but earns its referrer nothing" }],
  },
  {
    name: "one client earns a sixth credit in 24 hours",
    migration: "20261130004000_waitlist_referrals.sql",
    from: ">= settings.client_daily_credits",
    to: "> settings.client_daily_credits",
    caughtBy: [{ project: "integration", file: "tests/integration/database-waitlist.test.ts", test: "one client earns at most 5 credits in 24 hours" }],
  },
  {
    name: "an erasure leaves the person's contact messages",
    migration: "20261130007002_erase_aimed_deliveries.sql",
    from: "delete from public.form_submissions f where lower(f.email) = address;",
    to: "",
    caughtBy: [{ project: "integration", file: "tests/integration/database-people.test.ts", test: "removes the person from every table and read path" }],
  },
];

interface Outcome {
  ran: number;
  failed: number;
  /** Names of the tests that ran, describe blocks included. */
  names: string[];
  /** Each failed test's name and its error's first line: what the mutant broke. */
  failures: string[];
  /** The run's first error when no test ran (a template that could not be made, a file that would not load). */
  error: string | null;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The run's temporary folder (the tests' reports, the mutated copy), which goes with the run however it ends. */
const scratch = mkdtempSync(join(tmpdir(), "rcrt-sql-mutants-"));
let running: ChildProcess | null = null;
function removeScratch(): void {
  rmSync(scratch, { recursive: true, force: true });
}
for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143]] as const) {
  process.on(signal, () => {
    const end = () => {
      removeScratch();
      process.exit(code);
    };
    // Vitest stops its backends and PostgreSQL cluster on SIGTERM; the mutated copy goes once it has.
    if (running) running.once("close", end).kill("SIGTERM");
    else end();
  });
}

/** One Vitest run of the catchers of one project, on the schema in `supabaseDir` (the repository's when null). */
async function runTests(project: Catcher["project"], catchers: Catcher[], supabaseDir: string | null): Promise<Outcome> {
  const report = join(scratch, "report.json");
  const files = [...new Set(catchers.map((catcher) => catcher.file))];
  const pattern = catchers.map((catcher) => escape(catcher.test)).join("|");
  const args = [join(ROOT, "node_modules/vitest/vitest.mjs"), "run", "--project", project, "--reporter=dot", "--reporter=json", `--outputFile.json=${report}`, "-t", pattern, ...files];
  const env = { ...process.env, ...(supabaseDir ? { RCRT_TEST_SUPABASE_DIR: supabaseDir } : {}) };
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  running = child;
  const output: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
  await new Promise((done) => child.on("close", done));
  running = null;
  try {
    const json = JSON.parse(readFileSync(report, "utf8")) as {
      numFailedTests: number;
      testResults: { message?: string; assertionResults: { fullName: string; status: string; failureMessages?: string[] }[] }[];
    };
    const results = json.testResults.flatMap((file) => file.assertionResults).filter((test) => test.status === "passed" || test.status === "failed");
    const fileError = json.testResults.find((file) => file.message)?.message ?? null;
    const failures = results.filter((test) => test.status === "failed").map((test) => `${test.fullName}: ${stripVTControlCharacters(test.failureMessages?.[0] ?? "").split("\n")[0]}`);
    return { ran: results.length, failed: json.numFailedTests, names: results.map((test) => test.fullName), failures, error: results.length ? null : (fileError ?? tail(output)) };
  } catch {
    return { ran: 0, failed: 0, names: [], failures: [], error: tail(output) };
  } finally {
    rmSync(report, { force: true });
  }
}

function tail(output: Buffer[]): string {
  return Buffer.concat(output).toString("utf8").trim().split("\n").slice(-15).join("\n");
}

/** Every catcher of `mutant`, grouped by project: one Vitest run per project. */
function byProject(catchers: Catcher[]): Map<Catcher["project"], Catcher[]> {
  const groups = new Map<Catcher["project"], Catcher[]>();
  for (const catcher of catchers) groups.set(catcher.project, [...(groups.get(catcher.project) ?? []), catcher]);
  return groups;
}

/** A copy of the migrations and seed with `mutant` applied; the replaced text must occur exactly once. */
function mutatedCopy(mutant: Mutant): string {
  const dir = join(scratch, "supabase");
  rmSync(dir, { recursive: true, force: true });
  cpSync(join(ROOT, "supabase/migrations"), join(dir, "migrations"), { recursive: true });
  cpSync(join(ROOT, "supabase/seed.sql"), join(dir, "seed.sql"));
  const path = join(dir, "migrations", mutant.migration);
  const sql = readFileSync(path, "utf8");
  const occurrences = sql.split(mutant.from).length - 1;
  if (occurrences !== 1) throw new Error(`mutant "${mutant.name}": its text occurs ${occurrences} times in ${mutant.migration}, not once`);
  writeFileSync(path, sql.replace(mutant.from, mutant.to));
  return dir;
}

/**
 * Mutants whose function a later migration creates again: they would edit a definition the database
 * no longer runs, and be reported missed whatever the tests check. Each is named with that migration.
 */
function staleMutants(): string[] {
  const dir = join(ROOT, "supabase/migrations");
  const migrations = readdirSync(dir)
    .filter((file) => file.endsWith(".sql"))
    .sort()
    .map((file) => [file, readFileSync(join(dir, file), "utf8")] as const);
  return MUTANTS.flatMap((mutant) => {
    const sql = migrations.find(([file]) => file === mutant.migration)?.[1] ?? "";
    const name = enclosingFunction(sql, sql.indexOf(mutant.from));
    const later = name && redefinedLater(migrations, mutant.migration, name);
    return later ? [`"${mutant.name}": ${later} creates ${name} again; point the mutant at it`] : [];
  });
}

/** The exit code: 0 when every mutant is caught, 1 when one is missed, 2 when the tests fail on the unchanged schema or a mutant is stale. */
async function main(): Promise<number> {
  const stale = staleMutants();
  if (stale.length) {
    for (const line of stale) console.error(`stale mutant ${line}`);
    return 2;
  }
  if (MUTANTS.some((mutant) => mutant.caughtBy.some((catcher) => catcher.project === "pg"))) ensurePostgresql();
  const started = Date.now();
  const all = MUTANTS.flatMap((mutant) => mutant.caughtBy);

  console.log(`SQL mutants: ${MUTANTS.length}. First the catching tests on the unchanged schema...`);
  for (const [project, catchers] of byProject(all)) {
    const outcome = await runTests(project, catchers, null);
    const unmatched = catchers.filter((catcher) => !outcome.names.some((name) => name.includes(catcher.test)));
    if (outcome.error || outcome.failed > 0 || unmatched.length) {
      console.error(outcome.error ?? `${project}: ${outcome.failed} of ${outcome.ran} failed on the unchanged schema`);
      for (const catcher of unmatched) console.error(`no test named "${catcher.test}" in ${catcher.file} (${project})`);
      return 2;
    }
    console.log(`  ${project}: ${outcome.ran} passed`);
  }

  const missed: string[] = [];
  for (const [index, mutant] of MUTANTS.entries()) {
    const from = Date.now();
    const dir = mutatedCopy(mutant);
    let verdict: string;
    let failures: string[] = [];
    try {
      const outcomes = [];
      for (const [project, catchers] of byProject(mutant.caughtBy)) outcomes.push(await runTests(project, catchers, dir));
      failures = outcomes.flatMap((outcome) => outcome.failures);
      const broken = outcomes.find((outcome) => outcome.error);
      if (broken) verdict = `NOT RUN: ${broken.error}`;
      else verdict = outcomes.some((outcome) => outcome.failed > 0) ? `caught (${outcomes.reduce((sum, o) => sum + o.failed, 0)} failed)` : "MISSED";
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    if (!verdict.startsWith("caught")) missed.push(mutant.name);
    console.log(`${index + 1}/${MUTANTS.length} ${verdict}, ${Math.round((Date.now() - from) / 1000)} s: ${mutant.name}`);
    for (const failure of failures) console.log(`    ${failure}`);
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`SQL mutants: ${MUTANTS.length - missed.length} of ${MUTANTS.length} caught, ${missed.length} missed, in ${seconds} s`);
  return missed.length ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} finally {
  removeScratch();
}
process.exit(code);
