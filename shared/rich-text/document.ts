import { isStoragePath } from "../images.ts";
import { TEXT_LIMITS } from "../limits.ts";

// The one rich-text format: ProseMirror JSON as TipTap's editor writes it (docs/architecture.md says
// why). Node and mark names are TipTap's StarterKit ones where StarterKit has the node; image, video
// and callToAction are this project's blocks. A document is stored in jsonb and checked here (and by
// the database) before anything renders it; the renderers still treat their input as untrusted.

export type Mark =
  | { type: "bold" }
  | { type: "italic" }
  | { type: "strike" }
  | { type: "code" }
  /** TipTap's Link mark also stores target, rel and class: accepted, and ignored by every renderer (the link policy is theirs). */
  | { type: "link"; attrs: { href: string; target?: string | null; rel?: string | null; class?: string | null } };

export interface TextNode {
  type: "text";
  /** Never empty (ProseMirror has no empty text nodes). */
  text: string;
  marks?: Mark[];
}

/** A line break; it has the marks of the text around it when typed inside marked text. */
export interface HardBreak {
  type: "hardBreak";
  marks?: Mark[];
}

export type InlineNode = TextNode | HardBreak;

export interface Paragraph {
  type: "paragraph";
  content?: InlineNode[];
}

/** Levels 2 to 4: the page's title is its one h1. */
export interface Heading {
  type: "heading";
  attrs: { level: 2 | 3 | 4 };
  content?: InlineNode[];
}

export interface ListItem {
  type: "listItem";
  content: BlockNode[];
}

export interface BulletList {
  type: "bulletList";
  content: ListItem[];
}

export interface OrderedList {
  type: "orderedList";
  attrs?: { start?: number | null };
  content: ListItem[];
}

export interface Blockquote {
  type: "blockquote";
  content: BlockNode[];
}

/** Code as typed: text nodes without marks. */
export interface CodeBlock {
  type: "codeBlock";
  attrs?: { language?: string | null };
  content?: TextNode[];
}

export interface HorizontalRule {
  type: "horizontalRule";
}

/**
 * A picture from the media library, by its public address (as every other image column stores it, so
 * media_usage() finds it in the document's text). alt "" marks a decorative picture; width and
 * height are the file's own, which the page reserves so nothing moves as it loads.
 */
export interface ImageNode {
  type: "image";
  attrs: { src: string; alt: string; caption?: string | null; width?: number | null; height?: number | null };
}

/**
 * A video: a YouTube video by its id, or a row of the videos table by its id (the caller resolves the
 * row when rendering). `thumbnail` is an image of ours shown before the visitor presses play.
 */
export interface VideoNode {
  type: "video";
  attrs: { youtubeId?: string | null; videoId?: string | null; title: string; thumbnail?: string | null };
}

export const CALL_TO_ACTIONS = ["waitlist", "discord", "newsletter"] as const;
export type CallToActionKind = (typeof CALL_TO_ACTIONS)[number];

/** A card with one button: join the waitlist (the site's modal), join Discord, subscribe to the newsletter. */
export interface CallToActionNode {
  type: "callToAction";
  attrs: { action: CallToActionKind; label?: string | null };
}

export type BlockNode =
  | Paragraph
  | Heading
  | BulletList
  | OrderedList
  | Blockquote
  | CodeBlock
  | HorizontalRule
  | ImageNode
  | VideoNode
  | CallToActionNode;

export interface RichTextDocument {
  type: "doc";
  content: BlockNode[];
}

/** How much one document may hold. */
export interface DocumentLimits {
  /** Bytes of its JSON text (UTF-8), as the database counts them: octet_length(doc::text). */
  bytes: number;
  /** Nodes and marks, all counted. */
  nodes: number;
}

/**
 * The most nested a document may be, the document itself being level 1: a paragraph in a list item
 * in a list is level 4, so lists nest eight deep. Also bounds every walk over a document.
 */
export const MAX_DEPTH = 20;

/**
 * Per field. A document's JSON is about as long as its Markdown in plain prose, and up to some six
 * times as long in heavily formatted text (a mark or link every few words, lists: each node and mark
 * costs 20 to 60 bytes of structure); ten times each field's Markdown limit in characters
 * (TEXT_LIMITS) holds whatever fitted before.
 */
export const DOCUMENT_LIMITS = {
  /** A blog post's content. */
  content: { bytes: TEXT_LIMITS.content * 10, nodes: 40_000 },
  /** A whitepaper section's content. */
  sectionContent: { bytes: TEXT_LIMITS.sectionContent * 10, nodes: 8_000 },
  /** An FAQ answer. */
  answer: { bytes: TEXT_LIMITS.answer * 10, nodes: 2_000 },
} as const satisfies Record<string, DocumentLimits>;

/** The longest code block language name ("typescript", "objective-c"). */
export const LANGUAGE_MAX = 40;
/** The largest image side stored, in pixels. */
export const IMAGE_SIDE_MAX = 10_000;
/** The largest start of an ordered list. */
export const LIST_START_MAX = 1_000_000;

const LANGUAGE = /^[A-Za-z0-9][\w+#.-]*$/;
const YOUTUBE_ID = /^[\w-]{11}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An address on this site: one slash then a path (never "//host" or "/\host", which leave it). */
const SITE_PATH = /^\/(?![/\\])[^\s\p{Cc}\\]*$/u;
const LINK_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);

export const isLanguage = (value: string): boolean => value.length <= LANGUAGE_MAX && LANGUAGE.test(value);
export const isYoutubeId = (value: string): boolean => YOUTUBE_ID.test(value);
export const isVideoRowId = (value: string): boolean => UUID.test(value);

/**
 * A link's address as it may be written out, or null: an absolute http, https or mailto address, or
 * a path on this site. The address must be exactly that: leading spaces, control characters or an
 * entity-encoded scheme are not stripped first (a browser may read "java\tscript:" as javascript:),
 * they refuse the link.
 */
export function safeHref(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > TEXT_LIMITS.url) return null;
  if (SITE_PATH.test(value)) return value;
  if (!/^(https?|mailto):[^\s\p{Cc}]+$/iu.test(value) || !URL.canParse(value)) return null;
  return LINK_PROTOCOLS.has(new URL(value).protocol) ? value : null;
}

/** An address a picture or video may be loaded from, or null: absolute http or https only. */
export function safeHttpUrl(value: unknown): string | null {
  return typeof value === "string" && value.length <= TEXT_LIMITS.url && /^https?:\/\/[^\s\p{Cc}]+$/iu.test(value) && URL.canParse(value) ? value : null;
}

/**
 * An address a picture may be loaded from, or null: absolute http or https, or one of our own
 * Storage files host-relative (/storage/v1/object/public/...), the form every image column stores
 * them in (shared/images.ts), so that a document serves under any API host; each renderer makes it
 * absolute for the API it serves.
 */
export function safeImageUrl(value: unknown): string | null {
  if (typeof value === "string" && value.length <= TEXT_LIMITS.url && isStoragePath(value) && !/\p{Cc}/u.test(value)) return value;
  return safeHttpUrl(value);
}

/** The YouTube id of a YouTube watch, short, embed or shorts address; null for any other. */
export function youtubeIdFromUrl(address: string): string | null {
  if (!URL.canParse(address)) return null;
  const url = new URL(address);
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.replace(/^(www|m)\./, "");
  const id =
    host === "youtube.com" || host === "youtube-nocookie.com"
      ? (url.searchParams.get("v") ?? /^\/(?:embed|shorts)\/([^/]+)/.exec(url.pathname)?.[1])
      : host === "youtu.be"
        ? url.pathname.slice(1)
        : null;
  return id && isYoutubeId(id) ? id : null;
}

export type Validated = { ok: true; document: RichTextDocument } | { ok: false; error: string };

/** Where a node may stand, which decides the node types it may be. */
type Place = "doc" | "block" | "inline" | "listItem" | "code";

const PLACES: Record<Place, ReadonlySet<string>> = {
  doc: new Set(["doc"]),
  block: new Set(["paragraph", "heading", "bulletList", "orderedList", "blockquote", "codeBlock", "horizontalRule", "image", "video", "callToAction"]),
  inline: new Set(["text", "hardBreak"]),
  listItem: new Set(["listItem"]),
  code: new Set(["text"]),
};

/** A check of one attribute's value: the problem, or null when the value is fine. */
type Check = (value: unknown) => string | null;

const text =
  (max: number, { empty = true } = {}): Check =>
  (value) =>
    typeof value !== "string" ? "must be text" : !empty && value.trim() === "" ? "must not be blank" : [...value].length > max ? `must be at most ${max} characters` : null;
const orNull = (check: Check): Check => (value) => (value === null ? null : check(value));
const integer =
  (min: number, max: number): Check =>
  (value) =>
    typeof value === "number" && Number.isInteger(value) && value >= min && value <= max ? null : `must be a whole number from ${min} to ${max}`;
const matching =
  (test: (value: string) => boolean, what: string): Check =>
  (value) =>
    typeof value === "string" && test(value) ? null : `must be ${what}`;

/** Each node type: its attributes (required ones named), what its content may be, and how much of it. */
interface NodeRule {
  attrs?: Record<string, Check>;
  required?: readonly string[];
  content?: Place;
  /** The least number of children; content is optional when 0. */
  minContent?: number;
  /** A rule across attributes. */
  together?: (attrs: Record<string, unknown>) => string | null;
}

const NODE_RULES: Record<string, NodeRule> = {
  doc: { content: "block", minContent: 0 },
  paragraph: { content: "inline", minContent: 0 },
  heading: { attrs: { level: integer(2, 4) }, required: ["level"], content: "inline", minContent: 0 },
  bulletList: { content: "listItem", minContent: 1 },
  orderedList: { attrs: { start: orNull(integer(0, LIST_START_MAX)) }, content: "listItem", minContent: 1 },
  listItem: { content: "block", minContent: 1 },
  blockquote: { content: "block", minContent: 1 },
  codeBlock: { attrs: { language: orNull(matching(isLanguage, `a language name (letters, digits, + # . - _, at most ${LANGUAGE_MAX})`)) }, content: "code", minContent: 0 },
  horizontalRule: {},
  hardBreak: {},
  text: {},
  image: {
    attrs: {
      src: matching((value) => safeImageUrl(value) !== null, "an http or https address, or a file of ours (/storage/v1/object/public/...)"),
      alt: text(TEXT_LIMITS.alt),
      caption: orNull(text(TEXT_LIMITS.alt)),
      width: orNull(integer(1, IMAGE_SIDE_MAX)),
      height: orNull(integer(1, IMAGE_SIDE_MAX)),
    },
    required: ["src", "alt"],
  },
  video: {
    attrs: {
      youtubeId: orNull(matching(isYoutubeId, "a YouTube video id (11 letters, digits, - or _)")),
      videoId: orNull(matching(isVideoRowId, "the id of a row of the videos table")),
      title: text(TEXT_LIMITS.title, { empty: false }),
      thumbnail: orNull(matching((value) => safeImageUrl(value) !== null, "an http or https address, or a file of ours (/storage/v1/object/public/...)")),
    },
    required: ["title"],
    together: (attrs) => ((attrs.youtubeId ?? null) === null) === ((attrs.videoId ?? null) === null) ? "youtubeId or videoId: exactly one of them" : null,
  },
  callToAction: {
    attrs: { action: matching((value) => (CALL_TO_ACTIONS as readonly string[]).includes(value), `one of ${CALL_TO_ACTIONS.join(", ")}`), label: orNull(text(TEXT_LIMITS.label, { empty: false })) },
    required: ["action"],
  },
};

const MARK_RULES: Record<string, NodeRule> = {
  bold: {},
  italic: {},
  strike: {},
  code: {},
  link: {
    attrs: {
      href: matching((value) => safeHref(value) !== null, "an http, https or mailto address, or a path on this site"),
      target: orNull(text(20)),
      rel: orNull(text(100)),
      class: orNull(text(100)),
    },
    required: ["href"],
  },
};

const isRecord = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

const describe = (value: unknown) =>
  value === null ? "null" : Array.isArray(value) ? "a list" : typeof value === "object" ? "an object" : typeof value === "string" ? `string ${JSON.stringify(value.slice(0, 40))}` : typeof value === "function" ? "a function" : `${typeof value} ${String(value)}`;

/** "a paragraph", "an image". */
const named = (type: unknown) => `${/^[aeiou]/i.test(String(type)) ? "an" : "a"} ${String(type)}`;

/** The first problem with an object's own keys and attributes, or null. */
function attributeProblem(object: Record<string, unknown>, rule: NodeRule, keys: readonly string[], path: string): string | null {
  for (const key of Object.keys(object)) if (!keys.includes(key)) return `${path}.${key}: not a property of ${named(object.type)}`;
  const attrs = object.attrs;
  const allowed = rule.attrs ?? {};
  if (attrs === undefined) return rule.required?.length ? `${path}.attrs: missing (${rule.required.join(", ")} required)` : null;
  if (!isRecord(attrs)) return `${path}.attrs: must be an object, not ${describe(attrs)}`;
  for (const key of Object.keys(attrs)) {
    const check = Object.hasOwn(allowed, key) ? allowed[key] : undefined;
    if (!check) return `${path}.attrs.${key}: not an attribute of ${named(object.type)}`;
    const problem = check(attrs[key]);
    if (problem) return `${path}.attrs.${key}: ${problem}`;
  }
  for (const key of rule.required ?? []) if (!Object.hasOwn(attrs, key)) return `${path}.attrs.${key}: missing`;
  const problem = rule.together?.(attrs);
  return problem ? `${path}.attrs.${problem}` : null;
}

function utf8Length(value: string): number {
  return new TextEncoder().encode(value).length;
}

/**
 * The document in `value`, or the first problem found (in reading order, with where it is: such as
 * `doc.content[2].content[0].marks[0].attrs.href: must be an http, https or mailto address`). Only
 * the node types, marks and attributes above pass, with their values checked; the document must fit
 * `limits` and MAX_DEPTH. Never throws: the walk is a loop with a bounded stack (deep nesting is
 * refused at MAX_DEPTH, before anything deeper is read) and stops at the first problem.
 */
export function validateDocument(value: unknown, limits: DocumentLimits = DOCUMENT_LIMITS.content): Validated {
  const refuse = (error: string): Validated => ({ ok: false, error });
  const stack: { value: unknown; path: string; depth: number; place: Place }[] = [{ value, path: "doc", depth: 1, place: "doc" }];
  let nodes = 0;
  // Each character of text is at least one byte of JSON: a value past the limit is refused before it is serialised.
  let characters = 0;
  while (stack.length > 0) {
    const { value: node, path, depth, place } = stack.pop()!;
    if (depth > MAX_DEPTH) return refuse(`${path}: nested more than ${MAX_DEPTH} levels deep`);
    if (!isRecord(node)) return refuse(`${path}: must be a node (an object with a type), not ${describe(node)}`);
    if (typeof node.type !== "string") return refuse(`${path}.type: missing`);
    const rule = Object.hasOwn(NODE_RULES, node.type) ? NODE_RULES[node.type] : undefined;
    if (!rule) return refuse(`${path}.type: unknown node type ${JSON.stringify(node.type.slice(0, 40))}`);
    if (!PLACES[place].has(node.type)) return refuse(`${path}: ${named(node.type)} cannot stand here`);
    if (++nodes > limits.nodes) return refuse(`${path}: more than ${limits.nodes} nodes`);
    // Inline nodes carry marks: ProseMirror gives a line break the marks of the text it is typed in.
    const keys = ["type", ...(rule.attrs ? ["attrs"] : []), ...(rule.content ? ["content"] : []), ...(node.type === "text" ? ["text", "marks"] : node.type === "hardBreak" ? ["marks"] : [])];
    const problem = attributeProblem(node, rule, keys, path);
    if (problem) return refuse(problem);
    for (const attribute of isRecord(node.attrs) ? Object.values(node.attrs) : []) if (typeof attribute === "string") characters += attribute.length;
    if (node.type === "text") {
      if (typeof node.text !== "string" || node.text === "") return refuse(`${path}.text: must be text, not empty`);
      characters += node.text.length;
    }
    if (node.type === "text" || node.type === "hardBreak") {
      if (node.marks !== undefined) {
        if (!Array.isArray(node.marks)) return refuse(`${path}.marks: must be a list`);
        if (place === "code" && node.marks.length > 0) return refuse(`${path}.marks: code is shown as typed, without marks`);
        const seen = new Set<string>();
        for (const [index, mark] of (node.marks as unknown[]).entries()) {
          const markPath = `${path}.marks[${index}]`;
          if (!isRecord(mark) || typeof mark.type !== "string") return refuse(`${markPath}: must be a mark (an object with a type)`);
          const markRule = Object.hasOwn(MARK_RULES, mark.type) ? MARK_RULES[mark.type] : undefined;
          if (!markRule) return refuse(`${markPath}.type: unknown mark ${JSON.stringify(mark.type.slice(0, 40))}`);
          if (seen.has(mark.type)) return refuse(`${markPath}: a second ${mark.type} mark`);
          seen.add(mark.type);
          if (++nodes > limits.nodes) return refuse(`${markPath}: more than ${limits.nodes} nodes`);
          const markProblem = attributeProblem(mark, markRule, markRule.attrs ? ["type", "attrs"] : ["type"], markPath);
          if (markProblem) return refuse(markProblem);
          if (isRecord(mark.attrs)) for (const attribute of Object.values(mark.attrs)) if (typeof attribute === "string") characters += attribute.length;
        }
      }
    }
    if (characters > limits.bytes) return refuse(`${path}: the document is larger than ${limits.bytes.toLocaleString("en-US")} bytes`);
    if (!rule.content) continue;
    const content = node.content;
    if (content === undefined && rule.minContent === 0) continue;
    if (!Array.isArray(content)) return refuse(`${path}.content: must be a list of nodes`);
    if (content.length < (rule.minContent ?? 0)) return refuse(`${path}.content: ${named(node.type)} holds at least ${rule.minContent} node`);
    if (nodes + content.length > limits.nodes) return refuse(`${path}.content: more than ${limits.nodes} nodes`);
    // Pushed last first, so the first child is checked first: problems come in reading order.
    for (let index = content.length - 1; index >= 0; index--) {
      stack.push({ value: content[index] as unknown, path: `${path}.content[${index}]`, depth: depth + 1, place: rule.content });
    }
  }
  const bytes = utf8Length(JSON.stringify(value));
  if (bytes > limits.bytes) return refuse(`doc: the document is ${bytes.toLocaleString("en-US")} bytes, more than ${limits.bytes.toLocaleString("en-US")}`);
  return { ok: true, document: value as RichTextDocument };
}
