import { createServer } from "node:http";
import { resolve } from "node:path";
import type { ViteDevServer } from "vite";
import { drain, type StopTimes } from "../shared/http/drain.ts";
import { listen, sendJson } from "../shared/http/http-util.ts";
import type { RateLimit } from "../shared/http/rate-limit.ts";
import { formLanguage } from "../shared/form-language.ts";
import { DEFAULT_LANGUAGE } from "../shared/languages.ts";
import { AudienceCounter, type AudienceCaps } from "./audience.ts";
import { ContentVersion, parseVersion } from "./content-version.ts";
import { developmentSite } from "./dev-site.ts";
import { addressHash, clientAddress, formIntake } from "./form-intake.ts";
import { dispatch, isReadMethod, methodNotAllowed, type Route } from "./router.ts";
import { BASE_HEADERS } from "./security-headers.ts";
import { builtSite } from "./site-pages.ts";
import { SupabaseRest } from "./supabase-rest.ts";
import { isTeamPath, teamEndpoints } from "./team.ts";
import { isNewsletterPath, newsletterOptionsFromEnv, startNewsletters, type NewsletterOptions } from "./newsletters/index.ts";
import { isWaitlistPath, referralCode, startWaitlist } from "./waitlist/index.ts";
import { escapeHtml } from "../shared/html-meta.ts";

interface SupabaseProject {
  url: string;
  anonKey: string;
  /** Held by this server only: the form intake writes with it; the team endpoints use Auth's admin API with it. */
  serviceRoleKey: string;
}

export interface WebServerOptions {
  port: number;
  host?: string;
  /** The production build (`npm run build`); ignored when `vite` is given (development). */
  distDir: string;
  vite?: ViteDevServer;
  supabase: SupabaseProject;
  /** Canonical origin of the site (canonical links, Open Graph, sitemap, feed). */
  siteUrl: string;
  /** Behind a TLS proxy: take the client's address from the last X-Forwarded-For entry. */
  trustProxy?: boolean;
  log?: (line: string) => void;
  /** Form posts allowed per address (default 30 in 10 minutes), counted in Postgres. */
  formLimit?: RateLimit;
  /** How often the content version is read while pages are requested (default every 500 ms). */
  versionMaxAgeMs?: number;
  /** How long a request waits for a fresh render before taking the last good copy (default 1 s). */
  renderDeadlineMs?: number;
  /** How long one read of a page's render may take before the render counts as failed (default 3 s). */
  readTimeoutMs?: number;
  /** How long a write of the web tier's own (a form, a count) may wait on the API before answering 503 (default 10 s). */
  apiTimeoutMs?: number;
  /**
   * How long after a page was last known current its copy may be served while renders fail
   * (default 5 minutes); after that the failure is shown (503).
   */
  maxStaleMs?: number;
  /** Audience figures (docs/analytics.md): on unless `enabled` is false; daily figures kept `retentionDays`. */
  audience?: { enabled?: boolean; retentionDays?: number; flushMs?: number; caps?: Partial<AudienceCaps> };
  /** The clock the page cache and the content version read (tests). */
  now?: () => number;
  /** Mail and the newsletter's sender (server/newsletters); unset fields come from the environment. */
  newsletters?: NewsletterOptions;
  /** How a stop drains the server (shared/http/drain.ts): no notice and 10 s for requests in flight by default. */
  stopTimes?: Partial<StopTimes>;
}

export interface WebServer {
  url: string;
  port: number;
  /** Resolves once every public route has been rendered into the cache. */
  warmed: Promise<void>;
  /**
   * Stops gracefully: readiness (`GET /api/ready`) turns 503 at once, liveness (`GET /api/live`)
   * stays 200 while it drains; requests in flight get their answers; then the background work
   * (counted views, the newsletter sender) finishes what it holds.
   */
  stop(): Promise<void>;
}

/** The readiness endpoint a load balancer checks: 200 while the instance takes requests, 503 once it is stopping. */
export const READY_PATH = "/api/ready";
/** The liveness endpoint a supervisor checks: 200 while the process answers at all, draining included (no restart while it drains). */
export const LIVE_PATH = "/api/live";

/**
 * The web tier: serves the site's pages rendered from the database on request (site-pages.ts, or
 * dev-site.ts under `npm run dev`), the back office for `/admin/*` and its team endpoints at
 * `/api/team...` (team.ts), the build's static files, and takes the site's forms at `POST /`
 * (form-intake.ts). It reaches Supabase over HTTP only, so it runs beside a hosted project or the
 * local backend alike, and keeps no state that several instances would need to share. This file
 * only puts those parts together; `routes` below is the whole of its routing.
 */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  const { supabase } = options;
  const api = { url: supabase.url, anonKey: supabase.anonKey };
  const apiMeta = `<meta name="supabase-url" content="${escapeHtml(supabase.url)}"><meta name="supabase-anon-key" content="${escapeHtml(supabase.anonKey)}">`;
  const withApi = (html: string) => html.replace("</head>", `${apiMeta}</head>`);
  const origin = new URL(options.siteUrl).origin;
  const trustProxy = options.trustProxy ?? false;
  const service = new SupabaseRest(supabase.url, supabase.serviceRoleKey, options.apiTimeoutMs);
  const audience = new AudienceCounter(service, {
    enabled: options.audience?.enabled ?? true,
    retentionDays: options.audience?.retentionDays,
    flushMs: options.audience?.flushMs,
    caps: options.audience?.caps,
    siteHost: new URL(options.siteUrl).hostname,
    clientAddress: (req) => clientAddress(req, trustProxy),
    log,
    now: options.now,
  });
  const team = teamEndpoints({ url: supabase.url, anonKey: supabase.anonKey, serviceRoleKey: supabase.serviceRoleKey, siteUrl: options.siteUrl, log });
  const built = options.vite
    ? null
    : await builtSite({
        distDir: resolve(options.distDir),
        api,
        origin,
        withApi,
        versions: new ContentVersion(async () => parseVersion(await service.rpc("content_version", {}, 1500)), { maxAgeMs: options.versionMaxAgeMs, log, now: options.now }),
        audience,
        renderDeadlineMs: options.renderDeadlineMs,
        readTimeoutMs: options.readTimeoutMs,
        maxStaleMs: options.maxStaleMs,
        now: options.now,
        log,
      });
  const mailOptions = { ...newsletterOptionsFromEnv(process.env), ...options.newsletters };
  const formLimit = options.formLimit ?? { limit: 30, windowMs: 10 * 60_000 };
  const newsletters = startNewsletters({
    ...mailOptions,
    url: supabase.url,
    anonKey: supabase.anonKey,
    serviceRoleKey: supabase.serviceRoleKey,
    siteUrl: options.siteUrl,
    log,
    renderPage: built ? (heading, html, language) => built.formAnswer(heading, html, language) : undefined,
  });
  const waitlist = startWaitlist({
    service,
    siteUrl: options.siteUrl,
    smtpUrl: mailOptions.smtpUrl,
    mailFrom: mailOptions.mailFrom,
    formLimit,
    clientHash: (req) => addressHash(clientAddress(req, trustProxy), supabase.serviceRoleKey),
    log,
    renderPage: built ? (heading, html, language) => built.formAnswer(heading, html, language) : undefined,
  });
  const site = options.vite ? developmentSite(options.vite, { api, origin, withApi, log }) : built!.handle;
  const intake = formIntake({
    service,
    serviceRoleKey: supabase.serviceRoleKey,
    formLimit,
    clientAddress: (req) => clientAddress(req, trustProxy),
    // A sign-up counts toward its page and its visit's source.
    onSignup: (req, kind, form) => {
      audience.signup(req, kind);
      const language = formLanguage(form.get("language")) ?? DEFAULT_LANGUAGE;
      if (kind === "newsletter") void newsletters.signup(form.get("email") ?? "", language);
      // The referral code travels in the form (the modal takes it from the page's address), never in a cookie.
      if (kind === "waitlist") void waitlist.signup(req, form.get("email") ?? "", language, referralCode(form.get("ref")));
    },
    formAnswer: built?.formAnswer ?? null,
    answerTranslation: built?.answerTranslation ?? null,
    log,
  });

  const server = createServer();
  const stops = drain(server, (req, res) => {
    dispatch(routes, req, res).catch((error: unknown) => {
      log(`[web] ${req.method} ${req.url} failed: ${error instanceof Error ? error.stack : String(error)}`);
      if (!res.headersSent) sendJson(res, 500, { error: "Internal error" }, BASE_HEADERS);
      else res.destroy();
    });
  });
  server.on("request", stops.listener);

  // The first entry that matches a request handles it.
  const routes: Route[] = [
    {
      matches: (req, { path }) => isReadMethod(req) && path === READY_PATH,
      handle: (_req, res) => sendJson(res, stops.ready() ? 200 : 503, { ready: stops.ready() }, { ...BASE_HEADERS, "Cache-Control": "no-store" }),
    },
    { matches: (req, { path }) => isReadMethod(req) && path === LIVE_PATH, handle: (_req, res) => sendJson(res, 200, { live: true }, { ...BASE_HEADERS, "Cache-Control": "no-store" }) },
    { matches: (req, { path }) => req.method === "POST" && path === "/", handle: intake },
    { matches: (req, { path }) => req.method === "POST" && path === "/api/views", handle: (req, res) => audience.beacon(req, res) },
    { matches: (_req, { path }) => isTeamPath(path), handle: (req, res, { path }) => team(req, res, path) },
    { matches: (_req, { path }) => isNewsletterPath(path), handle: (req, res, { path, query }) => newsletters.handle(req, res, path, query.slice(1)) },
    { matches: (_req, { path }) => isWaitlistPath(path), handle: (req, res, { path, query }) => waitlist.handle(req, res, path, query.slice(1)) },
    { matches: (req) => !isReadMethod(req), handle: methodNotAllowed },
    { matches: () => true, handle: site },
  ];

  const port = await listen(server, options.port, options.host ?? "127.0.0.1");
  const warmed = built ? built.warm() : Promise.resolve();
  return {
    url: `http://localhost:${port}`,
    port,
    warmed,
    // Readiness turns unready at once; renders still running would outlive the server, so the warm-up
    // finishes first (reads time out). Counted views are sent before the server goes.
    stop: () => {
      const drained = stops.stop(options.stopTimes);
      return warmed.then(() => drained).then(() => Promise.all([audience.stop(), newsletters.stop(), waitlist.stop()])).then(() => undefined);
    },
  };
}
