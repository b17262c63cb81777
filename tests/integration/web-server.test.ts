import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIST_DIR } from "../../scripts/build.ts";
import { startWebServer, type WebServer } from "../../server/web.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";

/** A request whose path is sent exactly as written. */
function rawGet(port: number, path: string): Promise<number> {
  return new Promise((done, fail) => {
    const req = request({ hostname: "127.0.0.1", port, path }, (res) => {
      res.resume();
      done(res.statusCode ?? 0);
    });
    req.on("error", fail);
    req.end();
  });
}

describe("web server: routing, compression and security headers", () => {
  let backend: TestBackend;
  let web: WebServer;
  let base: string;

  beforeAll(async () => {
    backend = await startTestBackend();
    web = await startWebServer({
      port: 0,
      distDir: DIST_DIR,
      supabase: { url: backend.url, anonKey: backend.anonKey, serviceRoleKey: backend.serviceKey },
      siteUrl: "https://rcrt.example",
      log: () => {},
    });
    base = `http://127.0.0.1:${web.port}`;
  });
  afterAll(async () => {
    await web?.stop();
    await backend?.stop();
  });

  it("serves pages with the API's address and anon key written in, a strict CSP, and never the service-role key", async () => {
    const response = await fetch(`${base}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<meta name="supabase-url" content="${backend.url}">`);
    expect(html).toContain(`<meta name="supabase-anon-key" content="${backend.anonKey}">`);
    expect(html).not.toContain(backend.serviceKey);
    const csp = response.headers.get("content-security-policy")!;
    // The built template has no inline script, so none may run (the page's JSON data block is not executed).
    expect(csp).toContain("script-src 'self'; ");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(`connect-src 'self' ${backend.url}`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("cache-control")).toBe("no-cache");
  });

  it("a page's CSP allows only the build's own inline scripts, never one that the page's content carries", async () => {
    const injected = 'alert("injected")';
    const { data, error } = await backend
      .service()
      .from("blog_posts")
      .insert({ title: `CSP probe </script><script>${injected}</script>`, content: `Before <script>${injected}</script> after.`, category: "community", published: true })
      .select("slug")
      .single();
    expect(error).toBeNull();
    const response = await fetch(`${base}/updates/${(data as { slug: string }).slug}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const csp = response.headers.get("content-security-policy")!;
    const scriptSources = csp.split("; ").find((directive) => directive.startsWith("script-src "));
    expect(scriptSources).toBe("script-src 'self'");
    const sha256 = (code: string) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`;
    const inlineBodies = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((match) => match[1]!);
    expect(inlineBodies.length).toBeGreaterThan(0);
    for (const code of [...inlineBodies, injected]) expect(csp).not.toContain(sha256(code));
  });

  it("renders pages from the database, the back office for every /admin path, and 404 for unknown paths", async () => {
    const about = await (await fetch(`${base}/about`)).text();
    expect(about).toContain("<title>Our Story | RCRT</title>");
    expect(about).toContain('<link rel="canonical" href="https://rcrt.example/about" />');
    const admin = await fetch(`${base}/admin/blog/123`);
    expect(admin.status).toBe(200);
    expect(await admin.text()).toContain('<div id="root"></div>');
    const missing = await fetch(`${base}/no-such-page`);
    expect(missing.status).toBe(404);
    const html = await missing.text();
    expect(html).toContain("NO SIGNAL - PAGE NOT FOUND");
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect((await fetch(`${base}/updates/no-such-post`)).status).toBe(404);
  });

  it("answers a revisit with 304 when the page has not changed", async () => {
    const first = await fetch(`${base}/about`);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);
    expect((await fetch(`${base}/about`, { headers: { "If-None-Match": etag } })).status).toBe(304);
  });

  it("compresses text assets and caches hashed assets for a year", async () => {
    const script = readdirSync(join(DIST_DIR, "assets")).find((file) => file.endsWith(".js"))!;
    const response = await fetch(`${base}/assets/${script}`, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
  });

  it("never serves files outside the build, nor the build's own HTML and server code as files", async () => {
    expect(await rawGet(web.port, "/../package.json")).toBe(404);
    expect(await rawGet(web.port, "/assets/..%2f..%2fpackage.json")).toBe(404);
    expect(await rawGet(web.port, "/%2e%2e/%2e%2e/etc/passwd")).toBe(404);
    for (const path of ["/site/index.html", "/backoffice/index.html", "/server/entry-server.js", "/.build-stamp", "/site/", "/SITE/INDEX.HTML"]) {
      expect(await rawGet(web.port, path), path).toBe(404);
    }
    expect(await rawGet(web.port, "/favicon.svg")).toBe(200);
  });

  it("reads the request target as a path: a doubled slash is never a host, and a target that is no path gets 400", async () => {
    expect(await rawGet(web.port, "///")).toBe(200);
    expect(await rawGet(web.port, "//evil.example/updates")).toBe(404);
    expect(await rawGet(web.port, "*")).toBe(400);
    expect(await rawGet(web.port, `http://127.0.0.1:${web.port}/about`)).toBe(200);
  });

  it("answers other methods with 405", async () => {
    expect((await fetch(`${base}/about`, { method: "DELETE" })).status).toBe(405);
    expect((await fetch(`${base}/about`, { method: "POST" })).status).toBe(405);
  });

  it("serves robots.txt for this site's origin", async () => {
    const text = await (await fetch(`${base}/robots.txt`)).text();
    expect(text).toContain("Sitemap: https://rcrt.example/sitemap.xml");
  });
});
