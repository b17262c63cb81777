// The site's documents other than pages, built from the same reads: sitemap.xml (every language's
// pages, each with its alternates), the Atom feed of updates (one per language, under its prefix) and
// robots.txt. Pure string functions over published rows. Server-only.

import { BRAND } from "../../shared/brand.ts";
import { escapeHtml, type HeadMeta } from "../../shared/html-meta.ts";
import { DEFAULT_LANGUAGE, pathInLanguage, type Language } from "../../shared/languages.ts";
import { postPath, type LanguageAlternate } from "../../shared/routes.ts";
import type { PostShown } from "../routes/post.tsx";

/** The feed's site path; another language's is under its prefix (/ja/updates/feed.xml). */
export const FEED_PATH = "/updates/feed.xml";

export interface SitemapEntry {
  url: string;
  lastModified?: string;
  /** The same page in each language it is available in, and x-default. */
  alternates?: readonly LanguageAlternate[];
}

/** A feed in one language: its title (the catalogue's) and language. */
export interface FeedLanguage {
  language: Language;
  title: string;
}

/** A database timestamp as RFC 3339 (Atom and sitemaps want it; Postgres may write "2026-01-02 10:00:00+00"). */
export function rfc3339(timestamp: string): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? timestamp : date.toISOString();
}

export function sitemapXml(entries: readonly SitemapEntry[]): string {
  const urls = entries
    .map(({ url, lastModified, alternates = [] }) => {
      const links = alternates.map(({ hreflang, href }) => `<xhtml:link rel="alternate" hreflang="${escapeHtml(hreflang)}" href="${escapeHtml(href)}"/>`).join("");
      return `  <url><loc>${escapeHtml(url)}</loc>${lastModified ? `<lastmod>${escapeHtml(rfc3339(lastModified))}</lastmod>` : ""}${links}</url>`;
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(origin: string): string {
  return `User-agent: *\nDisallow: /admin\nDisallow: /admin/\n\nSitemap: ${origin}/sitemap.xml\n`;
}

/**
 * An Atom feed of the posts published in a language, newest first, as their pages show them: each
 * with its summary and canonical address as its page's head says them (`headOf`: the post's route
 * module) and its body's HTML from the site's renderer (shared/rich-text/render-html.ts), as its page
 * shows it. The feed's `updated` is the latest change among them.
 */
export function atomFeed(origin: string, posts: readonly PostShown[], headOf: (post: PostShown) => HeadMeta, { language, title }: FeedLanguage): string {
  const updated = posts.map((post) => rfc3339(post.updated_at)).reduce((latest, time) => (time > latest ? time : latest), new Date(0).toISOString());
  const address = (path: string) => `${origin}${pathInLanguage(path, language)}`;
  const entries = posts.map((post) => {
    const url = address(postPath(post.slug));
    const head = headOf(post);
    return [
      "  <entry>",
      `    <id>${escapeHtml(url)}</id>`,
      `    <title>${escapeHtml(post.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeHtml(head.canonical)}"/>`,
      `    <published>${escapeHtml(rfc3339(post.created_at))}</published>`,
      `    <updated>${escapeHtml(rfc3339(post.updated_at))}</updated>`,
      `    <category term="${escapeHtml(post.category)}"/>`,
      `    <summary>${escapeHtml(head.description)}</summary>`,
      `    <content type="html">${escapeHtml(post.html)}</content>`,
      "  </entry>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    // A post's links to its own site are paths (/whitepaper): the feed's base makes them the site's.
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:base="${escapeHtml(`${origin}/`)}"${language === DEFAULT_LANGUAGE ? "" : ` xml:lang="${escapeHtml(language)}"`}>`,
    `  <id>${escapeHtml(address("/updates"))}</id>`,
    `  <title>${escapeHtml(title)}</title>`,
    `  <link rel="alternate" type="text/html" href="${escapeHtml(address("/updates"))}"/>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeHtml(address(FEED_PATH))}"/>`,
    `  <updated>${escapeHtml(updated)}</updated>`,
    `  <author><name>${escapeHtml(`The ${BRAND} team`)}</name></author>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}
