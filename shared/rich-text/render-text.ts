import { COMMUNITY_URL } from "../brand.ts";
import { cutAtWord } from "../cut-at-word.ts";
import { readTime } from "../format.ts";
import { isVideoRowId, isYoutubeId, LIST_START_MAX, safeHttpUrl, safeImageUrl, type RichTextDocument } from "./document.ts";
import { asNode, childrenOf, ctaAction, ctaLabel, integerAttr, linkOf, NEWSLETTER_ANCHOR, stringAttr, textOf, youtubeWatchUrl, type LooseNode } from "./nodes.ts";
import { emailHref } from "./render-email.ts";
import type { VideoSource } from "./render-html.ts";

// A document as plain text: the newsletter's text part, search, excerpts, meta descriptions and read
// time. Text is returned as text: a caller that puts it in HTML escapes it.

export interface TextOptions {
  /**
   * The site's origin, for a mail's text part: links are written out after their words, and videos
   * and calls to action get their addresses. Without it only the words are kept.
   */
  siteUrl?: string;
  videos?: ReadonlyMap<string, VideoSource>;
}

function inlineText(nodes: readonly LooseNode[], options: TextOptions, breakAs = "\n"): string {
  return nodes
    .map((node) => {
      if (node.type === "hardBreak") return breakAs;
      const text = textOf(node);
      const href = options.siteUrl && text ? emailHref(linkOf(node), options.siteUrl) : null;
      return href && href !== text && href !== `mailto:${text}` ? `${text} (${href})` : text;
    })
    .join("");
}

const indent = (text: string, prefix: string, rest: string) => text.split("\n").map((line, index) => (index === 0 ? prefix : rest) + line).join("\n");

function listText(list: LooseNode, depth: number, options: TextOptions): string {
  const ordered = list.type === "orderedList";
  let number = ordered ? (integerAttr(list, "start", 0, LIST_START_MAX) ?? 1) : 0;
  return childrenOf(list, depth)
    .filter((item) => item.type === "listItem")
    .map((item) => {
      const marker = ordered ? `${number++}. ` : "- ";
      const words = childrenOf(item, depth + 1)
        .map((block) => blockText(block, depth + 2, options))
        .filter((text) => text !== "")
        .join("\n");
      return indent(words, marker, " ".repeat(marker.length));
    })
    .join("\n");
}

function videoText(node: LooseNode, options: TextOptions): string {
  const youtubeId = stringAttr(node, "youtubeId");
  const rowId = stringAttr(node, "videoId");
  const row = rowId && isVideoRowId(rowId) ? options.videos?.get(rowId) : undefined;
  const title = stringAttr(node, "title")?.trim() || row?.title || "";
  if (!options.siteUrl) return title;
  const url = youtubeId && isYoutubeId(youtubeId) ? youtubeWatchUrl(youtubeId) : row ? safeHttpUrl(row.url) : null;
  return url ? `${title} (${url})` : title;
}

function blockText(node: LooseNode, depth: number, options: TextOptions): string {
  switch (node.type) {
    case "paragraph":
    case "heading":
      return inlineText(childrenOf(node, depth), options);
    case "bulletList":
    case "orderedList":
      return listText(node, depth, options);
    case "blockquote":
      return blocksText(childrenOf(node, depth), depth + 1, options)
        .split("\n")
        .map((line) => (line ? `> ${line}` : ">"))
        .join("\n");
    case "codeBlock":
      return childrenOf(node, depth).map(textOf).join("");
    case "horizontalRule":
      return "---";
    case "image":
      return safeImageUrl(stringAttr(node, "src")) ? (stringAttr(node, "caption")?.trim() || stringAttr(node, "alt")?.trim() || "") : "";
    case "video":
      return videoText(node, options);
    case "callToAction": {
      // A button, not prose: only a mail's text part, which has no buttons, spells it out.
      const action = ctaAction(node);
      if (!action || !options.siteUrl) return "";
      const href = action === "discord" ? COMMUNITY_URL : emailHref(action === "waitlist" ? "/" : `/${NEWSLETTER_ANCHOR}`, options.siteUrl);
      return href ? `${ctaLabel(node, action)}: ${href}` : "";
    }
    default:
      return "";
  }
}

function blocksText(nodes: readonly LooseNode[], depth: number, options: TextOptions): string {
  return nodes
    .map((node) => blockText(node, depth, options))
    .filter((text) => text !== "")
    .join("\n\n");
}

/**
 * A document as plain text: blocks separated by a blank line, list items after "- " or their number,
 * quotes after "> ", a picture as its caption (else its alt text), a video as its title.
 */
export function renderText(document: RichTextDocument | null | undefined, options: TextOptions = {}): string {
  const root = asNode(document);
  return root?.type === "doc" ? blocksText(childrenOf(root, 1), 2, options) : "";
}

/** The words of a document's text nodes, block after block, on one line; `prose` leaves code blocks out. */
function wordsOf(document: RichTextDocument | null | undefined, { prose }: { prose: boolean }): string {
  const root = asNode(document);
  if (root?.type !== "doc") return "";
  const parts: string[] = [];
  const visit = (node: LooseNode, depth: number): void => {
    if (node.type === "paragraph" || node.type === "heading" || (node.type === "codeBlock" && !prose)) parts.push(inlineText(childrenOf(node, depth), {}, " "));
    else if (node.type === "bulletList" || node.type === "orderedList" || node.type === "listItem" || node.type === "blockquote") for (const child of childrenOf(node, depth)) visit(child, depth + 1);
  };
  for (const child of childrenOf(root, 1)) visit(child, 2);
  return parts.join(" ").replace(/\s+/g, " ").trim();
}

/**
 * The prose a reader sees, as one line: no code blocks, pictures, videos or buttons (as markdownText
 * leaves code and pictures out of a Markdown text). What excerpts and search snippets are cut from.
 */
export function proseText(document: RichTextDocument | null | undefined): string {
  return wordsOf(document, { prose: true });
}

/** A post's description and card text: the first words of its prose, at most `max` characters, cut between words. */
export function excerptOf(document: RichTextDocument | null | undefined, max = 160): string {
  return cutAtWord(proseText(document), max);
}

/** The words a reader reads: runs of non-space characters in the document's text, code included. */
export function wordCount(document: RichTextDocument | null | undefined): number {
  const words = wordsOf(document, { prose: false });
  return words === "" ? 0 : words.split(" ").length;
}

/** A post's read_time, by the rule posts have always had (readTime: 200 words a minute, rounded up, at least 1). */
export function readTimeOf(document: RichTextDocument | null | undefined): string {
  return readTime(wordsOf(document, { prose: false }));
}
