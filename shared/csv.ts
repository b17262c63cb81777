// CSV export (the back office's form-submission inbox, Subscribers, People) and import (People). RFC 4180: fields holding a quote, comma or
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
/** A cell csvCell guarded: the apostrophe it put before a formula's first character. */
const FORMULA_GUARDED = /^'[=+\-@\t\r]/;

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

/**
 * The records of a CSV text as toCsv writes it and spreadsheets save it (RFC 4180): a byte order mark
 * ignored, quoted fields with doubled quotes and line breaks, CRLF or LF between records, blank lines
 * skipped. A cell toCsv made safe (`'=1`) reads back as it was written (`=1`).
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const endCell = () => {
    record.push(FORMULA_GUARDED.test(cell) ? cell.slice(1) : cell);
    cell = "";
  };
  const endRecord = () => {
    endCell();
    if (record.length > 1 || record[0] !== "") records.push(record);
    record = [];
  };
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === "") {
      quoted = true;
    } else if (char === ",") endCell();
    else if (char === "\n" || char === "\r") {
      if (char === "\r" && source[i + 1] === "\n") i++;
      endRecord();
    } else cell += char;
  }
  if (cell !== "" || record.length > 0) endRecord();
  return records;
}

