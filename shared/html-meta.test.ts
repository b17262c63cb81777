import { describe, expect, it } from "vitest";
import { composePage, escapeHtml, headTags, jsonForScript, stripHead } from "./html-meta.ts";

const TEMPLATE = `<!doctype html><html><head><title>Old</title>
<meta name="description" content="old" />
</head><body><div id="root"></div><script type="module" src="/a.js"></script></body></html>`;

describe("server-rendered page", () => {
  it("carries the route's title, description, canonical URL and Open Graph tags", () => {
    const html = composePage(
      TEMPLATE,
      { title: "Updates", description: 'News & "notes"', canonical: "https://rcrt.example/updates", feed: { href: "/updates/feed.xml", title: "RCRT updates" } },
      "/updates",
      "<main>Hi</main>",
      { posts: [] },
    );
    expect(html).toContain("<title>Updates | RCRT</title>");
    expect(html).not.toContain("<title>Old</title>");
    expect(html).not.toContain('content="old"');
    expect(html).toContain('<meta name="description" content="News &amp; &quot;notes&quot;" />');
    expect(html).toContain('<link rel="canonical" href="https://rcrt.example/updates" />');
    expect(html).toContain('<meta property="og:title" content="Updates | RCRT" />');
    expect(html).toContain('<meta property="og:url" content="https://rcrt.example/updates" />');
    expect(html).toContain('<div id="root" data-route="/updates"><main>Hi</main></div>');
    expect(html).toContain('<script type="application/json" id="rcrt-data">{"posts":[]}</script>');
    expect(html).toContain('<link rel="alternate" type="application/atom+xml" title="RCRT updates" href="/updates/feed.xml" />');
  });

  it("is in its language (<html lang>) and names the same page in every language it is available in", () => {
    const alternates = [
      { hreflang: "en", href: "https://rcrt.example/updates" },
      { hreflang: "ja", href: "https://rcrt.example/ja/updates" },
      { hreflang: "x-default", href: "https://rcrt.example/updates" },
    ];
    const page = (template: string) => composePage(template, { title: "t", description: "d", canonical: "https://rcrt.example/ja/updates", lang: "ja", alternates }, "/ja/updates", "", {});
    expect(page(TEMPLATE)).toContain("<html lang=\"ja\"><head>");
    expect(page(TEMPLATE.replace("<html>", '<html lang="en">'))).toContain('<html lang="ja"><head>');
    expect(page(TEMPLATE)).toContain('<link rel="alternate" hreflang="ja" href="https://rcrt.example/ja/updates" />');
    expect(page(TEMPLATE)).toContain('<link rel="alternate" hreflang="x-default" href="https://rcrt.example/updates" />');
    expect(composePage(TEMPLATE, { title: "t", description: "d", canonical: "https://x/" }, "/", "", {})).toContain("<html><head>");
  });

  it("data cannot close its script element", () => {
    const json = jsonForScript({ text: "</script><script>alert(1)</script><!--" });
    expect(json).not.toMatch(/<\/script|<!--/i);
    expect(JSON.parse(json)).toEqual({ text: "</script><script>alert(1)</script><!--" });
  });

  it("dates an article and keeps the not-found page out of search results", () => {
    const head = headTags({ title: "Post", description: "d", canonical: "https://x/updates/post", type: "article", publishedTime: "2026-01-02T00:00:00Z", modifiedTime: "2026-01-03T00:00:00Z" });
    expect(head).toContain('<meta property="article:published_time" content="2026-01-02T00:00:00Z" />');
    expect(head).toContain('<meta property="article:modified_time" content="2026-01-03T00:00:00Z" />');
    expect(headTags({ title: "Page Not Found", description: "d", canonical: "https://x/nope", robots: "noindex" })).toContain('<meta name="robots" content="noindex" />');
  });

  it("escapes", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
    expect(headTags({ title: "<b>", description: "d", canonical: "https://x/", image: "https://i/x.jpg", type: "article" })).toContain('og:image" content="https://i/x.jpg"');
  });

  it("writes every head tag, in order, and no optional one a page lacks", () => {
    expect(headTags({ title: "About", description: "d", canonical: "https://x/about" })).toBe(
      [
        "<title>About | RCRT</title>",
        '<meta name="description" content="d" />',
        '<link rel="canonical" href="https://x/about" />',
        '<meta property="og:site_name" content="RCRT" />',
        '<meta property="og:type" content="website" />',
        '<meta property="og:title" content="About | RCRT" />',
        '<meta property="og:description" content="d" />',
        '<meta property="og:url" content="https://x/about" />',
        '<meta name="twitter:card" content="summary" />',
      ].join("\n    "),
    );
    const full = headTags({
      title: "Post",
      description: "d",
      canonical: "https://x/updates/post",
      type: "article",
      image: "https://i/p.jpg",
      publishedTime: "2026-01-02T00:00:00Z",
      modifiedTime: "2026-01-03T00:00:00Z",
      feed: { href: "/updates/feed.xml", title: "Updates" },
      alternates: [{ hreflang: "en", href: "https://x/updates/post" }],
      robots: "noindex",
    });
    expect(full.split("\n    ")).toEqual([
      "<title>Post | RCRT</title>",
      '<meta name="description" content="d" />',
      '<link rel="canonical" href="https://x/updates/post" />',
      '<meta property="og:site_name" content="RCRT" />',
      '<meta property="og:type" content="article" />',
      '<meta property="og:title" content="Post | RCRT" />',
      '<meta property="og:description" content="d" />',
      '<meta property="og:url" content="https://x/updates/post" />',
      '<meta property="og:image" content="https://i/p.jpg" />',
      '<meta property="article:published_time" content="2026-01-02T00:00:00Z" />',
      '<meta property="article:modified_time" content="2026-01-03T00:00:00Z" />',
      '<meta name="twitter:card" content="summary_large_image" />',
      '<link rel="alternate" type="application/atom+xml" title="Updates" href="/updates/feed.xml" />',
      '<link rel="alternate" hreflang="en" href="https://x/updates/post" />',
      '<meta name="robots" content="noindex" />',
    ]);
  });

  it("strips the template's own title, description, canonical link and Open Graph and Twitter tags, with the space after each, and nothing else", () => {
    const template = '<head>\n  <title>Old page</title>\n\n  <meta  name="description" content="old">\n  <link\n rel="canonical" href="https://old/">\n  <META property="og:title" content="old">\n  <meta  property="og:type" content="website">\n  <meta name="twitter:card" content="summary">\n  <meta name="viewport" content="width=device-width">\n</head>';
    expect(stripHead(template)).toBe('<head>\n  <meta name="viewport" content="width=device-width">\n</head>');
  });

  it("escapes every character that could end its script element or a line in JavaScript", () => {
    expect(jsonForScript({ text: "<>&\u2028\u2029" })).toBe('{"text":"\\u003c\\u003e\\u0026\\u2028\\u2029"}');
  });

  it("puts the head tags at the end of the head, and the body in a root with attributes or spaces in it", () => {
    const page = composePage('<html><head><meta charset="utf-8"></head><body><div id="root" class="app">\n  </div></body></html>', { title: "t", description: "d", canonical: "https://x/" }, "/", "<p>b</p>", 1);
    expect(page).toMatch(/^<html><head><meta charset="utf-8"> {2}<title>t \| RCRT<\/title>\n[\s\S]*<meta name="twitter:card" content="summary" \/>\n {2}<\/head><body><div id="root" data-route="\/"><p>b<\/p><\/div>\n {4}<script type="application\/json" id="rcrt-data">1<\/script><\/body><\/html>$/);
  });

  it("refuses a template without an empty root element", () => {
    expect(() => composePage("<html><head></head><body></body></html>", { title: "t", description: "d", canonical: "https://x/" }, "/", "", {})).toThrow('index.html has no empty <div id="root"></div>');
  });
});

