import { describe, expect, it } from "vitest";
import { isPublicRoute } from "./routes.ts";

describe("public routes", () => {
  it.each(["/", "/about", "/updates", "/gallery", "/youtube", "/contact", "/whitepaper", "/updates/first-prototype", "/about/"])("%s is a page", (path) => {
    expect(isPublicRoute(path)).toBe(true);
  });

  it.each(["/nope", "/updates/a/b", "/admin", "/updates/Bad_Slug"])("%s is not found", (path) => {
    expect(isPublicRoute(path)).toBe(false);
  });
});
