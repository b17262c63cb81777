import { describe, expect, it } from "vitest";
import { CONTENT_TABLES } from "./content-tables.ts";
import blogPosts from "./content-types/blog.ts";
import formSubmissions from "./content-types/community.ts";
import { searchSources } from "./content-search.ts";

describe("searchSources", () => {
  it("looks in every content table's search fields, title first, except those left out", () => {
    const sources = searchSources();
    expect(sources).toContainEqual({ table: "blog_posts", columns: ["title", "content"] });
    expect(sources.map((source) => source.table)).not.toContain(formSubmissions.table);
    const expected = CONTENT_TABLES.filter((entry) => entry.searchFields?.length && entry.contentSearch !== false).map((entry) => entry.table);
    expect(sources.map((source) => source.table)).toEqual(expected);
  });

  it("a new table with search fields joins by configuration", () => {
    const newType = { ...blogPosts, name: "events", table: "events", searchFields: ["name"] as never };
    expect(searchSources([newType])).toEqual([{ table: "events", columns: ["name"] }]);
    expect(searchSources([{ ...newType, searchFields: undefined }])).toEqual([]);
  });
});
