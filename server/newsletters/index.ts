// The newsletter's part of the web tier: the double opt-in mail after a footer sign-up, the public
// confirm / unsubscribe / resubscribe pages (personal tokens, no sign-in), the administrators'
// preview, test mail and send of a post or of a mail written for the newsletter
// (`/api/newsletters/posts/<id>` or `/api/newsletters/mails/<id>`, `.../test`, `.../send`, acting
// with the caller's own token so the database decides), and the sender that delivers the queue
// (sender.ts).
import type { IncomingMessage, ServerResponse } from "node:http";
import { BodyError, readBody, sendJson } from "../../shared/http/http-util.ts";
import { DEFAULT_LANGUAGE, pathInLanguage, splitLanguage, type Language } from "../../shared/languages.ts";
import { BASE_HEADERS } from "../security-headers.ts";
import { standalonePage } from "../forms.ts";
import { callApi, RestError, SupabaseRest } from "../supabase-rest.ts";
import { confirmationMail, mailVideos, newsletterMail, type SentPost } from "./mail.ts";
import { NEWSLETTER_TEXTS } from "./mail-texts.ts";
import { smtpMailer, type Mailer } from "./mailer.ts";
import { NewsletterSender } from "./sender.ts";
import { escapeHtml } from "../../shared/html-meta.ts";

export interface NewsletterOptions {
  /** Where mail goes (`SMTP_URL`); unset, nothing is mailed and sending a post is refused. */
  smtpUrl?: string;
  /** The sender (`MAIL_FROM`), such as `RCRT <news@rcrt.example>`. */
  mailFrom?: string;
  /** Mails a second, all web instances together (`NEWSLETTER_RATE`, default 10). */
  ratePerSecond?: number;
  /** How often an idle instance looks for queued mail (`NEWSLETTER_POLL_SECONDS`, default 5). */
  pollSeconds?: number;
  /** How long a claimed batch is an instance's before others may take it (`NEWSLETTER_LEASE_SECONDS`, default 120). */
  leaseSeconds?: number;
  /** The first retry's wait after a temporary failure, doubled each time (`NEWSLETTER_RETRY_SECONDS`, default 60). */
  retrySeconds?: number;
}

export interface NewsletterSettings extends NewsletterOptions {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  siteUrl: string;
  log: (line: string) => void;
  /** The page a visitor lands on, in the site's frame of its language: its heading and its content as HTML. */
  renderPage?: (heading: string, html: string, language: Language) => Promise<string>;
}

export interface Newsletters {
  /** After the intake stored a newsletter sign-up: the confirmation mail, in the page's language, when one is due. */
  signup(email: string, language: Language): Promise<void>;
  handle(req: IncomingMessage, res: ServerResponse, pathname: string, query: string): Promise<void>;
  /** The sender finishes the mails on the wire and hands back the rest of its batch; confirmation mails under way go out. */
  stop(): Promise<void>;
}

/** The settings the environment gives (`npm run serve`); explicit options win. */
export function newsletterOptionsFromEnv(env: Record<string, string | undefined>): NewsletterOptions {
  const number = (name: string) => {
    const value = Number(env[name]?.trim() || NaN);
    return Number.isFinite(value) && value > 0 ? value : undefined;
  };
  return {
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    mailFrom: env.MAIL_FROM?.trim() || undefined,
    ratePerSecond: number("NEWSLETTER_RATE"),
    pollSeconds: number("NEWSLETTER_POLL_SECONDS"),
    leaseSeconds: number("NEWSLETTER_LEASE_SECONDS"),
    retrySeconds: number("NEWSLETTER_RETRY_SECONDS"),
  };
}

/** The newsletter's pages, in every language (`/newsletter/confirm`, `/ja/newsletter/confirm`), and the administrators' API. */
export function isNewsletterPath(pathname: string): boolean {
  return splitLanguage(pathname).path.startsWith("/newsletter/") || pathname === "/api/newsletters" || pathname.startsWith("/api/newsletters/");
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOKEN = /^[0-9a-f]{64}$/;
const FORM_LIMIT = 4 * 1024;
const PAGE_POLICY = "default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";
export const MAIL_NOT_CONFIGURED = "Mail is not configured on this server: set SMTP_URL and MAIL_FROM.";
const TEST_NOT_SENT = "The test mail could not be sent. Try again in a moment.";

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A test mail's subject: the post's title, marked so that nobody takes it for the send. */
function testSubject(title: string): string {
  return `[Test] ${title}`;
}


/** The pages the mails' links open, in `language` (their forms post to the page of the same language). */
export function newsletterPages(language: Language) {
  const words = NEWSLETTER_TEXTS[language].pages;
  const action = (path: string) => escapeHtml(pathInLanguage(path, language));
  const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
  return {
    confirmed: (email: string) => ({ heading: words.confirmed.heading, html: paragraph(words.confirmed.text(email)) }),
    expired: { heading: words.expired.heading, html: paragraph(words.expired.text) },
    /** The unsubscribe link's page: a GET only asks (mail scanners follow links); its button's POST unsubscribes. */
    unsubscribe: (email: string, token: string) => ({
      heading: words.unsubscribe.heading,
      html: `${paragraph(words.unsubscribe.text(email))}<form method="post" action="${action("/newsletter/unsubscribe")}"><input type="hidden" name="token" value="${escapeHtml(token)}"><p><button type="submit" class="button">${escapeHtml(words.unsubscribe.button)}</button></p></form>${paragraph(words.unsubscribe.stay)}`,
    }),
    unsubscribed: (email: string, token: string) => ({
      heading: words.unsubscribed.heading,
      html: `${paragraph(words.unsubscribed.text(email))}<form method="post" action="${action("/newsletter/resubscribe")}"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit" class="button">${escapeHtml(words.unsubscribed.button)}</button></form>`,
    }),
    resubscribed: (email: string) => ({ heading: words.resubscribed.heading, html: paragraph(words.resubscribed.text(email)) }),
    invalid: { heading: words.invalid.heading, html: paragraph(words.invalid.text) },
  };
}

interface SubscriberAnswer {
  email: string;
  status: string;
}

/** What a newsletter is made from: a post (its title the subject, its page linked) or a mail written for the newsletter. */
type NewsletterSource = "posts" | "mails";

/** Each source's row as a send takes it, read with the caller's token (the database decides who may). */
const SOURCE_READS: Record<NewsletterSource, { path: (id: string) => string; noun: string; key: "post_id" | "mail_id"; send: string }> = {
  posts: { path: (id) => `/blog_posts?select=id,subject:title,slug,content,image_url,image_alt&id=eq.${id}`, noun: "post", key: "post_id", send: "newsletter_send_post" },
  mails: { path: (id) => `/newsletter_mails?select=id,subject,content&id=eq.${id}`, noun: "mail", key: "mail_id", send: "newsletter_send_mail" },
};

/** The newsletter's endpoints and sender for one web instance. */
export function startNewsletters(settings: NewsletterSettings): Newsletters {
  const service = new SupabaseRest(settings.url, settings.serviceRoleKey);
  const siteUrl = settings.siteUrl.replace(/\/+$/, "");
  const from = settings.mailFrom ?? `RCRT <newsletter@${new URL(siteUrl).hostname}>`;
  const mailer: Mailer | null = settings.smtpUrl ? smtpMailer(settings.smtpUrl, from, 4) : null;
  const sender = mailer
    ? new NewsletterSender({
        url: settings.url,
        anonKey: settings.anonKey,
        serviceRoleKey: settings.serviceRoleKey,
        siteUrl,
        mailer,
        ratePerSecond: settings.ratePerSecond ?? 10,
        batchSize: 20,
        lanes: 4,
        leaseSeconds: settings.leaseSeconds ?? 120,
        retrySeconds: settings.retrySeconds ?? 60,
        idleMs: (settings.pollSeconds ?? 5) * 1000,
        log: settings.log,
      })
    : null;
  if (!mailer) settings.log("[newsletters] SMTP_URL is not set: confirmation mails and newsletters are not sent.");
  sender?.start();

  async function languagePage(res: ServerResponse, status: number, content: { heading: string; html: string }, language: Language): Promise<void> {
    const body = `<h1>${escapeHtml(content.heading)}</h1>${content.html}`;
    let html: string;
    try {
      html = settings.renderPage ? await settings.renderPage(content.heading, body, language) : standalonePage(content.heading, body, language);
    } catch (error) {
      settings.log(`[newsletters] the page could not be rendered: ${error instanceof Error ? error.message : String(error)}`);
      html = standalonePage(content.heading, body, language);
    }
    res.writeHead(status, { ...BASE_HEADERS, "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "Content-Security-Policy": PAGE_POLICY, "Referrer-Policy": "no-referrer" });
    res.end(html);
  }

  async function tokenCall(name: string, token: string | null): Promise<SubscriberAnswer | null> {
    if (!token || !TOKEN.test(token)) return null;
    return service.rpc<SubscriberAnswer | null>(name, { token });
  }

  async function publicPage(req: IncomingMessage, res: ServerResponse, address: string, query: string): Promise<void> {
    // The page's language is its address's: a mail's links lead to the pages of the subscriber's.
    const { language, path: pathname } = splitLanguage(address);
    const pages = newsletterPages(language);
    const page = (status: number, content: { heading: string; html: string }) => languagePage(res, status, content, language);
    const token = new URLSearchParams(query).get("token");
    if (pathname === "/newsletter/confirm" && req.method === "GET") {
      req.resume();
      const confirmed = await tokenCall("newsletter_confirm", token);
      return page(confirmed ? 200 : 404, confirmed ? pages.confirmed(confirmed.email) : pages.expired);
    }
    if (pathname === "/newsletter/unsubscribe" && (req.method === "GET" || req.method === "HEAD")) {
      // Only asks: mail scanners follow the links of the mails they check.
      req.resume();
      const found = await tokenCall("newsletter_subscription", token);
      if (!found) return page(404, pages.invalid);
      return page(200, found.status === "unsubscribed" ? pages.unsubscribed(found.email, token!) : pages.unsubscribe(found.email, token!));
    }
    if (pathname === "/newsletter/unsubscribe" && req.method === "POST") {
      const body = (await readBody(req, FORM_LIMIT)).toString("utf8");
      // RFC 8058: the mail client's one-click POST to the link carries exactly this body. Otherwise
      // the page's button, which posts the token.
      const oneClick = body.includes("List-Unsubscribe=One-Click");
      const form = new URLSearchParams(body);
      if (!oneClick && !form.has("token")) return sendJson(res, 400, { error: "A one-click unsubscribe posts List-Unsubscribe=One-Click" }, BASE_HEADERS);
      const posted = oneClick ? token : form.get("token");
      const done = await tokenCall("newsletter_unsubscribe", posted);
      return page(done ? 200 : 404, done ? pages.unsubscribed(done.email, posted!) : pages.invalid);
    }
    const follow = /^\/newsletter\/link\/([0-9a-f-]{36})\/([1-9][0-9]{0,2})$/i.exec(pathname);
    // GET only: a HEAD (a link checker's) is not a click.
    if (follow && UUID.test(follow[1]!) && req.method === "GET") {
      req.resume();
      const address = await service.rpc<string | null>("newsletter_follow", { send_id: follow[1]!.toLowerCase(), number: Number(follow[2]) });
      if (!address) return page(404, pages.invalid);
      res.writeHead(302, { ...BASE_HEADERS, Location: address, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });
      res.end();
      return;
    }
    if (pathname === "/newsletter/resubscribe" && req.method === "POST") {
      const form = new URLSearchParams((await readBody(req, FORM_LIMIT)).toString("utf8"));
      const back = await tokenCall("newsletter_resubscribe", form.get("token"));
      return page(back ? 200 : 404, back ? pages.resubscribed(back.email) : pages.invalid);
    }
    req.resume();
    return page(404, pages.invalid);
  }

  async function adminApi(req: IncomingMessage, res: ServerResponse, pathname: string, query: string): Promise<void> {
    const send = (status: number, body: unknown) => sendJson(res, status, body, { ...BASE_HEADERS, "Cache-Control": "no-store" });
    const match = /^\/api\/newsletters\/(posts|mails)\/([^/]+)(\/send|\/test)?$/.exec(pathname);
    if (!match || !UUID.test(match[2]!)) {
      req.resume();
      return send(404, { message: "Not found" });
    }
    // A send is made with POST (its body may say when, {"send_at": an ISO time}, and to whom,
    // {"segment_id": a saved segment}) and a scheduled one cancelled with DELETE; a test is POSTed;
    // the preview and progress are read with GET.
    const source = SOURCE_READS[match[1] as NewsletterSource];
    const action = match[3];
    const allowed = action === "/send" ? ["POST", "DELETE"] : action ? ["POST"] : ["GET"];
    if (!allowed.includes(req.method ?? "")) {
      req.resume();
      res.setHeader("Allow", allowed.join(", "));
      return send(405, { message: `Use ${allowed.join(" or ")}` });
    }
    let sendAt: string | null = null;
    let segmentId: string | null = null;
    if (action === "/send" && req.method === "POST") {
      const body = (await readBody(req, FORM_LIMIT)).toString("utf8").trim();
      const asked = body ? (parseJson(body) as { send_at?: unknown; segment_id?: unknown } | undefined) : {};
      if (asked === undefined || typeof asked !== "object" || asked === null) return send(400, { message: "The body is a JSON object" });
      if (asked.send_at !== undefined && asked.send_at !== null) {
        if (typeof asked.send_at !== "string" || Number.isNaN(Date.parse(asked.send_at))) return send(400, { message: "send_at is a date and time" });
        sendAt = new Date(asked.send_at).toISOString();
      }
      if (asked.segment_id !== undefined && asked.segment_id !== null) {
        if (typeof asked.segment_id !== "string" || !UUID.test(asked.segment_id)) return send(400, { message: "segment_id is a segment's id" });
        segmentId = asked.segment_id.toLowerCase();
      }
    } else {
      req.resume();
    }
    const token = /^Bearer\s+([\w.~+/=-]+)$/i.exec(req.headers.authorization ?? "")?.[1];
    if (!token) return send(401, { message: "Sign in to send newsletters" });
    const asCaller = (path: string, method = "GET", body?: unknown) => callApi(`${settings.url}/rest/v1${path}`, { method, apikey: settings.anonKey, bearer: token, body, timeoutMs: 10_000 });
    const id = match[2]!.toLowerCase();
    const notFound = { message: `No such ${source.noun}` };
    const loadSource = async (): Promise<SentPost | null> => {
      const [row] = (await asCaller(source.path(id))) as Partial<SentPost>[];
      return row ? { slug: null, image_url: null, image_alt: null, ...row, subject: row.subject!, content: row.content! } : null;
    };
    try {
      if (action === "/test") {
        if (!mailer) return send(503, { message: MAIL_NOT_CONFIGURED });
        const sent = await loadSource();
        if (!sent) return send(404, notFound);
        const videos = await mailVideos(sent.content, asCaller, settings.url);
        // The administrator's own address, counted against their hourly allowance once the mail is made.
        const address = (await asCaller("/rpc/newsletter_test_recipient", "POST", {})) as string;
        const mail = newsletterMail({ ...sent, subject: testSubject(sent.subject) }, siteUrl, `${siteUrl}/newsletter/unsubscribe`, settings.url, videos, DEFAULT_LANGUAGE);
        const outcome = await mailer.send({ to: address, ...mail });
        if (outcome.outcome !== "sent") {
          settings.log(`[newsletters] a test mail was not sent: ${outcome.error}`);
          return send(503, { message: TEST_NOT_SENT });
        }
        return send(200, { sentTo: address });
      }
      if (action === "/send" && req.method === "DELETE") {
        await asCaller("/rpc/newsletter_cancel_send", "POST", { [source.key]: id });
        return send(200, await asCaller("/rpc/newsletter_progress", "POST", { [source.key]: id }));
      }
      if (action === "/send") {
        if (!sender) return send(503, { message: MAIL_NOT_CONFIGURED });
        const result = (await asCaller(`/rpc/${source.send}`, "POST", { [source.key]: id, ...(sendAt && { send_at: sendAt }), ...(segmentId && { segment_id: segmentId }) })) as Record<string, unknown>;
        sender.wake();
        return send(200, result);
      }
      const recipients = (await asCaller("/rpc/newsletter_recipient_count", "POST", {})) as number;
      const sent = await loadSource();
      if (!sent) return send(404, notFound);
      const progress = await asCaller("/rpc/newsletter_progress", "POST", { [source.key]: id });
      const videos = await mailVideos(sent.content, asCaller, settings.url);
      // `?segment=<id>`: the preview of the mail as a segment's people get it (its footer says why).
      const aimed = UUID.test(new URLSearchParams(query).get("segment") ?? "");
      const preview = newsletterMail({ ...sent, aimed }, siteUrl, `${siteUrl}/newsletter/unsubscribe`, settings.url, videos, DEFAULT_LANGUAGE);
      return send(200, { recipients, mailConfigured: sender !== null, preview, send: progress });
    } catch (error) {
      if (error instanceof RestError) {
        const code = (error.body as { code?: string } | null)?.code;
        const message = (error.body as { message?: string } | null)?.message ?? "Refused";
        if (code === "42501") return send(403, { message: "Only administrators send newsletters" });
        if (code === "RC412") return send(409, { message });
        if (code === "RC429") return send(429, { message });
        if (code === "RC409") return send(409, { message });
        if (code === "22023") return send(400, { message });
        if (code === "P0002") return send(404, { message });
        if (error.status === 401) return send(401, { message: "Sign in to send newsletters" });
      }
      settings.log(`[newsletters] ${req.method} ${pathname} failed: ${error instanceof Error ? error.message : String(error)}`);
      return send(503, { message: "The newsletter cannot be reached right now. Please try again in a moment." });
    }
  }

  async function confirm(email: string, language: Language): Promise<void> {
    try {
      const { token } = await service.rpc<{ token: string | null }>("newsletter_signup", { address: email, language });
      if (!token || !mailer) return;
      const mail = confirmationMail(siteUrl, token, language);
      const outcome = await mailer.send({ to: email.trim().toLowerCase(), ...mail });
      if (outcome.outcome !== "sent") settings.log(`[newsletters] the confirmation mail was not sent: ${outcome.error}`);
    } catch (error) {
      settings.log(`[newsletters] sign-up failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  // Confirmation mails under way: a stop lets them go out before it closes the mailer.
  const confirming = new Set<Promise<void>>();

  return {
    signup(email, language) {
      const sending: Promise<void> = confirm(email, language).finally(() => confirming.delete(sending));
      confirming.add(sending);
      return sending;
    },

    async handle(req, res, pathname, query) {
      try {
        if (pathname.startsWith("/api/")) return await adminApi(req, res, pathname, query);
        return await publicPage(req, res, pathname, query);
      } catch (error) {
        if (error instanceof BodyError) return sendJson(res, error.status, { error: error.message }, BASE_HEADERS);
        settings.log(`[newsletters] ${req.method} ${pathname} failed: ${error instanceof Error ? error.message : String(error)}`);
        if (!res.headersSent) sendJson(res, 503, { error: "Please try again in a moment." }, { ...BASE_HEADERS, "Retry-After": "5" });
      }
    },

    async stop() {
      await Promise.all([sender?.stop(), ...confirming]);
      mailer?.close();
    },
  };
}
