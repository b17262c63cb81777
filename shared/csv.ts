// CSV export (the back office's form-submission inbox). RFC 4180: fields holding a quote, comma or
// line break are quoted, quotes doubled, records separated by CRLF. Cells are also made safe to open
// in a spreadsheet: text that starts like a formula (=, +, -, @, tab, carriage return) is prefixed
// with an apostrophe so it shows as text instead of running (OWASP "CSV injection"). Submissions are
// written by anyone on the internet, so this matters.

export interface CsvColumn<T> {
  key: keyof T & string;
  /** The header cell; the key when omitted. */
  header?: string;
}

const FORMULA_START = /^[=+\-@\t\r]/;

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** One cell. Numbers are left alone: a negative number is data, not a formula. */
function csvCell(value: unknown): string {
  let text = cellText(value);
  if (typeof value !== "number" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A header line and one line per row, with the given columns in order. */
export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const lines = [
    columns.map((column) => csvCell(column.header ?? column.key)),
    ...rows.map((row) => columns.map((column) => csvCell(row[column.key]))),
  ];
  return lines.map((cells) => cells.join(",")).join("\r\n");
}
