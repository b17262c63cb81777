import { describe, expect, it } from "vitest";
import { excerpt, ROUTE_META, siteOrigin } from "./site-content.ts";
import { PUBLIC_PATHS } from "./routes.ts";

describe("page titles, descriptions and excerpts", () => {
  it("every public route has a title and a description", () => {
    for (const path of PUBLIC_PATHS) {
      const meta = ROUTE_META[path];
      expect(meta.title.length).toBeGreaterThan(2);
      expect(meta.description.length).toBeGreaterThan(50);
      expect(meta.description.length).toBeLessThanOrEqual(160);
    }
    expect(ROUTE_META["/about"].title).toBe("Our Story");
  });

  it("excerpts markdown as plain text", () => {
    expect(excerpt("# Title\n\nSome **bold** [link](https://x) text.")).toBe("Title Some bold link text.");
    const long = excerpt("word ".repeat(100), 40);
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long.endsWith("…")).toBe(true);
  });

  it("site origin defaults to the local address, without a trailing slash", () => {
    expect(siteOrigin(undefined)).toBe("http://localhost:5173");
    expect(siteOrigin("https://rcrt.example/")).toBe("https://rcrt.example");
  });
});
