// The events experiment's reading of docs/adding-a-content-type.md: the files its example writes
// (each fenced block whose info string names a file) and the cost table that says what they cost.
// scripts/experiment-events.ts writes those files into a copy of the repository and measures them;
// scripts/content-type-experiment.test.ts holds the table to the blocks on every unit run.

/** What the docs promise a content type with a public page costs at most, in files written by hand. */
export const MOST_FILES = 5;

/**
 * One file of the example: written whole (new), added at the end of a file that exists (`append`),
 * or inserted after the one line of a file that reads `after` (spaces around it aside).
 */
export interface ExampleFile {
  path: string;
  append: boolean;
  after?: string;
  text: string;
}

/** A fence that names its file: ```sql file=supabase/seed.sql append, ```ts file=shared/routes.ts after={ path: "/contact" }, */
const FENCE = /^```\w+ file=(\S+)(?:( append)| after=(.+))?$/;

/** The example's files, in the docs' order, from the fenced blocks that name one. */
export function exampleFiles(markdown: string): ExampleFile[] {
  const files: ExampleFile[] = [];
  const lines = markdown.split("\n");
  for (let index = 0; index < lines.length; index++) {
    const fence = FENCE.exec(lines[index]!);
    if (!fence) continue;
    const end = lines.indexOf("```", index + 1);
    if (end === -1) throw new Error(`docs: the block of ${fence[1]} is not closed`);
    files.push({ path: fence[1]!, append: fence[2] !== undefined, ...(fence[3] ? { after: fence[3] } : {}), text: `${lines.slice(index + 1, end).join("\n")}\n` });
    index = end;
  }
  return files;
}

/** The lines a block adds: an appended block after one blank line, as the file's other sections are. */
export function addedLines(file: ExampleFile): number {
  return file.text.split("\n").length - 1 + (file.append ? 1 : 0);
}

/** One row of the cost table: a file and the lines it cost; `generated` for the migration db:diff writes. */
export interface CostRow {
  path: string;
  lines: number;
  generated: boolean;
}

/** The heading of the section whose table the experiment checks. */
export const COST_HEADING = "## What it costs";

/**
 * The rows of the table under COST_HEADING that name a file (`| step | \`path\` ... | lines |`) and
 * its total row (`| **total** | ... | **lines** |`).
 */
export function costTable(markdown: string): { rows: CostRow[]; total: number } {
  const lines = markdown.split("\n");
  const start = lines.indexOf(COST_HEADING);
  if (start === -1) throw new Error(`docs: no "${COST_HEADING}" section`);
  const end = lines.findIndex((line, index) => index > start && line.startsWith("## "));
  const section = lines.slice(start + 1, end === -1 ? undefined : end);
  const rows: CostRow[] = [];
  let total: number | undefined;
  for (const line of section) {
    const cells = line.split("|").map((cell) => cell.trim());
    if (cells.length < 5 || !line.startsWith("|")) continue;
    const [, step, file, lines] = cells;
    const path = /^`([^`]+)`/.exec(file!)?.[1];
    const count = Number(lines!.replace(/\*/g, ""));
    if (step === "**total**") total = count;
    else if (path && Number.isInteger(count)) rows.push({ path, lines: count, generated: path.includes("<version>") });
  }
  if (total === undefined) throw new Error(`docs: the "${COST_HEADING}" table has no **total** row`);
  return { rows, total };
}

/** `text` (a file's) with the example's block in it: appended after a blank line, or inserted after its line. */
export function withExample(text: string, file: ExampleFile): string {
  if (file.append) return `${text}\n${file.text}`;
  if (file.after === undefined) return file.text;
  const lines = text.split("\n");
  const at = lines.flatMap((line, index) => (line.trim() === file.after ? [index] : []));
  if (at.length !== 1) throw new Error(`${file.path}: ${at.length} lines read ${file.after}, not one`);
  return [...lines.slice(0, at[0]! + 1), ...file.text.replace(/\n$/, "").split("\n"), ...lines.slice(at[0]! + 1)].join("\n");
}

/** The lines each file of the example adds, as the docs' blocks have them. */
export function linesOfExample(examples: readonly ExampleFile[]): Map<string, number> {
  const lines = new Map<string, number>();
  for (const file of examples) lines.set(file.path, (lines.get(file.path) ?? 0) + addedLines(file));
  return lines;
}

/**
 * Where the measured lines of each file (`measured`: path to lines added) and the cost table
 * disagree, or the files written by hand are more than MOST_FILES: one line each. The migration
 * db:diff writes is checked when it was measured (`generated`); the total counts the files written
 * by hand.
 */
export function costDifferences(table: { rows: readonly CostRow[]; total: number }, measured: ReadonlyMap<string, number>, { generated }: { generated: boolean }): string[] {
  const differences: string[] = [];
  const rowOf = (path: string) => table.rows.find((row) => row.path === path || (row.generated && matchesGenerated(row.path, path)));
  const byHand = [...measured.keys()].filter((path) => !rowOf(path)?.generated);
  if (byHand.length > MOST_FILES) differences.push(`${byHand.length} files written by hand, more than ${MOST_FILES}: ${byHand.join(", ")}`);
  for (const [path, lines] of measured) {
    const row = rowOf(path);
    if (!row) differences.push(`${path}: ${lines} lines, not in the cost table`);
    else if (row.lines !== lines) differences.push(`${path}: ${lines} lines, the cost table says ${row.lines}`);
  }
  for (const row of table.rows) {
    if (row.generated && !generated) continue;
    if (![...measured.keys()].some((path) => rowOf(path) === row)) differences.push(`${row.path}: in the cost table, not written`);
  }
  const sum = byHand.reduce((total, path) => total + measured.get(path)!, 0);
  if (sum !== table.total) differences.push(`${sum} lines written by hand, the cost table's total says ${table.total}`);
  return differences;
}

/** `supabase/migrations/<version>_add_events.sql` against a written migration's path. */
function matchesGenerated(pattern: string, path: string): boolean {
  const [before, after] = pattern.split("<version>");
  return path.startsWith(before!) && path.endsWith(after!) && /^\d{14}$/.test(path.slice(before!.length, path.length - after!.length));
}
