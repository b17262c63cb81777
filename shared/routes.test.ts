import { describe, expect, it } from "vitest";
import { isPublicRoute, matchRoute, POST_ROUTE, postPath, PUBLIC_PATHS, PUBLIC_ROUTES, routeAddress } from "./routes.ts";

describe("public routes", () => {
  it.each(["/", "/about", "/updates", "/gallery", "/youtube", "/contact", "/whitepaper", "/updates/first-prototype", "/about/"])("%s is a page", (path) => {
    expect(isPublicRoute(path)).toBe(true);
  });

  it.each(["/nope", "/updates/a/b", "/admin", "/updates/Bad_Slug", "/updates/-x", "/about/x", ""])("%s is not found", (path) => {
    expect(isPublicRoute(path)).toBe(false);
  });

  it("matches a post's address with its slug, and a page without parameters with none", () => {
    expect(matchRoute("/updates/first-prototype")).toEqual({ path: POST_ROUTE, params: { slug: "first-prototype" } });
    expect(matchRoute("/gallery/")).toEqual({ path: "/gallery", params: {} });
  });

  it("builds a post's address in one place, which its route matches", () => {
    expect(postPath("first-prototype")).toBe("/updates/first-prototype");
    expect(matchRoute(postPath("first-prototype"))?.path).toBe(POST_ROUTE);
    expect(postPath("a/b?c")).toBe("/updates/a%2Fb%3Fc");
    expect(routeAddress("/updates/:slug", { slug: "$&-x" })).toBe("/updates/%24%26-x");
  });

  it("declares each path once, a rule for every parameter, and the spec's pages without parameters in the menus' order", () => {
    expect(new Set(PUBLIC_ROUTES.map((route) => route.path)).size).toBe(PUBLIC_ROUTES.length);
    for (const route of PUBLIC_ROUTES) {
      const named = route.path.match(/:(\w+)/g)?.map((part) => part.slice(1)) ?? [];
      expect(Object.keys("params" in route ? route.params : {}), route.path).toEqual(named);
    }
    // Pages added since (a content type's list) may come anywhere; the spec's keep their order.
    const spec = ["/", "/about", "/updates", "/gallery", "/youtube", "/whitepaper", "/contact"];
    expect(PUBLIC_PATHS.filter((path) => spec.includes(path))).toEqual(spec);
  });
});
