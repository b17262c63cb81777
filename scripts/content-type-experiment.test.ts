import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { costDifferences, costTable, exampleFiles, linesOfExample, MOST_FILES, withExample } from "./content-type-experiment.ts";

const DOCS = readFileSync(new URL("../docs/adding-a-content-type.md", import.meta.url), "utf8");

describe("docs/adding-a-content-type.md's events example", () => {
  it(`writes at most ${MOST_FILES} files by hand, at the cost its table says`, () => {
    const examples = exampleFiles(DOCS);
    expect(examples.length).toBeGreaterThan(0);
    expect(costDifferences(costTable(DOCS), linesOfExample(examples), { generated: false })).toEqual([]);
  });
});

describe("the experiment's reading of the docs", () => {
  const docs = [
    "## What it costs",
    "",
    "| step | file | lines |",
    "| --- | --- | --- |",
    "| 1. table | `a.sql` (a section) | 3 |",
    "| 1. migration | `m/<version>_add.sql` (generated) | 9 |",
    "| 2. code | `b.ts` (new) | 2 |",
    "| **total** | **2 files** | **5** |",
    "",
    "```sql file=a.sql append",
    "one",
    "two",
    "```",
    "",
    "```ts",
    "not written",
    "```",
    "",
    "```ts file=b.ts",
    "const b = 1;",
    "export default b;",
    "```",
    "",
    '```ts file=c.ts after={ path: "/contact" },',
    '  { path: "/events" },',
    "```",
  ].join("\n");

  it("takes the blocks that name a file, an appended one counting the blank line before it", () => {
    expect(exampleFiles(docs)).toEqual([
      { path: "a.sql", append: true, text: "one\ntwo\n" },
      { path: "b.ts", append: false, text: "const b = 1;\nexport default b;\n" },
      { path: "c.ts", append: false, after: '{ path: "/contact" },', text: '  { path: "/events" },\n' },
    ]);
    expect(linesOfExample(exampleFiles(docs))).toEqual(new Map([["a.sql", 3], ["b.ts", 2], ["c.ts", 1]]));
  });

  it("writes a block at the end of its file, after its line, or as the whole file", () => {
    const [appended, whole, inserted] = exampleFiles(docs);
    expect(withExample("zero\n", appended!)).toBe("zero\n\none\ntwo\n");
    expect(withExample("", whole!)).toBe("const b = 1;\nexport default b;\n");
    expect(withExample('[\n  { path: "/contact" },\n];\n', inserted!)).toBe('[\n  { path: "/contact" },\n  { path: "/events" },\n];\n');
    expect(() => withExample("[];\n", inserted!)).toThrow('c.ts: 0 lines read { path: "/contact" },, not one');
  });

  it("says where the measured lines and the table differ, the generated migration matched by its version", () => {
    const table = costTable(docs);
    expect(costDifferences(table, new Map([["a.sql", 3], ["b.ts", 2], ["m/20260101000000_add.sql", 9]]), { generated: true })).toEqual([]);
    expect(costDifferences(table, new Map([["a.sql", 4], ["b.ts", 2]]), { generated: true })).toEqual([
      "a.sql: 4 lines, the cost table says 3",
      "m/<version>_add.sql: in the cost table, not written",
      "6 lines written by hand, the cost table's total says 5",
    ]);
  });

  it(`fails an example of more than ${MOST_FILES} files written by hand`, () => {
    const measured = new Map(["a", "b", "c", "d", "e", "f"].map((name) => [`${name}.ts`, 1]));
    expect(costDifferences({ rows: [], total: 6 }, measured, { generated: false })[0]).toBe(`6 files written by hand, more than ${MOST_FILES}: a.ts, b.ts, c.ts, d.ts, e.ts, f.ts`);
  });
});
