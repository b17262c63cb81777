import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_TABLES } from "../../shared/content-tables.ts";
import { LIST_LIMITS, TEXT_LIMITS } from "../../shared/limits.ts";
import { DOCUMENT_LIMITS } from "../../shared/rich-text/document.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { doc } from "../support/documents.ts";

// The length limits of shared/limits.ts are the database's: for every text column that
// shared/content-tables.ts gives a limit, a value of exactly the limit is stored and one character
// more is refused with a check violation, through the API (as the service role, so that only the
// constraints decide).

let backend: TestBackend;
let service: SupabaseClient;
let serial = 0;

beforeAll(async () => {
  backend = await startTestBackend();
  service = backend.service();
});

afterAll(async () => {
  await backend?.stop();
});

/** A valid value of exactly `length` characters, grown from the example's value for the column. */
function valueOfLength(column: string, example: unknown, length: number): string {
  const base = typeof example === "string" ? example : /(^|_)url$/.test(column) ? "https://example.com/" : "a";
  // A dotted version grows by parts, so that it still reads as a version.
  if (/^\d+(\.\d+)*$/.test(base)) {
    let version = "1";
    while (version.length + 2 <= length) version += ".1";
    return version.padEnd(length, "1");
  }
  return base + "a".repeat(length - base.length);
}

const blogRow = () => CONTENT_TABLES.find((table) => table.table === "blog_posts")!.example.row(++serial);

const CASES = CONTENT_TABLES.flatMap((table) =>
  Object.entries(table.limits as Record<string, number>).map(([column, limit]) => ({ table, column, limit })),
);

describe(`Text limits: ${CASES.length} columns of ${CONTENT_TABLES.length} tables`, () => {
  for (const { table, column, limit } of CASES) {
    it(`${table.table}.${column}: ${limit.toLocaleString("en-US")} characters are stored, one more is refused`, async () => {
      const row = table.example.row(++serial) as Record<string, unknown>;
      const atLimit = valueOfLength(column, row[column], limit);
      const stored = await service.from(table.table).insert({ ...row, [column]: atLimit }).select(column).single();
      expect(stored.error).toBeNull();
      expect([...String((stored.data as unknown as Record<string, unknown>)[column])].length).toBe(limit);

      const overRow = table.example.row(++serial) as Record<string, unknown>;
      const over = await service.from(table.table).insert({ ...overRow, [column]: valueOfLength(column, overRow[column], limit + 1) });
      expect(over.error).toMatchObject({ code: "23514" });
    });
  }

  it("a post's canonical address and social image are absolute http(s) URLs; blank SEO fields are stored as null (the defaults)", async () => {
    for (const column of ["canonical_url", "seo_image_url"]) {
      for (const bad of ["/updates/x", "javascript:alert(1)", "https://has space.example/"]) {
        const { error } = await service.from("blog_posts").insert({ ...(blogRow() as Record<string, unknown>), [column]: bad } as Record<string, unknown>);
        expect(error, `${column} ${bad}`).toMatchObject({ code: "23514" });
      }
    }
    const { data, error } = await service
      .from("blog_posts")
      .insert({ ...(blogRow() as Record<string, unknown>), seo_description: "  ", seo_image_url: "", canonical_url: " " })
      .select("seo_description, seo_image_url, canonical_url")
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ seo_description: null, seo_image_url: null, canonical_url: null });
  });

  it("a long word counts its characters, not its bytes: 200 emoji make a valid title", async () => {
    const { error } = await service.from("videos").insert({ title: "📼".repeat(TEXT_LIMITS.title), description: "d", category: "Tutorial" });
    expect(error).toBeNull();
  });
});

describe("Lists inside JSON columns are bounded too", () => {
  const word = (length: number) => "a".repeat(length);
  const collection = { title: "C", description: "D", capacity: "1TB" };
  const paper = (n: number) => ({ title: "W", version: `8.${n}` });
  const section = { title: "T", content: doc("C"), order: 0 };

  const cases: { rule: string; table: string; row: Record<string, unknown>; ok: boolean }[] = [
    { rule: `${LIST_LIMITS.features} features of ${TEXT_LIMITS.label} characters`, table: "featured_collections", row: { ...collection, features: Array(LIST_LIMITS.features).fill(word(TEXT_LIMITS.label)) }, ok: true },
    { rule: "one feature too many", table: "featured_collections", row: { ...collection, features: Array(LIST_LIMITS.features + 1).fill("x") }, ok: false },
    { rule: "a feature one character too long", table: "featured_collections", row: { ...collection, features: [word(TEXT_LIMITS.label + 1)] }, ok: false },
    { rule: "a cartridge specification one character too long", table: "cartridge_models", row: { title: "C", description: "D", specifications: { storage: word(TEXT_LIMITS.label + 1) } }, ok: false },
    { rule: "a cartridge feature one character too long", table: "cartridge_models", row: { title: "C", description: "D", specifications: { features: [word(TEXT_LIMITS.label + 1)] } }, ok: false },
    { rule: `${LIST_LIMITS.sections} sections at their longest`, table: "whitepaper", row: { ...paper(1), sections: Array(LIST_LIMITS.sections).fill({ title: word(TEXT_LIMITS.title), content: doc(word(1000)), order: 0 }) }, ok: true },
    { rule: "one section too many", table: "whitepaper", row: { ...paper(2), sections: Array(LIST_LIMITS.sections + 1).fill(section) }, ok: false },
    { rule: "a section title one character too long", table: "whitepaper", row: { ...paper(3), sections: [{ ...section, title: word(TEXT_LIMITS.title + 1) }] }, ok: false },
    { rule: "section content over its document's size", table: "whitepaper", row: { ...paper(4), sections: [{ ...section, content: doc(word(DOCUMENT_LIMITS.sectionContent.bytes)) }] }, ok: false },
    { rule: "a change-log entry one character too long", table: "whitepaper", row: { ...paper(5), change_log: [word(TEXT_LIMITS.changeLogEntry + 1)] }, ok: false },
  ];

  for (const { rule, table, row, ok } of cases) {
    it(`${table}: ${rule} ${ok ? "is stored" : "is refused"}`, async () => {
      const { error } = await service.from(table).insert(row);
      if (ok) expect(error).toBeNull();
      else expect(error).toMatchObject({ code: "23514", message: expect.stringContaining("_length") });
    });
  }
});
