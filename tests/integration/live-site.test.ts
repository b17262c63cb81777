import { rmSync } from "node:fs";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIST_DIR } from "../../scripts/build.ts";
import { ADMIN, nodeClient } from "../support/backend.ts";
import { seededDataDir, spawnBackend, type BackendProcess } from "../support/backend-process.ts";
import { answerWhenDue, spawnWeb, timeUntil, type WebProcess } from "../support/web-process.ts";
import { doc } from "../support/documents.ts";

// The web tier as production runs it: `npm run serve` in processes of their own, configured by the
// environment, talking to the API over HTTP only. Everything is checked on raw HTML, no browser.

const DRAFT = { id: "b0000000-0000-4000-8000-000000000004", slug: "draft-how-cartridge-royalties-will-work", title: "Draft: How Cartridge Royalties Will Work" };
const PUBLISHED = { id: "b0000000-0000-4000-8000-000000000002", slug: "designing-the-vhs-and-crt-filter-pipeline", title: "Designing the VHS and CRT Filter Pipeline" };
const CHANGE_VISIBLE_MS = 2000;

const page = async (web: WebProcess, path: string) => {
  const response = await fetch(`${web.url}${path}`);
  return { status: response.status, html: await response.text(), cache: response.headers.get("x-cache") };
};
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

interface Site {
  api: BackendProcess;
  /** Two web instances; the second serves a stale copy for 2 s at most (the outage test). */
  one: WebProcess;
  two: WebProcess;
  admin: SupabaseClient;
  stop(): Promise<void>;
}

/** An API process and two web instances over it, with the seeded administrator signed in. */
async function startSite(): Promise<Site> {
  const dataDir = seededDataDir("rcrt-live-");
  const api = await spawnBackend(dataDir);
  const env = { SUPABASE_URL: api.url, SUPABASE_ANON_KEY: api.anonKey, SUPABASE_SERVICE_ROLE_KEY: api.serviceKey, DIST_DIR, FORM_POST_LIMIT: "5", FORM_POST_WINDOW_SECONDS: "600" };
  const webs = await Promise.all([spawnWeb(env), spawnWeb({ ...env, PAGE_STALE_MAX_SECONDS: "2" })]);
  const admin = nodeClient(api.url, api.anonKey);
  const { error } = await admin.auth.signInWithPassword(ADMIN);
  if (error) throw error;
  return {
    api,
    one: webs[0]!,
    two: webs[1]!,
    admin,
    async stop() {
      await Promise.all(webs.map((web) => web.stop()));
      await api.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const write = async (work: PromiseLike<{ error: unknown }>) => {
  const { error } = await work;
  expect(error).toBeNull();
};

describe("live site: pages rendered from the database, correct within 2 s", () => {
  let site: Site;
  let admin: SupabaseClient;
  let one: WebProcess;
  let two: WebProcess;

  beforeAll(async () => {
    site = await startSite();
    ({ admin, one, two } = site);
  });
  afterAll(() => site?.stop());

  /**
   * Reads the row's version (a caller that opened it) and sends its change at that version plus one.
   * Resolves to when the write answered (epoch ms): the change is committed by then.
   */
  const versionOf = async (table: string, id: string): Promise<number> => {
    const { data, error } = await admin.from(table).select("row_version").eq("id", id).single();
    expect(error).toBeNull();
    return (data as { row_version: number }).row_version;
  };
  const save = async (table: string, id: string, change: Record<string, unknown>): Promise<number> => {
    await write(admin.from(table).update({ ...change, row_version: (await versionOf(table, id)) + 1 }).eq("id", id));
    return Date.now();
  };

  it("a published draft appears on both instances: its page with its own head, /updates, the sitemap and the feed", async () => {
    expect((await page(one, `/updates/${DRAFT.slug}`)).status).toBe(404);
    expect((await page(two, "/updates")).html).not.toContain(DRAFT.title);
    try {
      const published = await save("blog_posts", DRAFT.id, { published: true });
      for (const web of [one, two]) {
        expect((await answerWhenDue(published, CHANGE_VISIBLE_MS, () => page(web, `/updates/${DRAFT.slug}`), (p) => p.status === 200)).status).toBe(200);
      }
      const post = await page(two, `/updates/${DRAFT.slug}`);
      expect(titleOf(post.html)).toBe(`${DRAFT.title} | RCRT`);
      expect(post.html).toContain(`<link rel="canonical" href="https://rcrt.example/updates/${DRAFT.slug}" />`);
      expect(post.html).toContain(`<meta property="og:title" content="${DRAFT.title} | RCRT" />`);
      expect(post.html).toContain('<meta property="og:type" content="article" />');
      expect(post.html).toMatch(/<meta name="description" content="How cartridge royalties will work Draft for review/);
      expect(post.html).toContain("<strong>resold</strong>");
      expect((await page(one, "/updates")).html).toContain(DRAFT.title);
      expect((await page(one, "/sitemap.xml")).html).toContain(`<loc>https://rcrt.example/updates/${DRAFT.slug}</loc>`);
      expect((await page(two, "/updates/feed.xml")).html).toContain(`<title>${DRAFT.title}</title>`);
    } finally {
      await save("blog_posts", DRAFT.id, { published: false });
    }
  });

  it("an edited title is in the page's HTML within 2 s", async () => {
    await page(one, `/updates/${PUBLISHED.slug}`);
    try {
      const renamed = await save("blog_posts", PUBLISHED.id, { title: "Inside the Filter Pipeline" });
      const post = await answerWhenDue(renamed, CHANGE_VISIBLE_MS, () => page(one, `/updates/${PUBLISHED.slug}`), (p) => titleOf(p.html) === "Inside the Filter Pipeline | RCRT");
      expect(titleOf(post.html)).toBe("Inside the Filter Pipeline | RCRT");
      expect((await page(one, "/updates/feed.xml")).html).toContain("<title>Inside the Filter Pipeline</title>");
    } finally {
      await save("blog_posts", PUBLISHED.id, { title: PUBLISHED.title });
    }
  });

  it("an unpublished post answers 404 with the NO SIGNAL page on both instances, and leaves the list, sitemap and feed", async () => {
    try {
      // Published and rendered on both instances first, so that what follows is the change reaching them.
      await save("blog_posts", DRAFT.id, { published: true });
      for (const web of [one, two]) await timeUntil(() => page(web, `/updates/${DRAFT.slug}`), (p) => p.status === 200);
      const unpublished = await save("blog_posts", DRAFT.id, { published: false });
      for (const web of [one, two]) {
        const gone = await answerWhenDue(unpublished, CHANGE_VISIBLE_MS, () => page(web, `/updates/${DRAFT.slug}`), (p) => p.status === 404);
        expect(gone.status).toBe(404);
        expect(gone.html).toContain("NO SIGNAL - PAGE NOT FOUND");
        expect(gone.html).not.toContain("Draft for review");
        expect(gone.html).not.toContain(DRAFT.title);
        expect(titleOf(gone.html)).toBe("Page Not Found | RCRT");
        expect((await page(web, "/updates")).html).not.toContain(DRAFT.title);
        expect((await page(web, "/sitemap.xml")).html).not.toContain(DRAFT.slug);
        expect((await page(web, "/updates/feed.xml")).html).not.toContain(DRAFT.slug);
      }
    } finally {
      await save("blog_posts", DRAFT.id, { published: false });
    }
  });

  it("a deleted post answers 404 within 2 s", async () => {
    const { data } = await admin.from("blog_posts").insert({ title: "Short Lived", content: doc("Here and gone."), category: "community", published: true }).select("id, slug").single();
    const { id, slug } = data as { id: string; slug: string };
    try {
      await timeUntil(() => page(two, `/updates/${slug}`), (p) => p.status === 200);
      await write(admin.from("blog_posts").delete().eq("id", id));
      expect((await answerWhenDue(Date.now(), CHANGE_VISIBLE_MS, () => page(two, `/updates/${slug}`), (p) => p.status === 404)).status).toBe(404);
    } finally {
      await write(admin.from("blog_posts").delete().eq("id", id));
    }
  });

  it("a renamed post's old address answers 301 to its new one within 2 s; once unpublished, 404", async () => {
    const { data } = await admin.from("blog_posts").insert({ title: "Before The Rename", content: doc("Words."), category: "community", published: true }).select("id, slug").single();
    const { id, slug } = data as { id: string; slug: string };
    try {
      await timeUntil(() => page(one, `/updates/${slug}`), (p) => p.status === 200);
      const renamed = await save("blog_posts", id, { slug: "after-the-rename" });
      const moved = async () => {
        const response = await fetch(`${one.url}/updates/${slug}`, { redirect: "manual" });
        await response.arrayBuffer();
        return { status: response.status, location: response.headers.get("location") };
      };
      expect(await answerWhenDue(renamed, CHANGE_VISIBLE_MS, moved, (p) => p.status === 301)).toEqual({ status: 301, location: "/updates/after-the-rename" });
      expect((await page(one, `/updates/${slug}`)).html).toContain("Before The Rename"); // fetch followed it to the post
      const unpublished = await save("blog_posts", id, { published: false });
      expect((await answerWhenDue(unpublished, CHANGE_VISIBLE_MS, moved, (p) => p.status === 404)).status).toBe(404);
    } finally {
      await write(admin.from("blog_posts").delete().eq("id", id));
    }
  });

  it("a post renamed through the API: its old address answers 301 to the new one with the query on both instances, the sitemap and feed name only the new one; renamed back, each address answers as it should", async () => {
    const { data } = await admin.from("blog_posts").insert({ title: "Address Before", content: doc("Words."), category: "community", published: true }).select("id, slug").single();
    const inserted = Date.now();
    const { id, slug: before } = data as { id: string; slug: string };
    const after = "address-after";
    const answer = async (web: WebProcess, path: string) => {
      const response = await fetch(`${web.url}${path}`, { redirect: "manual" });
      await response.arrayBuffer();
      return { status: response.status, location: response.headers.get("location") };
    };
    const publicAddresses = async (web: WebProcess) => {
      const [sitemap, feed] = await Promise.all([page(web, "/sitemap.xml"), page(web, "/updates/feed.xml")]);
      return [before, after].filter((slug) => sitemap.html.includes(`/updates/${slug}<`) || feed.html.includes(`/updates/${slug}"`));
    };
    try {
      // Each instance holds copies from before the rename: the page, the new address's 404, the sitemap and feed.
      for (const web of [one, two]) {
        await timeUntil(() => page(web, `/updates/${before}`), (p) => p.status === 200);
        expect((await answer(web, `/updates/${after}`)).status).toBe(404);
        // The post's page, new, is rendered at once; the sitemap's and feed's copies stand until the
        // instance reads the content version again, within the 2 s.
        expect(await answerWhenDue(inserted, CHANGE_VISIBLE_MS, () => publicAddresses(web), (slugs) => slugs.join() === before)).toEqual([before]);
      }
      const renamed = await save("blog_posts", id, { slug: after });
      for (const web of [one, two]) {
        // Each address is held to the 2 s on its own: one that already answers anew says nothing of another's copy.
        const moved = await answerWhenDue(renamed, CHANGE_VISIBLE_MS, () => answer(web, `/updates/${before}?ref=newsletter&x=%C3%A9`), (p) => p.status === 301);
        expect(moved).toEqual({ status: 301, location: `/updates/${after}?ref=newsletter&x=%C3%A9` });
        expect((await answerWhenDue(renamed, CHANGE_VISIBLE_MS, () => answer(web, `/updates/${after}`), (p) => p.status === 200)).status).toBe(200);
        expect(await answerWhenDue(renamed, CHANGE_VISIBLE_MS, () => publicAddresses(web), (slugs) => slugs.join() === after)).toEqual([after]);
      }
      const renamedBack = await save("blog_posts", id, { slug: before });
      for (const web of [one, two]) {
        expect(await answerWhenDue(renamedBack, CHANGE_VISIBLE_MS, () => answer(web, `/updates/${before}`), (p) => p.status === 200)).toEqual({ status: 200, location: null });
        expect(await answerWhenDue(renamedBack, CHANGE_VISIBLE_MS, () => answer(web, `/updates/${after}`), (p) => p.status === 301)).toEqual({ status: 301, location: `/updates/${before}` });
        expect(await answerWhenDue(renamedBack, CHANGE_VISIBLE_MS, () => publicAddresses(web), (slugs) => slugs.join() === before)).toEqual([before]);
      }
    } finally {
      await write(admin.from("blog_posts").delete().eq("id", id));
    }
  });

  it("a reorder is in the gallery's HTML within 2 s", async () => {
    const order = (html: string) => ["Main Menu", "Library Browser"].sort((a, b) => html.indexOf(a) - html.indexOf(b));
    expect(order((await page(one, "/gallery")).html)).toEqual(["Main Menu", "Library Browser"]);
    const item = "e0000000-0000-4000-8000-000000000001";
    const move = async (direction: "up" | "down") =>
      admin.rpc("move_item", { kind: "interface_previews", item_id: item, direction, item_version: await versionOf("interface_previews", item) });
    await write(move("down"));
    const moved = Date.now();
    try {
      const gallery = await answerWhenDue(moved, CHANGE_VISIBLE_MS, () => page(one, "/gallery"), (p) => order(p.html)[0] === "Library Browser");
      expect(order(gallery.html)).toEqual(["Library Browser", "Main Menu"]);
    } finally {
      await write(move("up"));
    }
  });

  it("the updates page links its Atom feed in its head", async () => {
    expect((await page(one, "/updates")).html).toContain('<link rel="alternate" type="application/atom+xml" title="RCRT updates" href="/updates/feed.xml" />');
    const feed = await fetch(`${one.url}/updates/feed.xml`);
    expect(feed.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
  });

  it("both instances share one form limit per address, kept in Postgres", async () => {
    const post = (web: WebProcess, i: number) =>
      fetch(`${web.url}/`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: `form-name=waitlist&email=shared${i}%40example.com` });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post(i % 2 === 0 ? one : two, i)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await post(one, 7)).status).toBe(429);
  });
});

// A site of its own: it stops its API, which no other test must meet, in whatever order they run.
describe("live site: an API outage", () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.stop());

  it("with the API stopped, pages already rendered are still served whole; a page never rendered, or past PAGE_STALE_MAX_SECONDS, shows Try Again with 503", async () => {
    // A post of this test's own, rendered into /updates before the API goes away.
    const title = `Served While Down ${Date.now()}`;
    await write(site.admin.from("blog_posts").insert({ title, content: doc("Still here."), category: "community", published: true }));
    await timeUntil(() => page(site.one, "/updates"), (p) => p.html.includes(title));
    expect((await page(site.two, "/updates")).status).toBe(200);
    await site.api.stop();
    await new Promise((done) => setTimeout(done, 1500));
    const during = await page(site.one, "/updates");
    expect(during.status).toBe(200);
    expect(during.html).toContain(title);
    expect(during.html).not.toContain("No posts found.");
    const cold = await page(site.one, `/updates/${PUBLISHED.slug}-never-rendered`);
    expect(cold.status).toBe(503);
    expect(cold.html).toContain("Try Again");
    await timeUntil(() => page(site.two, "/updates"), (p) => p.status === 503);
    expect((await page(site.two, "/updates")).html).toContain("Try Again");
  });
});

describe("npm run serve without its settings", () => {
  it("refuses to start and says which setting is missing", async () => {
    await expect(spawnWeb({ SUPABASE_URL: "", SUPABASE_ANON_KEY: "", SUPABASE_SERVICE_ROLE_KEY: "", DIST_DIR })).rejects.toThrow(
      /SUPABASE_URL is not set[\s\S]*SUPABASE_ANON_KEY is not set[\s\S]*SUPABASE_SERVICE_ROLE_KEY is not set/,
    );
  });
});
