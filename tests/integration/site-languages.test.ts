import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postPath } from "../../shared/routes.ts";
import { createSiteRenderer, type SiteRenderer } from "../../site/entry-server.tsx";
import { ja } from "../../site/i18n/ja.ts";
import { postsJa } from "../../site/i18n/parts/posts.ja.ts";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { LOADED_MACHINE_READ_TIMEOUT_MS } from "../support/web-process.ts";

// The site in Japanese, rendered by the server renderer over the seeded database with a published
// Japanese translation of one post: <html lang>, the alternates and canonical links of a translated
// and an untranslated post, and the sitemap and feeds, which list under a language only what is
// published in it. Visitors' rights: a translation not published is seen by no path.

const ORIGIN = "https://rcrt.example";
const TEMPLATE = readFileSync(resolve(import.meta.dirname, "../../site/index.html"), "utf8");
const JAPANESE_TITLE = "試作機、最初のカートリッジを起動";

let backend: TestBackend;
let site: SiteRenderer;
let translated: { id: string; slug: string; title: string };
let untranslated: { id: string; slug: string; title: string };

const alternates = (html: string) => [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map((link) => `${link[1]} ${link[2]}`);
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];

beforeAll(async () => {
  backend = await startTestBackend();
  site = await createSiteRenderer({ api: { url: backend.url, anonKey: backend.anonKey }, origin: ORIGIN, template: TEMPLATE, readTimeoutMs: LOADED_MACHINE_READ_TIMEOUT_MS });
  const posts = await backend.sql<{ id: string; slug: string; title: string; fields: Record<string, unknown> }>(
    `select id, slug, title, jsonb_strip_nulls(jsonb_build_object('title', title, 'content', content, 'milestone', milestone, 'image_alt', image_alt, 'seo_description', seo_description)) as fields
       from public.blog_posts p where published and publish_at is null and canonical_url is null
        and not exists (select 1 from public.content_translations t where t.source_table = 'blog_posts' and t.row_id = p.id and t.language = 'ja')
      order by created_at desc limit 2`,
  );
  [translated, untranslated] = [posts[0]!, posts[1]!];
  await backend.sql("insert into public.content_translations (source_table, row_id, language, fields, published) values ('blog_posts', $1, 'ja', $2::jsonb, true)", [
    posts[0]!.id,
    JSON.stringify({ ...posts[0]!.fields, title: JAPANESE_TITLE }),
  ]);
});
afterAll(async () => {
  await backend?.sql("delete from public.content_translations where source_table = 'blog_posts' and row_id = $1", [translated?.id]);
  await backend?.stop();
});

describe("pages under /ja/", () => {
  it("a page without parameters is in Japanese, with its canonical address under the prefix and every language as an alternate", async () => {
    const page = await site.render("/ja/");
    expect({ status: page.status, complete: page.complete }).toEqual({ status: 200, complete: true });
    expect(page.body).toMatch(/<html lang="ja">/);
    expect(page.body).toContain(`<title>${ja["title:/"]} | RCRT</title>`);
    expect(page.body).toContain(`>${ja["menu:/updates"]}</a>`);
    expect(page.body).toContain('data-route="/ja/"');
    expect(canonical(page.body)).toBe(`${ORIGIN}/ja/`);
    expect(alternates(page.body)).toEqual([`en ${ORIGIN}/`, `ja ${ORIGIN}/ja/`, `x-default ${ORIGIN}/`]);
  });

  it("a default-language page stays in English and names its Japanese alternate", async () => {
    const page = await site.render("/updates");
    expect(page.body).toMatch(/<html lang="en">/);
    expect(canonical(page.body)).toBe(`${ORIGIN}/updates`);
    expect(alternates(page.body)).toEqual([`en ${ORIGIN}/updates`, `ja ${ORIGIN}/ja/updates`, `x-default ${ORIGIN}/updates`]);
    expect(page.body).toContain('<link rel="alternate" type="application/atom+xml" title="RCRT updates" href="/updates/feed.xml" />');
  });

  it("a translated post is the page's own: its Japanese words, canonical under the prefix, alternates both ways", async () => {
    const page = await site.render(`/ja${postPath(translated.slug)}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<html lang="ja">/);
    expect(page.body).toContain(`<title>${JAPANESE_TITLE} | RCRT</title>`);
    expect(page.body).not.toContain(postsJa["fallback.notice"]);
    expect(canonical(page.body)).toBe(`${ORIGIN}/ja${postPath(translated.slug)}`);
    const both = [`en ${ORIGIN}${postPath(translated.slug)}`, `ja ${ORIGIN}/ja${postPath(translated.slug)}`, `x-default ${ORIGIN}${postPath(translated.slug)}`];
    expect(alternates(page.body)).toEqual(both);
    expect(alternates((await site.render(postPath(translated.slug))).body)).toEqual(both);
  });

  it("an untranslated post shows the English marked lang=\"en\", a notice in Japanese, and its canonical link at the English page", async () => {
    const page = await site.render(`/ja${postPath(untranslated.slug)}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<html lang="ja">/);
    expect(page.body).toContain('<article class="post" lang="en">');
    expect(page.body).toContain(postsJa["fallback.notice"]);
    expect(canonical(page.body)).toBe(`${ORIGIN}${postPath(untranslated.slug)}`);
    expect(alternates(page.body)).toEqual([`en ${ORIGIN}${postPath(untranslated.slug)}`, `x-default ${ORIGIN}${postPath(untranslated.slug)}`]);
  });

  it("a page of the web tier's own (a form's answer) asked for in Japanese has the Japanese header and footer", async () => {
    const html = await site.formAnswer("登録しました", "<h1>登録しました</h1>", "ja");
    expect(html).toMatch(/<html lang="ja">/);
    expect(html).toContain(`>${ja["menu:/updates"]}</a>`);
    expect(html).toContain('href="/ja/updates"');
    expect(html).not.toMatch(/<script\b/);
  });

  it("an unknown address under the prefix is the NO SIGNAL page in Japanese, with 404", async () => {
    const page = await site.render("/ja/no-such-page");
    expect(page.status).toBe(404);
    expect(page.body).toMatch(/<html lang="ja">/);
    expect(page.body).toContain(ja["notFound.heading"]);
  });
});

describe("sitemap and feeds per language", () => {
  it("sitemap.xml lists every page in every language and a post under a language only when it is published in it, each with its alternates", async () => {
    const sitemap = (await site.render("/sitemap.xml")).body;
    expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(sitemap).toContain(`<loc>${ORIGIN}/ja/updates</loc>`);
    expect(sitemap).toContain(`<loc>${ORIGIN}/ja${postPath(translated.slug)}</loc>`);
    expect(sitemap).toContain(`<loc>${ORIGIN}${postPath(untranslated.slug)}</loc>`);
    expect(sitemap).not.toContain(`<loc>${ORIGIN}/ja${postPath(untranslated.slug)}</loc>`);
    expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="ja" href="${ORIGIN}/ja${postPath(translated.slug)}"/>`);
  });

  it("the Japanese feed lists only the posts published in Japanese, at their Japanese addresses; the English feed lists every post", async () => {
    const feed = await site.render("/ja/updates/feed.xml");
    expect({ status: feed.status, type: feed.type }).toEqual({ status: 200, type: "atom" });
    expect(feed.body).toContain('xml:lang="ja"');
    expect(feed.body).toContain(`<title>${ja["feed.title"]}</title>`);
    expect(feed.body).toContain(`<title>${JAPANESE_TITLE}</title>`);
    expect(feed.body).toContain(`<id>${ORIGIN}/ja${postPath(translated.slug)}</id>`);
    expect(feed.body).not.toContain(postPath(untranslated.slug));
    const english = (await site.render("/updates/feed.xml")).body;
    expect(english).toContain(`<id>${ORIGIN}${postPath(untranslated.slug)}</id>`);
    expect(english).not.toContain(JAPANESE_TITLE);
  });

  it("a translation that is not published is seen by no path: the page falls back, the list, feed and sitemap leave it out", async () => {
    await backend.sql("update public.content_translations set published = false where source_table = 'blog_posts' and row_id = $1", [translated.id]);
    try {
      const page = (await site.render(`/ja${postPath(translated.slug)}`)).body;
      expect(page).not.toContain(JAPANESE_TITLE);
      expect(page).toContain(postsJa["fallback.notice"]);
      expect((await site.render("/ja/updates")).body).not.toContain(JAPANESE_TITLE);
      expect((await site.render("/ja/updates/feed.xml")).body).not.toContain(JAPANESE_TITLE);
      expect((await site.render("/sitemap.xml")).body).not.toContain(`/ja${postPath(translated.slug)}<`);
    } finally {
      await backend.sql("update public.content_translations set published = true where source_table = 'blog_posts' and row_id = $1", [translated.id]);
    }
  });

  it("the Japanese updates list shows the translated post and leaves out the untranslated one", async () => {
    const list = (await site.render("/ja/updates")).body;
    expect(list).toContain(JAPANESE_TITLE);
    expect(list).not.toContain(`href="/ja${postPath(untranslated.slug)}"`);
  });

  it("a renamed post's old address under the prefix moves to its current one in the same language", async () => {
    await backend.sql("update public.blog_posts set slug = 'renamed-by-the-languages-test' where id = $1", [untranslated.id]);
    try {
      expect(await site.render(`/ja${postPath(untranslated.slug)}`)).toMatchObject({ status: 301, location: "/ja/updates/renamed-by-the-languages-test" });
    } finally {
      await backend.sql("update public.blog_posts set slug = $1 where id = $2", [untranslated.slug, untranslated.id]);
    }
  });
});
