// People (supabase/schemas/15_people.sql): the filter a segment saves, tags, and the CSV that the
// People screen exports and imports with the same columns. The database checks all of it again
// (people_filter_problem, the tags' check, people_import); these rules let the screen say so first,
// with the database's words.

import { parseCsv, toCsv, type CsvColumn } from "./csv.ts";

export const WAITLIST_STATES = ["confirmed", "pending", "any"] as const;
export const NEWSLETTER_STATES = ["confirmed", "pending", "unsubscribed"] as const;
export type WaitlistState = (typeof WAITLIST_STATES)[number];
export type NewsletterState = (typeof NEWSLETTER_STATES)[number];

/** An AND of conditions; the empty filter is everyone. */
export interface PeopleFilter {
  waitlist?: WaitlistState;
  /** The first N places in line. */
  waitlist_top?: number;
  newsletter?: NewsletterState;
  tag?: string;
  language?: string;
  /** Sent a contact message (true) or not (false). */
  contacted?: boolean;
  imported?: boolean;
}

export const FILTER_CONDITIONS = ["waitlist", "waitlist_top", "newsletter", "tag", "language", "contacted", "imported"] as const;
export const WAITLIST_TOP_MAX = 1_000_000;
export const TAGS_PER_PERSON = 20;
export const IMPORT_MAX_ROWS = 10_000;

const TAG = /^[\p{L}\p{N}]([\p{L}\p{N} ._-]{0,38}[\p{L}\p{N}._-])?$/u;
const LANGUAGE = /^[a-z]{2,3}(-[A-Z][a-z]{3})?(-[A-Z]{2})?$/;

/** `  Early   Backer ` -> `early backer`. */
export function normaliseTag(tag: string): string {
  return tag.trim().replace(/\s+/g, " ").toLowerCase();
}

/** Whether a normalised tag is one the database takes: 1 to 40 letters, digits, spaces, dots, dashes or underscores. */
export function isTag(tag: string): boolean {
  return TAG.test(tag) && tag === normaliseTag(tag);
}

/** Why a filter is not one, in people_filter_problem's words, or null. */
export function filterProblem(filter: unknown): string | null {
  if (filter === null || typeof filter !== "object" || Array.isArray(filter)) return "A filter is a set of conditions";
  const conditions = filter as Record<string, unknown>;
  const unknown = Object.keys(conditions).find((key) => !(FILTER_CONDITIONS as readonly string[]).includes(key));
  if (unknown !== undefined) return `Unknown condition: ${unknown}`;
  const { waitlist, waitlist_top: top, newsletter, tag, language, contacted, imported } = conditions;
  if ("waitlist" in conditions && !(WAITLIST_STATES as readonly unknown[]).includes(waitlist)) return "The waitlist condition is confirmed, pending or any";
  if ("waitlist_top" in conditions && !(typeof top === "number" && Number.isInteger(top) && top >= 1 && top <= WAITLIST_TOP_MAX))
    return "The top of the waitlist is a whole number of places from 1 to 1,000,000";
  if ("newsletter" in conditions && !(NEWSLETTER_STATES as readonly unknown[]).includes(newsletter)) return "The newsletter condition is confirmed, pending or unsubscribed";
  if ("tag" in conditions && !(typeof tag === "string" && isTag(tag))) return "A tag is 1 to 40 lower-case letters, digits, spaces, dots, dashes or underscores";
  if ("language" in conditions && !(typeof language === "string" && LANGUAGE.test(language))) return "The language is a code such as en or ja";
  if ("contacted" in conditions && typeof contacted !== "boolean") return "The contacted condition is true or false";
  if ("imported" in conditions && typeof imported !== "boolean") return "The imported condition is true or false";
  return null;
}

/** A person as people_page and people_export give them. */
export interface PersonRow {
  id: string;
  email: string;
  language: string;
  created_at: string;
  imported_at: string | null;
  import_source: string | null;
  mail_consent_source: string | null;
  mail_consent_at: string | null;
  mail_opt_out_at: string | null;
  newsletter: NewsletterState | null;
  newsletter_unsubscribed_at: string | null;
  waitlist: "confirmed" | "pending" | null;
  place: number | null;
  referrals: number;
  contacted: number;
  tags: string[];
}

/** One line of the CSV: the person's columns, tags separated by semicolons. */
export interface PersonCsvRecord {
  email: string;
  language: string;
  tags: string;
  newsletter: string;
  waitlist: string;
  place: number | null;
  referrals: number;
  contacted: number;
  first_seen: string;
  imported_at: string | null;
  import_source: string | null;
  consent_source: string | null;
  consent_at: string | null;
  opt_out_at: string | null;
}

/** The columns, in order, both ways: the import reads email, language and tags, and leaves the others (what the lists say) as they are. */
export const PEOPLE_CSV_COLUMNS: readonly CsvColumn<PersonCsvRecord>[] = [
  { key: "email" },
  { key: "language" },
  { key: "tags" },
  { key: "newsletter" },
  { key: "waitlist" },
  { key: "place" },
  { key: "referrals" },
  { key: "contacted" },
  { key: "first_seen" },
  { key: "imported_at" },
  { key: "import_source" },
  { key: "consent_source" },
  { key: "consent_at" },
  { key: "opt_out_at" },
];
export const IMPORTED_COLUMNS = ["email", "language", "tags"] as const;

export function personCsvRecord(person: PersonRow): PersonCsvRecord {
  return {
    email: person.email,
    language: person.language,
    tags: person.tags.join("; "),
    newsletter: person.newsletter ?? "",
    waitlist: person.waitlist ?? "",
    place: person.place,
    referrals: person.referrals,
    contacted: person.contacted,
    first_seen: person.created_at,
    imported_at: person.imported_at,
    import_source: person.import_source,
    consent_source: person.mail_consent_source,
    consent_at: person.mail_consent_at,
    opt_out_at: person.mail_opt_out_at,
  };
}

/** The CSV text of people (a header line, then one line per person). */
export function peopleCsv(people: readonly PersonRow[]): string {
  return toCsv(people.map(personCsvRecord), PEOPLE_CSV_COLUMNS);
}

/** A row for people_import: what the file says of one person. */
export interface ImportRow {
  email: string;
  language?: string;
  tags?: string;
}

export type ParsedImport = { rows: ImportRow[]; problem: null } | { rows: []; problem: "no email column" | "no rows" | "too many rows" };

/**
 * The rows of an import file: a header line naming the columns (any order, any case; `email` is
 * required, `language` and `tags` are read, other columns are ignored), then one person a line.
 */
export function importRowsOf(text: string): ParsedImport {
  const [header, ...records] = parseCsv(text);
  const names = (header ?? []).map((name) => name.trim().toLowerCase());
  const column = (name: string) => names.indexOf(name);
  const email = column("email");
  if (email < 0) return { rows: [], problem: "no email column" };
  if (records.length === 0) return { rows: [], problem: "no rows" };
  if (records.length > IMPORT_MAX_ROWS) return { rows: [], problem: "too many rows" };
  const language = column("language");
  const tags = column("tags");
  return {
    rows: records.map((record) => ({
      email: (record[email] ?? "").trim(),
      ...(language >= 0 && record[language]?.trim() ? { language: record[language]!.trim() } : {}),
      ...(tags >= 0 && record[tags]?.trim() ? { tags: record[tags]!.trim() } : {}),
    })),
    problem: null,
  };
}
