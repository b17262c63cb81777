import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIST_DIR } from "../../scripts/build.ts";
import type { WebServer } from "../../server/web.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { startWebFor } from "../support/web-server.ts";
import { LOADED_MACHINE_READ_TIMEOUT_MS, timeUntil } from "../support/web-process.ts";
import { doc } from "../support/documents.ts";

/** A request whose path is sent exactly as written. */
function rawRequest(port: number, path: string, method = "GET"): Promise<{ status: number; location: string | undefined }> {
  return new Promise((done, fail) => {
    const req = request({ hostname: "127.0.0.1", port, path, method }, (res) => {
      res.resume();
      done({ status: res.statusCode ?? 0, location: res.headers.location });
    });
    req.on("error", fail);
    req.end();
  });
}

const rawGet = async (port: number, path: string) => (await rawRequest(port, path)).status;

/** The status a client ends with when it follows this server's redirects from a raw path. */
async function finalStatus(port: number, path: string): Promise<number> {
  let target = path;
  for (let hop = 0; hop < 3; hop++) {
    const { status, location } = await rawRequest(port, target);
    if (status !== 301 || !location) return status;
    expect(location, "a redirect stays on this site").toMatch(/^\/(?!\/)/);
    target = location;
  }
  throw new Error(`${path} redirects more than twice`);
}

const PUBLISHED_SLUG = "designing-the-vhs-and-crt-filter-pipeline";

describe("web server: routing, compression and security headers", () => {
  let backend: TestBackend;
  let web: WebServer;
  let base: string;

  beforeAll(async () => {
    backend = await startTestBackend();
    web = await startWebFor(backend, { siteUrl: "https://rcrt.example" });
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
    // The one inline script that may run is the built template's: the recorder of taps before the app
    // (the page's JSON data block is not executed).
    const recorder = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!).find((code) => code.includes("rcrtEarlyTaps"));
    expect(recorder).toBeDefined();
    expect(csp).toContain(`script-src 'self' 'sha256-${createHash("sha256").update(recorder!).digest("base64")}'; `);
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
      .insert({ title: `CSP probe </script><script>${injected}</script>`, content: doc(`Before <script>${injected}</script> after.`), category: "community", published: true })
      .select("slug")
      .single();
    expect(error).toBeNull();
    const response = await fetch(`${base}/updates/${(data as { slug: string }).slug}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const csp = response.headers.get("content-security-policy")!;
    const scriptSources = csp.split("; ").find((directive) => directive.startsWith("script-src "));
    // Only the template's own inline script (the early-tap recorder) has a hash.
    expect(scriptSources).toMatch(/^script-src 'self' 'sha256-[A-Za-z0-9+/=]+'$/);
    const sha256 = (code: string) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`;
    const inlineBodies = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((match) => match[1]!);
    expect(inlineBodies.length).toBeGreaterThan(0);
    for (const code of [...inlineBodies.filter((body) => !body.includes("rcrtEarlyTaps")), injected]) expect(csp).not.toContain(sha256(code));
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
    expect(await finalStatus(web.port, "/../package.json")).toBe(404);
    expect(await finalStatus(web.port, "/assets/..%2f..%2fpackage.json")).toBe(404);
    expect(await finalStatus(web.port, "/%2e%2e/%2e%2e/etc/passwd")).toBe(404);
    for (const path of ["/site/index.html", "/backoffice/index.html", "/server/entry-server.js", "/.build-stamp", "/site/", "/SITE/INDEX.HTML"]) {
      expect(await finalStatus(web.port, path), path).toBe(404);
    }
    expect(await rawGet(web.port, "/favicon.svg")).toBe(200);
  });

  it("reads the request target as a path: a doubled slash is never a host, and a target that is no path gets 400", async () => {
    expect(await rawRequest(web.port, "///")).toEqual({ status: 301, location: "/" });
    expect(await rawRequest(web.port, "//evil.example/updates")).toEqual({ status: 301, location: "/evil.example/updates" });
    expect(await finalStatus(web.port, "//evil.example/updates")).toBe(404);
    expect(await rawGet(web.port, "*")).toBe(400);
    expect(await rawGet(web.port, `http://127.0.0.1:${web.port}/about`)).toBe(200);
  });

  it("answers other methods with 405", async () => {
    expect((await fetch(`${base}/about`, { method: "DELETE" })).status).toBe(405);
    expect((await fetch(`${base}/about`, { method: "POST" })).status).toBe(405);
  });

  it("answers another spelling of a page's address with 301 to its one address, keeping the query", async () => {
    const spellings = ["/about/", "//about", "/about//", "/./about", "/%61bout", "/updates/x/../../about", "/updates////"];
    for (const path of spellings) {
      const { status, location } = await rawRequest(web.port, path);
      expect(status, path).toBe(301);
      expect(location, path).toBe(path.startsWith("/updates//") ? "/updates" : "/about");
    }
    expect(await rawRequest(web.port, "/about/?from=feed&x=%00")).toEqual({ status: 301, location: "/about?from=feed&x=%00" });
    expect(await rawRequest(web.port, "//about", "HEAD")).toEqual({ status: 301, location: "/about" });
    expect(await rawRequest(web.port, `/updates/${PUBLISHED_SLUG}/`)).toEqual({ status: 301, location: `/updates/${PUBLISHED_SLUG}` });
  });

  it("answers an address that can name no page (bad percent-encoding, an encoded slash, a NUL) with 404", async () => {
    for (const path of ["/%zz", "/updates/a%2Fb", "/updates/a%00b", "/caf%C3"]) {
      expect(await rawGet(web.port, path), path).toBe(404);
    }
  });

  it("answers a malformed preview token with 404 on any page, never a server error", async () => {
    const tokens = ["%00", "%FF", "%C0%AF", "garbage", "", "A".repeat(64), `${"0".repeat(63)}%00`];
    for (const path of ["/", "/about", "/updates", `/updates/${PUBLISHED_SLUG}`]) {
      for (const token of tokens) {
        const response = await fetch(`${base}${path}?preview=${token}`);
        expect(response.status, `${path}?preview=${token}`).toBe(404);
        expect(response.headers.get("cache-control")).toBe("no-store");
        expect(await response.text()).toContain('<meta name="robots" content="noindex" />');
      }
    }
  });

  it("a flood of 1,500 distinct missing addresses and 200 other spellings of pages leaves a warm page a cache hit", async () => {
    const cacheOf = async (path: string) => (await fetch(`${base}${path}`)).headers.get("x-cache");
    // Warm: served from the cache (a render that failed on a busy machine is not kept, so ask again).
    for (const path of ["/about", "/gallery"]) await timeUntil(() => cacheOf(path), (state) => state === "HIT", LOADED_MACHINE_READ_TIMEOUT_MS);
    // Addresses whose 404 needs no read, so that none can fail on a busy machine and answer 503.
    const missing = Array.from({ length: 1500 }, (_, i) => (i % 2 === 0 ? `/no-such-page-${i}` : `/gallery/no-such-item-${i}`));
    const spellings = Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? `/about${"/".repeat(i / 2 + 1)}` : `${"/".repeat((i + 1) / 2 + 1)}gallery`));
    const queue: [string, number][] = [...missing.map((path): [string, number] => [path, 404]), ...spellings.map((path): [string, number] => [path, 301])];
    const statuses: string[] = [];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const [path, expected] = next;
          const status = await rawGet(web.port, path);
          if (status !== expected) statuses.push(`${path}: ${status}`);
        }
      }),
    );
    expect(statuses).toEqual([]);
    expect(await cacheOf("/about")).toBe("HIT");
    expect(await cacheOf("/gallery")).toBe("HIT");
  });

  it("serves robots.txt for this site's origin", async () => {
    const text = await (await fetch(`${base}/robots.txt`)).text();
    expect(text).toContain("Sitemap: https://rcrt.example/sitemap.xml");
  });
});

describe("web server: while the API fails, a page is served stale only up to its maximum stale age", () => {
  let backend: TestBackend;
  let web: WebServer;
  let apiStopped = false;
  let now = 1_000_000;

  beforeAll(async () => {
    backend = await startTestBackend();
    web = await startWebFor(backend, {
      siteUrl: "https://rcrt.example",
      maxStaleMs: 60_000,
      now: () => now,
    });
  });
  afterAll(async () => {
    await web?.stop();
    if (!apiStopped) await backend?.stop();
  });

  it("past the maximum stale age the failure is shown (503, Try Again), not the copy", async () => {
    const page = async () => {
      const response = await fetch(`http://127.0.0.1:${web.port}/updates`);
      return { status: response.status, cache: response.headers.get("x-cache"), html: await response.text() };
    };
    // Cached (a read that failed on a busy machine is read again once the clock moves on): what the
    // test starts from, not what it measures, so it has a busy machine's time.
    await timeUntil(
      async () => {
        now += 1000;
        return page();
      },
      (answer) => answer.cache === "HIT",
      LOADED_MACHINE_READ_TIMEOUT_MS,
    );
    const before = await page();
    expect(before).toMatchObject({ status: 200, cache: "HIT" });
    expect(before.html).not.toContain("Try Again");
    await backend.stop();
    apiStopped = true;
    now += 59_999;
    expect(await page()).toEqual({ ...before, cache: "HIT" });
    now += 1;
    const after = await page();
    expect(after.status).toBe(503);
    expect(after.cache).toBe("ERROR");
    expect(after.html).toContain("Try Again");
  });
});
