import type { Rule } from "../validation.ts";
import { MAX_DEPTH, validateDocument, type DocumentLimits } from "./document.ts";
import { asNode, childrenOf, textOf, type LooseNode } from "./nodes.ts";

// The form rules of a rich-text field (react-admin's validator signature, as shared/validation.ts):
// required, and within its field's limits. The publish-time checks (alt text, references to our own
// pages and files) are the editor's, before publishing.

/** Blocks that say something without any text. */
const CONTENT_BLOCKS = new Set(["image", "video", "callToAction"]);

/** Whether a value holds nothing a reader would see: not a document, or one of blank text, rules and empty blocks only. */
export function isEmptyDocument(value: unknown): boolean {
  const root = asNode(value);
  if (root?.type !== "doc") return true;
  const stack: { node: LooseNode; depth: number }[] = [{ node: root, depth: 1 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (CONTENT_BLOCKS.has(node.type) || textOf(node).trim() !== "") return false;
    if (depth < MAX_DEPTH) for (const child of childrenOf(node, depth)) stack.push({ node: child, depth: depth + 1 });
  }
  return true;
}

/** Fails on an empty document (and on anything that is not one). */
export function requiredDocument(message: string): Rule {
  return (value) => (isEmptyDocument(value) ? message : undefined);
}

/**
 * A document the field may hold: its size within `limits` ("Content is too long: ..."), else its shape
 * as validateDocument checks it; an empty value is left to `requiredDocument`.
 */
export function documentWithin(limits: DocumentLimits, field: string): Rule {
  return (value) => {
    if (value === null || value === undefined) return undefined;
    const checked = validateDocument(value, limits);
    if (checked.ok) return undefined;
    if (/larger than|bytes, more than|more than [\d,]+ nodes/.test(checked.error)) {
      return `${field} is too long: at most ${limits.bytes.toLocaleString("en-US")} bytes and ${limits.nodes.toLocaleString("en-US")} blocks, marks and pieces of text. Shorten it or split it.`;
    }
    if (/nested more than/.test(checked.error)) return `${field} is nested too deeply: at most ${MAX_DEPTH} levels of lists and quotes.`;
    return `${field} cannot be stored: ${checked.error}`;
  };
}
