import { pathToFileURL } from "node:url";
import { ConversionError, convertedValue, RICH_TEXT_COLUMNS, type ConvertedValue, type RichTextColumn } from "../shared/rich-text/legacy.ts";

// The conversion of stored Markdown to rich-text documents (docs/rich-text-migration.md), between
// the expand migration (20261129004000_rich_text_documents.sql), which keeps each Markdown text as a
// JSON string, and the contract one (20261129004100_rich_text_contract.sql), which refuses to run
// while a string is left. The same steps run over two stores: a project's REST API with the service
// role (`npm run rich-text:convert`, as the web tier talks to a hosted project) and a SQL connection
// (the local backend, before it applies the contract migration: scripts/local-backend.ts).

const USAGE = `Converts the Markdown of post contents, whitepaper sections and FAQ answers to rich-text documents.

Usage: npm run rich-text:convert [-- --dry-run]

  --dry-run   convert and check every row, print the notes and compare what a reader sees
              (text and HTML) with the old Markdown renderer's, and write nothing

Settings (as \`npm run serve\` reads them): SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY, and SITE_URL
(a picture's path on the site, such as /images/a.png, is made absolute on it).
Rows that already hold documents are left as they are: running it again changes nothing.

Exit status: 0 done, 1 a row could not be converted (nothing more is written), 2 wrong usage or settings.`;

/** A row as the stores read it: its id, version, label and the column's value. */
export interface StoredRow {
  id: string;
  row_version: number;
  label: string;
  value: unknown;
}

/** Where rows are read and written: a project's REST API or a SQL connection. */
export interface RichTextStore {
  /** Every row of the column's table (the store may read them in pages). */
  rows(column: RichTextColumn): Promise<StoredRow[]>;
  /** Writes the new value when the row is still at `row.row_version` with `row.value`; false when it changed meanwhile. */
  write(column: RichTextColumn, row: StoredRow, value: unknown): Promise<boolean>;
}

export interface RowReport {
  table: string;
  id: string;
  label: string;
  notes: string[];
  /** --dry-run: where what a reader sees differs from the Markdown renderer's. */
  differences: string[];
}

/**
 * Converts every row that still holds Markdown or plain text, column by column, and reports each
 * one converted. A row changed while it was converted is read again (three tries). Stops at the
 * first row that cannot be converted, naming it; what was written before stays written (each row is
 * its own write, and converting again skips it).
 */
export async function convertRichText(store: RichTextStore, options: { siteUrl?: string; dryRun?: boolean } = {}): Promise<RowReport[]> {
  const reports: RowReport[] = [];
  for (const column of RICH_TEXT_COLUMNS) {
    for (const first of await store.rows(column)) {
      let row: StoredRow | undefined = first;
      for (let attempt = 1; row; attempt++) {
        let converted: ConvertedValue | null;
        try {
          converted = convertedValue(column, row.value, { siteUrl: options.siteUrl, compare: options.dryRun });
        } catch (error) {
          throw new ConversionError(`${column.table} ${row.id} (${row.label}): ${error instanceof Error ? error.message : String(error)}`);
        }
        if (!converted) break;
        if (options.dryRun || (await store.write(column, row, converted.value))) {
          reports.push({ table: column.table, id: row.id, label: row.label, notes: converted.notes, differences: converted.differences });
          break;
        }
        if (attempt === 3) throw new ConversionError(`${column.table} ${row.id} (${row.label}): changed three times while it was converted; run the conversion again`);
        const id: string = row.id;
        row = (await store.rows(column)).find((candidate) => candidate.id === id);
      }
    }
  }
  return reports;
}

/** A project's REST API with the service-role key: what a hosted project offers the web tier. */
export function restStore(url: string, serviceRoleKey: string): RichTextStore {
  const headers = { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}`, "content-type": "application/json" };
  const call = async (path: string, init: RequestInit = {}): Promise<unknown> => {
    const response = await fetch(`${url.replace(/\/$/, "")}/rest/v1/${path}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } });
    const body = await response.text();
    if (!response.ok) throw new Error(`${init.method ?? "GET"} /rest/v1/${path.split("?")[0]} answered ${response.status}: ${body.slice(0, 500)}`);
    return body ? JSON.parse(body) : null;
  };
  const PAGE = 500;
  return {
    async rows(column) {
      const rows: StoredRow[] = [];
      for (let from = 0; ; from += PAGE) {
        const page = (await call(`${column.table}?select=id,row_version,${column.label},${column.column}&order=id`, { headers: { range: `${from}-${from + PAGE - 1}` } })) as Record<string, unknown>[];
        rows.push(...page.map((row) => ({ id: String(row.id), row_version: Number(row.row_version), label: String(row[column.label]), value: row[column.column] })));
        if (page.length < PAGE) return rows;
      }
    },
    async write(column, row, value) {
      // Only while the row is as it was read: an editor's change in between is never overwritten.
      const written = (await call(`${column.table}?id=eq.${encodeURIComponent(row.id)}&row_version=eq.${row.row_version}&select=id`, {
        method: "PATCH",
        headers: { prefer: "return=representation" },
        body: JSON.stringify({ [column.column]: value }),
      })) as unknown[];
      return written.length === 1;
    },
  };
}

/** Something that runs SQL with parameters (the local backend's connection, in a migration's transaction). */
export interface SqlRunner {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** The same over SQL: the rows that hold text only, written as the connection's role (the table's owner). */
export function sqlStore(db: SqlRunner): RichTextStore {
  const pending: Record<RichTextColumn["column"], string> = {
    content: "jsonb_typeof(content) = 'string'",
    answer: "jsonb_typeof(answer) = 'string'",
    sections: `jsonb_path_exists(sections, 'strict $[*].content ? (@.type() == "string")')`,
  };
  return {
    async rows(column) {
      // As JSON text, parsed here: the engines' drivers differ in how they return jsonb.
      const { rows } = await db.query<{ id: string; row_version: number; label: string; value_json: string }>(
        `select id::text, row_version, ${column.label}::text as label, ${column.column}::text as value_json from public.${column.table} where ${pending[column.column]} order by id`,
      );
      return rows.map(({ value_json, ...row }) => ({ ...row, value: JSON.parse(value_json) as unknown }));
    },
    async write(column, row, value) {
      const { rows } = await db.query<{ id: string }>(`update public.${column.table} set ${column.column} = $1::jsonb where id = $2 and row_version = $3 returning id`, [
        JSON.stringify(value),
        row.id,
        row.row_version,
      ]);
      return rows.length === 1;
    },
  };
}

function printReports(reports: readonly RowReport[], dryRun: boolean, out: (line: string) => void): void {
  for (const report of reports) {
    out(`${dryRun ? "would convert" : "converted"} ${report.table} ${report.id} (${report.label})`);
    for (const note of report.notes) out(`  note: ${note}`);
    for (const difference of report.differences) out(`  differs: ${difference}`);
  }
  out(reports.length === 0 ? "Nothing to convert: every rich-text field holds a document." : `${reports.length} row(s) ${dryRun ? "to convert (nothing written)" : "converted"}.`);
}

export async function main(args: string[], env: Record<string, string | undefined> = process.env, output = { out: console.log, err: console.error }): Promise<number> {
  if (args.some((arg) => arg === "--help" || arg === "-h")) {
    output.out(USAGE);
    return 0;
  }
  const unknown = args.filter((arg) => arg !== "--dry-run");
  if (unknown.length > 0) {
    output.err(`Unknown argument ${unknown[0]}.\n\n${USAGE}`);
    return 2;
  }
  const url = env.SUPABASE_URL;
  const key = env.SUPABASE_SERVICE_ROLE_KEY;
  if (!url || !key) {
    output.err(`SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are required.\n\n${USAGE}`);
    return 2;
  }
  const dryRun = args.includes("--dry-run");
  try {
    printReports(await convertRichText(restStore(url, key), { siteUrl: env.SITE_URL, dryRun }), dryRun, output.out);
    return 0;
  } catch (error) {
    output.err(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) process.exitCode = await main(process.argv.slice(2));
