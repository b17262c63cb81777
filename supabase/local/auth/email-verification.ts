import { createHash, randomBytes } from "node:crypto";
import type { Database } from "../db/engines.ts";
import { RateLimiter, type RateDecision, type RateLimit } from "../../../shared/http/rate-limit.ts";
import { authError, type Serve } from "./responses.ts";
import { jsonObject, withJsonBody, type Body } from "./requests.ts";

export interface VerificationRules {
  /** Wrong codes allowed per address while its code is pending; then its codes are cleared, and refused until a new one is sent. */
  codeGuessLimit: RateLimit;
  /** Wrong codes allowed per address however many codes it is sent (a new code does not reset it). */
  addressGuessLimit: RateLimit;
  /** Failed verifications, of codes and of links, allowed per client address. */
  clientVerifyLimit: RateLimit;
}

/** The token columns of auth.users a verification reads. */
type TokenColumn = "confirmation" | "recovery" | "email_change";

/** The email verification types of GoTrue's `/verify`, and the token columns each one reads. */
const COLUMNS_READ = new Map<string, readonly TokenColumn[]>([
  ["signup", ["confirmation"]],
  ["invite", ["confirmation"]],
  ["magiclink", ["recovery"]],
  ["recovery", ["recovery"]],
  ["email", ["confirmation", "recovery"]],
  ["email_change", ["email_change"]],
]);

/** The type of each mail that carries a link (lite's, and our invitations), and the column its token is in. */
const COLUMN_OF_MAIL = new Map<string, TokenColumn>([
  ["signup", "confirmation"],
  ["invite", "confirmation"],
  ["magiclink", "recovery"],
  ["recovery", "recovery"],
  ["email_change", "email_change"],
]);

/** The type lite verifies a link's token as, by its column (lite knows no `invite` and no `email`). */
const LITE_TYPE_OF_COLUMN: Record<TokenColumn, string> = { confirmation: "signup", recovery: "recovery", email_change: "email_change" };

/** The type lite verifies a code as: the same columns as GoTrue reads (lite's magiclink reads recovery, then confirmation). */
const LITE_TYPE_OF_CODE = new Map([
  ["signup", "signup"],
  ["magiclink", "magiclink"],
  ["recovery", "recovery"],
  ["email", "magiclink"],
  ["email_change", "email_change"],
]);

/** A token lite can hold in no column (they hold hex digests or nothing): lite answers it as an unknown link. */
const NO_SUCH_TOKEN = "no-such-link";
/** Rows of links are kept longer than any link works (an invitation's day). */
const LINK_RETENTION = "2 days";
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * GoTrue's `/verify` for email, in front of lite's, so that neither a code nor a link can be guessed.
 *
 * Codes: lite keeps a 6-digit code as SHA-256(address + code) in a token column and counts no
 * failures. Here wrong codes are counted per address while its code is pending, per address over
 * time, and per client; at the limit for a pending code its codes are cleared in the database (a
 * restart does not revive them) and the address is answered 429 until a new code is sent.
 *
 * Links: lite's link carried that same digest, which anyone can compute from the address and each of
 * the million codes. Every mailed link now carries a random token instead (`issueLink`, called by
 * the mailbox), kept only as its own digest beside the column value it stands for; the link is
 * verified by giving lite that value. A code never hashes to a link's token, and no code completes
 * an invitation: an invitation's column value is random too, and codes for an invited address that
 * has not accepted are refused.
 */
export class EmailVerification {
  readonly #codeGuesses: RateLimiter;
  readonly #addressGuesses: RateLimiter;
  readonly #clientFailures: RateLimiter;

  constructor(
    private readonly db: Database,
    rules: VerificationRules,
  ) {
    this.#codeGuesses = new RateLimiter(rules.codeGuessLimit);
    this.#addressGuesses = new RateLimiter(rules.addressGuessLimit);
    this.#clientFailures = new RateLimiter(rules.clientVerifyLimit);
  }

  /**
   * The token a mailed link carries in place of `verificationToken` (a token column's value), and a
   * fresh count of wrong codes for the recipient: a new code or link has been sent.
   */
  async issueLink(verificationToken: string, mailType: string, recipient: string): Promise<string> {
    const token = randomBytes(32).toString("base64url");
    await this.db.query(`delete from auth.email_links where created_at < now() - interval '${LINK_RETENTION}'`);
    await this.db.query("insert into auth.email_links (token_hash, verification_token, type) values ($1, $2, $3)", [digest(token), verificationToken, mailType]);
    this.#codeGuesses.forget(recipient.toLowerCase());
    return token;
  }

  /** `GET /verify?token=…&type=…&redirect_to=…`: a mailed link, answered by a redirect (or a refusal). */
  async verifyLink(request: Request, peerAddress: string, serve: Serve): Promise<Response> {
    const url = new URL(request.url);
    const type = url.searchParams.get("type") ?? "";
    const token = url.searchParams.get("token") ?? "";
    if (!type) return authError(400, "validation_failed", "Verify requires a verification type");
    if (!COLUMNS_READ.has(type)) return authError(400, "validation_failed", "Unsupported verification type");
    if (!token) return authError(400, "validation_failed", "Verify requires a token or a token hash");
    const refused = this.#refusal([this.#clientFailures.check(peerAddress)]);
    if (refused) return refused;

    const link = await this.#link(token, type);
    const forwarded = new URL(url);
    forwarded.searchParams.set("token", link?.verificationToken ?? NO_SUCH_TOKEN);
    forwarded.searchParams.set("type", link ? LITE_TYPE_OF_COLUMN[link.column] : "recovery");
    const response = await serve(new Request(forwarded, { method: "GET", headers: request.headers }));
    const location = response.headers.get("location");
    if (!location || !URL.canParse(location, url)) return response;
    const target = new URL(location, url);
    const fragment = new URLSearchParams(target.hash.slice(1));
    if (fragment.has("error_code")) {
      this.#clientFailures.record(peerAddress);
      return response;
    }
    // GoTrue's redirect names the type the link was verified as.
    fragment.set("type", type);
    target.hash = fragment.toString();
    const headers = new Headers(response.headers);
    headers.set("location", target.toString());
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }

  /** `POST /verify`: `{email, token, type}` (a code) or `{token_hash, type}` (a link's token), answered with a session. */
  async verify(request: Request, body: Body | null, peerAddress: string, serve: Serve): Promise<Response> {
    const type = typeof body?.type === "string" ? body.type : "";
    const token = typeof body?.token === "string" ? body.token : "";
    const tokenHash = typeof body?.token_hash === "string" ? body.token_hash : "";
    if (!type) return authError(400, "validation_failed", "Verify requires a verification type");
    if (!COLUMNS_READ.has(type)) return authError(400, "validation_failed", "Unsupported verification type");
    if ((token === "") === (tokenHash === "")) return authError(400, "validation_failed", "Verify requires either a token or a token hash");
    if (tokenHash) {
      if (body?.email || body?.phone || body?.redirect_to) return authError(400, "validation_failed", "Only the token_hash and type should be provided");
      return this.#verifyLinkToken(request, tokenHash, type, peerAddress, serve);
    }
    const email = typeof body?.email === "string" ? body.email.trim().toLowerCase() : "";
    if (!email) return authError(400, "validation_failed", "Only an email address or phone number should be provided on verify");
    if (!EMAIL.test(email)) return authError(422, "validation_failed", "Invalid email format");
    return this.#verifyCode(request, email, token, type, peerAddress, serve);
  }

  async #verifyLinkToken(request: Request, token: string, type: string, peerAddress: string, serve: Serve): Promise<Response> {
    const refused = this.#refusal([this.#clientFailures.check(peerAddress)]);
    if (refused) return refused;
    const link = await this.#link(token, type);
    if (!link) {
      this.#clientFailures.record(peerAddress);
      return linkExpired();
    }
    const response = await serve(withJsonBody(request, { token_hash: link.verificationToken, type: LITE_TYPE_OF_COLUMN[link.column] }));
    if (response.status === 403) this.#clientFailures.record(peerAddress);
    return response;
  }

  async #verifyCode(request: Request, email: string, code: string, type: string, peerAddress: string, serve: Serve): Promise<Response> {
    const codeCheck = this.#codeGuesses.check(email);
    if (!codeCheck.allowed) {
      return authError(429, "over_request_rate_limit", "Too many wrong codes for this address: it no longer works. Request a new one.", { "Retry-After": String(codeCheck.retryAfterSeconds) });
    }
    const refused = this.#refusal([this.#clientFailures.check(peerAddress), this.#addressGuesses.check(email)]);
    if (refused) return refused;

    const liteType = LITE_TYPE_OF_CODE.get(type);
    const response = liteType && !(await this.#awaitsInvitation(email)) ? await serve(withJsonBody(request, { email, token: code, type: liteType })) : codeExpired();
    if (response.status === 403 && (await jsonObject(response))?.error_code === "otp_expired") await this.#recordWrongCode(email, peerAddress);
    return response;
  }

  /** An invitation is accepted through its link only: an invited address that has not accepted takes no code. */
  async #awaitsInvitation(email: string): Promise<boolean> {
    const { rows } = await this.db.query("select 1 from auth.users where lower(email) = $1 and invited_at is not null and email_confirmed_at is null", [email]);
    return rows.length > 0;
  }

  async #recordWrongCode(email: string, peerAddress: string): Promise<void> {
    this.#clientFailures.record(peerAddress);
    this.#addressGuesses.record(email);
    this.#codeGuesses.record(email);
    if (!this.#codeGuesses.check(email).allowed) await this.#clearCodes(email);
  }

  /**
   * The address's pending codes stop working, in the database: its reset, sign-in and confirmation
   * codes, and an address change's code sent to it. An invitation holds no code and stays.
   */
  async #clearCodes(email: string): Promise<void> {
    await this.db.query(
      `update auth.users set
         recovery_token = case when lower(email) = $1 then '' else recovery_token end,
         confirmation_token = case when lower(email) = $1 and invited_at is null then '' else confirmation_token end,
         email_change_token_current = case when lower(email) = $1 then '' else email_change_token_current end,
         email_change_token_new = case when lower(email_change) = $1 then '' else email_change_token_new end
       where lower(email) = $1 or lower(email_change) = $1`,
      [email],
    );
  }

  /** The link whose token this is, when the requested type reads its column. */
  async #link(token: string, type: string): Promise<{ verificationToken: string; column: TokenColumn } | null> {
    const { rows } = await this.db.query<{ verification_token: string; type: string }>("select verification_token, type from auth.email_links where token_hash = $1", [digest(token)]);
    const column = rows[0] ? COLUMN_OF_MAIL.get(rows[0].type) : undefined;
    return column && COLUMNS_READ.get(type)?.includes(column) ? { verificationToken: rows[0]!.verification_token, column } : null;
  }

  #refusal(decisions: RateDecision[]): Response | null {
    const refused = decisions.find((decision) => !decision.allowed);
    if (!refused || refused.allowed) return null;
    return authError(429, "over_request_rate_limit", "Too many failed verification attempts. Try again later.", { "Retry-After": String(refused.retryAfterSeconds) });
  }
}

function digest(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** GoTrue's answer for a link token it does not hold. */
function linkExpired(): Response {
  return authError(403, "otp_expired", "Email link is invalid or has expired");
}

/** GoTrue's answer for a wrong or expired code. */
function codeExpired(): Response {
  return authError(403, "otp_expired", "Token has expired or is invalid");
}
