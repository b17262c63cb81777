import { Marked, type Token, type Tokens } from "marked";
import { absoluteAssetUrl, resizedImage } from "../../shared/images.ts";
import { decodeEntities } from "../../shared/markdown-text.ts";

/** What a send stores of its post (public.newsletter_sends): the mail is made from this alone. */
export interface SentPost {
  subject: string;
  slug: string;
  content: string;
  image_url: string | null;
  image_alt: string | null;
}

export interface MailContent {
  subject: string;
  html: string;
  text: string;
}

/** The width of the mail's column, and so of its pictures. */
export const EMAIL_WIDTH = 600;

const FONT = "Arial, Helvetica, sans-serif";
const INK = "#1f1530";
const ACCENT = "#8a2be2";
const MUTED = "#6b6380";
const CELL = "padding:6px 10px;border:1px solid #e4def0;text-align:left;vertical-align:top;";
const STYLES = {
  p: `margin:0 0 16px;font:16px/1.6 ${FONT};color:${INK};`,
  h1: `margin:24px 0 12px;font:bold 24px/1.3 ${FONT};color:${INK};`,
  h2: `margin:24px 0 12px;font:bold 20px/1.3 ${FONT};color:${INK};`,
  h3: `margin:20px 0 8px;font:bold 17px/1.3 ${FONT};color:${INK};`,
  a: `color:${ACCENT};text-decoration:underline;`,
  img: `display:block;width:100%;max-width:${EMAIL_WIDTH - 64}px;height:auto;border:0;margin:0 0 16px;`,
  list: `margin:0 0 16px;padding:0 0 0 24px;font:16px/1.6 ${FONT};color:${INK};`,
  li: "margin:0 0 4px;",
  blockquote: `margin:0 0 16px;padding:4px 0 4px 16px;border-left:4px solid ${ACCENT};color:${MUTED};`,
  code: "font-family:Menlo, Consolas, monospace;font-size:14px;background:#f1ecf9;padding:1px 4px;border-radius:3px;",
  pre: "margin:0 0 16px;padding:12px;background:#f1ecf9;border-radius:6px;overflow:auto;font:14px/1.5 Menlo, Consolas, monospace;white-space:pre-wrap;",
  hr: "border:0;border-top:1px solid #e4def0;margin:24px 0;",
  table: `margin:0 0 16px;border-collapse:collapse;font:15px/1.5 ${FONT};color:${INK};`,
  th: `${CELL}font-weight:bold;`,
  td: CELL,
  button: `display:inline-block;padding:12px 20px;background:${ACCENT};color:#ffffff;border-radius:6px;font:bold 15px/1 ${FONT};text-decoration:none;`,
} as const;

// Every mail's HTML is made by `text` and `element` below, and by nothing else: text is escaped, an
// element is one of MAIL_ELEMENTS with only its listed attributes, and an href or src is an absolute
// http, https or mailto address. Whatever a post, a setting or a token holds, it reaches a mail as
// escaped text or as a checked address; raw HTML in a post is dropped, never passed through.

/** The elements a mail may contain, each with the attributes it may carry. */
const MAIL_ELEMENTS = {
  html: ["lang"],
  head: [],
  meta: ["charset", "name", "content"],
  title: [],
  body: ["style"],
  table: ["role", "width", "cellpadding", "cellspacing", "border", "style"],
  thead: [],
  tbody: [],
  tr: [],
  th: ["style"],
  td: ["align", "style"],
  h1: ["style"],
  h2: ["style"],
  h3: ["style"],
  p: ["style"],
  a: ["href", "style"],
  img: ["src", "alt", "width", "style"],
  ul: ["style"],
  ol: ["start", "style"],
  li: ["style"],
  blockquote: ["style"],
  pre: ["style"],
  code: ["style"],
  strong: [],
  em: [],
  del: [],
  br: [],
  hr: ["style"],
} as const satisfies Record<string, readonly string[]>;

type MailElement = keyof typeof MAIL_ELEMENTS;
type Attributes<Tag extends MailElement> = Partial<Record<(typeof MAIL_ELEMENTS)[Tag][number], string | number>>;

declare const madeByMailHtml: unique symbol;
/** HTML that `text` or `element` made: the only kind of HTML a mail is built from. */
type MailHtml = string & { readonly [madeByMailHtml]: true };

const VOID_ELEMENTS: ReadonlySet<MailElement> = new Set(["meta", "img", "br", "hr"]);
const ADDRESS_ATTRIBUTES: ReadonlySet<string> = new Set(["href", "src"]);
const MAIL_PROTOCOLS: ReadonlySet<string> = new Set(["http:", "https:", "mailto:"]);

const escapeHtml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** Text as a reader sees it: every character that HTML gives a meaning is escaped. */
export function text(value: string): MailHtml {
  return escapeHtml(value) as MailHtml;
}

/** Pieces of mail HTML one after the other. */
function fragment(...pieces: readonly MailHtml[]): MailHtml {
  return pieces.join("") as MailHtml;
}

function isMailAddress(value: string): boolean {
  return URL.canParse(value) && MAIL_PROTOCOLS.has(new URL(value).protocol);
}

/**
 * One element of MAIL_ELEMENTS with its allowed attributes (values escaped; href and src only
 * absolute http, https or mailto addresses) around its children. Anything else is a mistake in this
 * file, and throws rather than reach a mail.
 */
export function element<Tag extends MailElement>(tag: Tag, attributes: Attributes<Tag>, ...children: readonly MailHtml[]): MailHtml {
  const allowed: readonly string[] | undefined = Object.hasOwn(MAIL_ELEMENTS, tag) ? MAIL_ELEMENTS[tag] : undefined;
  if (!allowed) throw new Error(`<${tag}> is not an element of a mail`);
  let open = `<${tag}`;
  for (const [name, value] of Object.entries(attributes) as [string, string | number | undefined][]) {
    if (value === undefined) continue;
    if (!allowed.includes(name)) throw new Error(`${name} is not an attribute of <${tag}> in a mail`);
    if (ADDRESS_ATTRIBUTES.has(name) && !isMailAddress(String(value))) throw new Error(`${name} of <${tag}> must be an http, https or mailto address`);
    open += ` ${name}="${escapeHtml(String(value))}"`;
  }
  if (VOID_ELEMENTS.has(tag)) {
    if (children.length > 0) throw new Error(`<${tag}> has no content`);
    return `${open}>` as MailHtml;
  }
  return `${open}>${children.join("")}</${tag}>` as MailHtml;
}

/** An address made absolute on the site; null for what a mail must not link to (javascript:, data:...). */
export function absoluteUrl(address: string, siteUrl: string): string | null {
  try {
    const url = new URL(address, `${siteUrl}/`);
    return MAIL_PROTOCOLS.has(url.protocol) ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * A picture at the mail's width: Storage's transformation for Storage images, else as it is; only
 * http(s). Our own files, stored host-relative, are on the API at `apiUrl`.
 */
export function emailImage(address: string, siteUrl: string, apiUrl?: string): string | null {
  const absolute = absoluteUrl(apiUrl === undefined ? address : absoluteAssetUrl(address, apiUrl), siteUrl);
  return absolute && !absolute.startsWith("mailto:") ? resizedImage(absolute, { width: EMAIL_WIDTH }) : null;
}

/** The address a Markdown link or image names: its character references decoded, as a browser reads it. */
const markdownAddress = (href: string) => decodeEntities(href).trim();

const lexer = new Marked({ gfm: true });

/** Raw elements whose content is not prose (code, styles, embedded documents): inline, their words go too. */
const RAW_CONTENT = /^<(script|style|iframe|noscript|template|textarea|title|xmp|noembed|noframes|object|svg|math|select)\b[^>]*(?<!\/)>$/i;

/** Inline tokens without the content of raw script, style and such elements (their tags are dropped anyway). */
function withoutRawContent(tokens: readonly Token[]): Token[] {
  const kept: Token[] = [];
  let closing: RegExp | null = null;
  for (const token of tokens) {
    if (closing) {
      if (token.type === "html" && closing.test(token.raw.trim())) closing = null;
      continue;
    }
    const opened = token.type === "html" ? RAW_CONTENT.exec(token.raw.trim()) : null;
    if (opened) closing = new RegExp(`^</${opened[1]}\\s*>$`, "i");
    else kept.push(token);
  }
  return kept;
}

/**
 * Markdown as the mail's HTML: each kind of Markdown node becomes known elements, styled inline (mail
 * clients drop style sheets), links and pictures absolute, pictures at the mail's width. Raw HTML is
 * left out, its tags and all; a node of an unknown kind gives nothing.
 */
export function markdownToEmailHtml(markdown: string, siteUrl: string, apiUrl?: string): MailHtml {
  const inline = (tokens: readonly Token[] | undefined): MailHtml => fragment(...withoutRawContent(tokens ?? []).map(inlineNode));

  function inlineNode(token: Token): MailHtml {
    switch (token.type) {
      case "text": {
        const node = token as Tokens.Text;
        return node.tokens ? inline(node.tokens) : text(decodeEntities(node.text));
      }
      case "escape":
        return text((token as Tokens.Escape).text);
      case "strong":
      case "em":
      case "del":
        return element(token.type, {}, inline((token as Tokens.Strong | Tokens.Em | Tokens.Del).tokens));
      case "codespan":
        // A code span shows its characters as typed: no reference in it is decoded.
        return element("code", { style: STYLES.code }, text((token as Tokens.Codespan).text));
      case "br":
        return element("br", {});
      case "link": {
        const link = token as Tokens.Link;
        const target = absoluteUrl(markdownAddress(link.href), siteUrl);
        return target ? element("a", { href: target, style: STYLES.a }, inline(link.tokens)) : inline(link.tokens);
      }
      case "image": {
        const image = token as Tokens.Image;
        const source = emailImage(markdownAddress(image.href), siteUrl, apiUrl);
        const alt = decodeEntities(image.text);
        return source ? element("img", { src: source, alt, width: EMAIL_WIDTH - 64, style: STYLES.img }) : text(alt);
      }
      case "checkbox":
        return text((token as Tokens.Checkbox).checked ? "☑ " : "☐ ");
      default:
        // Raw HTML ("html") and anything unknown.
        return fragment();
    }
  }

  /** A list item: its paragraphs inline (a list item is not a paragraph), one a line; a task's box as a character. */
  function listItem(item: Tokens.ListItem): MailHtml {
    const parts: { html: MailHtml; inline: boolean }[] = [];
    let box = fragment();
    for (const token of item.tokens) {
      if (token.type === "checkbox") {
        box = inlineNode(token);
        continue;
      }
      const flows = token.type === "paragraph" || token.type === "text";
      const html = flows ? fragment(box, inline((token as Tokens.Paragraph | Tokens.Text).tokens ?? [token])) : block([token]);
      box = fragment();
      if (html !== "") parts.push({ html, inline: flows });
    }
    const content = parts.flatMap((part, index) => (index > 0 && part.inline && parts[index - 1]!.inline ? [element("br", {}), part.html] : [part.html]));
    return element("li", { style: STYLES.li }, ...content);
  }

  function table(node: Tokens.Table): MailHtml {
    const cell = (tag: "th" | "td", value: Tokens.TableCell) => element(tag, { style: STYLES[tag] }, inline(value.tokens));
    return element(
      "table",
      { cellpadding: 0, cellspacing: 0, border: 0, style: STYLES.table },
      element("thead", {}, element("tr", {}, ...node.header.map((value) => cell("th", value)))),
      element("tbody", {}, ...node.rows.map((row) => element("tr", {}, ...row.map((value) => cell("td", value))))),
    );
  }

  function block(tokens: readonly Token[]): MailHtml {
    return fragment(
      ...tokens.map((token): MailHtml => {
        switch (token.type) {
          case "heading": {
            const heading = token as Tokens.Heading;
            const tag = `h${Math.min(3, heading.depth)}` as "h1" | "h2" | "h3";
            return element(tag, { style: STYLES[tag] }, inline(heading.tokens));
          }
          case "paragraph":
            return element("p", { style: STYLES.p }, inline((token as Tokens.Paragraph).tokens));
          case "text":
            return element("p", { style: STYLES.p }, inlineNode(token));
          case "list": {
            const list = token as Tokens.List;
            const start = list.ordered && typeof list.start === "number" && list.start !== 1 ? list.start : undefined;
            const items = list.items.map(listItem);
            return list.ordered ? element("ol", { start, style: STYLES.list }, ...items) : element("ul", { style: STYLES.list }, ...items);
          }
          case "blockquote":
            return element("blockquote", { style: STYLES.blockquote }, block((token as Tokens.Blockquote).tokens));
          case "code":
            return element("pre", { style: STYLES.pre }, text((token as Tokens.Code).text));
          case "hr":
            return element("hr", { style: STYLES.hr });
          case "table":
            return table(token as Tokens.Table);
          default:
            // Raw HTML blocks ("html"), blank lines, link definitions and anything unknown.
            return fragment();
        }
      }),
    );
  }

  return block(lexer.lexer(markdown));
}

/** Markdown as the mail's plain-text part: the words, with links written out after their text. */
export function markdownToText(markdown: string, siteUrl: string): string {
  const inline = (tokens: readonly Token[] | undefined): string =>
    withoutRawContent(tokens ?? [])
      .map((token): string => {
        switch (token.type) {
          case "link": {
            const link = token as Tokens.Link;
            const words = inline(link.tokens);
            const target = absoluteUrl(markdownAddress(link.href), siteUrl);
            return target && target !== words ? `${words} (${target})` : words;
          }
          case "image": {
            const alt = decodeEntities((token as Tokens.Image).text);
            return alt ? `[${alt}]` : "";
          }
          case "br":
            return "\n";
          case "html":
            return "";
          case "codespan":
            return (token as Tokens.Codespan).text;
          case "checkbox":
            return (token as Tokens.Checkbox).checked ? "[x] " : "[ ] ";
          case "escape":
            return (token as Tokens.Escape).text;
          default:
            return "tokens" in token && token.tokens ? inline(token.tokens) : decodeEntities("text" in token ? String(token.text) : "");
        }
      })
      .join("");
  const block = (tokens: readonly Token[]): string[] =>
    tokens.flatMap((token): string[] => {
      switch (token.type) {
        case "heading": {
          const words = inline((token as Tokens.Heading).tokens);
          return [`${words}\n${"=-".charAt(Math.min(1, (token as Tokens.Heading).depth - 1)).repeat(Math.min(words.length, 60))}`];
        }
        case "paragraph":
          return [inline((token as Tokens.Paragraph).tokens)];
        case "list": {
          const list = token as Tokens.List;
          const start = typeof list.start === "number" ? list.start : 1;
          const item = (entry: Tokens.ListItem, index: number) => {
            // A task's box (in a tight list, a block of its own) goes before its words.
            const box = entry.tokens[0]?.type === "checkbox" ? inline([entry.tokens[0]]) : "";
            const words = block(entry.tokens.filter((child) => child.type !== "checkbox")).join("\n").replace(/\n/g, "\n  ");
            return `${list.ordered ? `${start + index}.` : "-"} ${box}${words}`;
          };
          return [list.items.map(item).join("\n")];
        }
        case "blockquote":
          return [block((token as Tokens.Blockquote).tokens).join("\n\n").replace(/^/gm, "> ")];
        case "code":
          return [(token as Tokens.Code).text.replace(/^/gm, "    ")];
        case "hr":
          return ["----"];
        case "table": {
          const table = token as Tokens.Table;
          return [[table.header, ...table.rows].map((row) => row.map((cell) => inline(cell.tokens)).join(" | ")).join("\n")];
        }
        case "text":
          return [inline((token as Tokens.Text).tokens ?? [token])];
        default:
          return [];
      }
    });
  // Spaces left where raw HTML was dropped end no line.
  return block(lexer.lexer(markdown))
    .map((paragraph) => paragraph.replace(/[ \t]+$/gm, ""))
    .filter((paragraph) => paragraph !== "")
    .join("\n\n");
}

/** A post's address on the site. */
export function postUrl(siteUrl: string, slug: string): string {
  return `${siteUrl}/updates/${encodeURIComponent(slug)}`;
}

/** The subscriber's own unsubscribe address: its page asks before unsubscribing; the mail client's one-click POST does at once. */
export function unsubscribeUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
}

const row = (style: string, ...content: MailHtml[]) => element("tr", {}, element("td", { style }, ...content));
const button = (href: string, label: string) => element("a", { href, style: STYLES.button }, text(label));

function mailDocument(subject: string, rows: readonly MailHtml[], footer: MailHtml): string {
  const presentation = { role: "presentation", cellpadding: 0, cellspacing: 0, border: 0 } as const;
  const page = element(
    "html",
    { lang: "en" },
    element("head", {}, element("meta", { charset: "utf-8" }), element("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }), element("title", {}, text(subject))),
    element(
      "body",
      { style: "margin:0;padding:0;background:#f4f1fa;" },
      element(
        "table",
        { ...presentation, width: "100%", style: "background:#f4f1fa;" },
        element(
          "tr",
          {},
          element(
            "td",
            { align: "center", style: "padding:24px 12px;" },
            element(
              "table",
              { ...presentation, width: EMAIL_WIDTH, style: `width:100%;max-width:${EMAIL_WIDTH}px;background:#ffffff;border-radius:8px;` },
              row(`padding:24px 32px 0;font:bold 14px/1 ${FONT};letter-spacing:3px;color:${ACCENT};`, text("RCRT")),
              ...rows,
            ),
            element("p", { style: `max-width:${EMAIL_WIDTH - 64}px;margin:16px auto 0;font:12px/1.5 ${FONT};color:${MUTED};` }, footer),
          ),
        ),
      ),
    ),
  );
  return `<!doctype html>\n${page}\n`;
}

/** The newsletter mail of a post for one subscriber (their own unsubscribe link in it). */
export function newsletterMail(post: SentPost, siteUrl: string, unsubscribe: string, apiUrl?: string): MailContent {
  const link = postUrl(siteUrl, post.slug);
  const cover = post.image_url ? emailImage(post.image_url, siteUrl, apiUrl) : null;
  const rows = [
    row("padding:8px 32px 0;", element("h1", { style: `margin:0 0 16px;font:bold 28px/1.25 ${FONT};color:${INK};` }, element("a", { href: link, style: `color:${INK};text-decoration:none;` }, text(post.subject)))),
    ...(cover ? [row("padding:0 32px;", element("img", { src: cover, alt: post.image_alt ?? "", width: EMAIL_WIDTH - 64, style: STYLES.img }))] : []),
    row("padding:0 32px;", markdownToEmailHtml(post.content, siteUrl, apiUrl)),
    row("padding:8px 32px 32px;", button(link, "Read it on the site")),
  ];
  const footer = fragment(text("You receive this because you subscribed to RCRT's newsletter. "), element("a", { href: unsubscribe, style: `color:${MUTED};text-decoration:underline;` }, text("Unsubscribe")));
  const plain = [
    post.subject,
    "=".repeat(Math.min(post.subject.length, 60)),
    markdownToText(post.content, siteUrl),
    `Read it on the site: ${link}`,
    "--",
    "You receive this because you subscribed to RCRT's newsletter.",
    `Unsubscribe: ${unsubscribe}`,
  ].join("\n\n");
  return { subject: post.subject, html: mailDocument(post.subject, rows, footer), text: `${plain}\n` };
}

export const CONFIRMATION_SUBJECT = "Confirm your subscription to RCRT";

/** The double opt-in mail: the address becomes a subscriber when its link is followed. */
export function confirmationMail(siteUrl: string, token: string): MailContent {
  const link = `${siteUrl}/newsletter/confirm?token=${encodeURIComponent(token)}`;
  const ask = "Someone, hopefully you, asked to receive RCRT's build notes and launch news at this address. Confirm to start receiving them:";
  const rows = [
    row(
      "padding:8px 32px 0;",
      element("h1", { style: `margin:0 0 16px;font:bold 24px/1.3 ${FONT};color:${INK};` }, text("Confirm your subscription")),
      element("p", { style: STYLES.p }, text(ask)),
    ),
    row("padding:0 32px 24px;", button(link, "Confirm my subscription")),
  ];
  const footer = "If you did not ask for this, ignore this mail: nothing is sent to an address that is not confirmed, and it is forgotten after 7 days.";
  const plain = ["Confirm your subscription", ask, link, footer].join("\n\n");
  return { subject: CONFIRMATION_SUBJECT, html: mailDocument(CONFIRMATION_SUBJECT, rows, text(footer)), text: `${plain}\n` };
}
