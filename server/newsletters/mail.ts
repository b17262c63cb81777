import { absoluteAssetUrl, resizedImage } from "../../shared/images.ts";
import type { RichTextDocument } from "../../shared/rich-text/document.ts";
import { EMAIL_WIDTH, renderEmailHtml } from "../../shared/rich-text/render-email.ts";
import type { VideoSource } from "../../shared/rich-text/render-html.ts";
import { renderText } from "../../shared/rich-text/render-text.ts";
import { VIDEO_ROW_COLUMNS, videoIdsOf, videoSources, type VideoRow } from "../../shared/rich-text/videos.ts";
import { DEFAULT_LANGUAGE, pathInLanguage, type Language } from "../../shared/languages.ts";
import blogPosts from "../../shared/content-types/blog.ts";
import { translatedRow, type TranslationFields } from "../../shared/translated-row.ts";
import { NEWSLETTER_TEXTS } from "./mail-texts.ts";
import { escapeHtml } from "../../shared/html-meta.ts";

/** What a send stores of its post or mail (public.newsletter_sends): the mail is made from this alone. */
export interface SentPost {
  subject: string;
  /** The post's slug; null for a mail written for the newsletter, which has no page on the site to link to. */
  slug: string | null;
  /** The post's document; a send stored as text holds its JSON (see sentDocument). */
  content: RichTextDocument | string;
  image_url: string | null;
  image_alt: string | null;
  /** Aimed at a segment of People, whose recipients may never have subscribed: the footer says why they get it. */
  aimed?: boolean;
}

/**
 * The sent post in a translation's words, as the site overlays a post (translatedRow): the
 * translated title is the subject; a column the translation leaves blank keeps the words sent.
 */
export function translatedPost(post: SentPost, translation: TranslationFields | undefined): SentPost {
  const row = translatedRow({ title: post.subject, content: post.content, image_alt: post.image_alt }, translation, blogPosts.translatable ?? []);
  return { ...post, subject: row.title, content: row.content, image_alt: row.image_alt };
}

export interface MailContent {
  subject: string;
  html: string;
  text: string;
}

const FONT = "Arial, Helvetica, sans-serif";
const INK = "#1f1530";
const ACCENT = "#8a2be2";
const MUTED = "#6b6380";
const STYLES = {
  p: `margin:0 0 16px;font:16px/1.6 ${FONT};color:${INK};`,
  img: `display:block;width:100%;max-width:${EMAIL_WIDTH - 64}px;height:auto;border:0;margin:0 0 16px;`,
  button: `display:inline-block;padding:12px 20px;background:${ACCENT};color:#ffffff;border-radius:6px;font:bold 15px/1 ${FONT};text-decoration:none;`,
} as const;

// Every mail's HTML is made by `text` and `element` below, and a post's document by the one renderer
// of documents for mail (renderEmailHtml, shared/rich-text/render-email.ts), by nothing else: text is
// escaped, an element is a known one with only its listed attributes, and an href or src is an
// absolute http, https or mailto address. Whatever a post, a setting or a token holds, it reaches a
// mail as escaped text or as a checked address; no path from a post leads to raw HTML.

/** The elements the mail around a post may contain, each with the attributes it may carry. */
const MAIL_ELEMENTS = {
  html: ["lang"],
  head: [],
  meta: ["charset", "name", "content"],
  title: [],
  body: ["style"],
  table: ["role", "width", "cellpadding", "cellspacing", "border", "style"],
  tr: [],
  td: ["align", "style"],
  h1: ["style"],
  p: ["style"],
  a: ["href", "style"],
  img: ["src", "alt", "width", "style"],
} as const satisfies Record<string, readonly string[]>;

type MailElement = keyof typeof MAIL_ELEMENTS;
type Attributes<Tag extends MailElement> = Partial<Record<(typeof MAIL_ELEMENTS)[Tag][number], string | number>>;

declare const madeByMailHtml: unique symbol;
/** HTML that `text` or `element` made: the only kind of HTML a mail is built from. */
type MailHtml = string & { readonly [madeByMailHtml]: true };

const VOID_ELEMENTS: ReadonlySet<MailElement> = new Set(["meta", "img"]);
const ADDRESS_ATTRIBUTES: ReadonlySet<string> = new Set(["href", "src"]);
const MAIL_PROTOCOLS: ReadonlySet<string> = new Set(["http:", "https:", "mailto:"]);

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

/** A post's address on the site, among the pages of `language` (slugs are the same in every language). */
export function postUrl(siteUrl: string, slug: string, language: Language = DEFAULT_LANGUAGE): string {
  return `${siteUrl}${pathInLanguage(`/updates/${encodeURIComponent(slug)}`, language)}`;
}

/** The site's redirect for link `number` of a send's mail: it counts the click and goes on to the link's address. */
export function followUrl(siteUrl: string, sendId: string, number: number): string {
  return `${siteUrl}/newsletter/link/${sendId}/${number}`;
}

/**
 * The subscriber's own unsubscribe address, its page in their language: the page asks before
 * unsubscribing; the mail client's one-click POST does at once.
 */
export function unsubscribeUrl(siteUrl: string, token: string, language: Language = DEFAULT_LANGUAGE): string {
  return `${siteUrl}${pathInLanguage("/newsletter/unsubscribe", language)}?token=${encodeURIComponent(token)}`;
}

const row = (style: string, ...content: MailHtml[]) => element("tr", {}, element("td", { style }, ...content));
const button = (href: string, label: string) => element("a", { href, style: STYLES.button }, text(label));

function mailDocument(subject: string, rows: readonly MailHtml[], footer: MailHtml, language: Language): string {
  const presentation = { role: "presentation", cellpadding: 0, cellspacing: 0, border: 0 } as const;
  const page = element(
    "html",
    { lang: language },
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

/**
 * A sent post's document: as stored, or the JSON text of one (a send whose column holds text). Any
 * other text is read as plain paragraphs, never as markup.
 */
export function sentDocument(content: RichTextDocument | string): RichTextDocument {
  if (typeof content !== "string") return content;
  try {
    const parsed = JSON.parse(content) as unknown;
    if (typeof parsed === "object" && parsed !== null && (parsed as { type?: unknown }).type === "doc") return parsed as RichTextDocument;
  } catch {
    // Not JSON: plain text.
  }
  const paragraphs = content.split(/\n{2,}/).map((paragraph) => paragraph.trim()).filter((paragraph) => paragraph !== "");
  return { type: "doc", content: paragraphs.map((paragraph) => ({ type: "paragraph", content: [{ type: "text", text: paragraph }] })) };
}

/**
 * The published rows of the videos table a post's document names, read by `read` (a REST path under
 * /rest/v1), with our own files on the API at `apiUrl`.
 */
export async function mailVideos(content: RichTextDocument | string, read: (path: string) => Promise<unknown>, apiUrl: string): Promise<Map<string, VideoSource>> {
  const ids = videoIdsOf([sentDocument(content)]);
  if (ids.length === 0) return new Map();
  const rows = (await read(`/videos?select=${VIDEO_ROW_COLUMNS}&published=eq.true&id=in.(${ids.join(",")})`)) as VideoRow[];
  return videoSources(rows, apiUrl);
}

/** The post's document as the mail's HTML: the renderer's output, made of known elements and escaped text only. */
function postHtml(document: RichTextDocument, siteUrl: string, apiUrl: string | undefined, videos: ReadonlyMap<string, VideoSource>): MailHtml {
  return renderEmailHtml(document, { siteUrl, videos, ...(apiUrl === undefined ? {} : { images: { transformations: true, apiUrl } }) }) as MailHtml;
}

/**
 * The newsletter mail of a post or of a mail written for the newsletter (no slug: no link to the
 * site) for one subscriber (their own unsubscribe link in it), in `language`:
 * the post as given (its translation in that language, or the default language's words) and the
 * mail's own words and links in that language. `videos` are the rows of the videos table its
 * document names (a video not among them is left out).
 */
export function newsletterMail(
  post: SentPost,
  siteUrl: string,
  unsubscribe: string,
  apiUrl?: string,
  videos: ReadonlyMap<string, VideoSource> = new Map(),
  language: Language = DEFAULT_LANGUAGE,
): MailContent {
  const words = NEWSLETTER_TEXTS[language];
  const document = sentDocument(post.content);
  const link = post.slug === null ? null : postUrl(siteUrl, post.slug, language);
  const cover = post.image_url ? emailImage(post.image_url, siteUrl, apiUrl) : null;
  const headingStyle = `margin:0 0 16px;font:bold 28px/1.25 ${FONT};color:${INK};`;
  const rows = [
    row("padding:8px 32px 0;", link ? element("h1", { style: headingStyle }, element("a", { href: link, style: `color:${INK};text-decoration:none;` }, text(post.subject))) : element("h1", { style: headingStyle }, text(post.subject))),
    ...(cover ? [row("padding:0 32px;", element("img", { src: cover, alt: post.image_alt ?? "", width: EMAIL_WIDTH - 64, style: STYLES.img }))] : []),
    row(link ? "padding:0 32px;" : "padding:0 32px 24px;", postHtml(document, siteUrl, apiUrl, videos)),
    ...(link ? [row("padding:8px 32px 32px;", button(link, words.newsletter.readOnSite))] : []),
  ];
  const reason = post.aimed ? words.newsletter.reasonAimed : words.newsletter.reason;
  const footer = fragment(text(`${reason} `), element("a", { href: unsubscribe, style: `color:${MUTED};text-decoration:underline;` }, text(words.newsletter.unsubscribe)));
  const plain = [
    post.subject,
    "=".repeat(Math.min(post.subject.length, 60)),
    renderText(document, { siteUrl, videos }),
    ...(link ? [`${words.newsletter.readOnSite}${words.colon}${link}`] : []),
    "--",
    reason,
    `${words.newsletter.unsubscribe}${words.colon}${unsubscribe}`,
  ].join("\n\n");
  return { subject: post.subject, html: mailDocument(post.subject, rows, footer, language), text: `${plain}\n` };
}

/** Every link of a mail's HTML: `<a href="` with its escaped address (how element() and the rich-text renderer write them). */
const LINK = /(<a href=")([^"]*)(")/g;
const unescapeHtml = (value: string) => value.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/** The addresses a mail's HTML links to, each once, in the order they first appear. */
export function linkAddresses(html: string): string[] {
  return [...new Set(Array.from(html.matchAll(LINK), (found) => unescapeHtml(found[2]!)))];
}

/** The mail's HTML with each link's address replaced by what `replace` makes of it. */
export function replaceLinks(html: string, replace: (address: string) => string): string {
  return html.replace(LINK, (_whole, open: string, address: string, close: string) => `${open}${escapeHtml(replace(unescapeHtml(address)))}${close}`);
}

/** The double opt-in mail, in the language the visitor signed up in: the address becomes a subscriber when its link is followed. */
export function confirmationMail(siteUrl: string, token: string, language: Language = DEFAULT_LANGUAGE): MailContent {
  const words = NEWSLETTER_TEXTS[language].confirmation;
  const link = `${siteUrl}${pathInLanguage("/newsletter/confirm", language)}?token=${encodeURIComponent(token)}`;
  return actionMail({ subject: words.subject, heading: words.heading, paragraphs: [words.ask], link, button: words.button, footer: words.ignore }, language);
}

/** A mail of the site's own that asks for one click: a heading, its paragraphs, a button to `link`, a footer (the waitlist's mails too). */
export function actionMail(words: { subject: string; heading: string; paragraphs: readonly string[]; link: string; button: string; footer: string }, language: Language): MailContent {
  const rows = [
    row(
      "padding:8px 32px 0;",
      element("h1", { style: `margin:0 0 16px;font:bold 24px/1.3 ${FONT};color:${INK};` }, text(words.heading)),
      ...words.paragraphs.map((paragraph) => element("p", { style: STYLES.p }, text(paragraph))),
    ),
    row("padding:0 32px 24px;", button(words.link, words.button)),
  ];
  const plain = [words.heading, ...words.paragraphs, words.link, words.footer].join("\n\n");
  return { subject: words.subject, html: mailDocument(words.subject, rows, text(words.footer), language), text: `${plain}\n` };
}
