import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { App, type ApiKeyResolver } from "@supabase/lite";
import { openDatabase, type MigrationStep } from "./db/open.ts";
import type { SeedAssets } from "./db/seed-assets.ts";
import type { Database } from "./db/engines.ts";
import { checkBearer, loadOrCreateKeys, verifyJwt } from "./keys.ts";
import { describeError, keepMigrationGrants, oneContextStatement, quietDatabaseErrors, reportPostgresErrorCodes, storeJsonStringsAsStrings, VerifiedRestCallers, type LogLevel } from "./lite-adapters.ts";
import { LocalMailbox, mailboxPage } from "./mailbox.ts";
import { startSmtpSink } from "./smtp-sink.ts";
import { normaliseApiResponse } from "./responses.ts";
import { refuseRestRequest } from "./rest/requests.ts";
import { badRequestText } from "./request-text.ts";
import { AuthGateway, DEFAULT_AUTH_RULES, type AuthRules } from "./auth/gateway.ts";
import { authError } from "./auth/responses.ts";
import { drain } from "../../shared/http/drain.ts";
import { BodyError, closeServer, listen, sendJson } from "../../shared/http/http-util.ts";
import { canonicalPath, pathIs, pathUnder } from "../../shared/http/path.ts";
import { sendWebResponse, toWebRequest } from "./fetch-bridge.ts";
import type { RateLimit } from "../../shared/http/rate-limit.ts";
import { DEFAULT_RENDER_CACHE_BYTES, StorageService } from "./storage/service.ts";
import type { StorageRules } from "./storage/rules.ts";
import { createStorageHandler } from "./storage/http.ts";
import { DEFAULT_RENDER_LIMITS, type ImageRenderLimits } from "./storage/transform.ts";

/**
 * What the product decides and this backend enforces or serves, passed in by whoever starts it: the
 * backend imports nothing of the product and has no defaults for these, so it cannot drift from it.
 */
export interface ProductConfig {
  /** Which uploads Storage takes, which files it shows inline, the sizes it renders images at. */
  storage: StorageRules;
  /** Auth's shortest password (on a hosted project: Authentication → Password, `[auth] minimum_password_length`). */
  minimumPasswordLength: number;
  /** The files the seed refers to, stored in Storage when a fresh database is seeded. */
  seedAssets?: SeedAssets;
  /**
   * Work that a pending migration needs done first and SQL cannot do, by the migration's version
   * (`db/open.ts`, MigrationStep); on a hosted project the same work is a documented step between
   * `supabase db push` runs.
   */
  beforeMigration?: Readonly<Record<string, MigrationStep>>;
}

export interface LocalBackendOptions {
  product: ProductConfig;
  /** 0 picks a free port. */
  port: number;
  host?: string;
  dataDir: string;
  /** Folder holding `migrations/` and `seed.sql`. */
  supabaseDir?: string;
  /** Where password-reset links may lead (the web app's origin). */
  siteUrl: string;
  log?: (line: string) => void;
  /** Failed password sign-ins allowed per address and email (default 10 in 5 minutes). */
  signInLimit?: RateLimit;
  /** Failed password sign-ins allowed per address, whatever the email (default 30 in 5 minutes). */
  addressSignInLimit?: RateLimit;
  /** Largest REST or Auth request body (default 1 MB); uploads to Storage stream and have the bucket's limit. */
  bodyLimit?: number;
  /** Mail limits, refresh-token reuse, reauthentication windows, and the limits on wrong codes (email and TOTP). */
  authRules?: Partial<AuthRules>;
  /** "debug" logs refused queries with their messages, SQL and parameters; default from `LOG_LEVEL`. */
  logLevel?: LogLevel;
  /** A PostgreSQL server to run on instead of the embedded database in `dataDir`. */
  databaseUrl?: string;
  /** Image transformations: renders at once (default 2), waiting (4) and the disk their results may take (256 MB). */
  imageRendering?: Partial<ImageRenderLimits & { cacheBytes: number }>;
  /** The mailbox's SMTP port, for the web tier's mails (default 0: a free port). */
  smtpPort?: number;
  /** At a stop, how long requests in flight may take to get their answers before the rest are cut (default 10 s). */
  stopDeadlineMs?: number;
}

export interface LocalBackend {
  url: string;
  port: number;
  anonKey: string;
  serviceKey: string;
  mailbox: LocalMailbox;
  /** The mailbox's address with its local-only token, for reading reset mails in a browser. */
  mailboxUrl: string;
  /** Where the web tier sends its mails (SMTP_URL): they land in the mailbox. */
  smtpUrl: string;
  /** Resolves once the work answered before it was done (reset mails) is done. */
  settled(): Promise<void>;
  /** The database, for in-process tools and tests. */
  db: Database;
  /** Readiness (`GET /ready`) turns 503 while the API serves on (its clients are still draining) until `stop`. */
  leave(): void;
  /** Readiness turns 503, requests in flight are answered (shared/http/drain.ts), then the database closes. */
  stop(): Promise<void>;
}

/** The backend's readiness: 200 once it serves, 503 while it starts and from the moment it leaves or stops. */
export const API_READY_PATH = "/ready";
/** Its liveness: 200 while the process answers at all, starting and draining included. */
export const API_LIVE_PATH = "/live";

/** How long a mailed sign-in, reset or confirmation link works (lite's default, as hosted Supabase's). */
const EMAIL_LINK_SECONDS = 3600;

const EXPOSED_HEADERS = "Content-Range, Content-Location, Content-Length, Content-Type, Content-Disposition, ETag, Location, Preference-Applied, Range-Unit, X-Total-Count";

/**
 * The local stand-in for a hosted Supabase project: lite serves `/rest/v1` and `/auth/v1` over the
 * embedded Postgres, and this server adds what lite lacks (`/storage/v1`, the dev mailbox, keys,
 * migrations and CORS) on one port.
 */
export async function startLocalBackend(options: LocalBackendOptions): Promise<LocalBackend> {
  const log = options.log ?? ((line: string) => console.log(line));
  const logLevel: LogLevel = options.logLevel ?? (process.env.LOG_LEVEL?.toLowerCase() === "debug" ? "debug" : "info");
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const keys = await loadOrCreateKeys(dataDir);
  // The port is taken before the database opens: a fresh database's seed stores its files under
  // the API's own public URL. Until everything is ready, requests are answered 503.
  let serve = (_req: IncomingMessage, res: ServerResponse): void => sendJson(res, 503, { message: "The local API is starting" });
  let serving = false;
  const server = createServer();
  // A stop lets requests in flight (a slow upload, a form's insert) finish before the database closes.
  const stops = drain(server, (req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (req.method === "GET" && path === API_READY_PATH) {
      const ready = serving && stops.ready();
      return sendJson(res, ready ? 200 : 503, { ready }, { "Cache-Control": "no-store" });
    }
    if (req.method === "GET" && path === API_LIVE_PATH) return sendJson(res, 200, { live: true }, { "Cache-Control": "no-store" });
    serve(req, res);
  });
  server.on("request", stops.listener);
  const port = await listen(server, options.port, options.host ?? "127.0.0.1");
  const url = `http://${options.host === "localhost" || !options.host ? "localhost" : options.host}:${port}`;
  const storageRoot = join(dataDir, "storage");
  const opened = await openDatabase({
    dataDir,
    supabaseDir: options.supabaseDir ?? resolve(import.meta.dirname, ".."),
    log,
    databaseUrl: options.databaseUrl,
    seedAssets: options.product.seedAssets,
    beforeMigration: options.product.beforeMigration,
    siteUrl: options.siteUrl,
    storage: { root: storageRoot, apiUrl: url },
  }).catch(async (error: unknown) => {
    await closeServer(server);
    throw error;
  });
  const { connection, db } = opened;
  keepMigrationGrants(connection);
  reportPostgresErrorCodes(connection);
  storeJsonStringsAsStrings(connection);
  quietDatabaseErrors(connection, logLevel);
  oneContextStatement(connection);
  const mailbox = new LocalMailbox(log);

  const siteOrigin = new URL(options.siteUrl).origin;
  const restCallers = new VerifiedRestCallers();
  const app = new App({
    connection,
    auth: {
      enabled: true,
      jwt_secret: keys.jwtSecret,
      jwt_expiry: 3600,
      site_url: siteOrigin,
      additional_redirect_urls: [`${siteOrigin}/**`, `${siteOrigin.replace("localhost", "127.0.0.1")}/**`],
      enable_signup: false,
      minimum_password_length: options.product.minimumPasswordLength,
      email: { otp_expiry: EMAIL_LINK_SECONDS },
    },
    options: {
      server: { admin: false, disableStudio: true, apiKeys: { resolver: keyResolver(keys.jwtSecret) }, middlewares: [restCallers.middleware] },
      drivers: { email: mailbox },
    },
  });
  await app.init().catch(async (error: unknown) => {
    await closeServer(server);
    await opened.close();
    throw error;
  });

  const { cacheBytes = DEFAULT_RENDER_CACHE_BYTES, ...renderLimits } = options.imageRendering ?? {};
  const storage = new StorageService(db, storageRoot, options.product.storage, cacheBytes);
  const handleStorage = createStorageHandler(storage, keys.jwtSecret, url, log, { ...DEFAULT_RENDER_LIMITS, ...renderLimits });
  const auth = new AuthGateway({
    db,
    jwtSecret: keys.jwtSecret,
    mailbox,
    siteOrigin,
    log,
    minimumPasswordLength: options.product.minimumPasswordLength,
    emailLinkSeconds: EMAIL_LINK_SECONDS,
    rules: { ...DEFAULT_AUTH_RULES, ...options.authRules, ...(options.signInLimit && { signInLimit: options.signInLimit }), ...(options.addressSignInLimit && { addressSignInLimit: options.addressSignInLimit }) },
  });
  mailbox.issueLinksWith((verificationToken, mailType, recipient) => auth.issueLink(verificationToken, mailType, recipient));
  const bodyLimit = options.bodyLimit ?? 1024 * 1024;
  const mailboxToken = createHmac("sha256", keys.jwtSecret).update("local mailbox").digest("base64url").slice(0, 32);

  /** `/rest/v1` and `/auth/v1`, served by lite at the canonical path that was matched here. */
  async function handleLite(req: IncomingMessage, res: ServerResponse, path: string, search: string): Promise<void> {
    const peerAddress = req.socket.remoteAddress ?? "unknown";
    const host = req.headers.host && URL.canParse(`http://${req.headers.host}`) ? req.headers.host : "localhost";
    const target = new URL(`${path.split("/").map(encodeURIComponent).join("/")}${search}`, `http://${host}`);
    let request: Request;
    try {
      request = await toWebRequest(req, target, bodyLimit);
    } catch (error) {
      if (error instanceof BodyError) return sendJson(res, error.status, { code: "PGRST413", details: null, hint: null, message: error.message });
      throw error;
    }
    const isAuth = pathUnder(path, "/auth/v1");
    const body = request.body ? new Uint8Array(await request.clone().arrayBuffer()) : undefined;
    const badText = badRequestText(target.searchParams, body, request.headers.get("content-type"));
    if (badText) {
      const refusal = isAuth ? authError(400, "validation_failed", badText) : Response.json({ code: "PGRST100", details: null, hint: null, message: badText }, { status: 400 });
      return sendWebResponse(res, refusal, request.method);
    }
    const serve = (forwarded: Request) => app.fetch(forwarded, { peerAddress });
    let response: Response;
    if (isAuth) {
      const route = path.slice("/auth/v1".length).toLowerCase().replace(/\/$/, "");
      response = await auth.handle(request, route, peerAddress, serve);
    } else {
      const bearer = await checkBearer(keys.jwtSecret, request.headers.get("authorization"));
      if (!bearer.ok) {
        const refusal = Response.json(
          { code: bearer.expired ? "PGRST303" : "PGRST301", details: null, hint: null, message: bearer.reason },
          { status: 401, headers: { "WWW-Authenticate": `Bearer error="invalid_token", error_description="${bearer.reason}"` } },
        );
        return sendWebResponse(res, refusal, request.method);
      }
      if (bearer.claims) restCallers.hand(request, bearer.claims);
      response = await serve(request);
    }
    const answer = await normaliseApiResponse(response, log, logLevel);
    await sendWebResponse(res, answer, request.method, { "access-control-expose-headers": exposedHeaders(answer) });
  }

  /** The dev mailbox holds reset links: never readable cross-origin, and only with a secret. */
  function serveMailbox(req: IncomingMessage, res: ServerResponse, search: string): void {
    if (req.method !== "GET") return sendJson(res, 405, { message: "The mailbox is read with GET" }, { Allow: "GET" });
    const presented = [req.headers.apikey, /^Bearer\s+(\S+)$/i.exec(String(req.headers.authorization ?? ""))?.[1], new URLSearchParams(search).get("token")];
    const allowed = presented.some((value) => typeof value === "string" && (sameSecret(value, keys.serviceKey) || sameSecret(value, mailboxToken)));
    if (!allowed) return sendJson(res, 401, { message: "The mailbox needs the service-role key (apikey header) or the mailbox token printed at start (?token=)" });
    // A browser gets a page to read and click; tools (and `format=json`) get JSON.
    const wantsPage = /\btext\/html\b/.test(String(req.headers.accept ?? "")) && new URLSearchParams(search).get("format") !== "json";
    if (!wantsPage) return sendJson(res, 200, mailbox.list(), { "Cache-Control": "no-store" });
    res.writeHead(200, {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
      "Referrer-Policy": "no-referrer",
      "X-Content-Type-Options": "nosniff",
    });
    res.end(mailboxPage(mailbox.list()));
  }

  serve = (req, res) => {
    const rawUrl = req.url ?? "/";
    const rawPath = rawUrl.split("?")[0]!;
    const search = rawUrl.slice(rawPath.length);
    // Storage reads the raw path itself: a `..` in an object name must be seen to be refused.
    if (rawPath.startsWith("/storage/v1/")) {
      allowCrossOrigin(req, res);
      if (req.method === "OPTIONS") return void res.writeHead(204).end();
      return void handleStorage(req, res, new URL(rawUrl, "http://localhost"));
    }
    const path = canonicalPath(rawPath);
    if (path !== null && pathIs(path, "/_dev/mail")) return serveMailbox(req, res, search);
    allowCrossOrigin(req, res);
    if (req.method === "OPTIONS") return void res.writeHead(204).end();
    if (path === null) {
      return sendJson(res, 400, { code: "PGRST100", details: null, hint: null, message: "The request path is not valid: bad percent-encoding, an encoded slash or a control character" });
    }
    if (pathUnder(path, "/rest/v1")) {
      const refusal = refuseRestRequest(req.method ?? "GET", new URLSearchParams(search));
      if (refusal) return sendJson(res, refusal.status, refusal.body);
    }
    if (pathUnder(path, "/rest/v1") || pathUnder(path, "/auth/v1")) {
      return void handleLite(req, res, path, search).catch((error: unknown) => {
        log(`[api] ${req.method} ${path} failed: ${describeError(error, logLevel)}`);
        if (!res.headersSent) sendJson(res, 500, { code: "PGRST000", details: null, hint: null, message: "Internal error" });
        else res.destroy();
      });
    }
    sendJson(res, 404, { message: "Not found", hint: "The local API serves /rest/v1, /auth/v1, /storage/v1, /_dev/mail, /ready and /live" });
  };
  serving = true;

  mailbox.setApiUrl(url);
  const mailboxUrl = `${url}/_dev/mail?token=${mailboxToken}`;
  log(`[mail] reset mails are kept at ${mailboxUrl}`);
  const smtp = await startSmtpSink({ host: options.host ?? "127.0.0.1", port: options.smtpPort ?? 0, onMessage: (message) => mailbox.receive(message) });
  let stopped: Promise<void> | null = null;
  return {
    url,
    port,
    anonKey: keys.anonKey,
    serviceKey: keys.serviceKey,
    mailbox,
    mailboxUrl,
    smtpUrl: smtp.url,
    settled: () => auth.settled(),
    db,
    leave: () => stops.leave(),
    stop() {
      stopped ??= (async () => {
        await stops.stop({ deadlineMs: options.stopDeadlineMs });
        await smtp.stop();
        await auth.settled();
        await opened.close();
      })();
      return stopped;
    },
  };
}

/** Our keys are JWTs signed with this backend's secret, as hosted Supabase's legacy keys are. */
function keyResolver(jwtSecret: string): ApiKeyResolver {
  return async (key) => {
    const claims = await verifyJwt(jwtSecret, key);
    if (claims?.role === "anon") return { type: "publishable", claims: { role: "anon" } };
    if (claims?.role === "service_role") return { type: "secret", claims: { role: "service_role" } };
    return null;
  };
}

function sameSecret(presented: string, secret: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Lite sets its own `Access-Control-Expose-Headers`, which would replace ours: the answer carries both. */
function exposedHeaders(response: Response): string {
  const names = new Map<string, string>();
  for (const name of [...EXPOSED_HEADERS.split(","), ...(response.headers.get("access-control-expose-headers") ?? "").split(",")]) {
    const trimmed = name.trim();
    if (trimmed && !names.has(trimmed.toLowerCase())) names.set(trimmed.toLowerCase(), trimmed);
  }
  return [...names.values()].join(", ");
}

/** Any origin may call the API with its key, as with a hosted project; browsers may read the count. */
function allowCrossOrigin(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader("Access-Control-Allow-Origin", "*");
  res.setHeader("Access-Control-Expose-Headers", EXPOSED_HEADERS);
  if (req.method === "OPTIONS") {
    res.setHeader("Access-Control-Allow-Methods", "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
    res.setHeader("Access-Control-Allow-Headers", requestedHeaderNames(req.headers["access-control-request-headers"]) ?? "authorization, apikey, content-type, prefer, range, x-client-info");
    res.setHeader("Access-Control-Max-Age", "86400");
  }
}

/** The names a preflight asks for, echoed back only when they are header names (RFC 9110 tokens). */
function requestedHeaderNames(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  return value
    .split(",")
    .map((name) => name.trim())
    .filter((name) => /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
    .join(", ");
}
