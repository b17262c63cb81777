import { randomUUID } from "node:crypto";
import { isIP } from "node:net";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import type { Database } from "../db/engines.ts";
import { verifyJwt } from "../keys.ts";
import { RateLimiter, type RateLimit } from "../../../shared/http/rate-limit.ts";
import { downgradeSessionsOf, FACTOR_COLUMNS, factorJson, factorsOf, type FactorRow } from "./factors.ts";
import { authError, type Serve } from "./responses.ts";
import { bearerToken, jsonObject, type Body } from "./requests.ts";
import type { SessionTokens } from "./sessions.ts";

export interface MfaRules {
  /** Wrong TOTP codes allowed per factor. */
  totpGuessLimit: RateLimit;
  /** Wrong TOTP codes allowed per client address. */
  totpClientLimit: RateLimit;
  /** How long a challenge can be verified (GoTrue's `challenge_expiry_duration`). */
  mfaChallengeMs: number;
}

interface MfaDeps {
  db: Database;
  jwtSecret: string;
  /** The site's origin: a TOTP factor's issuer when the enrolment names none (GoTrue's default). */
  siteOrigin: string;
  rules: MfaRules;
  sessions: SessionTokens;
}

/** Who calls: a signed-in user, in a session of theirs. */
interface Caller {
  userId: string;
  email: string;
  sessionId: string;
  aal: string;
}

type Factor = FactorRow & { secret: string | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** GoTrue's defaults: enrolled factors per user, verified ones, and how long an unchallenged, unverified factor is kept. */
const MAX_ENROLLED_FACTORS = 10;
const MAX_VERIFIED_FACTORS = 10;
const UNVERIFIED_FACTOR_SECONDS = 300;
/** GoTrue's TOTP: SHA-1, six digits, 30-second steps, a code of the step before or after accepted. */
const TOTP_PARAMETERS = { algorithm: "SHA1", digits: 6, period: 30 } as const;
const TOTP_WINDOW = 1;
/** Longest friendly name and issuer: a name is in a unique index, which cannot hold a long one. */
const MAX_NAME_LENGTH = 255;

/**
 * GoTrue's TOTP multi-factor API (`/factors`, and the admin API's `/admin/users/:id/factors`), which
 * lite lacks, over the tables a hosted project has (auth.mfa_factors, mfa_challenges,
 * mfa_amr_claims), with GoTrue's answers and errors. Beyond GoTrue: wrong codes are limited per
 * factor and per client, and a code is accepted once (a later code must be of a later time step).
 */
export class MfaApi {
  readonly #guessesPerFactor: RateLimiter;
  readonly #guessesPerClient: RateLimiter;

  constructor(private readonly deps: MfaDeps) {
    this.#guessesPerFactor = new RateLimiter(deps.rules.totpGuessLimit);
    this.#guessesPerClient = new RateLimiter(deps.rules.totpClientLimit);
  }

  /** Whether `route` (below `/auth/v1`, lower-cased) is the factors API's. */
  static serves(route: string): boolean {
    return route === "/factors" || route.startsWith("/factors/");
  }

  async handle(request: Request, route: string, body: Body | null, peerAddress: string, serve: Serve): Promise<Response> {
    const caller = await this.#authenticate(request, serve);
    if (caller instanceof Response) return caller;
    const [factorId, action, ...rest] = route.split("/").slice(2);
    const method = request.method;
    if (factorId === undefined) return method === "POST" ? this.#enroll(caller, body ?? {}) : notFound();
    if (rest.length > 0 || !["challenge", "verify", undefined].includes(action)) return notFound();
    const factor = await this.#ownedFactor(caller.userId, factorId);
    if (factor instanceof Response) return factor;
    if (action === undefined && method === "DELETE") return this.#unenroll(caller, factor);
    if (action === "challenge" && method === "POST") return this.#challenge(factor, peerAddress);
    if (action === "verify" && method === "POST") return this.#verify(request, caller, factor, body ?? {}, peerAddress, serve);
    return notFound();
  }

  /** `GET /admin/users/:id/factors`: every factor of the user. */
  async listFor(userId: string): Promise<Response> {
    return Response.json(await factorsOf(this.deps.db, userId));
  }

  /** `DELETE /admin/users/:id/factors/:factorId`: the factor removed, whatever its status, and answered as it was. */
  async deleteFor(userId: string, factorId: string): Promise<Response> {
    const factor = await this.#ownedFactor(userId, factorId);
    if (factor instanceof Response) return factor;
    await this.#remove(factor.id);
    return Response.json(factorJson(factor));
  }

  /**
   * The caller as lite's `GET /user` knows them (it answers a missing, forged or expired token, or
   * a signed-out session, as GoTrue does), and their session's assurance level.
   */
  async #authenticate(request: Request, serve: Serve): Promise<Caller | Response> {
    const headers = new Headers();
    for (const name of ["apikey", "authorization"]) {
      const value = request.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    const userResponse = await serve(new Request(new URL("/auth/v1/user", request.url), { headers }));
    if (!userResponse.ok) return userResponse;
    const user = await jsonObject(userResponse);
    const token = bearerToken(request);
    const claims = token ? await verifyJwt(this.deps.jwtSecret, token) : null;
    const sessionId = claims?.session_id;
    if (typeof user?.id !== "string" || typeof sessionId !== "string") return sessionNotFound();
    const [session] = (await this.deps.db.query<{ aal: string }>("select coalesce(aal, 'aal1') as aal from auth.sessions where id = $1 and user_id = $2", [sessionId, user.id])).rows;
    if (!session) return sessionNotFound();
    return { userId: user.id, email: typeof user.email === "string" ? user.email : "", sessionId, aal: session.aal };
  }

  async #ownedFactor(userId: string, factorId: string): Promise<Factor | Response> {
    if (!UUID.test(factorId)) return authError(404, "validation_failed", "factor_id must be an UUID");
    const [factor] = (await this.deps.db.query<Factor>(`select ${FACTOR_COLUMNS}, secret from auth.mfa_factors where id = $1 and user_id = $2`, [factorId, userId])).rows;
    return factor ?? authError(404, "mfa_factor_not_found", "Factor not found");
  }

  async #enroll(caller: Caller, body: Body): Promise<Response> {
    const factorType = body.factor_type;
    if (factorType === "phone") return authError(422, "mfa_phone_enroll_not_enabled", "MFA enroll is disabled for Phone");
    if (factorType === "webauthn") return authError(422, "mfa_webauthn_enroll_not_enabled", "MFA enroll is disabled for WebAuthn");
    if (factorType !== "totp") return authError(400, "validation_failed", "factor_type needs to be totp, phone, or webauthn");
    const friendlyName = typeof body.friendly_name === "string" ? body.friendly_name : "";
    const issuer = typeof body.issuer === "string" && body.issuer !== "" ? body.issuer : new URL(this.deps.siteOrigin).host;
    if (friendlyName.length > MAX_NAME_LENGTH || issuer.length > MAX_NAME_LENGTH) {
      return authError(400, "validation_failed", `friendly_name and issuer must be at most ${MAX_NAME_LENGTH} characters`);
    }

    const { db } = this.deps;
    // Unverified factors never challenged are dropped after a while, as GoTrue drops them.
    await db.query(
      `delete from auth.mfa_factors f where status = 'unverified' and created_at < now() - make_interval(secs => $1)
         and not exists (select 1 from auth.mfa_challenges c where c.factor_id = f.id)`,
      [UNVERIFIED_FACTOR_SECONDS],
    );
    const { rows: factors } = await db.query<{ friendly_name: string | null; status: string }>("select friendly_name, status::text as status from auth.mfa_factors where user_id = $1", [caller.userId]);
    if (factors.some((factor) => (factor.friendly_name ?? "") === friendlyName)) return nameTaken(friendlyName);
    const verified = factors.filter((factor) => factor.status === "verified").length;
    if (factors.length >= MAX_ENROLLED_FACTORS || verified >= MAX_VERIFIED_FACTORS) {
      return authError(422, "too_many_enrolled_mfa_factors", "Maximum number of verified factors reached, unenroll to continue");
    }
    if (verified > 0 && caller.aal !== "aal2") return authError(403, "insufficient_aal", "AAL2 required to enroll a new factor");

    const secret = new Secret({ size: 20 });
    const uri = new TOTP({ issuer, label: caller.email, secret, ...TOTP_PARAMETERS }).toString();
    const qrCode = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "H" })
      // supabase-js hands the markup on as `data:image/svg+xml;utf-8,<svg…>`, where a `#` would end the
      // image's address: colours by name, as GoTrue's own QR codes have them ("fill:black").
      .then((svg) => svg.replaceAll("#ffffff", "white").replaceAll("#000000", "black"))
      .catch(() => null);
    // A QR code holds about 1,200 bytes at GoTrue's error correction: a long name encoded twice may not fit.
    if (qrCode === null) return authError(400, "validation_failed", "The issuer and the account name are too long for a QR code");
    const id = randomUUID();
    try {
      await db.query(
        "insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret) values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)",
        [id, caller.userId, friendlyName, secret.base32],
      );
    } catch (error) {
      // Two enrolments of one name at once: the unique index decides.
      if ((error as { code?: unknown }).code === "23505") return nameTaken(friendlyName);
      throw error;
    }
    return Response.json({ id, type: "totp", friendly_name: friendlyName, totp: { qr_code: qrCode, secret: secret.base32, uri } });
  }

  async #challenge(factor: Factor, peerAddress: string): Promise<Response> {
    const id = randomUUID();
    const [challenge] = (
      await this.deps.db.transaction(async (tx) => {
        await tx.query("update auth.mfa_factors set last_challenged_at = now() where id = $1", [factor.id]);
        return tx.query<{ created: number }>(
          "insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), $3::inet) returning extract(epoch from created_at)::float8 as created",
          [id, factor.id, clientIp(peerAddress)],
        );
      })
    ).rows;
    return Response.json({ id, type: factor.factor_type, expires_at: Math.floor(challenge!.created + this.deps.rules.mfaChallengeMs / 1000) });
  }

  /**
   * A challenge of this factor, from the client that made it, answered in time with the code of the
   * factor's current time step (or the one before or after), later than any code it took before:
   * the challenge is used up, the factor verified, the session raised to aal2 with `totp` in its
   * amr, and the session's other aal1 sessions signed out (GoTrue's rules). The answer is a new
   * session: its refresh token rotated by lite, its access token signed with the new claims.
   */
  async #verify(request: Request, caller: Caller, factor: Factor, body: Body, peerAddress: string, serve: Serve): Promise<Response> {
    const code = typeof body.code === "string" ? body.code : "";
    const challengeId = typeof body.challenge_id === "string" ? body.challenge_id : "";
    if (code === "") return authError(400, "validation_failed", "Code needs to be non-empty");
    if (!UUID.test(challengeId)) return authError(400, "bad_json", "Could not parse request body as JSON: challenge_id must be an UUID");
    const refused = [this.#guessesPerFactor.check(factor.id), this.#guessesPerClient.check(peerAddress)].find((decision) => !decision.allowed);
    if (refused && !refused.allowed) {
      return authError(429, "over_request_rate_limit", "Too many wrong codes. Try again later.", { "Retry-After": String(refused.retryAfterSeconds) });
    }

    const { db, rules } = this.deps;
    const [challenge] = (
      await db.query<{ verified: boolean; same_client: boolean; expired: boolean }>(
        `select verified_at is not null as verified, ip_address = $3::inet as same_client, created_at < now() - make_interval(secs => $4) as expired
           from auth.mfa_challenges where id = $1 and factor_id = $2`,
        [challengeId, factor.id, clientIp(peerAddress), rules.mfaChallengeMs / 1000],
      )
    ).rows;
    if (!challenge) return authError(422, "mfa_factor_not_found", "MFA factor with the provided challenge ID not found");
    if (challenge.verified || !challenge.same_client) return authError(422, "mfa_ip_address_mismatch", "Challenge and verify IP addresses mismatch.");
    if (challenge.expired) {
      await db.query("delete from auth.mfa_challenges where id = $1", [challengeId]);
      return authError(422, "mfa_challenge_expired", `MFA challenge ${challengeId} has expired, verify against another challenge or create a new challenge.`);
    }

    const step = matchingTimeStep(factor.secret ?? "", code);
    const accepted = step !== null && (await db.transaction(async (tx) => {
      // One verification of a factor at a time, so a code cannot be taken twice by racing requests.
      await tx.query("select 1 from auth.mfa_factors where id = $1 for update", [factor.id]);
      const [last] = (
        await tx.query<{ step: number | null }>(
          "select max(otp_code::float8) as step from auth.mfa_challenges where factor_id = $1 and verified_at is not null and otp_code ~ '^[0-9]+$'",
          [factor.id],
        )
      ).rows;
      if (last?.step !== null && last?.step !== undefined && step <= last.step) return false;
      // The challenge keeps the time step of the code it took (a hosted row keeps a phone code there).
      const used = await tx.query("update auth.mfa_challenges set verified_at = now(), otp_code = $2 where id = $1 and verified_at is null returning id", [challengeId, String(step)]);
      if (used.rows.length === 0) return false;
      await tx.query("update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1 and status <> 'verified'", [factor.id]);
      await this.deps.sessions.recordMethod(tx, caller.sessionId, "totp");
      await tx.query("update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1", [caller.sessionId, factor.id]);
      await tx.query("delete from auth.sessions where user_id = $1 and id <> $2 and coalesce(aal, 'aal1') <> 'aal2'", [caller.userId, caller.sessionId]);
      await tx.query("delete from auth.mfa_factors where user_id = $1 and factor_type = 'totp' and status = 'unverified'", [caller.userId]);
      return true;
    }));
    if (!accepted) {
      this.#guessesPerFactor.record(factor.id);
      this.#guessesPerClient.record(peerAddress);
      return authError(422, "mfa_verification_failed", "Invalid TOTP code entered");
    }
    return this.#renewedSession(request, caller, serve);
  }

  /** The session's refresh token rotated by lite, answered with the session's new claims. */
  async #renewedSession(request: Request, caller: Caller, serve: Serve): Promise<Response> {
    const [current] = (
      await this.deps.db.query<{ token: string }>("select token from auth.refresh_tokens where session_id = $1 and not revoked order by created_at desc, id desc limit 1", [caller.sessionId])
    ).rows;
    if (!current) return sessionNotFound();
    const refresh = new Request(new URL("/auth/v1/token?grant_type=refresh_token", request.url), {
      method: "POST",
      headers: { apikey: request.headers.get("apikey") ?? "", "content-type": "application/json" },
      body: JSON.stringify({ refresh_token: current.token }),
    });
    return this.deps.sessions.issued(await serve(refresh), null);
  }

  async #unenroll(caller: Caller, factor: Factor): Promise<Response> {
    if (factor.status === "verified" && caller.aal !== "aal2") return authError(422, "insufficient_aal", "AAL2 required to unenroll verified factor");
    await this.#remove(factor.id);
    return Response.json({ id: factor.id });
  }

  async #remove(factorId: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await tx.query("delete from auth.mfa_factors where id = $1", [factorId]);
      await downgradeSessionsOf(tx, factorId);
    });
  }
}

/** The time step whose code `code` is, within the window around now; null when it is none. */
function matchingTimeStep(base32Secret: string, code: string): number | null {
  if (!/^\d{6}$/.test(code) || base32Secret === "") return null;
  const timestamp = Date.now();
  const delta = TOTP.validate({ token: code, secret: Secret.fromBase32(base32Secret), timestamp, window: TOTP_WINDOW, ...TOTP_PARAMETERS });
  return delta === null ? null : TOTP.counter({ period: TOTP_PARAMETERS.period, timestamp }) + delta;
}

/** The client's address as Postgres stores it (a socket that closed has none). */
function clientIp(peerAddress: string): string {
  return isIP(peerAddress) ? peerAddress : "0.0.0.0";
}

function nameTaken(friendlyName: string): Response {
  return authError(422, "mfa_factor_name_conflict", `A factor with the friendly name ${JSON.stringify(friendlyName)} for this user already exists`);
}

function sessionNotFound(): Response {
  return authError(403, "session_not_found", "Session from session_id claim in JWT does not exist");
}

function notFound(): Response {
  return authError(404, "not_found", "Not Found");
}
