import { describe, expect, it } from "vitest";
import { CONTENT_TABLES } from "./content-tables.ts";
import { isBlankValue, translatableColumns, translatedRow, translationState } from "./translations.ts";

const doc = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });

const post = { id: "p1", slug: "fpga", title: "FPGA Prototype", content: doc("English body"), milestone: null, image_url: "/storage/v1/object/public/assets/a.png" };
const POST_COLUMNS = ["title", "milestone", "content", "image_alt", "seo_description"];

describe("translatableColumns", () => {
  it("answers each content type's declared columns, and none for a table that is not translated", () => {
    expect(translatableColumns("blog_posts")).toEqual(POST_COLUMNS);
    expect(translatableColumns("whitepaper")).toEqual(["title", "sections"]);
    expect(translatableColumns("media_assets")).toEqual([]);
    expect(translatableColumns("no_such_table")).toEqual([]);
  });

  it("never lists what every language shares: slugs, images' addresses, order, publishing", () => {
    for (const type of CONTENT_TABLES) {
      for (const column of translatableColumns(type.table)) {
        expect(column, `${type.table}.${column}`).not.toMatch(/^(id|slug|order|published|publish_at|created_at|updated_at|category)$|_url$|_decorative$/);
      }
    }
  });
});

describe("translatedRow", () => {
  it("puts the translation's values in place and says the words are in its language", () => {
    const row = translatedRow(post, { language: "ja", fields: { title: "FPGA試作機", content: doc("日本語の本文") } }, POST_COLUMNS);
    expect(row).toEqual({ ...post, title: "FPGA試作機", content: doc("日本語の本文"), lang: "ja" });
  });

  it("keeps the default language's value for a column the translation leaves out or blank, and what is not translatable", () => {
    const row = translatedRow(post, { language: "ja", fields: { title: "題名", content: {}, slug: "other", image_url: "/x.png" } }, POST_COLUMNS);
    expect(row.content).toEqual(post.content);
    expect(row.slug).toBe("fpga");
    expect(row.image_url).toBe(post.image_url);
    expect(row.title).toBe("題名");
  });

  it("is the row in the default language when there is no translation, or nothing in it", () => {
    expect(translatedRow(post, null, POST_COLUMNS)).toEqual({ ...post, lang: "en" });
    expect(translatedRow(post, undefined, POST_COLUMNS)).toEqual({ ...post, lang: "en" });
    expect(translatedRow(post, { language: "ja", fields: { title: "  " } }, POST_COLUMNS)).toEqual({ ...post, lang: "en" });
  });
});

describe("translationState", () => {
  const complete = { title: "題名", content: doc("本文") };
  const source = { title: post.title, content: post.content };

  it("is missing without a translation, naming every column with a value in the row", () => {
    expect(translationState(post, null, POST_COLUMNS)).toEqual({ state: "missing", missing: ["title", "content"], outdated: [] });
  });

  it("is missing while a column with a value is absent or blank; a column null in the row needs nothing", () => {
    expect(translationState(post, { fields: { title: "題名" }, source: { title: post.title } }, POST_COLUMNS)).toEqual({ state: "missing", missing: ["content"], outdated: [] });
    expect(translationState(post, { fields: { ...complete, title: " " }, source }, POST_COLUMNS).missing).toEqual(["title"]);
    expect(translationState(post, { fields: complete, source }, POST_COLUMNS)).toEqual({ state: "up_to_date", missing: [], outdated: [] });
  });

  it("is outdated, field by field, once the row's value differs from what a field was translated from", () => {
    const edited = { ...post, title: "FPGA Prototype, revised" };
    expect(translationState(edited, { fields: complete, source }, POST_COLUMNS)).toEqual({ state: "outdated", missing: [], outdated: ["title"] });
    expect(translationState(edited, { fields: complete, source: { ...source, title: edited.title } }, POST_COLUMNS).state).toBe("up_to_date");
  });

  it("compares documents as JSON values: the order of their keys does not count", () => {
    const reordered = { content: [{ content: [{ text: "English body", type: "text" }], type: "paragraph" }], type: "doc" };
    expect(translationState(post, { fields: complete, source: { ...source, content: reordered } }, POST_COLUMNS).outdated).toEqual([]);
  });

  it("finds any change of a JSON value: each word, entry, key and type, at every depth", () => {
    // One translated column "body": outdated when what it was translated from differs from the row's value now.
    const changed = (from: unknown, now: unknown) => translationState({ body: now }, { fields: { body: "訳" }, source: { body: from } }, ["body"]).outdated.length > 0;
    expect(changed("Old body", "New body")).toBe(true);
    expect(changed("Same body", "Same body")).toBe(false);
    expect(changed(["a", "b"], ["a", "b"])).toBe(false);
    expect(changed(["a", "b"], ["a", "c"])).toBe(true);
    expect(changed(["a"], ["a", "b"])).toBe(true);
    expect(changed(["a", "b"], ["a"])).toBe(true);
    expect(changed(["x"], { 0: "x" })).toBe(true);
    expect(changed({ 0: "x" }, ["x"])).toBe(true);
    expect(changed("ab", ["a", "b"])).toBe(true);
    expect(changed({ 0: "a", 1: "b", length: 2 }, ["a", "b"])).toBe(true);
    expect(changed({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(changed({ a: 1 }, { a: 2 })).toBe(true);
    expect(changed({ a: 1, b: 2 }, { a: 1, b: 3 })).toBe(true);
    expect(changed({ a: 1 }, { a: 1, b: 2 })).toBe(true);
    expect(changed({ a: 1, b: 2 }, { a: 1 })).toBe(true);
    expect(changed({ a: 1 }, { b: 1 })).toBe(true);
    expect(changed({ a: [{ b: 1 }] }, { a: [{ b: 1 }] })).toBe(false);
    expect(changed({ a: [{ b: 1 }] }, { a: [{ b: 2 }] })).toBe(true);
    expect(changed(5, {})).toBe(true);
    expect(changed({}, 5)).toBe(true);
    expect(changed("x", { 0: "x" })).toBe(true);
    expect(changed(undefined, {})).toBe(true);
    expect(changed({}, null)).toBe(true);
    expect(changed(null, null)).toBe(false);
  });

  it("says missing before outdated", () => {
    const edited = { ...post, title: "Changed", milestone: "Prototype" };
    expect(translationState(edited, { fields: complete, source }, POST_COLUMNS)).toEqual({ state: "missing", missing: ["milestone"], outdated: ["title"] });
  });
});

describe("isBlankValue", () => {
  it("reads as the database's translation_value_blank", () => {
    for (const blank of [null, undefined, "", " \n", [], {}]) expect(isBlankValue(blank)).toBe(true);
    for (const value of ["a", [""], { type: "doc" }, 0, false]) expect(isBlankValue(value)).toBe(false);
  });
});
