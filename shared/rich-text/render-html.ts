import { COMMUNITY_URL } from "../brand.ts";
import { IMAGE_BOXES, imageSrcSet, resizedImage, responsiveImage, TRANSFORMATIONS_ON, type ImageSettings } from "../images.ts";
import { IMAGE_SIDE_MAX, isLanguage, isVideoRowId, isYoutubeId, LIST_START_MAX, safeHref, safeImageUrl, youtubeIdFromUrl, type RichTextDocument } from "./document.ts";
import {
  asNode,
  childrenOf,
  ctaAction,
  ctaLabel,
  escapeHtml,
  headingLevel,
  integerAttr,
  isExternal,
  inlineMarkup,
  NEWSLETTER_ANCHOR,
  stringAttr,
  textOf,
  youtubeWatchUrl,
  type LooseNode,
} from "./nodes.ts";

// A document as the site's HTML: post pages, previews and the Atom feed. Every piece of output is
// written here from escaped text and known elements; there is no path from a document to raw HTML,
// so the result needs no sanitiser.

/** A row of the videos table, as the caller read it for a video node that names it. */
export interface VideoSource {
  title: string;
  /** The video's address (YouTube, a file, or any page). */
  url: string;
  thumbnail: string | null;
}

export interface HtmlOptions {
  /**
   * Whether Storage images are resized (VITE_IMAGE_TRANSFORMATIONS; on by default), and the API our
   * own files (stored host-relative) are served from: without `apiUrl` their addresses stay relative.
   */
  images?: ImageSettings;
  /** The rows of the videos table the document's video nodes name, by id; a row not here is not shown. */
  videos?: ReadonlyMap<string, VideoSource>;
}

/** The column a post's text is shown in (as wide as its cover: IMAGE_BOXES.postHero). */
const CONTENT_WIDTH = IMAGE_BOXES.postHero.width;
const CONTENT_SIZES = `(min-width: 1000px) ${CONTENT_WIDTH}px, 100vw`;
const VIDEO_FILE = /\.(mp4|webm|ogv|mov)$/i;

type Attributes = Record<string, string | number | null | undefined>;

/** An element's opening tag: attribute values escaped, absent ones left out. */
function openTag(tag: string, attributes: Attributes): string {
  let open = `<${tag}`;
  for (const [name, value] of Object.entries(attributes)) if (value !== null && value !== undefined) open += ` ${name}="${escapeHtml(String(value))}"`;
  return `${open}>`;
}

/** An element around `children`, HTML this file made. */
function element(tag: string, attributes: Attributes, children = ""): string {
  return tag === "img" || tag === "br" || tag === "hr" ? openTag(tag, attributes) : `${openTag(tag, attributes)}${children}</${tag}>`;
}

const MARK_TAGS = { bold: "strong", italic: "em", strike: "del", code: "code" } as const;

function inlineHtml(nodes: readonly LooseNode[]): string {
  return inlineMarkup(nodes, {
    text: escapeHtml,
    hardBreak: "<br>",
    open: (mark) =>
      mark.type === "link" ? openTag("a", isExternal(mark.href) ? { href: mark.href, target: "_blank", rel: "noopener noreferrer" } : { href: mark.href }) : `<${MARK_TAGS[mark.type]}>`,
    close: (mark) => `</${mark.type === "link" ? "a" : MARK_TAGS[mark.type]}>`,
  });
}

function imageHtml(node: LooseNode, options: HtmlOptions): string {
  const src = safeImageUrl(stringAttr(node, "src"));
  if (!src) return "";
  const settings = options.images ?? TRANSFORMATIONS_ON;
  // Without a height Storage keeps the picture's own shape; the widths are the cover's, which Storage already makes.
  const srcSet = imageSrcSet(src, IMAGE_BOXES.postHero.widths, undefined, settings);
  const caption = stringAttr(node, "caption")?.trim();
  const img = element("img", {
    src: resizedImage(src, { width: CONTENT_WIDTH }, settings),
    srcset: srcSet,
    sizes: srcSet ? CONTENT_SIZES : undefined,
    width: integerAttr(node, "width", 1, IMAGE_SIDE_MAX),
    height: integerAttr(node, "height", 1, IMAGE_SIDE_MAX),
    loading: "lazy",
    decoding: "async",
    alt: stringAttr(node, "alt") ?? "",
  });
  return element("figure", { class: "rich-image" }, img + (caption ? element("figcaption", {}, escapeHtml(caption)) : ""));
}

/** What a video plays: a YouTube id (played in place by the site's script), a file, or a page to open. */
function videoTarget(node: LooseNode, options: HtmlOptions): { title: string; thumbnail: string | null; youtubeId: string | null; url: string } | null {
  const title = stringAttr(node, "title")?.trim() ?? "";
  const thumbnail = safeImageUrl(stringAttr(node, "thumbnail"));
  const youtubeId = stringAttr(node, "youtubeId");
  if (youtubeId && isYoutubeId(youtubeId)) return { title, thumbnail, youtubeId, url: youtubeWatchUrl(youtubeId) };
  const rowId = stringAttr(node, "videoId");
  const row = rowId && isVideoRowId(rowId) ? options.videos?.get(rowId) : undefined;
  const url = row ? safeHref(row.url) : null;
  if (!row || !url || !isExternal(url)) return null;
  return { title: title || row.title, thumbnail: thumbnail ?? safeImageUrl(row.thumbnail), youtubeId: youtubeIdFromUrl(url), url };
}

/**
 * A video as a facade: its thumbnail (one of ours) and title in a link to the video. No request leaves
 * for YouTube until the visitor presses play: the site's script reads data-youtube-id (or
 * data-video-file) and swaps in the privacy-enhanced player; without the script the link opens the
 * video in a new tab.
 */
function videoHtml(node: LooseNode, options: HtmlOptions): string {
  const video = videoTarget(node, options);
  if (!video) return "";
  const box = IMAGE_BOXES.videoThumbnail;
  const settings = options.images ?? TRANSFORMATIONS_ON;
  let picture: string;
  if (video.thumbnail) {
    const { src, srcSet } = responsiveImage(video.thumbnail, box, settings);
    picture = element("img", { class: "video-thumb", src, srcset: srcSet, sizes: srcSet ? CONTENT_SIZES : undefined, width: box.width, height: box.height, loading: "lazy", decoding: "async", alt: "" });
  } else {
    picture = element("span", { class: "image-placeholder video-thumb", "aria-hidden": "true" });
  }
  const facade = element(
    "a",
    {
      class: "video-facade",
      href: video.url,
      target: "_blank",
      rel: "noopener noreferrer",
      "data-youtube-id": video.youtubeId,
      "data-video-file": !video.youtubeId && VIDEO_FILE.test(new URL(video.url).pathname) ? video.url : null,
    },
    `${picture}${element("span", { class: "play-button", "aria-hidden": "true" }, "▶")}${element("span", { class: "visually-hidden" }, `Play ${escapeHtml(video.title)}`)}`,
  );
  return element("figure", { class: "rich-video" }, element("div", { class: "video-media" }, facade) + (video.title ? element("figcaption", {}, escapeHtml(video.title)) : ""));
}

/** A call to action: a button or link the site's script binds by data-cta (waitlist opens its modal). */
function callToActionHtml(node: LooseNode): string {
  const action = ctaAction(node);
  if (!action) return "";
  const label = escapeHtml(ctaLabel(node, action));
  const button =
    action === "waitlist"
      ? element("button", { type: "button", class: "button button-primary", "aria-haspopup": "dialog", "data-cta": action }, label)
      : action === "discord"
        ? element("a", { class: "button button-primary", href: COMMUNITY_URL, target: "_blank", rel: "noopener noreferrer", "data-cta": action }, `${label}${element("span", { class: "visually-hidden" }, " (opens in a new tab)")}`)
        : element("a", { class: "button button-primary", href: NEWSLETTER_ANCHOR, "data-cta": action }, label);
  return element("div", { class: "cta-card" }, button);
}

function listItemHtml(item: LooseNode, depth: number, options: HtmlOptions): string {
  if (item.type !== "listItem") return "";
  const children = childrenOf(item, depth);
  // A list item of one paragraph is written without <p>, as the Markdown renderer writes a tight list.
  const only = children.length === 1 && children[0]!.type === "paragraph" ? children[0]! : null;
  return element("li", {}, only ? inlineHtml(childrenOf(only, depth + 1)) : blocksHtml(children, depth + 1, options));
}

function blockHtml(node: LooseNode, depth: number, options: HtmlOptions): string {
  switch (node.type) {
    case "paragraph":
      return element("p", {}, inlineHtml(childrenOf(node, depth)));
    case "heading":
      return element(`h${headingLevel(node)}`, {}, inlineHtml(childrenOf(node, depth)));
    case "bulletList":
      return element("ul", {}, childrenOf(node, depth).map((item) => listItemHtml(item, depth + 1, options)).join(""));
    case "orderedList": {
      const start = integerAttr(node, "start", 0, LIST_START_MAX);
      return element("ol", { start: start === 1 ? null : start }, childrenOf(node, depth).map((item) => listItemHtml(item, depth + 1, options)).join(""));
    }
    case "blockquote":
      return element("blockquote", {}, blocksHtml(childrenOf(node, depth), depth + 1, options));
    case "codeBlock": {
      const language = stringAttr(node, "language");
      const code = childrenOf(node, depth).map(textOf).join("");
      return element("pre", {}, element("code", { class: language && isLanguage(language) ? `language-${language}` : null }, escapeHtml(code)));
    }
    case "horizontalRule":
      return "<hr>";
    case "image":
      return imageHtml(node, options);
    case "video":
      return videoHtml(node, options);
    case "callToAction":
      return callToActionHtml(node);
    default:
      return "";
  }
}

function blocksHtml(nodes: readonly LooseNode[], depth: number, options: HtmlOptions): string {
  return nodes.map((node) => blockHtml(node, depth, options)).join("");
}

/** A document as the site's HTML. Takes any value: what is not a document, node or mark it knows gives no output. */
export function renderHtml(document: RichTextDocument | null | undefined, options: HtmlOptions = {}): string {
  const root = asNode(document);
  return root?.type === "doc" ? blocksHtml(childrenOf(root, 1), 2, options) : "";
}
