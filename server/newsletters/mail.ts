import { Marked, type Token, type Tokens } from "marked";
import { resizedImage } from "../../shared/images.ts";

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
} as const;

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** An address made absolute on the site; null for what a mail must not link to (javascript:, data:...). */
export function absoluteUrl(address: string, siteUrl: string): string | null {
  try {
    const url = new URL(address, `${siteUrl}/`);
    return ["http:", "https:", "mailto:"].includes(url.protocol) ? url.toString() : null;
  } catch {
    return null;
  }
}

/** A picture at the mail's width: Storage's transformation for Storage images, else as it is. */
export function emailImage(address: string, siteUrl: string): string | null {
  const absolute = absoluteUrl(address, siteUrl);
  return absolute && !absolute.startsWith("mailto:") ? resizedImage(absolute, { width: EMAIL_WIDTH }) : null;
}

/**
 * Markdown as email-safe HTML: every element styled inline (mail clients drop style sheets), links
 * and pictures absolute, pictures at the mail's width, raw HTML left out.
 */
export function markdownToEmailHtml(markdown: string, siteUrl: string): string {
  const marked = new Marked({
    gfm: true,
    renderer: {
      paragraph({ tokens }) {
        return `<p style="${STYLES.p}">${this.parser.parseInline(tokens)}</p>\n`;
      },
      heading({ tokens, depth }) {
        const level = Math.min(3, depth) as 1 | 2 | 3;
        return `<h${level} style="${STYLES[`h${level}`]}">${this.parser.parseInline(tokens)}</h${level}>\n`;
      },
      link({ href, tokens }) {
        const inner = this.parser.parseInline(tokens);
        const target = absoluteUrl(href, siteUrl);
        return target ? `<a href="${escapeHtml(target)}" style="${STYLES.a}">${inner}</a>` : inner;
      },
      image({ href, text }) {
        const source = emailImage(href, siteUrl);
        return source ? `<img src="${escapeHtml(source)}" alt="${escapeHtml(text)}" width="${EMAIL_WIDTH - 64}" style="${STYLES.img}">` : escapeHtml(text);
      },
      list(token) {
        const tag = token.ordered ? "ol" : "ul";
        const start = token.ordered && token.start !== 1 && token.start !== "" ? ` start="${Number(token.start)}"` : "";
        return `<${tag}${start} style="${STYLES.list}">${token.items.map((item) => this.listitem(item)).join("")}</${tag}>\n`;
      },
      listitem(item) {
        return `<li style="${STYLES.li}">${this.parser.parse(item.tokens).replace(/<p style="[^"]*">([\s\S]*?)<\/p>\n?/g, "$1")}</li>`;
      },
      blockquote({ tokens }) {
        return `<blockquote style="${STYLES.blockquote}">${this.parser.parse(tokens)}</blockquote>\n`;
      },
      code({ text }) {
        return `<pre style="${STYLES.pre}">${escapeHtml(text)}</pre>\n`;
      },
      codespan({ text }) {
        return `<code style="${STYLES.code}">${text}</code>`;
      },
      hr() {
        return `<hr style="${STYLES.hr}">\n`;
      },
      html() {
        return "";
      },
    },
  });
  return marked.parse(markdown, { async: false });
}

/** Markdown as the mail's plain-text part: the words, with links written out after their text. */
export function markdownToText(markdown: string, siteUrl: string): string {
  const marked = new Marked({ gfm: true });
  const inline = (tokens: Token[] | undefined): string =>
    (tokens ?? [])
      .map((token): string => {
        switch (token.type) {
          case "link": {
            const link = token as Tokens.Link;
            const words = inline(link.tokens);
            const target = absoluteUrl(link.href, siteUrl);
            return target && target !== words ? `${words} (${target})` : words;
          }
          case "image":
            return (token as Tokens.Image).text ? `[${(token as Tokens.Image).text}]` : "";
          case "br":
            return "\n";
          case "html":
            return "";
          case "codespan":
            return decodeEntities((token as Tokens.Codespan).text);
          default:
            return "tokens" in token && token.tokens ? inline(token.tokens) : decodeEntities("text" in token ? String(token.text) : "");
        }
      })
      .join("");
  const block = (tokens: Token[]): string[] =>
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
          return [list.items.map((item, index) => `${list.ordered ? `${start + index}.` : "-"} ${block(item.tokens).join("\n").replace(/\n/g, "\n  ")}`).join("\n")];
        }
        case "blockquote":
          return [block((token as Tokens.Blockquote).tokens).join("\n\n").replace(/^/gm, "> ")];
        case "code":
          return [(token as Tokens.Code).text.replace(/^/gm, "    ")];
        case "hr":
          return ["----"];
        case "space":
        case "html":
          return [];
        case "text":
          return [inline((token as Tokens.Text).tokens ?? [token])];
        default:
          return "tokens" in token && token.tokens ? [inline(token.tokens)] : [];
      }
    });
  return block(marked.lexer(markdown)).join("\n\n");
}

function decodeEntities(text: string): string {
  return text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}

/** A post's address on the site. */
export function postUrl(siteUrl: string, slug: string): string {
  return `${siteUrl}/updates/${encodeURIComponent(slug)}`;
}

/** The personal address that unsubscribes with one click (GET from the mail, POST from the client's button). */
export function unsubscribeUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
}

function frame(subject: string, body: string, footer: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f1fa;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f4f1fa;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="${EMAIL_WIDTH}" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:${EMAIL_WIDTH}px;background:#ffffff;border-radius:8px;">
<tr><td style="padding:24px 32px 0;font:bold 14px/1 ${FONT};letter-spacing:3px;color:${ACCENT};">RCRT</td></tr>
${body}
</table>
<p style="max-width:${EMAIL_WIDTH - 64}px;margin:16px auto 0;font:12px/1.5 ${FONT};color:${MUTED};">${footer}</p>
</td></tr>
</table>
</body>
</html>
`;
}

/** The newsletter mail of a post for one subscriber (their own unsubscribe link in it). */
export function newsletterMail(post: SentPost, siteUrl: string, unsubscribe: string): MailContent {
  const link = postUrl(siteUrl, post.slug);
  const cover = post.image_url ? emailImage(post.image_url, siteUrl) : null;
  const body = [
    `<tr><td style="padding:8px 32px 0;"><h1 style="margin:0 0 16px;font:bold 28px/1.25 ${FONT};color:${INK};"><a href="${escapeHtml(link)}" style="color:${INK};text-decoration:none;">${escapeHtml(post.subject)}</a></h1></td></tr>`,
    cover ? `<tr><td style="padding:0 32px;"><img src="${escapeHtml(cover)}" alt="${escapeHtml(post.image_alt ?? "")}" width="${EMAIL_WIDTH - 64}" style="${STYLES.img}"></td></tr>` : "",
    `<tr><td style="padding:0 32px;">${markdownToEmailHtml(post.content, siteUrl)}</td></tr>`,
    `<tr><td style="padding:8px 32px 32px;"><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:${ACCENT};color:#ffffff;border-radius:6px;font:bold 15px/1 ${FONT};text-decoration:none;">Read it on the site</a></td></tr>`,
  ].join("\n");
  const footer = `You receive this because you subscribed to RCRT's newsletter. <a href="${escapeHtml(unsubscribe)}" style="color:${MUTED};text-decoration:underline;">Unsubscribe</a>`;
  const text = [
    post.subject,
    "=".repeat(Math.min(post.subject.length, 60)),
    markdownToText(post.content, siteUrl),
    `Read it on the site: ${link}`,
    "--",
    "You receive this because you subscribed to RCRT's newsletter.",
    `Unsubscribe: ${unsubscribe}`,
  ].join("\n\n");
  return { subject: post.subject, html: frame(post.subject, body, footer), text: `${text}\n` };
}

export const CONFIRMATION_SUBJECT = "Confirm your subscription to RCRT";

/** The double opt-in mail: the address becomes a subscriber when its link is followed. */
export function confirmationMail(siteUrl: string, token: string): MailContent {
  const link = `${siteUrl}/newsletter/confirm?token=${encodeURIComponent(token)}`;
  const body = [
    `<tr><td style="padding:8px 32px 0;"><h1 style="margin:0 0 16px;font:bold 24px/1.3 ${FONT};color:${INK};">Confirm your subscription</h1>`,
    `<p style="${STYLES.p}">Someone, hopefully you, asked to receive RCRT's build notes and launch news at this address. Confirm to start receiving them:</p></td></tr>`,
    `<tr><td style="padding:0 32px 24px;"><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:${ACCENT};color:#ffffff;border-radius:6px;font:bold 15px/1 ${FONT};text-decoration:none;">Confirm my subscription</a></td></tr>`,
  ].join("\n");
  const footer = "If you did not ask for this, ignore this mail: nothing is sent to an address that is not confirmed, and it is forgotten after 7 days.";
  const text = [
    "Confirm your subscription",
    "Someone, hopefully you, asked to receive RCRT's build notes and launch news at this address. Confirm to start receiving them:",
    link,
    footer,
  ].join("\n\n");
  return { subject: CONFIRMATION_SUBJECT, html: frame(CONFIRMATION_SUBJECT, body, footer), text: `${text}\n` };
}
