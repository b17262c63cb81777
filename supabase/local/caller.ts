import type { IncomingHttpHeaders } from "node:http";
import type { JWTPayload } from "jose";
import type { Database, Queryable } from "./db/engines.ts";
import { verifyJwt, type RequestRole } from "./keys.ts";

/** Who a request runs as: the role and JWT claims Postgres sees, as hosted Supabase sets them. */
export interface Caller {
  role: RequestRole;
  claims: JWTPayload;
}

export class CallerError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const ROLES: readonly RequestRole[] = ["anon", "authenticated", "service_role"];

/**
 * The `apikey` (header or query) must be one of this backend's keys; the bearer token, when there
 * is one, decides the role (a user's access token, or a key sent again as bearer).
 */
export async function resolveCaller(headers: IncomingHttpHeaders, query: URLSearchParams, jwtSecret: string): Promise<Caller> {
  const apikey = headerValue(headers.apikey) ?? query.get("apikey");
  if (!apikey) throw new CallerError(401, "No API key found in request");
  const keyClaims = await verifyJwt(jwtSecret, apikey);
  if (!keyClaims || !isRole(keyClaims.role)) throw new CallerError(401, "Invalid API key");
  const bearer = /^Bearer\s+(.+)$/i.exec(headerValue(headers.authorization) ?? "")?.[1];
  if (!bearer) return { role: keyClaims.role, claims: keyClaims };
  const claims = await verifyJwt(jwtSecret, bearer);
  if (!claims) throw new CallerError(401, "Invalid JWT: expired or bad signature");
  if (!isRole(claims.role)) throw new CallerError(401, "Invalid JWT: unknown role");
  return { role: claims.role, claims };
}

/**
 * Runs `work` in one transaction as the caller, so row-level security decides what it may do. Like
 * hosted Storage's transactions, it may delete storage rows (`storage.protect_delete` refuses others).
 */
export function asCaller<T>(db: Database, caller: Caller, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(
      `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
              set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true),
              set_config('storage.allow_delete_query', 'true', true)`,
      [caller.role, JSON.stringify(caller.claims), typeof caller.claims.sub === "string" ? caller.claims.sub : ""],
    );
    return work(tx);
  });
}

function isRole(value: unknown): value is RequestRole {
  return ROLES.includes(value as RequestRole);
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
