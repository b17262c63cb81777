import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WebServer } from "../../server/web.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { startWebFor } from "../support/web-server.ts";

// Our own images are stored host-relative: one database served through two API hosts shows each
// page's images, and its share picture, on the host that page is served with, never on the other.

let backend: TestBackend;
const webs: { api: string; web: WebServer }[] = [];
let post: { slug: string; image_url: string };

beforeAll(async () => {
  backend = await startTestBackend();
  const port = new URL(backend.url).port;
  const [found] = await backend.sql<{ slug: string; image_url: string }>(
    "select slug, image_url from public.blog_posts where published and image_url like '/storage/v1/object/public/%' order by created_at desc limit 1",
  );
  if (!found) throw new Error("the seed has no published post with a picture of its own");
  post = found;
  // The share picture falls back to the cover.
  await backend.sql("update public.blog_posts set seo_image_url = null where slug = $1", [post.slug]);
  for (const api of [`http://localhost:${port}`, `http://127.0.0.1:${port}`]) {
    webs.push({ api, web: await startWebFor(backend, { supabase: { url: api, anonKey: backend.anonKey, serviceRoleKey: backend.serviceKey } }) });
  }
}, 120_000);

afterAll(async () => {
  for (const { web } of webs) await web.stop();
  await backend?.stop();
});

const page = async (web: WebServer, path: string) => {
  const response = await fetch(`${web.url}${path}`);
  expect(response.status, path).toBe(200);
  return response.text();
};

/** Every image address of the HTML's img tags (src and each srcset candidate) and its og:image. */
function imageAddresses(html: string): { images: string[]; share: string | undefined } {
  const images = [...html.matchAll(/<img\b[^>]*>/g)].flatMap(([tag]) => [
    ...[...tag.matchAll(/\ssrc="([^"]+)"/g)].map((m) => m[1]!),
    ...[...tag.matchAll(/\ssrcSet="([^"]+)"|\ssrcset="([^"]+)"/g)].flatMap((m) => (m[1] ?? m[2]!).split(", ").map((candidate) => candidate.split(" ")[0]!)),
  ]);
  return { images: images.map((address) => address.replaceAll("&amp;", "&")), share: /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&") };
}

describe("our own images render on the API host the site is served with", () => {
  it("a post's cover (src and srcset) and its og:image are absolute on each host", async () => {
    const object = post.image_url.slice("/storage/v1/object/public/".length);
    for (const { api, web } of webs) {
      const { images, share } = imageAddresses(await page(web, `/updates/${post.slug}`));
      const own = images.filter((address) => address.includes(object));
      expect(own.length, api).toBeGreaterThan(1);
      for (const address of own) expect(address, api).toMatch(new RegExp(`^${api.replace(/[.]/g, "\\.")}/storage/v1/(render/image|object)/public/`));
      expect(share, api).toMatch(new RegExp(`^${api.replace(/[.]/g, "\\.")}/storage/v1/render/image/public/${object.replace(/[.]/g, "\\.")}\\?`));
    }
  });

  it("no page's image is relative or on the other host, across the pages that show our images", async () => {
    for (const path of ["/", "/gallery", "/updates", "/youtube", `/updates/${post.slug}`]) {
      for (const [n, { api, web }] of webs.entries()) {
        const other = webs[1 - n]!.api;
        const { images } = imageAddresses(await page(web, path));
        const ours = images.filter((address) => address.includes("/storage/v1/"));
        if (path !== "/youtube") expect(ours.length, `${api}${path}`).toBeGreaterThan(0);
        for (const address of ours) {
          expect(address.startsWith(`${api}/storage/v1/`), `${api}${path}: ${address}`).toBe(true);
          expect(address.startsWith(other), `${api}${path}: ${address}`).toBe(false);
        }
      }
    }
  });
});
