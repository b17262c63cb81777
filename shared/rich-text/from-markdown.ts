import { Marked, type Token, type Tokens } from "marked";
import { isStoragePath, storedAssetUrl } from "../images.ts";
import { decodeEntities, HTML_TAG, TAG_REST } from "./markdown-reading.ts";
import { DOCUMENT_LIMITS, isLanguage, safeHref, safeImageUrl, validateDocument, type BlockNode, type DocumentLimits, type InlineNode, type ListItem, type Mark, type RichTextDocument, type TextNode } from "./document.ts";

// Markdown (as the site has rendered it: GitHub flavour, a line break kept) to a document, for the
// one-off conversion of stored content. Everything a reader saw is kept; what the document format
// has no place for is turned into the nearest thing it has, and said so in `notes`, never silently.

export type Converted = { ok: true; document: RichTextDocument; notes: string[] } | { ok: false; error: string; notes: string[] };

export interface ConvertOptions {
  /** The limits of the field the document goes to (a post's content by default). */
  limits?: DocumentLimits;
  /** The site's origin: a picture's path on the site ("/images/a.png") is made absolute on it. */
  siteUrl?: string;
}

const lexer = new Marked({ gfm: true, breaks: true });

// The named character references a browser decodes that people type: Latin-1 (U+00A0 to U+00FF, in
// order) and the common typographic ones. Any other name is kept as typed, and said so.
const LATIN_1 =
  "nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml";
const NAMED: ReadonlyMap<string, string> = new Map([
  ...LATIN_1.split(" ").map((name, index): [string, string] => [name, String.fromCodePoint(0xa0 + index)]),
  ...Object.entries({
    amp: 38, lt: 60, gt: 62, quot: 34, apos: 39, OElig: 338, oelig: 339, Scaron: 352, scaron: 353, Yuml: 376, fnof: 402, circ: 710, tilde: 732,
    ensp: 8194, emsp: 8195, thinsp: 8201, zwnj: 8204, zwj: 8205, lrm: 8206, rlm: 8207, ndash: 8211, mdash: 8212, lsquo: 8216, rsquo: 8217,
    sbquo: 8218, ldquo: 8220, rdquo: 8221, bdquo: 8222, dagger: 8224, Dagger: 8225, bull: 8226, hellip: 8230, permil: 8240, prime: 8242,
    Prime: 8243, lsaquo: 8249, rsaquo: 8250, euro: 8364, trade: 8482, larr: 8592, uarr: 8593, rarr: 8594, darr: 8595, harr: 8596,
    minus: 8722, infin: 8734, asymp: 8776, ne: 8800, le: 8804, ge: 8805, hearts: 9829,
  }).map(([name, code]): [string, string] => [name, String.fromCodePoint(code)]),
]);

/** Raw elements whose content the sanitiser dropped along with them (it was never shown). */
const RAW_ELEMENTS = "script|style|iframe|noscript|template|textarea|title|xmp|noembed|noframes|object|svg|math|select";
const RAW_CONTENT = new RegExp(`<(${RAW_ELEMENTS})\\b${TAG_REST}>[\\s\\S]*?</\\1\\s*>`, "gi");
const OPENS_RAW_CONTENT = new RegExp(`^<(${RAW_ELEMENTS})\\b${TAG_REST}(?<!/)>$`, "i");
const LINE_BREAK_TAG = /^<br\s*\/?>$/i;

const short = (text: string) => JSON.stringify(text.length > 60 ? `${text.slice(0, 59)}…` : text);

const sameMarks = (a: readonly Mark[] = [], b: readonly Mark[] = []) => JSON.stringify(a) === JSON.stringify(b);

/** A picture met inside a paragraph: the paragraph is split around it, as a picture is a block. */
type Piece = InlineNode | { image: BlockNode };

export function markdownToDocument(markdown: string, options: ConvertOptions = {}): Converted {
  const notes = new Set<string>();
  const note = (text: string) => notes.add(text);

  /** Text with its character references as the characters a browser showed, in one pass ("&amp;lt;" is "&lt;"). */
  function decode(text: string): string {
    return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (reference, name: string) => {
      if (name.startsWith("#")) return decodeEntities(reference);
      const character = NAMED.get(name);
      if (character === undefined) note(`the character reference ${reference} was kept as typed`);
      return character ?? reference;
    });
  }

  /** The text of raw HTML as a reader saw it: tags and comments gone, and the content of script-like elements. */
  function htmlText(html: string): string {
    return decode(html.replace(RAW_CONTENT, "").replace(/<!--[\s\S]*?-->/g, "").replace(HTML_TAG, ""));
  }

  function textNode(text: string, marks: readonly Mark[]): TextNode[] {
    if (text === "") return [];
    return [marks.length > 0 ? { type: "text", text, marks: [...marks] } : { type: "text", text }];
  }

  function imagePiece(token: Tokens.Image): Piece[] {
    const alt = decode(token.text);
    const address = decode(token.href).trim();
    // Our own Storage files stay host-relative, as every image column stores them (shared/images.ts).
    const stored = storedAssetUrl(address);
    const absolute = isStoragePath(stored) ? stored : options.siteUrl && address.startsWith("/") && !address.startsWith("//") ? new URL(address, options.siteUrl).href : address;
    const src = safeImageUrl(absolute);
    if (token.title) note(`the title of the picture ${short(address)} (shown on hover) was dropped: ${short(token.title)}`);
    if (!src) {
      note(`the picture ${short(address)} is not an http or https address: its alt text was kept as text`);
      return textNode(alt, []);
    }
    return [{ image: { type: "image", attrs: { src, alt } } }];
  }

  function inline(tokens: readonly Token[], marks: readonly Mark[]): Piece[] {
    const pieces: Piece[] = [];
    let closing: RegExp | null = null;
    for (const token of tokens) {
      if (closing) {
        if (token.type === "html" && closing.test(token.raw.trim())) closing = null;
        continue;
      }
      switch (token.type) {
        case "text": {
          const node = token as Tokens.Text;
          pieces.push(...(node.tokens ? inline(node.tokens, marks) : textNode(decode(node.text), marks)));
          break;
        }
        case "escape":
          pieces.push(...textNode((token as Tokens.Escape).text, marks));
          break;
        case "strong":
        case "em":
        case "del": {
          const type = token.type === "strong" ? "bold" : token.type === "em" ? "italic" : "strike";
          const inner = marks.some((mark) => mark.type === type) ? marks : [...marks, { type } as Mark];
          pieces.push(...inline((token as Tokens.Strong | Tokens.Em | Tokens.Del).tokens, inner));
          break;
        }
        case "codespan":
          // A code span shows its characters as typed: no reference in it is decoded.
          pieces.push(...textNode((token as Tokens.Codespan).text, [...marks, { type: "code" }]));
          break;
        case "br":
          pieces.push({ type: "hardBreak" });
          break;
        case "link": {
          const link = token as Tokens.Link;
          const address = decode(link.href).trim();
          const href = safeHref(address);
          if (link.title) note(`the title of the link to ${short(address)} (shown on hover) was dropped: ${short(link.title)}`);
          if (!href) note(`the link to ${short(address)} is not an http, https or mailto address or a path on the site: its words were kept without it`);
          const withLink = href ? [...marks.filter((mark) => mark.type !== "link"), { type: "link", attrs: { href } } as Mark] : marks;
          const inner = inline(link.tokens, withLink);
          if (href && inner.some((piece) => "image" in piece)) note(`a picture linked to ${short(address)} was kept without its link`);
          pieces.push(...inner);
          break;
        }
        case "image":
          pieces.push(...imagePiece(token as Tokens.Image));
          break;
        case "checkbox":
          note("a task list's box was kept as a character (☐ or ☑)");
          pieces.push(...textNode((token as Tokens.Checkbox).checked ? "☑ " : "☐ ", marks));
          break;
        case "html": {
          const raw = token.raw.trim();
          if (LINE_BREAK_TAG.test(raw)) {
            pieces.push({ type: "hardBreak" });
            break;
          }
          const opened = OPENS_RAW_CONTENT.exec(raw);
          if (opened) closing = new RegExp(`^</${opened[1]}\\s*>$`, "i");
          const words = htmlText(raw);
          note(`raw HTML ${short(raw)} was left out${words ? ", its text kept" : ""}`);
          pieces.push(...textNode(words, marks));
          break;
        }
        default:
          note(`a Markdown ${token.type} was left out: ${short(token.raw)}`);
      }
    }
    return pieces;
  }

  /** Inline nodes with neighbouring texts of the same marks joined, as an editor keeps them. */
  function merged(nodes: readonly InlineNode[]): InlineNode[] {
    const out: InlineNode[] = [];
    for (const node of nodes) {
      const last = out[out.length - 1];
      if (node.type === "text" && last?.type === "text" && sameMarks(last.marks, node.marks)) out[out.length - 1] = { ...last, text: last.text + node.text };
      else out.push(node);
    }
    return out;
  }

  /** A paragraph's pieces as blocks: paragraphs between the pictures (an empty one where nothing else stands). */
  function paragraphs(pieces: readonly Piece[]): BlockNode[] {
    const blocks: BlockNode[] = [];
    let run: InlineNode[] = [];
    const flush = () => {
      const content = merged(run);
      // Breaks at the edge of a run were the line ends around a picture.
      while (content[0]?.type === "hardBreak") content.shift();
      while (content[content.length - 1]?.type === "hardBreak") content.pop();
      if (content.some((node) => node.type === "text" && node.text.trim() !== "")) blocks.push({ type: "paragraph", content });
      run = [];
    };
    for (const piece of pieces) {
      if ("image" in piece) {
        flush();
        blocks.push(piece.image);
      } else run.push(piece);
    }
    flush();
    return blocks;
  }

  function listItem(item: Tokens.ListItem): ListItem {
    const content = blocks(item.tokens.filter((token) => token.type !== "checkbox"));
    const box = item.tokens.find((token): token is Tokens.Checkbox => token.type === "checkbox");
    if (box) {
      const boxText = inline([box], []);
      const first = content[0];
      if (first?.type === "paragraph") first.content = merged([...(boxText as InlineNode[]), ...(first.content ?? [])]);
      else content.unshift({ type: "paragraph", content: boxText as InlineNode[] });
    }
    return { type: "listItem", content: content.length > 0 ? content : [{ type: "paragraph" }] };
  }

  function table(token: Tokens.Table): BlockNode[] {
    note("a table was kept as one paragraph a row, its cells separated by \" | \" (the format has no tables)");
    const row = (cells: readonly Tokens.TableCell[], marks: readonly Mark[]) =>
      paragraphs(cells.flatMap((cell, index) => [...(index > 0 ? textNode(" | ", []) : []), ...inline(cell.tokens, marks)]));
    return [...row(token.header, [{ type: "bold" }]), ...token.rows.flatMap((cells) => row(cells, []))];
  }

  function blocks(tokens: readonly Token[]): BlockNode[] {
    return tokens.flatMap((token): BlockNode[] => {
      switch (token.type) {
        case "space":
        case "def":
          return [];
        case "paragraph":
        case "text": {
          const node = token as Tokens.Paragraph | Tokens.Text;
          return paragraphs(node.tokens ? inline(node.tokens, []) : textNode(decode(node.text), []));
        }
        case "heading": {
          const heading = token as Tokens.Heading;
          const level = Math.min(4, Math.max(2, heading.depth)) as 2 | 3 | 4;
          const words = inline(heading.tokens, []);
          if (level !== heading.depth) note(`heading level ${heading.depth} became ${level} (a document has levels 2 to 4: a page's h1 is its title): ${short(heading.text)}`);
          const content = merged(words.filter((piece): piece is InlineNode => !("image" in piece)));
          const images = words.flatMap((piece) => ("image" in piece ? [piece.image] : []));
          return [content.length > 0 ? { type: "heading", attrs: { level }, content } : { type: "heading", attrs: { level } }, ...images];
        }
        case "code": {
          const code = token as Tokens.Code;
          const name = code.lang?.trim().split(/\s+/)[0] ?? "";
          if (name && !isLanguage(name)) note(`the code block language ${short(name)} was dropped`);
          const attrs = name && isLanguage(name) ? { language: name } : undefined;
          return [{ type: "codeBlock", ...(attrs ? { attrs } : {}), ...(code.text ? { content: [{ type: "text", text: code.text }] } : {}) }];
        }
        case "hr":
          return [{ type: "horizontalRule" }];
        case "blockquote": {
          const content = blocks((token as Tokens.Blockquote).tokens);
          return [{ type: "blockquote", content: content.length > 0 ? content : [{ type: "paragraph" }] }];
        }
        case "list": {
          const list = token as Tokens.List;
          const items = list.items.map(listItem);
          if (!list.ordered) return [{ type: "bulletList", content: items }];
          const start = typeof list.start === "number" ? list.start : 1;
          return [start === 1 ? { type: "orderedList", content: items } : { type: "orderedList", attrs: { start }, content: items }];
        }
        case "table":
          return table(token as Tokens.Table);
        case "html": {
          const words = htmlText(token.raw).trim();
          note(`raw HTML ${short(token.raw.trim())} was left out${words ? ", its text kept" : ""}`);
          return words
            .split(/\n\s*\n/)
            .map((part) => part.replace(/\s+/g, " ").trim())
            .filter((part) => part !== "")
            .map((part): BlockNode => ({ type: "paragraph", content: [{ type: "text", text: part }] }));
        }
        default:
          note(`a Markdown ${token.type} was left out: ${short(token.raw)}`);
          return [];
      }
    });
  }

  const document: RichTextDocument = { type: "doc", content: blocks(lexer.lexer(markdown)) };
  const checked = validateDocument(document, options.limits ?? DOCUMENT_LIMITS.content);
  return checked.ok ? { ok: true, document, notes: [...notes] } : { ok: false, error: checked.error, notes: [...notes] };
}

/**
 * Plain text (an FAQ answer, shown today as one paragraph of text) as a document: one paragraph, its
 * runs of spaces and line breaks one space each, as a browser showed them.
 */
export function plainTextToDocument(text: string, options: Pick<ConvertOptions, "limits"> = {}): Converted {
  const notes: string[] = [];
  const words = text.replace(/\s+/g, " ").trim();
  if (/\n/.test(text.trim())) notes.push("line breaks were shown as spaces and are kept as spaces");
  const document: RichTextDocument = { type: "doc", content: [words ? { type: "paragraph", content: [{ type: "text", text: words }] } : { type: "paragraph" }] };
  const checked = validateDocument(document, options.limits ?? DOCUMENT_LIMITS.answer);
  return checked.ok ? { ok: true, document, notes } : { ok: false, error: checked.error, notes };
}
