import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { App, type ApiKeyResolver } from "@supabase/lite";
import type { PGliteInterface } from "@electric-sql/pglite";
import { openDatabase } from "./database.ts";
import { loadOrCreateKeys, verifyJwt } from "./keys.ts";
import { keepMigrationGrants, reportPostgresErrorCodes } from "./lite-adapters.ts";
import { LocalMailbox } from "./mailbox.ts";
import { normaliseApiResponse } from "./responses.ts";
import { refuseRestRequest } from "./requests.ts";
import { BodyError, closeServer, listen, sendJson } from "../../shared/http/http-util.ts";
import { sendWebResponse, toWebRequest } from "./fetch-bridge.ts";
import { RateLimiter, type RateLimit } from "../../shared/http/rate-limit.ts";
import { StorageService } from "./storage/service.ts";
import { createStorageHandler } from "./storage/http.ts";

export interface LocalBackendOptions {
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
}

export interface LocalBackend {
  url: string;
  port: number;
  anonKey: string;
  serviceKey: string;
  mailbox: LocalMailbox;
  /** The embedded database, for in-process writers such as the form intake and for tests. */
  pg: PGliteInterface;
  stop(): Promise<void>;
}

const EXPOSED_HEADERS = "Content-Range, Content-Location, Content-Length, Content-Type, Content-Disposition, ETag, Location, Preference-Applied, Range-Unit, X-Total-Count";

/**
 * The local stand-in for a hosted Supabase project: lite serves `/rest/v1` and `/auth/v1` over the
 * embedded Postgres, and this server adds what lite lacks (`/storage/v1`, the dev mailbox, keys,
 * migrations and CORS) on one port.
 */
export async function startLocalBackend(options: LocalBackendOptions): Promise<LocalBackend> {
  const log = options.log ?? ((line: string) => console.log(line));
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const keys = await loadOrCreateKeys(dataDir);
  const { connection } = await openDatabase({ dataDir, supabaseDir: options.supabaseDir ?? resolve(import.meta.dirname, ".."), log });
  keepMigrationGrants(connection);
  reportPostgresErrorCodes(connection);
  const mailbox = new LocalMailbox(log);

  const siteOrigin = new URL(options.siteUrl).origin;
  const app = new App({
    connection,
    auth: {
      enabled: true,
      jwt_secret: keys.jwtSecret,
      jwt_expiry: 3600,
      site_url: siteOrigin,
      additional_redirect_urls: [`${siteOrigin}/**`, `${siteOrigin.replace("localhost", "127.0.0.1")}/**`],
      enable_signup: false,
      minimum_password_length: 8,
    },
    options: {
      server: { admin: false, disableStudio: true, apiKeys: { resolver: keyResolver(keys.jwtSecret) } },
      drivers: { email: mailbox },
    },
  });
  await app.init();

  const storage = new StorageService(connection.driver, join(dataDir, "storage"));
  const handleStorage = createStorageHandler(storage, keys.jwtSecret);
  // Failed sign-ins are counted per account (guessing one password) and per address (trying many accounts).
  const failedPerAccount = new RateLimiter(options.signInLimit ?? { limit: 10, windowMs: 5 * 60_000 });
  const failedPerAddress = new RateLimiter(options.addressSignInLimit ?? { limit: 30, windowMs: 5 * 60_000 });
  const bodyLimit = options.bodyLimit ?? 1024 * 1024;

  async function handleLite(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const peerAddress = req.socket.remoteAddress ?? null;
    let request: Request;
    try {
      request = await toWebRequest(req, `http://${req.headers.host ?? "localhost"}`, bodyLimit);
    } catch (error) {
      if (error instanceof BodyError) return sendJson(res, error.status, { code: "PGRST413", details: null, hint: null, message: error.message });
      throw error;
    }
    const signIn = await passwordSignIn(request, url);
    const accountKey = signIn ? `${peerAddress}|${signIn.email}` : null;
    if (signIn) {
      const decisions = [failedPerAccount.check(accountKey!), failedPerAddress.check(String(peerAddress))];
      const refused = decisions.find((decision) => !decision.allowed);
      if (refused && !refused.allowed) {
        return sendJson(res, 429, { code: 429, error_code: "over_request_rate_limit", msg: "Too many failed sign-in attempts. Try again later." }, { "Retry-After": String(refused.retryAfterSeconds) });
      }
    }
    await noteRecoveryRedirect(request, mailbox, siteOrigin);
    const response = await normaliseApiResponse(await app.fetch(request, { peerAddress }), log);
    if (signIn && response.status === 400) {
      failedPerAccount.record(accountKey!);
      failedPerAddress.record(String(peerAddress));
    }
    await sendWebResponse(res, response, request.method);
  }

  const server = createServer((req, res) => {
    allowCrossOrigin(req, res);
    if (req.method === "OPTIONS") {
      res.writeHead(204).end();
      return;
    }
    const path = (req.url ?? "/").split("?")[0]!;
    const url = new URL(req.url ?? "/", "http://localhost");
    if (path.startsWith("/storage/v1/")) return void handleStorage(req, res, url);
    if (path.startsWith("/rest/v1")) {
      const refusal = refuseRestRequest(req.method ?? "GET", url.searchParams);
      if (refusal) return sendJson(res, refusal.status, refusal.body);
    }
    if (path.startsWith("/rest/v1") || path.startsWith("/auth/v1")) {
      return void handleLite(req, res, url).catch((error: unknown) => {
        log(`[api] ${req.method} ${path} failed: ${error instanceof Error ? error.stack : String(error)}`);
        if (!res.headersSent) sendJson(res, 500, { code: "PGRST000", details: null, hint: null, message: "Internal error" });
        else res.destroy();
      });
    }
    if (path === "/_dev/mail" && req.method === "GET") return sendJson(res, 200, mailbox.list());
    sendJson(res, 404, { message: "Not found", hint: "The local API serves /rest/v1, /auth/v1, /storage/v1 and /_dev/mail" });
  });

  const port = await listen(server, options.port, options.host ?? "127.0.0.1");
  const url = `http://${options.host === "localhost" || !options.host ? "localhost" : options.host}:${port}`;
  mailbox.setApiUrl(url);
  let stopped: Promise<void> | null = null;
  return {
    url,
    port,
    anonKey: keys.anonKey,
    serviceKey: keys.serviceKey,
    mailbox,
    pg: connection.driver,
    stop() {
      stopped ??= (async () => {
        await closeServer(server);
        await connection.close();
      })();
      return stopped;
    },
  };
}

/** The email of a password sign-in (`POST /auth/v1/token?grant_type=password`), or null. */
async function passwordSignIn(request: Request, url: URL): Promise<{ email: string } | null> {
  if (request.method !== "POST" || !url.pathname.endsWith("/auth/v1/token") || url.searchParams.get("grant_type") !== "password") return null;
  const body = (await request.clone().json().catch(() => null)) as { email?: unknown } | null;
  return { email: typeof body?.email === "string" ? body.email.toLowerCase() : "" };
}

/**
 * Hosted Supabase sends a reset mail whose link leads to the `redirect_to` the request names (when it
 * is allowed); lite ignores it, so the mailbox is told where the next mail should lead.
 */
async function noteRecoveryRedirect(request: Request, mailbox: LocalMailbox, siteOrigin: string): Promise<void> {
  const url = new URL(request.url);
  if (request.method !== "POST" || !url.pathname.endsWith("/auth/v1/recover")) return;
  const redirectTo = url.searchParams.get("redirect_to");
  if (!redirectTo || !URL.canParse(redirectTo) || new URL(redirectTo).origin !== siteOrigin) return;
  const body = (await request.clone().json().catch(() => null)) as { email?: unknown } | null;
  if (typeof body?.email === "string") mailbox.redirectNextMailTo(body.email, redirectTo);
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

/** Any origin may call the API with its key, as with a hosted project; browsers may read the count. */
function allowCrossOrigin(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader("Access-Control-Allow-Origin", "*");
  res.setHeader("Access-Control-Expose-Headers", EXPOSED_HEADERS);
  if (req.method === "OPTIONS") {
    res.setHeader("Access-Control-Allow-Methods", "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
    res.setHeader("Access-Control-Allow-Headers", req.headers["access-control-request-headers"] ?? "authorization, apikey, content-type, prefer, range, x-client-info");
    res.setHeader("Access-Control-Max-Age", "86400");
  }
}
