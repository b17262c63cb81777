import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { pageTitle } from "../../shared/brand.ts";
import { matchRoute, NAV_LINKS, POST_ROUTE, postPath, PUBLIC_ROUTES, type SiteRoute } from "../../shared/routes.ts";
import { createSiteRenderer, type SiteRenderer } from "../../site/entry-server.tsx";
import { startTestBackend, type TestBackend } from "../support/backend.ts";

// The route table (shared/routes.ts) is the one list of the site's pages: the router, the server's
// reads, the sitemap and the menus all follow it. Every entry is rendered here by the server renderer
// over the seeded database, so a route whose reads are incomplete (its page would wait for data on
// the server: "Loading…"), whose page the router does not reach, or that the sitemap or the menus
// treat against its flags fails, whatever route is added next.

const ORIGIN = "https://rcrt.example";
/** What pages read in the browser only, by design: the YouTube channel's latest videos (/youtube). */
const BROWSER_READS = ["Loading videos…"];
const TEMPLATE = readFileSync(resolve(import.meta.dirname, "../../site/index.html"), "utf8");

let backend: TestBackend;
let site: SiteRenderer;
/** A value of each route parameter that names a published row. */
let samples: Record<string, string>;
/** The head title of a route whose head comes from its row. */
let rowTitles: Record<string, string>;

beforeAll(async () => {
  backend = await startTestBackend();
  site = await createSiteRenderer({ api: { url: backend.url, anonKey: backend.anonKey }, origin: ORIGIN, template: TEMPLATE });
  const { data, error } = await backend.anon().from("blog_posts").select("slug,title").eq("published", true).order("created_at").limit(1).single();
  expect(error).toBeNull();
  samples = { slug: data!.slug as string };
  rowTitles = { [POST_ROUTE]: data!.title as string };
});
afterAll(() => backend?.stop());

/** The route's address with a published row's value for each parameter. */
function addressOf(route: SiteRoute): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = samples[name];
    if (!value) throw new Error(`no sample value for the parameter ${name} of ${route.path}: add one to this test`);
    return encodeURIComponent(value);
  });
}

const menu = (html: string, label: string) => [...(new RegExp(`<nav[^>]*aria-label="${label}"[^>]*>([\\s\\S]*?)</nav>`).exec(html)?.[1] ?? "").matchAll(/<a[^>]*href="([^"]+)"[^>]*>([^<]*)</g)].map((link) => ({ href: link[1]!, label: link[2]! }));

describe("the route table drives the router, the server, the sitemap and the menus", () => {
  it.each(PUBLIC_ROUTES.map((route) => [route.path, route] as const))("%s: the server renders its page complete, with its own title", async (_path, route) => {
    const address = addressOf(route);
    expect(matchRoute(address)?.route.path).toBe(route.path);
    const errors = vi.spyOn(console, "error");
    const document = await site.render(address);
    const logged = errors.mock.calls.map((call) => call.join(" "));
    errors.mockRestore();
    // A component that waits for data the route's entry does not read is reported here.
    expect(logged).toEqual([]);
    expect({ status: document.status, complete: document.complete }).toEqual({ status: 200, complete: true });
    const title = "meta" in route ? route.meta.title : rowTitles[route.path];
    expect(document.body).toContain(`<title>${pageTitle(title!).replace(/&/g, "&amp;")}</title>`);
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

  it("the sitemap lists exactly the flagged routes, and the rows of a route with a parameter", async () => {
    const sitemap = (await site.render("/sitemap.xml")).body;
    for (const route of PUBLIC_ROUTES) {
      const listed = sitemap.includes(`<loc>${ORIGIN}${route.path === "/" ? "/" : route.path}</loc>`);
      expect({ path: route.path, listed }).toEqual({ path: route.path, listed: route.sitemap });
    }
    expect(sitemap).toContain(`<loc>${ORIGIN}${postPath(samples.slug!)}</loc>`);
  });

  it("the header shows exactly the flagged routes, in the table's order, and the footer the same but Home", async () => {
    const html = (await site.render("/about")).body;
    const flagged = PUBLIC_ROUTES.flatMap((route) => ("nav" in route ? [{ href: route.path, label: route.nav }] : []));
    expect(NAV_LINKS.map((link) => ({ href: link.to, label: link.label }))).toEqual(flagged);
    expect(menu(html, "Main")).toEqual(flagged);
    expect(menu(html, "Mobile")).toEqual(flagged);
    expect(menu(html, "Footer").filter((link) => link.href.startsWith("/") && !link.href.startsWith("/admin"))).toEqual(flagged.filter((link) => link.href !== "/"));
  });
});
