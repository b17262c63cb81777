import { asNode, childrenOf, ctaAction, ctaLabel, stringAttr, type LooseNode } from "./nodes.ts";
import { renderText } from "./render-text.ts";
import type { RichTextDocument } from "./document.ts";

// A document as the list of its blocks' texts, for people comparing two versions (the History
// panel's diff, a conflict's two sides): each top-level block is one entry, its words as the text
// renderer gives them, and a picture, video or button named as what it is, so that a change to one
// shows as a change of that block and never as JSON.

/** Whether a value is a rich-text document (its root node; the rest is read as the renderers read it). */
export function isDocument(value: unknown): value is RichTextDocument {
  const root = asNode(value);
  return root?.type === "doc" && Array.isArray(root.content);
}

function mediaText(node: LooseNode): string | null {
  switch (node.type) {
    case "image": {
      const alt = stringAttr(node, "alt")?.trim();
      const caption = stringAttr(node, "caption")?.trim();
      return [`Image: ${alt || "no alt text"}`, caption ? `Caption: ${caption}` : ""].filter(Boolean).join("\n");
    }
    case "video": {
      const title = stringAttr(node, "title")?.trim();
      const youtubeId = stringAttr(node, "youtubeId");
      return `Video: ${title || (youtubeId ? `YouTube ${youtubeId}` : "untitled")}`;
    }
    case "callToAction": {
      const action = ctaAction(node);
      return action ? `Button: ${ctaLabel(node, action)}` : null;
    }
    default:
      return null;
  }
}

/** The texts of a document's blocks, in order; blocks without text (an empty paragraph) are left out. */
export function documentBlocks(document: unknown): string[] {
  const root = asNode(document);
  if (root?.type !== "doc") return [];
  return childrenOf(root, 1)
    .map((node) => mediaText(node) ?? renderText({ type: "doc", content: [node] } as RichTextDocument))
    .filter((text) => text !== "");
}
