import { NEWSLETTER_ID } from "../routes.ts";
import { CALL_TO_ACTIONS, MAX_DEPTH, safeHref, type CallToActionKind } from "./document.ts";

export { escapeHtml } from "../html-meta.ts";

// What the three renderers share. They take a document as given (a row the database checked, a
// draft in an editor, a value straight from JSON.parse), so nothing here trusts its shape: anything
// that is not a known node, mark or attribute of the expected kind reads as absent and gives no output.

/** A node as read without trusting it: an object with a string type. */
export type LooseNode = Readonly<Record<string, unknown>> & { readonly type: string };

export function asNode(value: unknown): LooseNode | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) && typeof (value as { type?: unknown }).type === "string" ? (value as LooseNode) : null;
}

/** A node's children that are nodes; none below MAX_DEPTH (`depth` is the node's own level, the document's being 1). */
export function childrenOf(node: LooseNode, depth: number): LooseNode[] {
  if (depth >= MAX_DEPTH || !Array.isArray(node.content)) return [];
  return node.content.flatMap((child: unknown) => {
    const found = asNode(child);
    return found ? [found] : [];
  });
}

/** A string attribute, or null. */
export function stringAttr(node: LooseNode, name: string): string | null {
  const attrs = node.attrs;
  if (typeof attrs !== "object" || attrs === null) return null;
  const value = (attrs as Record<string, unknown>)[name];
  return typeof value === "string" ? value : null;
}

/** A whole-number attribute within [min, max], or null. */
export function integerAttr(node: LooseNode, name: string, min: number, max: number): number | null {
  const attrs = node.attrs;
  if (typeof attrs !== "object" || attrs === null) return null;
  const value = (attrs as Record<string, unknown>)[name];
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= max ? value : null;
}

/** A heading's level as shown: 2 to 4, the nearest for any other number, 2 when it has none. */
export function headingLevel(node: LooseNode): 2 | 3 | 4 {
  const level = integerAttr(node, "level", -Infinity, Infinity) ?? 2;
  return Math.min(4, Math.max(2, level)) as 2 | 3 | 4;
}

/** A text node's text ("" for anything else). */
export function textOf(node: LooseNode): string {
  return node.type === "text" && typeof node.text === "string" ? node.text : "";
}

/** A mark renderers know: a link only with a safe address. */
export type KnownMark = { type: "bold" | "italic" | "strike" | "code" } | { type: "link"; href: string };

/** The order marks nest in, outermost first, whatever order a node lists them in. */
const MARK_ORDER = ["link", "bold", "italic", "strike", "code"] as const;

/** A text node's known marks, outermost first. */
export function marksOf(node: LooseNode): KnownMark[] {
  if (!Array.isArray(node.marks)) return [];
  const found = new Map<string, KnownMark>();
  for (const value of node.marks as unknown[]) {
    const mark = asNode(value);
    if (!mark) continue;
    if (mark.type === "link") {
      const href = safeHref(stringAttr(mark, "href"));
      if (href) found.set("link", { type: "link", href });
    } else if (mark.type === "bold" || mark.type === "italic" || mark.type === "strike" || mark.type === "code") found.set(mark.type, { type: mark.type });
  }
  return MARK_ORDER.flatMap((type) => found.get(type) ?? []);
}

/** A node's safe link address, or null. */
export function linkOf(node: LooseNode): string | null {
  const link = marksOf(node).find((mark) => mark.type === "link");
  return link?.type === "link" ? link.href : null;
}

const sameMark = (a: KnownMark, b: KnownMark) => a.type === b.type && (a.type !== "link" || (b.type === "link" && a.href === b.href));

/**
 * Inline nodes as markup, a mark shared by neighbouring texts opened once around them all (bold text
 * with an italic word in it is one <strong>), as ProseMirror writes it.
 */
export function inlineMarkup(
  nodes: readonly LooseNode[],
  write: { text: (text: string) => string; hardBreak: string; open: (mark: KnownMark) => string; close: (mark: KnownMark) => string },
): string {
  let out = "";
  const open: KnownMark[] = [];
  const keep = (marks: readonly KnownMark[]) => {
    let shared = 0;
    while (shared < open.length && shared < marks.length && sameMark(open[shared]!, marks[shared]!)) shared++;
    while (open.length > shared) out += write.close(open.pop()!);
    for (const mark of marks.slice(shared)) {
      out += write.open(mark);
      open.push(mark);
    }
  };
  for (const node of nodes) {
    if (node.type === "hardBreak") {
      keep(marksOf(node));
      out += write.hardBreak;
      continue;
    }
    const text = textOf(node);
    if (!text) continue;
    keep(marksOf(node));
    out += write.text(text);
  }
  keep([]);
  return out;
}

/** Whether a link leaves the site (so it opens in a new tab, without access to this page). */
export const isExternal = (href: string): boolean => /^https?:/i.test(href);


/** A call to action's kind, or null for anything else. */
export function ctaAction(node: LooseNode): CallToActionKind | null {
  const action = stringAttr(node, "action");
  return (CALL_TO_ACTIONS as readonly (string | null)[]).includes(action) ? (action as CallToActionKind) : null;
}

/** The button's words when the editor gave none: as on the home page's hero and the footer. */
export const CTA_LABELS: Record<CallToActionKind, string> = {
  waitlist: "Join Waitlist",
  discord: "Join Discord",
  newsletter: "Subscribe to the newsletter",
};

export function ctaLabel(node: LooseNode, action: CallToActionKind): string {
  return stringAttr(node, "label")?.trim() || CTA_LABELS[action];
}

/** Where the newsletter form is on every page (the footer's box). */
export const NEWSLETTER_ANCHOR = `#${NEWSLETTER_ID}`;

/** A YouTube video's watch page: where a video goes when it cannot play in place (mail, no script). */
export const youtubeWatchUrl = (id: string): string => `https://www.youtube.com/watch?v=${encodeURIComponent(id)}`;
