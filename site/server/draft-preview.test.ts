import { beforeAll, describe, expect, it } from "vitest";
import { CONTENT_TABLES } from "../../shared/content-tables.ts";
import { doc } from "../../tests/support/documents.ts";
import { matchRoute } from "../../shared/routes.ts";
import { createDb } from "../lib/db.ts";
import type { PreviewRow, RouteModule } from "../lib/route-module.ts";
import { SITE_ROUTES } from "../route-table.tsx";
import { previewInLanguage, previewPlacement, type PreviewTarget } from "./draft-preview.ts";

const row = (fields: Record<string, unknown>): PreviewRow => ({ id: "b", ...fields });

let modules: Map<string, RouteModule>;
/** The API a preview reads what a draft names from (none of these drafts names a video: nothing is read). */
const db = createDb({ url: "https://api.rcrt.example", anonKey: "anon" });
beforeAll(async () => {
  modules = new Map(await Promise.all(SITE_ROUTES.map(async (route) => [route.definition.path, await route.load()] as const)));
});

/** The placement the server renderer finds for a preview link opened at `path`. */
function placementAt(target: PreviewTarget, path: string) {
  const match = matchRoute(path);
  return match && previewPlacement(target, path, match, modules.get(match.path)!, db);
}

describe("previewPlacement", () => {
  it("a post opens on its own address only, as that post's data, shown as its page shows posts", async () => {
    const content = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "The " }, { type: "text", text: "draft", marks: [{ type: "bold" }] }, { type: "text", text: "." }] }] };
    const post = row({ slug: "first-boot", title: "First boot", content, seo_description: null });
    const placement = placementAt({ table: "blog_posts", row: post }, "/updates/first-boot");
    expect(placement?.key).toBe("post:first-boot");
    expect(await placement?.place(null)).toEqual({ id: "b", slug: "first-boot", title: "First boot", seo_description: null, html: "<p>The <strong>draft</strong>.</p>", description: "The draft.", lang: "en", languages: ["en"] });
    expect(placementAt({ table: "blog_posts", row: post }, "/updates/other-post")).toBeNull();
    expect(placementAt({ table: "blog_posts", row: post }, "/updates")).toBeNull();
  });

  it("under another language's prefix, a post shows its translation in that language, a draft one included; without one, its own words", async () => {
    const post = row({ slug: "first-boot", title: "First boot", content: doc("Draft words."), seo_description: null, image_url: null });
    const target: PreviewTarget = { table: "blog_posts", row: post, translations: { ja: { title: "最初の起動", content: doc("下書きの言葉。") } } };
    const inJapanese = previewInLanguage(target, "ja");
    expect(inJapanese.row).toMatchObject({ title: "最初の起動", content: doc("下書きの言葉。"), lang: "ja" });
    const placement = previewPlacement(inJapanese, "/updates/first-boot", matchRoute("/ja/updates/first-boot")!, modules.get("/updates/:slug")!, db);
    expect(await placement?.place(null)).toMatchObject({ title: "最初の起動", html: "<p>下書きの言葉。</p>", lang: "ja" });
    expect(previewInLanguage(target, "en")).toBe(target);
    expect(previewInLanguage({ table: "blog_posts", row: post, translations: {} }, "ja").row).toBe(post);
  });

  it("a row with a page of its own opens there, under the key its module's row source gives the parameter", () => {
    for (const [path, module] of modules) {
      if (!("row" in module)) continue;
      const previewed = row({ slug: "a-row" });
      const address = CONTENT_TABLES.find((entry) => entry.table === module.row.table)!.sitePath!(previewed);
      const match = matchRoute(address);
      expect(match?.path).toBe(path);
      expect(placementAt({ table: module.row.table, row: previewed }, address)?.key).toBe(module.row.key(Object.values(match!.params)[0]!));
    }
  });

  it("a list row goes where the list's order puts it, replacing its published copy", async () => {
    const newest = placementAt({ table: "featured_collections", row: row({ title: "Draft", created_at: "2026-11-02T00:00:00Z" }) }, "/")!;
    expect(newest.key).toBe("home");
    const published = [
      { id: "c", created_at: "2026-11-03T00:00:00Z" },
      { id: "b", created_at: "2026-10-01T00:00:00Z", title: "Old copy" },
      { id: "a", created_at: "2026-11-01T00:00:00Z" },
    ];
    const stages = [{ id: "s" }];
    const home = (await newest.place({ stages, collections: published, press: [] })) as { stages: unknown[]; collections: PreviewRow[]; press: unknown[] };
    expect(home.collections.map((item) => [item.id, item.title])).toEqual([
      ["c", undefined],
      ["b", "Draft"],
      ["a", undefined],
    ]);
    expect(home.stages).toBe(stages);
    expect(home.press).toEqual([]);

    const ordered = placementAt({ table: "cartridge_models", row: row({ order: 2 }) }, "/gallery")!;
    expect(ordered.key).toBe("cartridges");
    expect(((await ordered.place([{ id: "z", order: 1 }, { id: "a", order: 2 }, { id: "c", order: 3 }])) as PreviewRow[]).map((item) => item.id)).toEqual(["z", "a", "b", "c"]);
    expect(((await ordered.place(undefined)) as PreviewRow[]).map((item) => item.id)).toEqual(["b"]);
  });

  it("the whitepaper's preview is the page's one version, shown as the page shows versions; every publishable table has a page", async () => {
    const version = row({ title: "RCRT", version: "2.0", created_at: "2026-11-02T00:00:00Z", sections: [{ title: "Two", content: doc("<b>"), order: 1 }, { title: "One", content: doc("a"), order: 0 }], change_log: [] });
    expect(await placementAt({ table: "whitepaper", row: version }, "/whitepaper")?.place({ id: "old" })).toEqual({
      id: "b",
      title: "RCRT",
      version: "2.0",
      created_at: "2026-11-02T00:00:00Z",
      date: "November 2, 2026",
      sections: [
        { title: "One", html: "<p>a</p>" },
        { title: "Two", html: "<p>&lt;b&gt;</p>" },
      ],
      change_log: [],
    });
    for (const { table, sitePath } of CONTENT_TABLES.filter((entry) => entry.visibility === "published")) {
      const previewed = row({ slug: "a-post" });
      expect(sitePath, table).toBeDefined();
      expect(placementAt({ table, row: previewed }, sitePath!(previewed)), table).not.toBeNull();
      expect(placementAt({ table, row: previewed }, "/about"), table).toBeNull();
    }
  });

  it("a module places only tables whose rows its page shows, under a key its loader reads", () => {
    for (const [path, module] of modules) {
      for (const [table, placement] of Object.entries(module.preview ?? {})) {
        expect(CONTENT_TABLES.find((entry) => entry.table === table)?.sitePath?.(row({})), `${path}: ${table}`).toBe(path);
        expect(Object.keys("loader" in module ? (module.loader ?? {}) : {}), `${path}: ${table}`).toContain(placement.key);
      }
    }
  });

  it("tables visitors never see have no preview", () => {
    expect(placementAt({ table: "form_submissions", row: row({}) }, "/")).toBeNull();
    expect(placementAt({ table: "project_stages", row: row({}) }, "/")).toBeNull();
  });
});
