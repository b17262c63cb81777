import { describe, expect, it } from "vitest";
import { DEFAULT_LANGUAGE, LANGUAGES, pathInLanguage, TRANSLATION_LANGUAGES } from "./languages.ts";
import { isPublicRoute, languageAlternates, matchRoute, pagePath, POST_ROUTE, postPath, previewLink, PUBLIC_PATHS, PUBLIC_ROUTES, routeAddress } from "./routes.ts";

describe("public routes", () => {
  it.each(["/", "/about", "/updates", "/gallery", "/youtube", "/contact", "/whitepaper", "/updates/first-prototype", "/about/", "/about//", "/updates/first-prototype///"])("%s is a page", (path) => {
    expect(isPublicRoute(path)).toBe(true);
  });

  it.each(["/nope", "/en/updates", "/updates/a/b", "/admin", "/updates/Bad_Slug", "/updates/-x", "/updates/first-", "/updates/first_prototype", "/updates/first-prototype.html", "/about/x", ""])("%s is not found", (path) => {
    expect(isPublicRoute(path)).toBe(false);
  });

  it("matches a post's address with its slug, and a page without parameters with none", () => {
    expect(matchRoute("/updates/first-prototype")).toEqual({ path: POST_ROUTE, params: { slug: "first-prototype" }, language: "en" });
    expect(matchRoute("/gallery/")).toEqual({ path: "/gallery", params: {}, language: "en" });
  });

  it.each(TRANSLATION_LANGUAGES)("serves every route under the %s prefix, in that language", (language) => {
    for (const route of PUBLIC_ROUTES) {
      const address = routeAddress(route.path, { slug: "first-prototype" });
      expect(matchRoute(pathInLanguage(address, language))).toEqual({ path: route.path, params: route.path === POST_ROUTE ? { slug: "first-prototype" } : {}, language });
    }
    expect(matchRoute(`/${language}`)).toMatchObject({ path: "/", language });
    expect(isPublicRoute(`/${language}/nope`)).toBe(false);
    expect(isPublicRoute(`/${language}/${language}/updates`)).toBe(false);
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

  it("gives each page one address: no trailing slash but on a language's home page", () => {
    expect(pagePath("/")).toBe("/");
    expect(pagePath("/updates/")).toBe("/updates");
    expect(pagePath("/updates//")).toBe("/updates");
    expect(pagePath("//")).toBe("/");
    for (const language of TRANSLATION_LANGUAGES) {
      expect(pagePath(`/${language}`)).toBe(`/${language}/`);
      expect(pagePath(`/${language}//`)).toBe(`/${language}/`);
      expect(pagePath(`/${language}/updates/`)).toBe(`/${language}/updates`);
    }
  });

  it.each(PUBLIC_ROUTES.map((route) => route.path))("%s: alternates in every language a page is available in, then x-default, the default page", (path) => {
    const address = routeAddress(path, { slug: "first-prototype" });
    const every = languageAlternates("https://x", address);
    expect(every.map((entry) => entry.hreflang)).toEqual([...LANGUAGES.map((entry) => entry.code), "x-default"]);
    for (const { code } of LANGUAGES) expect(every.find((entry) => entry.hreflang === code)!.href).toBe(`https://x${pathInLanguage(address, code)}`);
    expect(every.at(-1)!.href).toBe(`https://x${address}`);
    // A row published in the default language alone: only the default page, whatever the page's language.
    expect(languageAlternates("https://x", address, [])).toEqual([
      { hreflang: DEFAULT_LANGUAGE, href: `https://x${address}` },
      { hreflang: "x-default", href: `https://x${address}` },
    ]);
  });

  it("a draft preview link is the page's address with the token as ?preview=", () => {
    expect(previewLink("/updates/first-prototype", "abc123")).toBe("/updates/first-prototype?preview=abc123");
    expect(previewLink("/ja/about", "a b&c=d")).toBe("/ja/about?preview=a+b%26c%3Dd");
  });
});
