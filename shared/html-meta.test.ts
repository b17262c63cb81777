import { describe, expect, it } from "vitest";
import { composePage, escapeHtml, headTags, jsonForScript } from "./html-meta.ts";

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
});
