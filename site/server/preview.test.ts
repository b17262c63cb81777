import { describe, expect, it } from "vitest";
import { CONTENT_TABLES } from "../../shared/content-tables.ts";
import { matchRoute, PUBLIC_ROUTES, type DetailRoute } from "../../shared/routes.ts";
import { DETAIL_SOURCES } from "./detail-sources.ts";
import { previewPlacement, type PreviewRow } from "./preview.ts";

const row = (fields: Record<string, unknown>): PreviewRow => ({ id: "b", ...fields });

describe("previewPlacement", () => {
  it("a post opens on its own address only, as that post's data", () => {
    const post = row({ slug: "first-boot", title: "First boot" });
    const placement = previewPlacement({ table: "blog_posts", row: post }, "/updates/first-boot");
    expect(placement?.key).toBe("post:first-boot");
    expect(placement?.place(null)).toBe(post);
    expect(previewPlacement({ table: "blog_posts", row: post }, "/updates/other-post")).toBeNull();
    expect(previewPlacement({ table: "blog_posts", row: post }, "/updates")).toBeNull();
  });

  it("a row with a page of its own opens there, under the key its route's row source gives the parameter", () => {
    for (const route of PUBLIC_ROUTES.filter((entry): entry is DetailRoute => "detail" in entry)) {
      const source = DETAIL_SOURCES[route.detail];
      const previewed = row({ slug: "a-row" });
      const path = CONTENT_TABLES.find((entry) => entry.table === source.table)!.sitePath!(previewed);
      const match = matchRoute(path);
      expect(match?.route.path).toBe(route.path);
      expect(previewPlacement({ table: source.table, row: previewed }, path)?.key).toBe(source.key(Object.values(match!.params)[0]!));
    }
  });

  it("a list row goes where the list's order puts it, replacing its published copy", () => {
    const newest = previewPlacement({ table: "featured_collections", row: row({ title: "Draft", created_at: "2026-11-02T00:00:00Z" }) }, "/")!;
    expect(newest.key).toBe("home");
    const published = [
      { id: "c", created_at: "2026-11-03T00:00:00Z" },
      { id: "b", created_at: "2026-10-01T00:00:00Z", title: "Old copy" },
      { id: "a", created_at: "2026-11-01T00:00:00Z" },
    ];
    const stages = [{ id: "s" }];
    const home = newest.place({ stages, collections: published, press: [] }) as { stages: unknown[]; collections: PreviewRow[]; press: unknown[] };
    expect(home.collections.map((item) => [item.id, item.title])).toEqual([
      ["c", undefined],
      ["b", "Draft"],
      ["a", undefined],
    ]);
    expect(home.stages).toBe(stages);
    expect(home.press).toEqual([]);

    const ordered = previewPlacement({ table: "cartridge_models", row: row({ order: 2 }) }, "/gallery")!;
    expect(ordered.key).toBe("cartridges");
    expect((ordered.place([{ id: "z", order: 1 }, { id: "a", order: 2 }, { id: "c", order: 3 }]) as PreviewRow[]).map((item) => item.id)).toEqual(["z", "a", "b", "c"]);
    expect((ordered.place(undefined) as PreviewRow[]).map((item) => item.id)).toEqual(["b"]);
  });

  it("the whitepaper's preview is the page's one version; every publishable table has a page", () => {
    const version = row({ version: "2.0" });
    expect(previewPlacement({ table: "whitepaper", row: version }, "/whitepaper")?.place({ id: "old" })).toBe(version);
    for (const { table, sitePath } of CONTENT_TABLES.filter((entry) => entry.visibility === "published")) {
      const previewed = row({ slug: "a-post" });
      expect(sitePath, table).toBeDefined();
      expect(previewPlacement({ table, row: previewed }, sitePath!(previewed)), table).not.toBeNull();
      expect(previewPlacement({ table, row: previewed }, "/about"), table).toBeNull();
    }
  });

  it("tables visitors never see have no preview", () => {
    expect(previewPlacement({ table: "form_submissions", row: row({}) }, "/")).toBeNull();
    expect(previewPlacement({ table: "project_stages", row: row({}) }, "/")).toBeNull();
  });
});
