import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { pageTitle } from "../../shared/brand.ts";
import { CONTENT_TABLES } from "../../shared/content-tables.ts";
import { DEFAULT_LANGUAGE } from "../../shared/languages.ts";
import { matchRoute, POST_ROUTE, postPath, type PublicPath } from "../../shared/routes.ts";
import { createSiteRenderer, type SiteRenderer } from "../../site/entry-server.tsx";
import { createDb } from "../../site/lib/db.ts";
import type { RouteDefinition, RouteModule, RowModule } from "../../site/lib/route-module.ts";
import { NAV_LINKS, SITE_ROUTES } from "../../site/route-table.tsx";
import { row as postRow } from "../../site/routes/post.tsx";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { PAGE_TITLES } from "../support/spec-texts.ts";
import { LOADED_MACHINE_READ_TIMEOUT_MS } from "../support/web-process.ts";

// The route table (site/route-table.tsx, one module per page) is the one list of the site's pages:
// the router, the server's reads and heads, the sitemap and the menus all follow it. Every module is
// rendered here by the server renderer over the seeded database, so a page whose reads are
// incomplete (it would wait for data on the server: "Loading…"), whose page the router does not
// reach, or that the sitemap or the menus treat against its flags fails, whatever page is added
// next. A page of one row is rendered at the address of a published row of its module's row source,
// with the head from that row.

const ORIGIN = "https://rcrt.example";
/** What pages read in the browser only, by design: the YouTube channel's latest videos (/youtube). */
const BROWSER_READS = ["Loading videos…"];
const TEMPLATE = readFileSync(resolve(import.meta.dirname, "../../site/index.html"), "utf8");

interface Page {
  route: RouteDefinition;
  module: RouteModule;
}
const isRowPage = (page: Page): page is { route: RouteDefinition; module: RowModule } => "row" in page.module;

let backend: TestBackend;
let site: SiteRenderer;
let pages: Page[];
/** Of each page of one row: its source's published rows, as visitors read them. */
let rowsOf: Map<string, unknown[]>;

beforeAll(async () => {
  backend = await startTestBackend();
  site = await createSiteRenderer({ api: { url: backend.url, anonKey: backend.anonKey }, origin: ORIGIN, template: TEMPLATE, readTimeoutMs: LOADED_MACHINE_READ_TIMEOUT_MS });
  const db = createDb({ url: backend.url, anonKey: backend.anonKey });
  pages = await Promise.all(SITE_ROUTES.map(async (route) => ({ route: route.definition, module: await route.load() })));
  rowsOf = new Map(await Promise.all(pages.filter(isRowPage).map(async ({ route, module }) => [route.path, await module.row.list(db, DEFAULT_LANGUAGE)] as const)));
});
afterAll(() => backend?.stop());

/** The page that shows a row: its table's `sitePath`, which the back office's Preview opens too. */
function rowAddress(module: RowModule, row: unknown): string {
  const table = CONTENT_TABLES.find((entry) => entry.table === module.row.table);
  return table!.sitePath!(row as Record<string, unknown>);
}

/** The page's address and head title: its own, or those of its source's first published row. */
function sampleOf({ route, module }: Page): { address: string; title: string } {
  if (!("row" in module)) return { address: route.path, title: PAGE_TITLES[route.path as PublicPath] };
  const row = rowsOf.get(route.path)![0];
  if (!row) throw new Error(`${route.path}: its row source lists no published row; seed one`);
  return { address: rowAddress(module, row), title: module.row.head(row as Parameters<typeof module.row.head>[0], ORIGIN).title };
}

/** Each page by its path, for the test's names. */
const PATHS = SITE_ROUTES.map((route) => route.definition.path);
const pageAt = (path: string) => pages.find((page) => page.route.path === path)!;

const menu = (html: string, label: string) => [...(new RegExp(`<nav[^>]*aria-label="${label}"[^>]*>([\\s\\S]*?)</nav>`).exec(html)?.[1] ?? "").matchAll(/<a[^>]*href="([^"]+)"[^>]*>([^<]*)</g)].map((link) => ({ href: link[1]!, label: link[2]! }));

describe("the route table drives the router, the server, the sitemap and the menus", () => {
  it.each(PATHS)("%s: the server renders its page complete, with its own title", async (path) => {
    const { address, title } = sampleOf(pageAt(path));
    expect(matchRoute(address)?.path).toBe(path);
    const errors = vi.spyOn(console, "error");
    const document = await site.render(address);
    const logged = errors.mock.calls.map((call) => call.join(" "));
    errors.mockRestore();
    // A component that waits for data the route's entry does not read is reported here.
    expect(logged).toEqual([]);
    expect({ status: document.status, complete: document.complete }).toEqual({ status: 200, complete: true });
    expect(document.body).toContain(`<title>${pageTitle(title).replace(/&/g, "&amp;")}</title>`);
    const body = document.body.split('<div id="root"')[1]!;
    expect(body).toContain(`data-route="${address}"`);
    // The router reached the page (not NO SIGNAL), and every read it waits for was made for it.
    expect(body).not.toContain("NO SIGNAL");
    expect(body).not.toMatch(/page-loading|state-error/);
    const waiting = [...body.matchAll(/<p class="state state-loading"[^>]*>(?:<span[^>]*><\/span>)?([^<]*)</g)].map((state) => state[1]);
    expect(waiting.filter((text) => !BROWSER_READS.includes(text!))).toEqual([]);
  });

  it("an address that breaks a parameter's rule is the NO SIGNAL page with 404, waiting for nothing", async () => {
    const errors = vi.spyOn(console, "error");
    const document = await site.render("/updates/Not_A_Slug");
    const logged = errors.mock.calls.map((call) => call.join(" "));
    errors.mockRestore();
    expect(logged).toEqual([]);
    expect(document.status).toBe(404);
    expect(document.body).toContain("NO SIGNAL");
    expect(document.body).not.toContain("state-loading");
  });

  it("every route with a parameter is a page of one row, whose source's rows' pages are its addresses", () => {
    expect(pages.filter((page) => page.route.path.includes(":")).map((page) => page.route.path)).toEqual(pages.filter(isRowPage).map((page) => page.route.path));
    for (const page of pages.filter(isRowPage)) {
      const { path } = page.route;
      expect(path.match(/:\w+/g), path).toHaveLength(1);
      expect(rowsOf.get(path)!.length, path).toBeGreaterThan(0);
      for (const row of rowsOf.get(path)!) expect(matchRoute(rowAddress(page.module, row))?.path).toBe(path);
    }
  });

  it("the sitemap lists exactly the spec's public pages in every language, then every published post at its canonical address", async () => {
    const sitemap = (await site.render("/sitemap.xml")).body;
    const listed = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((loc) => loc[1]!);
    // The spec's public routes (section 2), written out rather than read from the routes' flags, in
    // English at the root and in Japanese under /ja.
    const spec = ["/", "/about", "/updates", "/gallery", "/youtube", "/contact", "/whitepaper"];
    const own = [...spec, ...spec.map((path) => (path === "/" ? "/ja/" : `/ja${path}`))].map((path) => `${ORIGIN}${path}`);
    const db = createDb({ url: backend.url, anonKey: backend.anonKey });
    // Each language's published posts, at their addresses in it.
    const rows = (await Promise.all(([["", "en"], ["/ja", "ja"]] as const).map(async ([prefix, code]) => (await postRow.list(db, code)).map((post) => `${ORIGIN}${prefix}/updates/${post.slug}`)))).flat();
    expect(rows.length).toBeGreaterThan(0);
    // The pages first, in any order; then the posts. The seeded posts are canonical on this site; a copy's line is left out (below).
    expect([...listed.slice(0, own.length)].sort()).toEqual([...own].sort());
    expect(listed.slice(own.length)).toEqual(rows);
  });

  it("the header shows exactly the flagged pages, in the table's order, and the footer the same but Home", async () => {
    const html = (await site.render("/about")).body;
    const flagged = pages.flatMap(({ route }) => (route.nav ? [{ href: route.path, label: route.nav }] : []));
    expect(NAV_LINKS.map((link) => ({ href: link.to, label: link.label }))).toEqual(flagged);
    expect(menu(html, "Main")).toEqual(flagged);
    expect(menu(html, "Mobile")).toEqual(flagged);
    expect(menu(html, "Footer").filter((link) => link.href.startsWith("/") && !link.href.startsWith("/admin"))).toEqual(flagged.filter((link) => link.href !== "/"));
  });

  it("a menu link is marked current on its own page only: no page that is not a menu destination marks one", async () => {
    const current = (html: string) => [...html.matchAll(/<a\b[^>]*>/g)].map((tag) => tag[0]).filter((tag) => tag.includes("aria-current")).map((tag) => /href="([^"]*)"/.exec(tag)?.[1]);
    for (const link of NAV_LINKS) {
      // Its link in the header's menu and in the phone's.
      expect(current((await site.render(link.to)).body), link.to).toEqual([link.to, link.to]);
    }
    const post = postRow.list(createDb({ url: backend.url, anonKey: backend.anonKey }), DEFAULT_LANGUAGE).then((rows) => rows[0]!);
    const notDestinations = [
      postPath((await post).slug),
      "/updates/no-such-post",
      "/updates/Not_A_Slug",
      "/about/more",
      "/nowhere",
      ...NAV_LINKS.map((link) => `${link.to === "/" ? "" : link.to}/missing/page`),
    ];
    for (const address of notDestinations) expect(current((await site.render(address)).body), address).toEqual([]);
    // The web tier's own pages: a form's answer, and the pages a newsletter mail's links open.
    expect(current(await site.formAnswer("You're subscribed", "<h1>You're subscribed</h1>"))).toEqual([]);
  });
});

describe("a page of one row answers from its row source: the post's", () => {
  /** A published post other than the one rendered above (the first): its slug and canonical address change here. */
  const otherPost = (index: number) => rowsOf.get(POST_ROUTE)![index] as { slug: string; title: string };
  const dataOf = (html: string) => JSON.parse(/<script type="application\/json" id="rcrt-data">([\s\S]*?)<\/script>/.exec(html)![1]!) as { data: Record<string, unknown>; failed: string[] };

  it("a renamed row's old address moves to its current one (301), which is its page", async () => {
    const { slug, title } = otherPost(1);
    await backend.sql("update public.blog_posts set slug = 'renamed-by-the-route-test' where slug = $1", [slug]);
    try {
      expect(await site.render(postPath(slug))).toEqual({ status: 301, type: "html", location: "/updates/renamed-by-the-route-test", body: "", complete: true });
      const moved = await site.render("/updates/renamed-by-the-route-test");
      expect(moved.status).toBe(200);
      expect(moved.body).toContain(`<title>${pageTitle(title).replace(/&/g, "&amp;")}</title>`);
    } finally {
      await backend.sql("update public.blog_posts set slug = $1 where slug = 'renamed-by-the-route-test'", [slug]);
    }
  });

  it("a row that is not published is the NO SIGNAL page with 404 and noindex, with nothing of the row", async () => {
    const errors = vi.spyOn(console, "error");
    const document = await site.render("/updates/never-written");
    const logged = errors.mock.calls.map((call) => call.join(" "));
    errors.mockRestore();
    expect(logged).toEqual([]);
    expect({ status: document.status, complete: document.complete }).toEqual({ status: 404, complete: true });
    expect(document.body).toContain("NO SIGNAL");
    expect(document.body).toContain('<meta name="robots" content="noindex" />');
    expect(dataOf(document.body)).toEqual({ data: { "post:never-written": null, "post-redirect:never-written": null }, failed: [] });
  });

  it("while the row cannot be read the page shows its error state, under the head its source names", async () => {
    const realFetch = globalThis.fetch;
    vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => (String(input instanceof Request ? input.url : input).includes("/blog_posts") ? Promise.reject(new Error("down")) : realFetch(input, init)));
    try {
      const document = await site.render(postPath(otherPost(0).slug));
      expect({ status: document.status, complete: document.complete }).toEqual({ status: 200, complete: false });
      expect(document.body).toContain(`<title>${pageTitle("Updates")}</title>`);
      expect(document.body).toContain("state-error");
      expect(dataOf(document.body).failed).toEqual([`post:${otherPost(0).slug}`]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("a row whose canonical address is elsewhere is a copy, left out of the sitemap", async () => {
    const { slug } = otherPost(2);
    await backend.sql("update public.blog_posts set canonical_url = 'https://elsewhere.example/original' where slug = $1", [slug]);
    try {
      const sitemap = (await site.render("/sitemap.xml")).body;
      expect(sitemap).not.toContain(`<loc>${ORIGIN}${postPath(slug)}</loc>`);
      expect(sitemap).not.toContain("elsewhere.example");
      expect(sitemap).toContain(`<loc>${ORIGIN}${postPath(otherPost(0).slug)}</loc>`);
    } finally {
      await backend.sql("update public.blog_posts set canonical_url = null where slug = $1", [slug]);
    }
  });
});
