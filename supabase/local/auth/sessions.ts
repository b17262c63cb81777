import { randomUUID } from "node:crypto";
import { SignJWT, type JWTPayload } from "jose";
import type { Database, Queryable } from "../db/engines.ts";
import { verifyJwt } from "../keys.ts";
import { factorsOf } from "./factors.ts";
import { jsonObject, withJson, type Body } from "./requests.ts";

/** An entry of GoTrue's `amr` claim: a way the session was authenticated, and when (Unix seconds). */
export interface AmrEntry {
  method: string;
  timestamp: number;
}

/**
 * GoTrue's access tokens say how sure Auth is of who holds them: `aal` ("aal1", or "aal2" once a
 * second factor was verified in the session) and `amr` (the session's ways of authentication, most
 * recent first). Lite's tokens carry neither, so every token it issues is signed again here with
 * both, read from the session's row (`auth.sessions.aal`) and its `auth.mfa_amr_claims`; the first
 * way is recorded when a session is opened. Users it returns carry their MFA factors, as GoTrue's do.
 */
export class SessionTokens {
  constructor(
    private readonly db: Database,
    private readonly jwtSecret: string,
  ) {}

  /**
   * A token response of lite's (a JSON session) with GoTrue's claims and the user's factors.
   * `method`: how the session it opens was authenticated; null when it continues one (a refresh).
   */
  async issued(response: Response, method: string | null): Promise<Response> {
    if (!response.ok) return response;
    const session = await jsonObject(response);
    if (typeof session?.access_token !== "string") return response;
    const user = isObject(session.user) ? await this.withFactors(session.user) : session.user;
    return withJson(response, { ...session, access_token: await this.#assured(session.access_token, method), user });
  }

  /** A redirect of lite's that carries a session in its fragment (a followed link), with GoTrue's claims. */
  async redirected(response: Response, method: string): Promise<Response> {
    const location = response.headers.get("location");
    if (!location || !URL.canParse(location)) return response;
    const target = new URL(location);
    const fragment = new URLSearchParams(target.hash.slice(1));
    const accessToken = fragment.get("access_token");
    if (!accessToken) return response;
    fragment.set("access_token", await this.#assured(accessToken, method));
    target.hash = fragment.toString();
    const headers = new Headers(response.headers);
    headers.set("location", target.toString());
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }

  /** A user response of lite's (`/user`) with the user's factors. */
  async user(response: Response): Promise<Response> {
    if (!response.ok) return response;
    const user = await jsonObject(response);
    return user ? withJson(response, await this.withFactors(user)) : response;
  }

  /** The user with `factors`, as GoTrue shows a user who has any. */
  async withFactors(user: Body): Promise<Body> {
    if (typeof user.id !== "string") return user;
    const factors = await factorsOf(this.db, user.id);
    return factors.length > 0 ? { ...user, factors } : user;
  }

  /** Records a way the session was authenticated (again: its time moves on), as GoTrue's amr claims. */
  async recordMethod(db: Queryable, sessionId: string, method: string): Promise<void> {
    await db.query(
      `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method) values ($1, $2, now(), now(), $3)
       on conflict (session_id, authentication_method) do update set updated_at = now()`,
      [randomUUID(), sessionId, method],
    );
  }

  async #assured(accessToken: string, method: string | null): Promise<string> {
    const claims = await verifyJwt(this.jwtSecret, accessToken);
    if (!claims || typeof claims.session_id !== "string") return accessToken;
    if (method) await this.recordMethod(this.db, claims.session_id, method);
    return this.#sign(claims, claims.session_id);
  }

  /** The token's claims (its times kept) with the session's `aal` and `amr`. */
  async #sign(claims: JWTPayload, sessionId: string): Promise<string> {
    const [session] = (await this.db.query<{ aal: string }>("select coalesce(aal, 'aal1') as aal from auth.sessions where id = $1", [sessionId])).rows;
    const { rows } = await this.db.query<{ method: string; at: number }>(
      "select authentication_method as method, extract(epoch from updated_at)::float8 as at from auth.mfa_amr_claims where session_id = $1 order by updated_at desc",
      [sessionId],
    );
    const amr: AmrEntry[] = rows.map((row) => ({ method: row.method, timestamp: Math.floor(row.at) }));
    return new SignJWT({ ...claims, aal: session?.aal ?? "aal1", amr }).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(new TextEncoder().encode(this.jwtSecret));
  }
}

function isObject(value: unknown): value is Body {
  return Boolean(value) && typeof value === "object" && !Array.isArray(value);
}
