import { describe, expect, it } from "vitest";
import { parseCsv, toCsv } from "./csv.ts";

interface Row {
  email: string;
  name: string | null;
  message: string | null;
  handled: boolean;
  count?: number;
}

const columns = [
  { key: "email", header: "Email" },
  { key: "name" },
  { key: "message", header: "Message" },
  { key: "handled", header: "Handled" },
] as const;

describe("CSV export (RFC 4180)", () => {
  it("writes a header line and one line per row, separated by CRLF", () => {
    const rows: Row[] = [{ email: "a@example.com", name: "Ann", message: "Hi", handled: false }];
    expect(toCsv(rows, columns)).toBe("Email,name,Message,Handled\r\na@example.com,Ann,Hi,false");
  });

  it("writes only the header for no rows", () => {
    expect(toCsv<Row>([], columns)).toBe("Email,name,Message,Handled");
  });

  it("quotes fields with commas, quotes or line breaks, doubling quotes", () => {
    const rows: Row[] = [{ email: "a@example.com", name: 'Ann "The Fan"', message: "Hi,\r\nthere\nfriend", handled: true }];
    expect(toCsv(rows, columns)).toBe(
      'Email,name,Message,Handled\r\na@example.com,"Ann ""The Fan""","Hi,\r\nthere\nfriend",true',
    );
  });

  it("writes null and undefined as empty cells", () => {
    const rows: Row[] = [{ email: "a@example.com", name: null, message: null, handled: false }];
    expect(toCsv(rows, [...columns, { key: "count" }])).toBe(
      "Email,name,Message,Handled,count\r\na@example.com,,,false,",
    );
  });
});

describe("CSV export is safe from spreadsheet formula injection", () => {
  const cell = (message: string) =>
    toCsv<Row>([{ email: "e@example.com", name: "n", message, handled: false }], [{ key: "message" }]).split("\r\n")[1];

  it("prefixes cells starting with =, +, - or @ with an apostrophe", () => {
    expect(cell("=HYPERLINK(\"http://evil\")")).toBe("\"'=HYPERLINK(\"\"http://evil\"\")\"");
    expect(cell("+1+2")).toBe("'+1+2");
    expect(cell("-2+3")).toBe("'-2+3");
    expect(cell("@SUM(A1)")).toBe("'@SUM(A1)");
  });

  it("prefixes cells starting with a tab or a carriage return", () => {
    expect(cell("\t=1")).toBe("'\t=1");
    expect(cell("\r=1")).toBe("\"'\r=1\"");
  });

  it("leaves other text alone, even with those characters inside", () => {
    expect(cell("a=b+c-d@e")).toBe("a=b+c-d@e");
  });

  it("leaves negative numbers as numbers", () => {
    expect(toCsv([{ n: -5 }], [{ key: "n" }])).toBe("n\r\n-5");
  });

  it("writes a date as its ISO instant and an object as its JSON, quoted", () => {
    expect(toCsv([{ at: new Date("2026-11-22T16:42:21Z"), data: { a: 1 } }], [{ key: "at" }, { key: "data" }])).toBe('at,data\r\n2026-11-22T16:42:21.000Z,"{""a"":1}"');
  });
});

describe("CSV import (RFC 4180)", () => {
  it("reads what toCsv writes: quoted commas, doubled quotes, line breaks, guarded formulas", () => {
    const rows = [{ email: "a@example.com", name: 'Ann "The Fan"', message: "Hi,\r\nthere", handled: true }, { email: "b@example.com", name: "=1+2", message: null, handled: false }];
    expect(parseCsv(toCsv(rows, columns))).toEqual([
      ["Email", "name", "Message", "Handled"],
      ["a@example.com", 'Ann "The Fan"', "Hi,\r\nthere", "true"],
      ["b@example.com", "=1+2", "", "false"],
    ]);
  });

  it("ignores a byte order mark and blank lines, takes LF or CRLF and a last line without its break", () => {
    expect(parseCsv("\uFEFFemail,tags\n\na@example.com,x\r\nb@example.com,\n")).toEqual([["email", "tags"], ["a@example.com", "x"], ["b@example.com", ""]]);
    expect(parseCsv("email\nc@example.com")).toEqual([["email"], ["c@example.com"]]);
    expect(parseCsv("")).toEqual([]);
  });
});
