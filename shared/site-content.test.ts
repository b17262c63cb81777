import { describe, expect, it } from "vitest";
import { ROUTE_META, siteOrigin } from "./site-content.ts";
import { PUBLIC_PATHS } from "./routes.ts";

describe("page titles and descriptions", () => {
  it("every public route has a title and a description", () => {
    for (const path of PUBLIC_PATHS) {
      const meta = ROUTE_META[path];
      expect(meta.title.length).toBeGreaterThan(2);
      expect(meta.description.length).toBeGreaterThan(50);
      expect(meta.description.length).toBeLessThanOrEqual(160);
    }
    expect(ROUTE_META["/about"].title).toBe("Our Story");
  });


  it("site origin defaults to the local address, without a trailing slash", () => {
    expect(siteOrigin(undefined)).toBe("http://localhost:5173");
    expect(siteOrigin("https://rcrt.example/")).toBe("https://rcrt.example");
  });
});
