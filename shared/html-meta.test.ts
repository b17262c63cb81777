import { describe, expect, it } from "vitest";
import { composePage, escapeHtml, headTags, jsonForScript, robots, sitemap } from "./html-meta.ts";

const TEMPLATE = `<!doctype html><html><head><title>Old</title>
<meta name="description" content="old" />
</head><body><div id="root"></div><script type="module" src="/a.js"></script></body></html>`;

describe("prerendered page", () => {
  it("carries the route's title, description, canonical URL and Open Graph tags", () => {
    const html = composePage(TEMPLATE, { title: "Updates", description: 'News & "notes"', canonical: "https://rcrt.example/updates" }, "/updates", "<main>Hi</main>", { posts: [] });
    expect(html).toContain("<title>Updates | RCRT</title>");
    expect(html).not.toContain("<title>Old</title>");
    expect(html).not.toContain('content="old"');
    expect(html).toContain('<meta name="description" content="News &amp; &quot;notes&quot;" />');
    expect(html).toContain('<link rel="canonical" href="https://rcrt.example/updates" />');
    expect(html).toContain('<meta property="og:title" content="Updates | RCRT" />');
    expect(html).toContain('<meta property="og:url" content="https://rcrt.example/updates" />');
    expect(html).toContain('<div id="root" data-route="/updates"><main>Hi</main></div>');
    expect(html).toContain('<script type="application/json" id="rcrt-data">{"posts":[]}</script>');
  });

  it("data cannot close its script element", () => {
    const json = jsonForScript({ text: "</script><script>alert(1)</script><!--" });
    expect(json).not.toMatch(/<\/script|<!--/i);
    expect(JSON.parse(json)).toEqual({ text: "</script><script>alert(1)</script><!--" });
  });

  it("escapes", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
    expect(headTags({ title: "<b>", description: "d", canonical: "https://x/", image: "https://i/x.jpg", type: "article" })).toContain('og:image" content="https://i/x.jpg"');
  });

  it("sitemap lists the URLs; robots.txt disallows /admin", () => {
    expect(sitemap(["https://x/", "https://x/a?b&c"])).toContain("<loc>https://x/a?b&amp;c</loc>");
    const text = robots("https://x");
    expect(text).toMatch(/^Disallow: \/admin$/m);
    expect(text).toContain("Sitemap: https://x/sitemap.xml");
  });
});
