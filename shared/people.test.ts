import { describe, expect, it } from "vitest";
import { parseCsv } from "./csv.ts";
import { filterProblem, importRowsOf, isTag, normaliseTag, peopleCsv, type PersonRow } from "./people.ts";

const person: PersonRow = {
  id: "0b5d3c2e-0000-4000-8000-000000000001",
  email: "ann@example.com",
  language: "ja",
  created_at: "2026-11-01T10:00:00+00:00",
  imported_at: "2026-11-02T10:00:00+00:00",
  import_source: "=HYPERLINK(\"x\")",
  mail_consent_source: "Fair, opt-in box",
  mail_consent_at: "2026-11-02T10:00:00+00:00",
  mail_opt_out_at: null,
  newsletter: "confirmed",
  newsletter_unsubscribed_at: null,
  waitlist: "confirmed",
  place: 12,
  referrals: 2,
  contacted: 1,
  tags: ["backer", "early bird"],
};

describe("tags", () => {
  it("are trimmed, lower-cased, inner spaces single", () => {
    expect(normaliseTag("  Early   Backer ")).toBe("early backer");
  });

  it("are 1 to 40 letters, digits, spaces, dots, dashes or underscores, starting with a letter or digit, normalised", () => {
    expect(isTag("backer")).toBe(true);
    expect(isTag("tier-2_vip.eu")).toBe(true);
    expect(isTag("日本")).toBe(true);
    expect(isTag("x".repeat(40))).toBe(true);
    expect(isTag("x".repeat(41))).toBe(false);
    expect(isTag("")).toBe(false);
    expect(isTag("-lead")).toBe(false);
    expect(isTag("a;b")).toBe(false);
    expect(isTag("Backer")).toBe(false);
  });

  it("may be one character long, and may end in a digit", () => {
    expect(isTag("a")).toBe(true);
    expect(isTag("7")).toBe(true);
    expect(isTag("tier 2")).toBe(true);
    expect(isTag("backer;")).toBe(false);
  });
});

describe("a segment's filter", () => {
  it("is an object of known conditions, each with a value the database takes", () => {
    expect(filterProblem({})).toBeNull();
    expect(filterProblem({ waitlist: "confirmed", waitlist_top: 500, newsletter: "unsubscribed", tag: "backer", language: "pt-BR", contacted: false, imported: true })).toBeNull();
    expect(filterProblem([])).toBe("A filter is a set of conditions");
    expect(filterProblem(null)).toBe("A filter is a set of conditions");
    expect(filterProblem({ colour: "red" })).toBe("Unknown condition: colour");
    expect(filterProblem({ waitlist: "maybe" })).toBe("The waitlist condition is confirmed, pending or any");
    expect(filterProblem({ waitlist_top: 0 })).toBe("The top of the waitlist is a whole number of places from 1 to 1,000,000");
    expect(filterProblem({ waitlist_top: 1_000_001 })).toBe("The top of the waitlist is a whole number of places from 1 to 1,000,000");
    expect(filterProblem({ waitlist_top: 2.5 })).toBe("The top of the waitlist is a whole number of places from 1 to 1,000,000");
    expect(filterProblem({ waitlist_top: 1_000_000 })).toBeNull();
    expect(filterProblem({ newsletter: "any" })).toBe("The newsletter condition is confirmed, pending or unsubscribed");
    expect(filterProblem({ tag: "Backer" })).toBe("A tag is 1 to 40 lower-case letters, digits, spaces, dots, dashes or underscores");
    expect(filterProblem({ language: "English" })).toBe("The language is a code such as en or ja");
    expect(filterProblem({ contacted: "yes" })).toBe("The contacted condition is true or false");
    expect(filterProblem({ imported: 1 })).toBe("The imported condition is true or false");
  });

  it("is not a text or a number", () => {
    expect(filterProblem("everyone")).toBe("A filter is a set of conditions");
    expect(filterProblem("")).toBe("A filter is a set of conditions");
    expect(filterProblem(5)).toBe("A filter is a set of conditions");
  });

  it("takes the first place alone as the top of the waitlist", () => {
    expect(filterProblem({ waitlist_top: 1 })).toBeNull();
  });

  it("refuses a tag or a language that is not text, even when it reads as one", () => {
    expect(filterProblem({ tag: 7 })).toBe("A tag is 1 to 40 lower-case letters, digits, spaces, dots, dashes or underscores");
    expect(filterProblem({ language: ["en"] })).toBe("The language is a code such as en or ja");
  });

  it("takes a language code with a script and a region, either or neither, and nothing more", () => {
    for (const language of ["en", "ja", "pt-BR", "zh-Hant", "zh-Hant-TW"]) expect(filterProblem({ language })).toBeNull();
    for (const language of ["en-us", "en-", "zh-hant", "zh-HANT", "zh-Ha", "en-BR-"]) expect(filterProblem({ language })).toBe("The language is a code such as en or ja");
  });
});

describe("the CSV, both ways", () => {
  it("exports the same columns the import reads, tags separated by semicolons, formulas guarded", () => {
    const [header, line] = parseCsv(peopleCsv([person]));
    expect(header).toEqual(["email", "language", "tags", "newsletter", "waitlist", "place", "referrals", "contacted", "first_seen", "imported_at", "import_source", "consent_source", "consent_at", "opt_out_at"]);
    expect(line).toEqual(["ann@example.com", "ja", "backer; early bird", "confirmed", "confirmed", "12", "2", "1", person.created_at, person.imported_at, '=HYPERLINK("x")', "Fair, opt-in box", person.mail_consent_at, ""]);
    expect(peopleCsv([person]).split("\r\n")[1]).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it("exports a person on no list with empty cells for the lists", () => {
    const [, line] = parseCsv(peopleCsv([{ ...person, newsletter: null, waitlist: null, place: null }]));
    expect(line!.slice(3, 6)).toEqual(["", "", ""]);
  });

  it("imports an export: email, language and tags of each line", () => {
    expect(importRowsOf(peopleCsv([person]))).toEqual({ rows: [{ email: "ann@example.com", language: "ja", tags: "backer; early bird" }], problem: null });
  });

  it("takes the columns in any order and case, with email alone, and leaves empty cells out", () => {
    expect(importRowsOf("Tags,EMAIL\nvip, b@example.com \n,c@example.com")).toEqual({ rows: [{ email: "b@example.com", tags: "vip" }, { email: "c@example.com" }], problem: null });
  });

  it("imports a file of emails alone, or with the language first", () => {
    expect(importRowsOf("email\na@example.com")).toEqual({ rows: [{ email: "a@example.com" }], problem: null });
    expect(importRowsOf("language,email\nen,a@example.com")).toEqual({ rows: [{ email: "a@example.com", language: "en" }], problem: null });
  });

  it("trims the header's names and the cells, and leaves out a cell of spaces", () => {
    expect(importRowsOf(" Email , Language , Tags \n a@example.com , ja , vip \nb@example.com,  ,  ")).toEqual({
      rows: [{ email: "a@example.com", language: "ja", tags: "vip" }, { email: "b@example.com" }],
      problem: null,
    });
  });

  it("reads a line shorter than the header as empty cells", () => {
    expect(importRowsOf("email,language,tags\na@example.com")).toEqual({ rows: [{ email: "a@example.com" }], problem: null });
    expect(importRowsOf("language,email\nen")).toEqual({ rows: [{ email: "", language: "en" }], problem: null });
  });

  it("says what is wrong with the file as a whole: no email column, no rows, more than 10,000 rows", () => {
    expect(importRowsOf("address\na@example.com")).toEqual({ rows: [], problem: "no email column" });
    expect(importRowsOf("email\n")).toEqual({ rows: [], problem: "no rows" });
    expect(importRowsOf(`email\n${"a@example.com\n".repeat(10_001)}`)).toEqual({ rows: [], problem: "too many rows" });
    expect(importRowsOf(`email\n${"a@example.com\n".repeat(10_000)}`).rows).toHaveLength(10_000);
  });
});
