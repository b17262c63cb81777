import { randomBytes, randomUUID } from "node:crypto";
import type { Database } from "../db/engines.ts";
import { RateLimiter, type RateLimit } from "../../../shared/http/rate-limit.ts";
import { verifyJwt } from "../keys.ts";
import { storedCodeDigest } from "../lite-adapters.ts";
import type { LocalMailbox } from "../mailbox.ts";
import { authError, type Serve } from "./responses.ts";
import { AuthAdmin } from "./admin.ts";
import { EmailVerification, type VerificationRules } from "./email-verification.ts";
import { MfaApi, type MfaRules } from "./mfa.ts";
import { withJsonBody, type Body } from "./requests.ts";
import { SessionTokens } from "./sessions.ts";

export interface AuthRules extends VerificationRules, MfaRules {
  /** Failed password sign-ins allowed per address and email. */
  signInLimit: RateLimit;
  /** Failed password sign-ins allowed per address, whatever the email. */
  addressSignInLimit: RateLimit;
  /** Sign-in mails (reset, one-time link) sent to one address; more are answered as if sent. */
  mailLimit: RateLimit;
  /** How long a rotated refresh token may still be presented (GoTrue's reuse interval). */
  refreshTokenReuseMs: number;
  /** A password change needs a sign-in this recent in the session, else reauthentication. */
  reauthenticationWindowMs: number;
  /** How long a reauthentication code stays valid. */
  reauthenticationCodeMs: number;
}

export const DEFAULT_AUTH_RULES: AuthRules = {
  signInLimit: { limit: 10, windowMs: 5 * 60_000 },
  addressSignInLimit: { limit: 30, windowMs: 5 * 60_000 },
  mailLimit: { limit: 1, windowMs: 60_000 },
  refreshTokenReuseMs: 10_000,
  reauthenticationWindowMs: 24 * 3600_000,
  reauthenticationCodeMs: 3600_000,
  codeGuessLimit: { limit: 5, windowMs: 3600_000 },
  addressGuessLimit: { limit: 15, windowMs: 3600_000 },
  clientVerifyLimit: { limit: 10, windowMs: 5 * 60_000 },
  totpGuessLimit: { limit: 5, windowMs: 5 * 60_000 },
  totpClientLimit: { limit: 15, windowMs: 5 * 60_000 },
  mfaChallengeMs: 300_000,
};

/** Lite's own handling of a request. */
interface AuthGatewayDeps {
  db: Database;
  jwtSecret: string;
  mailbox: LocalMailbox;
  siteOrigin: string;
  log: (line: string) => void;
  rules: AuthRules;
  /** Lite's `minimum_password_length`, which the admin API applies too. */
  minimumPasswordLength: number;
  /** Lite's `otp_expiry` (the admin API's invitations are held longer against it). */
  emailLinkSeconds: number;
}

/** Lite's rule for a well-formed address, so that what lite would refuse is still refused by lite. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const STRING_FIELDS = ["email", "password", "phone", "token", "token_hash", "type", "refresh_token", "nonce", "code_verifier", "auth_code", "scope", "factor_type", "friendly_name", "issuer", "challenge_id", "code"];
const BOOLEAN_FIELDS = ["create_user"];
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * `/auth/v1` in front of lite: the places where lite differs from GoTrue (or from what a hosted
 * project with sign-ups off answers) in ways an attacker could use are decided here, before or
 * instead of lite, and what lite lacks is served here: the admin API, MFA, and GoTrue's `aal` and
 * `amr` on every token. Every answer of this path carries `Cache-Control: no-store`, as tokens do.
 */
export class AuthGateway {
  readonly #failedPerAccount: RateLimiter;
  readonly #failedPerAddress: RateLimiter;
  readonly #mailsPerRecipient: RateLimiter;
  readonly #pending = new Set<Promise<void>>();
  readonly #admin: AuthAdmin;
  readonly #sessions: SessionTokens;
  readonly #verification: EmailVerification;
  readonly #mfa: MfaApi;

  constructor(private readonly deps: AuthGatewayDeps) {
    this.#sessions = new SessionTokens(deps.db, deps.jwtSecret);
    this.#verification = new EmailVerification(deps.db, deps.rules);
    this.#mfa = new MfaApi({ db: deps.db, jwtSecret: deps.jwtSecret, siteOrigin: deps.siteOrigin, rules: deps.rules, sessions: this.#sessions });
    this.#admin = new AuthAdmin({ ...deps, factors: this.#mfa, sessions: this.#sessions });
    this.#failedPerAccount = new RateLimiter(deps.rules.signInLimit);
    this.#failedPerAddress = new RateLimiter(deps.rules.addressSignInLimit);
    this.#mailsPerRecipient = new RateLimiter(deps.rules.mailLimit);
  }

  /** `route` is the canonical path below `/auth/v1`, lower-cased and without a trailing slash. */
  async handle(request: Request, route: string, peerAddress: string, serve: Serve): Promise<Response> {
    const body = await readBody(request);
    const typeError = body && wrongFieldType(body);
    // Lite writes redirect_to into a Location header, which cannot hold control characters.
    const badRedirect = CONTROL_CHARACTERS.test(new URL(request.url).searchParams.get("redirect_to") ?? "");
    const response = typeError
      ? authError(400, "bad_json", `Could not parse request body as JSON: ${typeError}`)
      : badRedirect
        ? authError(400, "validation_failed", "redirect_to must be a URL without control characters")
        : await this.#route(request, route, body, peerAddress, serve);
    return withHeader(response, "Cache-Control", "no-store");
  }

  /** The token a mailed verify link carries in place of lite's (see EmailVerification). */
  issueLink(verificationToken: string, mailType: string, recipient: string): Promise<string> {
    return this.#verification.issueLink(verificationToken, mailType, recipient);
  }

  /** Resolves once the mails being sent off the response path are sent (for a clean stop). */
  async settled(): Promise<void> {
    await Promise.all([...this.#pending]);
  }

  async #route(request: Request, route: string, body: Body | null, peerAddress: string, serve: Serve): Promise<Response> {
    if (AuthAdmin.serves(route)) return this.#admin.handle(request, route, body, serve);
    if (MfaApi.serves(route)) return this.#mfa.handle(request, route, body, peerAddress, serve);
    const sessions = this.#sessions;
    switch (`${request.method} ${route}`) {
      case "POST /token":
        return this.#token(request, body, peerAddress, serve);
      case "POST /verify":
        // GoTrue records an email verification as `otp`, whatever its type.
        return sessions.issued(await this.#verification.verify(request, body, peerAddress, serve), "otp");
      case "GET /verify":
        return sessions.redirected(await this.#verification.verifyLink(request, peerAddress, serve), "otp");
      case "GET /user":
        return sessions.user(await serve(request));
      case "POST /logout":
        return serve(withGlobalLogoutByDefault(request));
      case "POST /otp":
        // Sign-ups are off: a request that asks to create an account is refused before any lookup,
        // so the answer says nothing about whether the address has an account.
        if ((body?.create_user ?? (body?.options as Body | undefined)?.shouldCreateUser) !== false) return signupsDisabled();
        return this.#mailQuietly(request, body, serve);
      case "POST /magiclink":
        return signupsDisabled();
      case "POST /recover":
        return this.#mailQuietly(request, body, serve);
      case "PUT /user":
        return sessions.user(await this.#updateUser(request, body, serve));
      default:
        return serve(request);
    }
  }

  /** Every grant's session carries GoTrue's claims; a new session records how it was authenticated. */
  async #token(request: Request, body: Body | null, peerAddress: string, serve: Serve): Promise<Response> {
    const sessions = this.#sessions;
    switch (new URL(request.url).searchParams.get("grant_type")) {
      case "password":
        return sessions.issued(await this.#passwordSignIn(request, body, peerAddress, serve), "password");
      case "refresh_token":
        return sessions.issued(await this.#refresh(request, body, serve), null);
      case "pkce": {
        // The code's flow knows how its session was authenticated (lite's: an OAuth sign-in).
        const { rows } = await this.deps.db.query<{ method: string }>("select authentication_method as method from auth.flow_state where auth_code = $1", [
          typeof body?.auth_code === "string" ? body.auth_code : "",
        ]);
        return sessions.issued(await serve(request), rows[0]?.method ?? "oauth");
      }
      default:
        return serve(request);
    }
  }

  async #passwordSignIn(request: Request, body: Body | null, peerAddress: string, serve: Serve): Promise<Response> {
    const email = typeof body?.email === "string" ? body.email.toLowerCase() : "";
    const accountKey = `${peerAddress}|${email}`;
    const refused = [this.#failedPerAccount.check(accountKey), this.#failedPerAddress.check(peerAddress)].find((decision) => !decision.allowed);
    if (refused && !refused.allowed) {
      return authError(429, "over_request_rate_limit", "Too many failed sign-in attempts. Try again later.", { "Retry-After": String(refused.retryAfterSeconds) });
    }
    // GoTrue refuses a banned account before checking its password (lite does not check bans).
    const { rows: banned } = await this.deps.db.query("select 1 from auth.users where lower(email) = $1 and banned_until > now()", [email]);
    if (banned.length > 0) return authError(400, "user_banned", "User is banned");
    const response = await serve(request);
    if (response.status === 400) {
      this.#failedPerAccount.record(accountKey);
      this.#failedPerAddress.record(peerAddress);
    }
    return response;
  }

  /**
   * Lite hands out a rotated refresh token's successor for as long as the old token is presented;
   * GoTrue only within its reuse interval, and treats a later reuse as theft: the whole session's
   * tokens are revoked.
   */
  async #refresh(request: Request, body: Body | null, serve: Serve): Promise<Response> {
    const token = body?.refresh_token;
    if (typeof token === "string" && token !== "") {
      const { rows } = await this.deps.db.query<{ session_id: string | null; reused_late: boolean }>(
        "select session_id, (revoked and updated_at < now() - make_interval(secs => $2)) as reused_late from auth.refresh_tokens where token = $1",
        [token, this.deps.rules.refreshTokenReuseMs / 1000],
      );
      const row = rows[0];
      if (row?.reused_late) {
        if (row.session_id) await this.deps.db.query("update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1", [row.session_id]);
        return authError(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used");
      }
    }
    return serve(request);
  }

  /**
   * Reset and one-time-link mails: the answer is the same, and as fast, whether or not the address
   * has an account, and whether or not a mail was sent: the lookup and the mail happen after it.
   * One mail per address per window; more are answered as if sent.
   */
  async #mailQuietly(request: Request, body: Body | null, serve: Serve): Promise<Response> {
    const email = body?.email;
    // Lite's own answer for a missing or malformed address is the same for every address.
    if (typeof email !== "string" || !EMAIL.test(email.toLowerCase())) return serve(request);
    const recipient = email.toLowerCase();
    if (this.#mailsPerRecipient.check(recipient).allowed) {
      this.#mailsPerRecipient.record(recipient);
      this.#noteRecoveryRedirect(request, recipient);
      this.#offResponsePath(request, serve);
    }
    return Response.json({}, { status: 200 });
  }

  #offResponsePath(request: Request, serve: Serve): void {
    const work = serve(request)
      .then(async (response) => {
        await response.arrayBuffer();
        if (response.status >= 500) this.deps.log(`[auth] ${new URL(request.url).pathname} answered ${response.status} off the response path`);
      })
      .catch((error: unknown) => this.deps.log(`[auth] ${new URL(request.url).pathname} failed off the response path: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => this.#pending.delete(work));
    this.#pending.add(work);
  }

  /**
   * Hosted Supabase sends a reset mail whose link leads to the `redirect_to` the request names (when it
   * is allowed); lite ignores it, so the mailbox is told where the next mail should lead.
   */
  #noteRecoveryRedirect(request: Request, recipient: string): void {
    const url = new URL(request.url);
    if (!url.pathname.toLowerCase().endsWith("/recover")) return;
    const redirectTo = url.searchParams.get("redirect_to");
    if (!redirectTo || !URL.canParse(redirectTo) || new URL(redirectTo).origin !== this.deps.siteOrigin) return;
    this.deps.mailbox.redirectNextMailTo(recipient, redirectTo);
  }

  /**
   * Two rules of GoTrue's `PUT /user` lite lacks: a password change needs a recent sign-in in the
   * session (a reset link's recovery session is one) or a reauthentication code, and an address taken
   * by another account gets the same answer as a free one, so accounts cannot be found this way.
   */
  async #updateUser(request: Request, body: Body | null, serve: Serve): Promise<Response> {
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
    const claims = bearer ? await verifyJwt(this.deps.jwtSecret, bearer) : null;
    if (!body || !claims || typeof claims.sub !== "string" || typeof claims.session_id !== "string") return serve(request);
    let forward = body;

    if (typeof body.password === "string") {
      const { rows } = await this.deps.db.query<{ recent: boolean }>(
        "select created_at > now() - make_interval(secs => $2) as recent from auth.sessions where id = $1",
        [claims.session_id, this.deps.rules.reauthenticationWindowMs / 1000],
      );
      if (rows[0] && !rows[0].recent) {
        if (typeof body.nonce !== "string" || body.nonce === "") return authError(400, "reauthentication_needed", "Password update requires reauthentication");
        if (!(await this.#claimReauthenticationCode(claims.sub, body.nonce))) return authError(422, "reauthentication_not_valid", "Requested nonce is invalid or has expired");
      }
      forward = without(forward, "nonce");
    }

    if (typeof body.email === "string" && EMAIL.test(body.email.toLowerCase())) {
      const email = body.email.toLowerCase();
      const { rows } = await this.deps.db.query("select 1 from auth.users where lower(email) = $1 and id <> $2", [email, claims.sub]);
      if (rows.length > 0) return this.#changeToTakenAddress(request, forward, claims.sub, email, serve);
    }
    return serve(forward === body ? request : withJsonBody(request, forward));
  }

  /**
   * Lite refuses an address another account holds (`email_exists`), which tells that it is taken.
   * Instead lite runs its own change flow for an address nobody can hold, standing in for the taken
   * one in the stored request and in the mail: the answer, its dates, `updated_at` and the mail are
   * lite's own, as for a free address. Then the change's codes are replaced by ones nobody knows, so
   * the mailed link and code confirm nothing.
   */
  async #changeToTakenAddress(request: Request, body: Body, userId: string, takenEmail: string, serve: Serve): Promise<Response> {
    const placeholder = `${randomUUID()}@email-change.invalid`;
    this.deps.mailbox.substitute(placeholder, takenEmail);
    let response: Response;
    try {
      response = await serve(withJsonBody(request, { ...body, email: placeholder }));
    } finally {
      this.deps.mailbox.forgetSubstitution(placeholder);
    }
    await this.deps.db.query(
      "update auth.users set email_change = $2, email_change_token_current = $3, email_change_token_new = $4 where id = $1 and email_change = $5",
      [userId, takenEmail, randomBytes(32).toString("hex"), randomBytes(32).toString("hex"), placeholder],
    );
    const text = (await response.text()).replaceAll(placeholder, takenEmail);
    const headers = new Headers(response.headers);
    headers.delete("content-length");
    return new Response(text, { status: response.status, statusText: response.statusText, headers });
  }

  /** The code mailed by `GET /reauthenticate`, used once, within its lifetime (as lite stores it). */
  async #claimReauthenticationCode(userId: string, code: string): Promise<boolean> {
    const { rows } = await this.deps.db.query<{ email: string | null }>("select email from auth.users where id = $1", [userId]);
    const email = rows[0]?.email;
    if (!email) return false;
    const claimed = await this.deps.db.query(
      `update auth.users set reauthentication_token = '', reauthentication_sent_at = null
        where id = $1 and reauthentication_token = $2 and reauthentication_sent_at > now() - make_interval(secs => $3)
        returning id`,
      [userId, storedCodeDigest(email, code), this.deps.rules.reauthenticationCodeMs / 1000],
    );
    return claimed.rows.length > 0;
  }
}

function signupsDisabled(): Response {
  return authError(422, "signup_disabled", "Signups not allowed for this instance");
}


async function readBody(request: Request): Promise<Body | null> {
  if (request.method !== "POST" && request.method !== "PUT") return null;
  const parsed: unknown = await request
    .clone()
    .json()
    .catch(() => null);
  return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Body) : null;
}

/** GoTrue decodes bodies into typed fields: a field of the wrong JSON type is a 400, not a crash. */
function wrongFieldType(body: Body): string | null {
  const kind = (value: unknown) => (Array.isArray(value) ? "array" : value === null ? "null" : typeof value === "object" ? "object" : typeof value);
  for (const field of STRING_FIELDS) {
    const value = body[field];
    if (value !== undefined && value !== null && typeof value !== "string") return `json: cannot unmarshal ${kind(value)} into Go struct field .${field} of type string`;
  }
  for (const field of BOOLEAN_FIELDS) {
    const value = body[field];
    if (value !== undefined && value !== null && typeof value !== "boolean") return `json: cannot unmarshal ${kind(value)} into Go struct field .${field} of type bool`;
  }
  return null;
}

function without(body: Body, field: string): Body {
  return Object.fromEntries(Object.entries(body).filter(([name]) => name !== field));
}

/** GoTrue signs out everywhere unless the query names another scope; lite's default is the one session. */
function withGlobalLogoutByDefault(request: Request): Request {
  const url = new URL(request.url);
  if (url.searchParams.has("scope")) return request;
  url.searchParams.set("scope", "global");
  // The body is not passed on: lite would read a scope there, GoTrue reads the query alone.
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  return new Request(url, { method: request.method, headers });
}

function withHeader(response: Response, name: string, value: string): Response {
  if (response.headers.has(name)) return response;
  const headers = new Headers(response.headers);
  headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
