import { COMMUNITY_URL } from "../brand.ts";
import { resizedImage, TRANSFORMATIONS_ON, type ImageSettings } from "../images.ts";
import { isVideoRowId, isYoutubeId, LIST_START_MAX, safeHref, safeHttpUrl, safeImageUrl, type CallToActionKind, type RichTextDocument } from "./document.ts";
import { asNode, childrenOf, ctaAction, ctaLabel, escapeHtml, headingLevel, inlineMarkup, integerAttr, NEWSLETTER_ANCHOR, stringAttr, textOf, youtubeWatchUrl, type LooseNode } from "./nodes.ts";
import type { VideoSource } from "./render-html.ts";

// A document as the HTML of a newsletter: elements mail clients show, styled inline (they drop style
// sheets), no script and nothing that plays in place; every address absolute. As for the site, all
// output is escaped text in known elements: no part of a document reaches a mail as HTML.

export interface EmailOptions {
  /** The site's origin (https://rcrt.example): paths on the site become absolute on it. */
  siteUrl: string;
  /** Whether Storage images are resized, and the API our own files (stored host-relative) are on: needed for them to appear. */
  images?: ImageSettings;
  /** The rows of the videos table the document's video nodes name, by id; a row not here is not shown. */
  videos?: ReadonlyMap<string, VideoSource>;
}

/** The width of the mail's column, and so of its pictures. */
export const EMAIL_WIDTH = 600;
const PICTURE_WIDTH = EMAIL_WIDTH - 64;

const FONT = "Arial, Helvetica, sans-serif";
const INK = "#1f1530";
const ACCENT = "#8a2be2";
const MUTED = "#6b6380";
/** The newsletter's look (server/newsletters/mail.ts has the same for the mail around the post). */
export const EMAIL_STYLES = {
  p: `margin:0 0 16px;font:16px/1.6 ${FONT};color:${INK};`,
  h2: `margin:24px 0 12px;font:bold 20px/1.3 ${FONT};color:${INK};`,
  h3: `margin:20px 0 8px;font:bold 17px/1.3 ${FONT};color:${INK};`,
  h4: `margin:16px 0 8px;font:bold 16px/1.3 ${FONT};color:${INK};`,
  a: `color:${ACCENT};text-decoration:underline;`,
  img: `display:block;width:100%;max-width:${PICTURE_WIDTH}px;height:auto;border:0;margin:0 0 8px;`,
  caption: `margin:0 0 16px;font:14px/1.5 ${FONT};color:${MUTED};`,
  list: `margin:0 0 16px;padding:0 0 0 24px;font:16px/1.6 ${FONT};color:${INK};`,
  li: "margin:0 0 4px;",
  blockquote: `margin:0 0 16px;padding:4px 0 4px 16px;border-left:4px solid ${ACCENT};color:${MUTED};`,
  code: "font-family:Menlo, Consolas, monospace;font-size:14px;background:#f1ecf9;padding:1px 4px;border-radius:3px;",
  pre: "margin:0 0 16px;padding:12px;background:#f1ecf9;border-radius:6px;overflow:auto;font:14px/1.5 Menlo, Consolas, monospace;white-space:pre-wrap;",
  hr: "border:0;border-top:1px solid #e4def0;margin:24px 0;",
  button: `display:inline-block;padding:12px 20px;background:${ACCENT};color:#ffffff;border-radius:6px;font:bold 15px/1 ${FONT};text-decoration:none;`,
} as const;

type Attributes = Record<string, string | number | null | undefined>;

function element(tag: string, attributes: Attributes, children = ""): string {
  let open = `<${tag}`;
  for (const [name, value] of Object.entries(attributes)) if (value !== null && value !== undefined) open += ` ${name}="${escapeHtml(String(value))}"`;
  return tag === "img" || tag === "br" || tag === "hr" ? `${open}>` : `${open}>${children}</${tag}>`;
}

/** A link's address made absolute for a mail (a path on the site, on the site's origin); null when it may not be linked. */
export function emailHref(href: string | null, siteUrl: string): string | null {
  const safe = safeHref(href);
  if (!safe) return null;
  if (!safe.startsWith("/")) return safe;
  const base = `${siteUrl.replace(/\/+$/, "")}/`;
  return URL.canParse(safe, base) ? safeHref(new URL(safe, base).href) : null;
}

function link(href: string, children: string, style: string = EMAIL_STYLES.a): string {
  return element("a", { href, style }, children);
}

const MARK_TAGS = { bold: "strong", italic: "em", strike: "del", code: "code" } as const;

function inlineEmail(nodes: readonly LooseNode[], siteUrl: string): string {
  return inlineMarkup(nodes, {
    text: escapeHtml,
    hardBreak: "<br>",
    open: (mark) => {
      if (mark.type !== "link") return mark.type === "code" ? `<code style="${escapeHtml(EMAIL_STYLES.code)}">` : `<${MARK_TAGS[mark.type]}>`;
      const href = emailHref(mark.href, siteUrl);
      // A link a mail may not carry keeps its words: an <a> without an address is only text.
      return href ? `<a href="${escapeHtml(href)}" style="${escapeHtml(EMAIL_STYLES.a)}">` : "<a>";
    },
    close: (mark) => `</${mark.type === "link" ? "a" : MARK_TAGS[mark.type]}>`,
  });
}

/** A picture at the mail's width; none when its address cannot be made absolute (one of our files without `images.apiUrl`). */
function picture(src: string, alt: string, options: EmailOptions): string {
  const address = safeHttpUrl(resizedImage(src, { width: EMAIL_WIDTH }, options.images ?? TRANSFORMATIONS_ON));
  return address ? element("img", { src: address, alt, width: PICTURE_WIDTH, style: EMAIL_STYLES.img }) : "";
}

function imageEmail(node: LooseNode, options: EmailOptions): string {
  const src = safeImageUrl(stringAttr(node, "src"));
  if (!src) return "";
  const caption = stringAttr(node, "caption")?.trim();
  return picture(src, stringAttr(node, "alt") ?? "", options) + (caption ? element("p", { style: EMAIL_STYLES.caption }, escapeHtml(caption)) : "");
}

/** A video in a mail: its thumbnail and title, linked to where it plays (YouTube's watch page, or the video's own address). */
function videoEmail(node: LooseNode, options: EmailOptions): string {
  let title = stringAttr(node, "title")?.trim() ?? "";
  let thumbnail = safeImageUrl(stringAttr(node, "thumbnail"));
  const youtubeId = stringAttr(node, "youtubeId");
  let url: string | null = null;
  if (youtubeId && isYoutubeId(youtubeId)) url = youtubeWatchUrl(youtubeId);
  else {
    const rowId = stringAttr(node, "videoId");
    const row = rowId && isVideoRowId(rowId) ? options.videos?.get(rowId) : undefined;
    if (row) {
      url = safeHttpUrl(row.url);
      title ||= row.title;
      thumbnail ??= safeImageUrl(row.thumbnail);
    }
  }
  if (!url) return "";
  const still = thumbnail ? link(url, picture(thumbnail, `Play: ${title}`, options), "text-decoration:none;") : "";
  return still + element("p", { style: EMAIL_STYLES.p }, link(url, `▶ ${escapeHtml(title)}`));
}

/** Where each call to action leads from a mail: the site's home page has the waitlist button, every page the newsletter form. */
function ctaHref(action: CallToActionKind, siteUrl: string): string | null {
  if (action === "discord") return COMMUNITY_URL;
  return emailHref(action === "waitlist" ? "/" : `/${NEWSLETTER_ANCHOR}`, siteUrl);
}

function callToActionEmail(node: LooseNode, siteUrl: string): string {
  const action = ctaAction(node);
  const href = action && ctaHref(action, siteUrl);
  if (!action || !href) return "";
  return element("p", { style: EMAIL_STYLES.p }, link(href, escapeHtml(ctaLabel(node, action)), EMAIL_STYLES.button));
}

function listItemEmail(item: LooseNode, depth: number, options: EmailOptions): string {
  if (item.type !== "listItem") return "";
  const children = childrenOf(item, depth);
  const only = children.length === 1 && children[0]!.type === "paragraph" ? children[0]! : null;
  return element("li", { style: EMAIL_STYLES.li }, only ? inlineEmail(childrenOf(only, depth + 1), options.siteUrl) : blocksEmail(children, depth + 1, options));
}

function blockEmail(node: LooseNode, depth: number, options: EmailOptions): string {
  switch (node.type) {
    case "paragraph":
      return element("p", { style: EMAIL_STYLES.p }, inlineEmail(childrenOf(node, depth), options.siteUrl));
    case "heading": {
      const tag = `h${headingLevel(node)}` as const;
      return element(tag, { style: EMAIL_STYLES[tag] }, inlineEmail(childrenOf(node, depth), options.siteUrl));
    }
    case "bulletList":
      return element("ul", { style: EMAIL_STYLES.list }, childrenOf(node, depth).map((item) => listItemEmail(item, depth + 1, options)).join(""));
    case "orderedList": {
      const start = integerAttr(node, "start", 0, LIST_START_MAX);
      return element("ol", { start: start === 1 ? null : start, style: EMAIL_STYLES.list }, childrenOf(node, depth).map((item) => listItemEmail(item, depth + 1, options)).join(""));
    }
    case "blockquote":
      return element("blockquote", { style: EMAIL_STYLES.blockquote }, blocksEmail(childrenOf(node, depth), depth + 1, options));
    case "codeBlock":
      return element("pre", { style: EMAIL_STYLES.pre }, escapeHtml(childrenOf(node, depth).map(textOf).join("")));
    case "horizontalRule":
      return element("hr", { style: EMAIL_STYLES.hr });
    case "image":
      return imageEmail(node, options);
    case "video":
      return videoEmail(node, options);
    case "callToAction":
      return callToActionEmail(node, options.siteUrl);
    default:
      return "";
  }
}

function blocksEmail(nodes: readonly LooseNode[], depth: number, options: EmailOptions): string {
  return nodes.map((node) => blockEmail(node, depth, options)).join("");
}

/** A document as a newsletter's HTML (the post's part; the mail around it is the sender's). Takes any value: what it does not know gives no output. */
export function renderEmailHtml(document: RichTextDocument | null | undefined, options: EmailOptions): string {
  const root = asNode(document);
  return root?.type === "doc" ? blocksEmail(childrenOf(root, 1), 2, options) : "";
}
