import { describe, expect, it } from "vitest";
import { row, type PostShown } from "../routes/post.tsx";
import { atomFeed, robotsTxt, sitemapXml } from "./sitemap-and-feed.ts";

const ORIGIN = "https://rcrt.example";
/** A post's head, as its page writes it. */
const headOf = (post: PostShown) => row.head(post, ORIGIN);

/** A post as its page shows it (showPost makes these from the database's rows). */
const post = (overrides: Partial<PostShown>): PostShown => ({
  id: "1",
  title: "Prototype <boots>",
  slug: "prototype-boots",
  html: "<p>The board <strong>read</strong> a cartridge.</p>",
  description: "The board read a cartridge.",
  image_url: null,
  category: "hardware",
  milestone: null,
  created_at: "2026-01-01 00:00:00+00",
  updated_at: "2026-01-02T00:00:00+00:00",
  read_time: "1 min read",
  lang: "en",
  languages: ["en"],
  ...overrides,
});
const ENGLISH = { language: "en", title: "RCRT updates" } as const;

describe("sitemap.xml", () => {
  it("lists absolute URLs, escaped, with the date a post last changed", () => {
    const xml = sitemapXml([{ url: "https://x/" }, { url: "https://x/a?b&c" }, { url: "https://x/updates/p", lastModified: "2026-01-02 00:00:00+00" }]);
    expect(xml).toContain("<loc>https://x/a?b&amp;c</loc>");
    expect(xml).toContain("<url><loc>https://x/updates/p</loc><lastmod>2026-01-02T00:00:00.000Z</lastmod></url>");
  });
});

describe("robots.txt", () => {
  it("keeps crawlers out of /admin and names the sitemap", () => {
    const text = robotsTxt("https://x");
    expect(text).toMatch(/^Disallow: \/admin$/m);
    expect(text).toContain("Sitemap: https://x/sitemap.xml");
  });
});

describe("Atom feed of updates", () => {
  const feed = atomFeed(ORIGIN, [post({}), post({ id: "2", slug: "older", title: "Older", updated_at: "2025-12-01T00:00:00Z" })], headOf, ENGLISH);

  it("has one entry per post with its address, dates, summary and HTML body, escaped", () => {
    // Its base is the site, so a post's links to its own pages (/whitepaper) lead there from a reader.
    expect(feed).toContain('<feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://rcrt.example/">');
    expect(feed).toContain("<title>Prototype &lt;boots&gt;</title>");
    expect(feed).toContain('<link rel="alternate" type="text/html" href="https://rcrt.example/updates/prototype-boots"/>');
    expect(feed).toContain("<published>2026-01-01T00:00:00.000Z</published>");
    expect(feed).toContain("<summary>The board read a cartridge.</summary>");
    expect(feed).toContain("<content type=\"html\">&lt;p&gt;The board &lt;strong&gt;read&lt;/strong&gt; a cartridge.&lt;/p&gt;</content>");
    expect(feed.match(/<entry>/g)).toHaveLength(2);
  });

  it("is as recent as its latest change, and points at itself", () => {
    expect(feed).toContain("  <updated>2026-01-02T00:00:00.000Z</updated>\n  <author>");
    expect(feed).toContain('<link rel="self" type="application/atom+xml" href="https://rcrt.example/updates/feed.xml"/>');
  });

  it("says of each post what its page's head says: its SEO description and canonical address where its editor set them", () => {
    const seo = atomFeed(ORIGIN, [post({ description: "Written for <feeds>.", canonical_url: "https://elsewhere.example/p" })], headOf, ENGLISH);
    expect(seo).toContain("<summary>Written for &lt;feeds&gt;.</summary>");
    expect(seo).toContain('<link rel="alternate" type="text/html" href="https://elsewhere.example/p"/>');
    expect(seo).toContain("<id>https://rcrt.example/updates/prototype-boots</id>");
  });
});
