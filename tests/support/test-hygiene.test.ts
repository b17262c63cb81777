import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

// Habits that make a test pass by luck or not run at all, found in every test file of the repository.

const ROOT = resolve(import.meta.dirname, "../..");
// .stryker-tmp holds Stryker's copies of the repository (npm run test:mutation).
const SKIPPED_DIRS = new Set(["node_modules", "dist", ".git", ".stryker-tmp"]);
// This file's own samples are the habits it looks for.
const SELF = import.meta.filename;

const FOCUSED_OR_SKIPPED = /\.(only|skip)\(/;
// The option itself (`{ shouldAdvanceTime: true }`), not the word in prose.
const CLOCK_FOLLOWING_REAL_TIME = /\bshouldAdvanceTime\s*:/;
/** A wait of a literal duration: `await new Promise((r) => setTimeout(r, 100))`, `await sleep(100)`, timers/promises' `await setTimeout(100)`. */
const FIXED_SLEEP = /\bawait\b.*(\bnew Promise\b.*\bsetTimeout\([^)]*,\s*[\d_]+\s*\)|\b(sleep|delay|setTimeout)\(\s*[\d_]+\s*[,)])/;
const NEGATIVE_ASSERTION = /\.not\.|\.toHaveLength\(0\)|\.toBeNull\(\)|\.toBeUndefined\(\)|\.toBeFalsy\(\)|\.(toEqual|toStrictEqual)\(\[\]\)|\.toHaveBeenCalledTimes\(0\)/;
/**
 * `expect(await findBy…(…)).toBeInTheDocument()`: findBy already waited for the element and fails
 * without it; checking the node again later fails when a re-render (a lazy chunk arriving, a query
 * settling) replaced it meanwhile, which a busy machine makes likely. `await findBy…(…)` says it.
 */
const FOUND_THEN_RECHECKED = /expect\(await [^;]*\.findBy\w+\(.*\)\)\.toBeInTheDocument\(\)/;
/** How many lines after a fixed sleep a negative assertion counts as resting on it. */
const SLEEP_REACH = 3;

/**
 * The product's catalogues of user-visible words, each with the folder it lives in. A test states
 * the words it expects on a screen, in a mail or an error as the spec writes them (literally, or
 * from tests/support/spec-texts.ts), never by importing these: a changed catalogue would pass a test
 * that compares the product with itself. The tests in a catalogue's own folder may import it: they
 * are its unit tests, which hold it to the words written out. Named exports count wherever they are
 * imported from (a module may pass one on); the site's default-language catalogue counts whole.
 */
const CATALOGUES: readonly { home: string; names?: readonly string[]; modules?: RegExp }[] = [
  { home: "backoffice/lib", names: ["LOGIN_ERRORS", "ADMIN_CHECK_FAILED", "SESSION_EXPIRED", "TWO_FACTOR_TEXTS", "CONNECTION_MESSAGES", "REPLACE_ERRORS"] },
  { home: "backoffice/team", names: ["ROLE_LABELS"] },
  { home: "backoffice/translations", names: ["STATE_LABELS"] },
  { home: "backoffice/people", names: ["PEOPLE_TEXTS"] },
  { home: "shared", names: ["FORM_SUCCESS", "FORM_ANSWER", "SCHEDULE_MISSING", "SCHEDULE_PAST", "TOTP_CODE_MESSAGE", "FEATURES_PLACEHOLDER", "REVISION_ACTION_LABELS", "GROWTH_TEXTS"] },
  { home: "shared/rich-text", names: ["CTA_LABELS"] },
  { home: "server", names: ["MESSAGES"] },
  { home: "server/newsletters", names: ["NEWSLETTER_TEXTS"] },
  { home: "server/waitlist", names: ["WAITLIST_TEXTS"] },
  // English is the spec's language; the other languages' catalogues (*.ja.ts, ja.ts) are not its words.
  { home: "site/i18n", modules: /^site\/i18n\/(en|parts\/[\w-]+)\.ts$/ },
];
/** The name of an exported constant that is a catalogue by its name, which CATALOGUES must then list. */
const CATALOGUE_LIKE_EXPORT = /(^|_)(ERRORS|TEXTS|MESSAGES?|LABELS)$/;
const STATIC_IMPORT = /^import\s+(type\s+)?([^;]*?)\s+from\s+["'](\.{1,2}\/[^"']+)["']/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g;

/** The catalogue words a test file reads: `<file>:<line> <name> from <module>`, the allowed ones left out. */
function catalogueReads(file: string, source: string): string[] {
  const folder = dirname(file);
  const lineOf = (index: number) => source.slice(0, index).split("\n").length;
  const reads: string[] = [];
  const read = (index: number, name: string, module: string) => reads.push(`${file}:${lineOf(index)} ${name} from ${module}`);
  const moduleCatalogue = (module: string) => CATALOGUES.find((catalogue) => catalogue.modules?.test(module));
  for (const match of source.matchAll(STATIC_IMPORT)) {
    if (match[1]) continue;
    const module = join(folder, match[3]!);
    const braces = /\{([^}]*)\}/.exec(match[2]!);
    const named = (braces?.[1] ?? "").split(",").map((specifier) => specifier.trim()).filter((specifier) => specifier && !specifier.startsWith("type "));
    // A default or namespace import (`import en from`, `import * as en from`) takes the whole module.
    const names = [...named.map((specifier) => specifier.split(/\s+as\s+/)[0]!), ...(match[2]!.replace(/\{[^}]*\}/, "").replace(/,/g, "").trim() ? ["*"] : [])];
    const whole = moduleCatalogue(module);
    for (const name of names) {
      const catalogue = whole ?? CATALOGUES.find((entry) => entry.names?.includes(name));
      if (catalogue && catalogue.home !== folder) read(match.index, name, module);
    }
  }
  for (const match of source.matchAll(DYNAMIC_IMPORT)) {
    const module = join(folder, match[1]!);
    const catalogue = moduleCatalogue(module);
    if (catalogue && catalogue.home !== folder) read(match.index, "*", module);
  }
  return reads;
}

interface Violation {
  file: string;
  line: number;
  rule: "only/skip" | "shouldAdvanceTime" | "sleep before a negative assertion" | "found element checked again";
  text: string;
}

function findViolations(file: string, source: string): Violation[] {
  const lines = source.split("\n");
  const found: Violation[] = [];
  lines.forEach((text, index) => {
    const at = { file, line: index + 1, text: text.trim() };
    if (FOCUSED_OR_SKIPPED.test(text)) found.push({ ...at, rule: "only/skip" });
    if (CLOCK_FOLLOWING_REAL_TIME.test(text)) found.push({ ...at, rule: "shouldAdvanceTime" });
    if (FOUND_THEN_RECHECKED.test(text)) found.push({ ...at, rule: "found element checked again" });
    const sleep = FIXED_SLEEP.exec(text);
    if (sleep) {
      const after = [text.slice(sleep.index + sleep[0].length), ...lines.slice(index + 1, index + 1 + SLEEP_REACH)];
      if (after.some((line) => NEGATIVE_ASSERTION.test(line))) found.push({ ...at, rule: "sleep before a negative assertion" });
    }
  });
  return found;
}

/** Product code (not tests) under `dir`, for the catalogues' own check. */
function productFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : productFiles(join(dir, entry.name));
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [];
  });
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : testFiles(join(dir, entry.name));
    const path = join(dir, entry.name);
    return /\.test\.tsx?$/.test(entry.name) && path !== SELF ? [path] : [];
  });
}

describe("test hygiene", () => {
  const rules = (...lines: string[]) => findViolations("sample.test.ts", lines.join("\n")).map(({ line, rule }) => `${line} ${rule}`);

  it("finds a focused or skipped test, and not skipIf", () => {
    expect(rules('it.only("a", () => {});', 'describe.skip("b", () => {});', 'it.skipIf(slow)("c", () => {});')).toEqual(["1 only/skip", "2 only/skip"]);
  });

  it("finds fake timers that follow the real clock, and not the word in a comment", () => {
    expect(rules("vi.useFakeTimers({ shouldAdvanceTime: true });", "// without shouldAdvanceTime the clock stands still")).toEqual(["1 shouldAdvanceTime"]);
  });

  it("finds a literal sleep with a negative assertion within three lines after it, on the same line too", () => {
    expect(rules("await new Promise((resolve) => setTimeout(resolve, 1_000));", "", "", "expect(rows).toHaveLength(0);")).toEqual(["1 sleep before a negative assertion"]);
    expect(rules("await sleep(200);", "expect(screen.queryByText('x')).not.toBeInTheDocument();")).toEqual(["1 sleep before a negative assertion"]);
    expect(rules("await delay(50); expect(value).toBeNull();")).toEqual(["1 sleep before a negative assertion"]);
    expect(rules('await setTimeout(100);', "expect(rows).toEqual([]);")).toEqual(["1 sleep before a negative assertion"]);
  });

  it("leaves a sleep followed by positive assertions, a negative one further away, and a wait on a condition", () => {
    expect(rules("await new Promise((resolve) => setTimeout(resolve, 100));", "expect(rows).toHaveLength(2);", "expect(status).toBe(200);")).toEqual([]);
    expect(rules("await sleep(100);", "a();", "b();", "c();", "expect(rows).toEqual([]);")).toEqual([]);
    expect(rules("await sleep(WAIT);", "expect(rows).toEqual([]);")).toEqual([]);
    expect(rules("await waitFor(() => expect(rows).toHaveLength(0));")).toEqual([]);
  });

  it("finds an element that findBy found checked again, and not findBy alone or a queryBy check", () => {
    expect(rules('expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();', 'await screen.findByRole("heading", { name: "Dashboard" });', 'expect(screen.queryByText("x")).toBeInTheDocument();')).toEqual(["1 found element checked again"]);
  });

  describe("no test reads the spec's words from the product's catalogues", () => {
    const reads = (file: string, ...lines: string[]) => catalogueReads(file, lines.join("\n"));

    it("finds a catalogue's words imported by a test outside its folder: by name, through a module that passes them on, renamed, over several lines, or the site's English catalogue whole", () => {
      expect(reads("backoffice/auth/auth-pages.test.tsx", 'import { LoginError, LOGIN_ERRORS } from "../lib/auth-provider.ts";')).toEqual(["backoffice/auth/auth-pages.test.tsx:1 LOGIN_ERRORS from backoffice/lib/auth-provider.ts"]);
      expect(reads("site/forms.test.tsx", "import { describe } from \"vitest\";", "import {", "  FORM_SUCCESS as SUCCESS,", '} from "../shared/form-messages.ts";')).toEqual(["site/forms.test.tsx:2 FORM_SUCCESS from shared/form-messages.ts"]);
      expect(reads("tests/integration/site-routes.test.ts", 'import { en } from "../../site/i18n/en.ts";', 'import * as about from "../../site/i18n/parts/about.ts";')).toEqual([
        "tests/integration/site-routes.test.ts:1 en from site/i18n/en.ts",
        "tests/integration/site-routes.test.ts:2 * from site/i18n/parts/about.ts",
      ]);
      expect(reads("tests/e2e/site.test.ts", 'const { en } = await import("../../site/i18n/en.ts");')).toEqual(["tests/e2e/site.test.ts:1 * from site/i18n/en.ts"]);
    });

    it("leaves types, other exports of a catalogue's module, other languages' catalogues, packages, and a catalogue's own folder's tests", () => {
      expect(
        reads(
          "backoffice/auth/auth-pages.test.tsx",
          'import type { LOGIN_ERRORS } from "../lib/login-errors.ts";',
          'import { LoginError, type TwoFactorStep } from "../lib/login-errors.ts";',
          'import { validateRecord, waitlistRules } from "../../shared/validation.ts";',
          'import { ja } from "../../site/i18n/ja.ts";',
          'import { aboutTexts } from "../../site/i18n/parts/about.ja.ts";',
          'import { LOGIN_ERRORS } from "some-package";',
        ),
      ).toEqual([]);
      expect(reads("backoffice/lib/login-errors.test.tsx", 'import { LOGIN_ERRORS } from "./login-errors.ts";')).toEqual([]);
      expect(reads("site/i18n/catalogues.test.ts", 'import { en } from "./en.ts";', 'import { aboutTexts } from "./parts/about.ts";')).toEqual([]);
    });

    it("every catalogue-like export of the product (…_ERRORS, …_TEXTS, …_MESSAGES, …_LABELS) is listed, and every listed name is exported in its folder", () => {
      const exported = ["shared", "site", "backoffice", "server"].flatMap((dir) =>
        productFiles(join(ROOT, dir)).flatMap((path) => [...readFileSync(path, "utf8").matchAll(/^export const (\w+)/gm)].map((match) => ({ name: match[1]!, folder: relative(ROOT, dirname(path)) }))),
      );
      const listed = CATALOGUES.flatMap((catalogue) => (catalogue.names ?? []).map((name) => ({ name, folder: catalogue.home })));
      const unlisted = exported.filter(({ name }) => CATALOGUE_LIKE_EXPORT.test(name) && !listed.some((entry) => entry.name === name));
      expect(unlisted).toEqual([]);
      expect(listed.filter((entry) => !exported.some(({ name, folder }) => name === entry.name && folder === entry.folder))).toEqual([]);
    });

    it("no test file imports a catalogue's words from outside its folder", () => {
      const found = testFiles(ROOT).flatMap((path) => catalogueReads(relative(ROOT, path), readFileSync(path, "utf8")));
      expect(found).toEqual([]);
    });
  });

  it("no test file is focused or skipped, follows the real clock under fake timers, sleeps before a negative assertion or checks a found element again", () => {
    const files = testFiles(ROOT);
    expect(files.length).toBeGreaterThan(50);
    const violations = files.flatMap((path) => findViolations(relative(ROOT, path), readFileSync(path, "utf8")));
    expect(violations.map(({ file, line, rule, text }) => `${file}:${line} ${rule}: ${text}`)).toEqual([]);
  });
});
