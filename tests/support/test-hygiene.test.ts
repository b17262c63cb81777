import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

// Habits that make a test pass by luck or not run at all, found in every test file of the repository.

const ROOT = resolve(import.meta.dirname, "../..");
const SKIPPED_DIRS = new Set(["node_modules", "dist", ".git"]);
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

  it("no test file is focused or skipped, follows the real clock under fake timers, sleeps before a negative assertion or checks a found element again", () => {
    const files = testFiles(ROOT);
    expect(files.length).toBeGreaterThan(50);
    const violations = files.flatMap((path) => findViolations(relative(ROOT, path), readFileSync(path, "utf8")));
    expect(violations.map(({ file, line, rule, text }) => `${file}:${line} ${rule}: ${text}`)).toEqual([]);
  });
});
