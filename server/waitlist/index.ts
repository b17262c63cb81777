// The waitlist's part of the web tier (docs/architecture.md, "The waitlist's line"): after the
// modal's sign-up, the confirmation mail; the pages its links open, with no sign-in and no cookie
// (`/waitlist/confirm` confirms and leads to `/waitlist/status`, the member's personal status page); and the form that mails the status page's link again to an address, answered the same
// whether or not the address is on the list. The rules (who holds a place, what a referral earns)
// are the database's: supabase/schemas/14_waitlist.sql.
import type { IncomingMessage, ServerResponse } from "node:http";
import { disposableEmailBlocklistSet } from "disposable-email-domains-js";
import { BodyError, readBody, sendJson } from "../../shared/http/http-util.ts";
import { DEFAULT_LANGUAGE, LANGUAGES, pathInLanguage, splitLanguage, type Language } from "../../shared/languages.ts";
import type { RateLimit } from "../../shared/http/rate-limit.ts";
import { validateRecord, waitlistRules } from "../../shared/validation.ts";
import { standalonePage } from "../forms.ts";
import { actionMail } from "../newsletters/mail.ts";
import { smtpMailer, type Mailer } from "../newsletters/mailer.ts";
import { BASE_HEADERS } from "../security-headers.ts";
import type { SupabaseRest } from "../supabase-rest.ts";
import { WAITLIST_TEXTS } from "./texts.ts";
import { escapeHtml } from "../../shared/html-meta.ts";

export interface WaitlistSettings {
  /** Calls the waitlist's RPCs with the service role. */
  service: SupabaseRest;
  siteUrl: string;
  /** Where mail goes (`SMTP_URL`); unset, no mail is sent. */
  smtpUrl?: string;
  /** The sender (`MAIL_FROM`). */
  mailFrom?: string;
  /** The anonymous form's allowance per client: the forms' own (`FORM_POST_LIMIT`). */
  formLimit: RateLimit;
  /** The keyed hash that stands for a request's client address (never stored as such). */
  clientHash: (req: IncomingMessage) => string;
  log: (line: string) => void;
  /** The page a visitor lands on, in the site's frame of its language. */
  renderPage?: (heading: string, html: string, language: Language) => Promise<string>;
}

export interface Waitlist {
  /** After the intake stored a waitlist sign-up: the member, and their confirmation mail when one is due. */
  signup(req: IncomingMessage, email: string, language: Language, referralCode: string | null): Promise<void>;
  handle(req: IncomingMessage, res: ServerResponse, pathname: string, query: string): Promise<void>;
  /** Mails under way go out; then the mailer closes. */
  stop(): Promise<void>;
}

/** A member's code, as the site's links carry it (`/?ref=<code>`). */
export const REFERRAL_CODE = /^[0-9a-f]{10}$/;
const TOKEN = /^[0-9a-f]{64}$/;
const FORM_LIMIT = 4 * 1024;
const PAGE_POLICY = "default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** The waitlist's pages, in every language (`/waitlist/status`, `/ja/waitlist/status`). */
export function isWaitlistPath(pathname: string): boolean {
  return splitLanguage(pathname).path.startsWith("/waitlist/");
}

/** The referral code of a form or an address's query, when it has the shape of one; anything else is no code. */
export function referralCode(value: string | null | undefined): string | null {
  const code = (value ?? "").trim().toLowerCase();
  return REFERRAL_CODE.test(code) ? code : null;
}

let disposableDomains: Set<string> | null = null;

/**
 * Whether an address's domain, or a domain it is under, is on the disposable-email-domains list
 * (the `disposable-email-domains-js` package, which ships it; updated with the package).
 */
export function isDisposableAddress(address: string): boolean {
  disposableDomains ??= disposableEmailBlocklistSet();
  const labels = address.trim().toLowerCase().split("@").at(-1)!.split(".");
  for (let start = 0; start < labels.length - 1; start++) {
    if (disposableDomains.has(labels.slice(start).join("."))) return true;
  }
  return false;
}


export interface MemberStatus {
  place: number;
  total: number;
  code: string;
  referrals: number;
  places_per_referral: number;
  language: string;
}

/** The member's link: the home page of their language with their code. */
export function referralLink(siteUrl: string, code: string, language: Language): string {
  return `${siteUrl}${pathInLanguage("/", language)}?ref=${code}`;
}

/** The pages the waitlist's links open, in `language`: each a heading and its content as HTML. */
export function waitlistPages(language: Language) {
  const words = WAITLIST_TEXTS[language].pages;
  const locale = LANGUAGES.find((entry) => entry.code === language)?.locale ?? "en-US";
  const number = (value: number) => new Intl.NumberFormat(locale).format(value);
  const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
  const askForm = `<form method="post" action="${escapeHtml(pathInLanguage("/waitlist/status", language))}"><p><label for="waitlist-email">${escapeHtml(words.ask.label)}</label><br><input id="waitlist-email" type="email" name="email" required autocomplete="email" maxlength="320"></p><p><button type="submit" class="button">${escapeHtml(words.ask.button)}</button></p></form>`;
  return {
    status: (status: MemberStatus, link: string) => ({
      heading: words.status.heading,
      html:
        `<p class="waitlist-place" style="font-size:1.75rem;margin:1.5rem 0"><strong>${escapeHtml(words.status.place(number(status.place), number(status.total)))}</strong></p>` +
        // A text field (the site's style), read-only: the link to copy and share.
        `<p><label for="waitlist-link">${escapeHtml(words.status.linkLabel)}</label><br><input id="waitlist-link" type="text" readonly value="${escapeHtml(link)}" spellcheck="false"></p>` +
        paragraph(words.status.referrals(number(status.referrals))) +
        paragraph(words.status.perReferral(number(status.places_per_referral))) +
        paragraph(words.status.keep),
    }),
    expired: { heading: words.expired.heading, html: paragraph(words.expired.text) + askForm },
    invalid: { heading: words.invalid.heading, html: paragraph(words.invalid.text) + askForm },
    ask: { heading: words.ask.heading, html: paragraph(words.ask.text) + askForm },
    asked: { heading: words.asked.heading, html: paragraph(words.asked.text) },
  };
}

/** The confirmation mail of a sign-up, and the status link's mail asked for again. */
export function waitlistMail(kind: "confirm" | "status", siteUrl: string, token: string, language: Language) {
  const link = `${siteUrl}${pathInLanguage(kind === "confirm" ? "/waitlist/confirm" : "/waitlist/status", language)}?token=${encodeURIComponent(token)}`;
  if (kind === "confirm") {
    const words = WAITLIST_TEXTS[language].confirmation;
    return actionMail({ subject: words.subject, heading: words.heading, paragraphs: [words.ask], link, button: words.button, footer: words.ignore }, language);
  }
  const words = WAITLIST_TEXTS[language].statusMail;
  return actionMail({ subject: words.subject, heading: words.heading, paragraphs: [words.text], link, button: words.button, footer: words.footer }, language);
}

const asLanguage = (value: string | undefined): Language => LANGUAGES.find((entry) => entry.code === value)?.code ?? DEFAULT_LANGUAGE;

/** The waitlist's endpoints and mails for one web instance. */
export function startWaitlist(settings: WaitlistSettings): Waitlist {
  const { service, log } = settings;
  const siteUrl = settings.siteUrl.replace(/\/+$/, "");
  const from = settings.mailFrom ?? `RCRT <waitlist@${new URL(siteUrl).hostname}>`;
  const mailer: Mailer | null = settings.smtpUrl ? smtpMailer(settings.smtpUrl, from, 2) : null;
  // Mails under way: a stop lets them go out before it closes the mailer.
  const working = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    const tracked: Promise<void> = work.finally(() => working.delete(tracked));
    working.add(tracked);
    return tracked;
  };

  async function mail(kind: "confirm" | "status", to: string, token: string, language: Language): Promise<void> {
    if (!mailer) return;
    const outcome = await mailer.send({ to, ...waitlistMail(kind, siteUrl, token, language) });
    if (outcome.outcome !== "sent") log(`[waitlist] a mail was not sent: ${outcome.error}`);
  }

  async function page(res: ServerResponse, status: number, content: { heading: string; html: string }, language: Language): Promise<void> {
    const body = `<h1>${escapeHtml(content.heading)}</h1>${content.html}`;
    let html: string;
    try {
      html = settings.renderPage ? await settings.renderPage(content.heading, body, language) : standalonePage(content.heading, body, language);
    } catch (error) {
      log(`[waitlist] the page could not be rendered: ${error instanceof Error ? error.message : String(error)}`);
      html = standalonePage(content.heading, body, language);
    }
    // Personal pages: never kept by a cache, never named to another site.
    res.writeHead(status, { ...BASE_HEADERS, "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "Content-Security-Policy": PAGE_POLICY, "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex" });
    res.end(html);
  }

  async function resend(address: string): Promise<void> {
    try {
      const answer = await service.rpc<{ kind: "confirm" | "status" | null; token?: string; email?: string; language?: string }>("waitlist_resend", { address });
      if (answer.kind && answer.token && answer.email) await mail(answer.kind, answer.email, answer.token, asLanguage(answer.language));
    } catch (error) {
      log(`[waitlist] a link asked for again failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse, address: string, query: string): Promise<void> {
    const { language, path } = splitLanguage(address);
    const pages = waitlistPages(language);
    const token = new URLSearchParams(query).get("token");
    const validToken = token && TOKEN.test(token) ? token : null;
    if (path === "/waitlist/confirm" && req.method === "GET") {
      req.resume();
      const confirmed = validToken ? await service.rpc<{ status_token: string } | null>("waitlist_confirm", { token: validToken }) : null;
      if (!confirmed) return page(res, 404, pages.expired, language);
      // The status page's address is the one to keep (the confirmation link ends with its 7 days).
      res.writeHead(303, { ...BASE_HEADERS, Location: `${pathInLanguage("/waitlist/status", language)}?token=${confirmed.status_token}`, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });
      res.end();
      return;
    }
    if (path === "/waitlist/status" && (req.method === "GET" || req.method === "HEAD")) {
      req.resume();
      if (token === null) return page(res, 200, pages.ask, language);
      const status = validToken ? await service.rpc<MemberStatus | null>("waitlist_status", { token: validToken }) : null;
      if (!status) return page(res, 404, pages.invalid, language);
      return page(res, 200, pages.status(status, referralLink(siteUrl, status.code, asLanguage(status.language))), language);
    }
    if (path === "/waitlist/status" && req.method === "POST") {
      const form = new URLSearchParams((await readBody(req, FORM_LIMIT)).toString("utf8"));
      const email = (form.get("email") ?? "").trim();
      if (validateRecord(waitlistRules, { email }).email) return page(res, 400, pages.ask, language);
      // Bounded as every anonymous form: the same allowance per client, counted in Postgres.
      const wait = await service.rpc<number>("take_form_post", {
        address_hash: settings.clientHash(req),
        max_posts: settings.formLimit.limit,
        window_seconds: Math.max(1, Math.round(settings.formLimit.windowMs / 1000)),
      });
      if (wait > 0) {
        res.setHeader("Retry-After", String(wait));
        return page(res, 429, pages.asked, language);
      }
      // Answered before anything is looked up, so the answer (and its time) says nothing of the address.
      await page(res, 200, pages.asked, language);
      void track(resend(email));
      return;
    }
    req.resume();
    return page(res, 404, pages.invalid, language);
  }

  return {
    signup(req, email, language, code) {
      const disposable = isDisposableAddress(email);
      const clientHash = settings.clientHash(req);
      return track(
        (async () => {
          try {
            const answer = await service.rpc<{ token: string | null; email?: string }>("waitlist_signup", { address: email, language, referral_code: code, client_hash: clientHash, disposable });
            // To the address the member joined with (a variant of it may reach another mailbox).
            if (answer.token) await mail("confirm", answer.email ?? email.trim().toLowerCase(), answer.token, language);
          } catch (error) {
            log(`[waitlist] sign-up failed: ${error instanceof Error ? error.message : String(error)}`);
          }
        })(),
      );
    },

    async handle(req, res, pathname, query) {
      try {
        await handle(req, res, pathname, query);
      } catch (error) {
        if (error instanceof BodyError) return sendJson(res, error.status, { error: error.message }, BASE_HEADERS);
        log(`[waitlist] ${req.method} ${pathname} failed: ${error instanceof Error ? error.message : String(error)}`);
        if (!res.headersSent) {
          res.writeHead(503, { ...BASE_HEADERS, "Content-Type": "text/plain; charset=utf-8", "Retry-After": "5", "Cache-Control": "no-store" });
          res.end("Please try again in a moment.");
        }
      }
    },

    async stop() {
      await Promise.all(working);
      mailer?.close();
    },
  };
}
