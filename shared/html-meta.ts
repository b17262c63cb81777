// The page HTML the site's server entry writes: the built index.html with the page's own head
// (title, description, canonical URL, Open Graph tags), its rendered body and the data it was
// rendered with. Pure string functions, so they are unit-tested without a browser.

import { pageTitle } from "./brand.ts";

export interface HeadMeta {
  /** Without the brand. */
  title: string;
  description: string;
  /** Absolute. */
  canonical: string;
  type?: "website" | "article";
  image?: string | null;
  /** Articles: ISO dates. */
  publishedTime?: string;
  modifiedTime?: string;
  /** A feed the page offers (`<link rel="alternate">`). */
  feed?: { href: string; title: string };
  /** Such as "noindex" for the not-found page. */
  robots?: string;
  /** The page's language (`<html lang>`); the template's when not given. */
  lang?: string;
  /** The same page in each language it is available in (`hreflang`, and "x-default"), absolute. */
  alternates?: readonly Alternate[];
}

export interface Alternate {
  hreflang: string;
  href: string;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** JSON that is safe inside a <script type="application/json"> element (no "</script>", no "<!--"). */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

export function headTags(meta: HeadMeta): string {
  const title = escapeHtml(pageTitle(meta.title));
  const description = escapeHtml(meta.description);
  const canonical = escapeHtml(meta.canonical);
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${canonical}" />`,
    `<meta property="og:site_name" content="RCRT" />`,
    `<meta property="og:type" content="${meta.type ?? "website"}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${canonical}" />`,
    ...(meta.image ? [`<meta property="og:image" content="${escapeHtml(meta.image)}" />`] : []),
    ...(meta.publishedTime ? [`<meta property="article:published_time" content="${escapeHtml(meta.publishedTime)}" />`] : []),
    ...(meta.modifiedTime ? [`<meta property="article:modified_time" content="${escapeHtml(meta.modifiedTime)}" />`] : []),
    `<meta name="twitter:card" content="${meta.image ? "summary_large_image" : "summary"}" />`,
    ...(meta.feed ? [`<link rel="alternate" type="application/atom+xml" title="${escapeHtml(meta.feed.title)}" href="${escapeHtml(meta.feed.href)}" />`] : []),
    ...(meta.alternates ?? []).map(({ hreflang, href }) => `<link rel="alternate" hreflang="${escapeHtml(hreflang)}" href="${escapeHtml(href)}" />`),
    ...(meta.robots ? [`<meta name="robots" content="${escapeHtml(meta.robots)}" />`] : []),
  ].join("\n    ");
}

export const DATA_SCRIPT_ID = "rcrt-data";

/** The template without the head tags a page writes for itself (headTags). */
export function stripHead(template: string): string {
  return template
    .replace(/<title>[\s\S]*?<\/title>\s*/i, "")
    .replace(/<meta\s+name="description"[^>]*>\s*/i, "")
    .replace(/<link\s+rel="canonical"[^>]*>\s*/i, "")
    .replace(/<meta\s+(property="og:|name="twitter:)[^>]*>\s*/gi, "");
}

/** A document with its `<html lang>` set to `lang` (as it is when none is given). */
export function withLanguage(html: string, lang: string | undefined): string {
  return lang ? html.replace(/<html\b[^>]*>/i, (tag) => (/\blang="/.test(tag) ? tag.replace(/\blang="[^"]*"/, `lang="${escapeHtml(lang)}"`) : tag.replace(/>$/, ` lang="${escapeHtml(lang)}">`))) : html;
}

/**
 * The built index.html with this route's head, its server-rendered markup in #root (marked with the
 * route it was rendered for, so the client hydrates only a matching page) and its data.
 */
export function composePage(template: string, meta: HeadMeta, route: string, body: string, data: unknown): string {
  const withoutHead = stripHead(template);
  const dataScript = `<script type="application/json" id="${DATA_SCRIPT_ID}">${jsonForScript(data)}</script>`;
  const root = /<div id="root"[^>]*>\s*<\/div>/i;
  if (!root.test(withoutHead)) throw new Error('index.html has no empty <div id="root"></div>');
  return withLanguage(withoutHead, meta.lang)
    .replace("</head>", `  ${headTags(meta)}\n  </head>`)
    .replace(root, () => `<div id="root" data-route="${escapeHtml(route)}">${body}</div>\n    ${dataScript}`);
}
