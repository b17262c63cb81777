import { describe, expect, it } from "vitest";
import { isPublicRoute, matchRoute, NAV_LINKS, POST_ROUTE, postPath, PUBLIC_PATHS, PUBLIC_ROUTES, routeAddress, routeMeta } from "./routes.ts";

describe("public routes", () => {
  it.each(["/", "/about", "/updates", "/gallery", "/youtube", "/contact", "/whitepaper", "/updates/first-prototype", "/about/"])("%s is a page", (path) => {
    expect(isPublicRoute(path)).toBe(true);
  });

  it.each(["/nope", "/updates/a/b", "/admin", "/updates/Bad_Slug", "/updates/-x", "/about/x", ""])("%s is not found", (path) => {
    expect(isPublicRoute(path)).toBe(false);
  });

  it("matches a post's address with its slug, and a page without parameters with none", () => {
    expect(matchRoute("/updates/first-prototype")).toMatchObject({ route: { path: POST_ROUTE }, params: { slug: "first-prototype" } });
    expect(matchRoute("/gallery/")).toMatchObject({ route: { path: "/gallery" }, params: {} });
  });

  it("builds a post's address in one place, which its route matches", () => {
    expect(postPath("first-prototype")).toBe("/updates/first-prototype");
    expect(matchRoute(postPath("first-prototype"))?.route.path).toBe(POST_ROUTE);
    expect(postPath("a/b?c")).toBe("/updates/a%2Fb%3Fc");
    expect(routeAddress("/updates/:slug", { slug: "$&-x" })).toBe("/updates/%24%26-x");
  });

  it("names a row source for every route with a parameter, and for no other", () => {
    for (const route of PUBLIC_ROUTES) expect({ path: route.path, detail: "detail" in route }).toEqual({ path: route.path, detail: route.path.includes(":") });
  });

  it("declares each path once; every page without parameters has a title and a description", () => {
    expect(new Set(PUBLIC_ROUTES.map((route) => route.path)).size).toBe(PUBLIC_ROUTES.length);
    expect(PUBLIC_PATHS).toEqual(["/", "/about", "/updates", "/gallery", "/youtube", "/whitepaper", "/contact"]);
    for (const path of PUBLIC_PATHS) {
      const meta = routeMeta(path);
      expect(meta.title.length).toBeGreaterThan(2);
      expect(meta.description.length).toBeGreaterThan(50);
      expect(meta.description.length).toBeLessThanOrEqual(160);
    }
    expect(routeMeta("/about").title).toBe("Our Story");
  });

  it("gives the menus in the spec's order", () => {
    expect(NAV_LINKS.map((link) => link.label)).toEqual(["Home", "About", "Updates", "Gallery", "Videos", "Whitepaper", "Contact"]);
  });
});
