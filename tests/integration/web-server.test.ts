import { request } from "node:http";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
  const distDir = mkdtempSync(join(tmpdir(), "rcrt-web-dist-"));

  beforeAll(async () => {
    mkdirSync(join(distDir, "site/about"), { recursive: true });
    mkdirSync(join(distDir, "backoffice"), { recursive: true });
    mkdirSync(join(distDir, "assets"), { recursive: true });
    writeFileSync(join(distDir, "site/index.html"), '<html><head><title>Home</title><script>window.__state = 1;</script></head><body><div id="root"></div></body></html>');
    writeFileSync(join(distDir, "site/about/index.html"), "<html><head><title>Our Story</title></head><body>Our Story</body></html>");
    writeFileSync(join(distDir, "site/404.html"), "<html><head><title>Page Not Found</title></head><body>NO SIGNAL</body></html>");
    writeFileSync(join(distDir, "site/shell.html"), '<html><head><title>RCRT</title></head><body><div id="root"></div><!-- shell --></body></html>');
    writeFileSync(join(distDir, "backoffice/index.html"), "<html><head><title>Admin</title></head><body></body></html>");
    writeFileSync(join(distDir, "assets/app.js"), `console.log(${JSON.stringify("x".repeat(5000))});`);
    backend = await startTestBackend();
    web = await startWebServer({ port: 0, distDir, api: { url: backend.url, anonKey: backend.anonKey }, pg: backend.backend.pg, log: () => {} });
    base = `http://127.0.0.1:${web.port}`;
  });
  afterAll(async () => {
    await web?.stop();
    await backend?.stop();
    rmSync(distDir, { recursive: true, force: true });
  });

  it("serves the site with the API's address and key written into the page, and a strict CSP", async () => {
    const response = await fetch(`${base}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<meta name="supabase-url" content="${backend.url}">`);
    expect(html).toContain(`<meta name="supabase-anon-key" content="${backend.anonKey}">`);
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(`connect-src 'self' ${backend.url}`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });

  it("serves prerendered pages, the back office for every /admin path, and 404 for unknown paths", async () => {
    expect(await (await fetch(`${base}/about`)).text()).toContain("Our Story");
    const admin = await fetch(`${base}/admin/blog/123`);
    expect(admin.status).toBe(200);
    expect(await admin.text()).toContain("<title>Admin</title>");
    const missing = await fetch(`${base}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("NO SIGNAL");
    const unrenderedPost = await fetch(`${base}/updates/first-post`);
    expect(unrenderedPost.status).toBe(200);
    expect(await unrenderedPost.text()).toContain("<!-- shell -->");
  });

  it("compresses text assets and caches hashed assets for a year", async () => {
    const response = await fetch(`${base}/assets/app.js`, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Number(response.headers.get("content-length"))).toBeLessThan(5000);
    expect(await response.text()).toContain("console.log");
  });

  it("never serves files outside the build", async () => {
    expect(await rawGet(web.port, "/../package.json")).toBe(404);
    expect(await rawGet(web.port, "/assets/..%2f..%2fpackage.json")).toBe(404);
    expect(await rawGet(web.port, "/%2e%2e/%2e%2e/etc/passwd")).toBe(404);
  });

  it("answers other methods with 405", async () => {
    expect((await fetch(`${base}/about`, { method: "DELETE" })).status).toBe(405);
    expect((await fetch(`${base}/about`, { method: "POST" })).status).toBe(405);
  });
});
