import { describe, expect, it } from "vitest";
import { DOCUMENT_LIMITS, type DocumentLimits } from "../shared/rich-text/document.ts";
import { markdownToDocument } from "../shared/rich-text/from-markdown.ts";
import { ConversionError, convertedValue, RICH_TEXT_COLUMNS, type RichTextColumn } from "../shared/rich-text/legacy.ts";
import { convertRichText, main, type RichTextStore, type StoredRow } from "./convert-rich-text.ts";

// The conversion's own rules; tests/integration/database-rich-text.test.ts runs it against both engines.

const [POSTS, WHITEPAPER, FAQ] = RICH_TEXT_COLUMNS as [RichTextColumn, RichTextColumn, RichTextColumn];
const documentOf = (markdown: string, limits: DocumentLimits = DOCUMENT_LIMITS.content) => {
  const converted = markdownToDocument(markdown, { limits });
  if (!converted.ok) throw new Error(converted.error);
  return converted.document;
};

/** A store over rows in memory, writing as the REST store does: only a row still at the version read. */
function memoryStore(rows: Record<string, StoredRow[]>, changeOnFirstWrite?: (row: StoredRow) => void): RichTextStore & { writes: number } {
  let changed = false;
  return {
    writes: 0,
    rows: async (column) => structuredClone(rows[column.table] ?? []),
    async write(column, read, value) {
      const row = rows[column.table]!.find((candidate) => candidate.id === read.id)!;
      if (changeOnFirstWrite && !changed) {
        changed = true;
        changeOnFirstWrite(row);
      }
      if (row.row_version !== read.row_version) return false;
      Object.assign(row, { value, row_version: row.row_version + 1 });
      this.writes++;
      return true;
    },
  };
}

describe("convertedValue", () => {
  it("converts a post's Markdown, each whitepaper section's, and an FAQ answer's plain text", () => {
    expect(convertedValue(POSTS, "## Hi\n\n**bold**")).toEqual({ value: documentOf("## Hi\n\n**bold**"), notes: [], differences: [] });
    const sections = [
      { title: "A", content: "*one*", order: 0 },
      { title: "B", content: documentOf("two"), order: 1 },
    ];
    expect(convertedValue(WHITEPAPER, sections)?.value).toEqual([
      { title: "A", content: documentOf("*one*", DOCUMENT_LIMITS.sectionContent), order: 0 },
      { title: "B", content: documentOf("two"), order: 1 },
    ]);
    expect(convertedValue(FAQ, "Yes.\nSoon.")).toMatchObject({ value: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Yes. Soon." }] }] } });
  });

  it("leaves documents alone: nothing to write", () => {
    expect(convertedValue(POSTS, documentOf("done"))).toBeNull();
    expect(convertedValue(WHITEPAPER, [{ title: "A", content: documentOf("done"), order: 0 }])).toBeNull();
    expect(convertedValue(FAQ, documentOf("done"))).toBeNull();
  });

  it("names the section whose notes and differences it reports", () => {
    const converted = convertedValue(WHITEPAPER, [{ title: "Intro", content: "# Big", order: 0 }], { compare: true });
    expect(converted?.notes).toEqual([expect.stringMatching(/^section 1 \(Intro\): heading level 1 became 2/)]);
  });
});

describe("convertRichText", () => {
  const post = (id: string, value: unknown): StoredRow => ({ id, row_version: 1, label: `Post ${id}`, value });

  it("writes each row that holds text once; run again, it writes nothing", async () => {
    const store = memoryStore({ blog_posts: [post("a", "Words *here*."), post("b", documentOf("Already."))] });
    expect((await convertRichText(store)).map((report) => report.id)).toEqual(["a"]);
    expect(await convertRichText(store)).toEqual([]);
    expect(store.writes).toBe(1);
  });

  it("a dry run reports and writes nothing", async () => {
    const store = memoryStore({ blog_posts: [post("a", "Words.")] });
    expect(await convertRichText(store, { dryRun: true })).toEqual([{ table: "blog_posts", id: "a", label: "Post a", notes: [], differences: [] }]);
    expect(store.writes).toBe(0);
  });

  it("reads a row again when an editor changed it meanwhile, and converts what they wrote", async () => {
    const store = memoryStore({ blog_posts: [post("a", "Old words.")] }, (row) => Object.assign(row, { value: "New words.", row_version: 2 }));
    await convertRichText(store);
    expect((await store.rows(POSTS))[0]).toMatchObject({ value: documentOf("New words."), row_version: 3 });
  });

  it("stops at a row it cannot convert, naming it", async () => {
    const tooLong = "word ".repeat(DOCUMENT_LIMITS.answer.bytes / 5 + 1);
    const store = memoryStore({ faq_entries: [{ id: "q", row_version: 1, label: "Why?", value: tooLong }] });
    await expect(convertRichText(store)).rejects.toThrow(ConversionError);
    await expect(convertRichText(store)).rejects.toThrow(/^faq_entries q \(Why\?\): /);
  });
});

describe("npm run rich-text:convert", () => {
  const output = () => {
    const lines: string[] = [];
    return { lines, out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
  };

  it("needs the project's URL and service-role key, and knows only --dry-run", async () => {
    const missing = output();
    expect(await main([], {}, missing)).toBe(2);
    expect(missing.lines[0]).toMatch(/^SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are required/);
    const unknown = output();
    expect(await main(["--force"], { SUPABASE_URL: "http://127.0.0.1:1", SUPABASE_SERVICE_ROLE_KEY: "k" }, unknown)).toBe(2);
    expect(unknown.lines[0]).toMatch(/^Unknown argument --force/);
    const help = output();
    expect(await main(["--help"], {}, help)).toBe(0);
    expect(help.lines[0]).toMatch(/^Converts the Markdown/);
  });
});
