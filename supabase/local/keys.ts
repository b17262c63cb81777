import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { errors, jwtVerify, SignJWT, type JWTPayload } from "jose";

/** Roles a request can run as, as in hosted Supabase. */
export type RequestRole = "anon" | "authenticated" | "service_role";

interface ApiKeys {
  jwtSecret: string;
  anonKey: string;
  serviceKey: string;
}

const TEN_YEARS_S = 10 * 365 * 24 * 3600;

/**
 * The JWT secret is made once per data directory and kept there, so sessions and keys survive a
 * restart while no two local databases share a secret. The anon and service-role keys are JWTs
 * signed with it, the same form hosted Supabase's legacy API keys take.
 */
export async function loadOrCreateKeys(dataDir: string): Promise<ApiKeys> {
  const secretFile = join(dataDir, "jwt-secret");
  if (!existsSync(secretFile)) {
    writeFileSync(secretFile, randomBytes(48).toString("base64url"), { mode: 0o600 });
  }
  const jwtSecret = readFileSync(secretFile, "utf8").trim();
  return {
    jwtSecret,
    anonKey: await signRoleKey(jwtSecret, "anon"),
    serviceKey: await signRoleKey(jwtSecret, "service_role"),
  };
}

async function signRoleKey(secret: string, role: "anon" | "service_role"): Promise<string> {
  const issuedAt = Math.floor(Date.UTC(2026, 0, 1) / 1000);
  return new SignJWT({ role, iss: "supabase-local" })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + TEN_YEARS_S)
    .sign(new TextEncoder().encode(secret));
}

/** Tokens already verified, by secret: a client sends the same key and session with every request. */
const verifiedTokens = new Map<string, Map<string, JWTPayload>>();
/** Valid tokens kept per secret (sessions and keys in use); the oldest goes first. */
const VERIFIED_TOKENS_KEPT = 1000;

/**
 * The claims of a JWT signed with `secret`, verified once: a token is kept only once its signature
 * and claims have been checked (only the secret's holder can make one), and is checked again once
 * its expiry has passed, which then refuses it as before. Throws what jose throws for a bad token.
 */
async function verifiedClaims(secret: string, token: string): Promise<JWTPayload> {
  let kept = verifiedTokens.get(secret);
  const payload = kept?.get(token);
  if (payload && (payload.exp === undefined || Date.now() < payload.exp * 1000)) return payload;
  kept?.delete(token);
  const verified = (await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ["HS256"] })).payload;
  if (!kept) verifiedTokens.set(secret, (kept = new Map()));
  if (kept.size >= VERIFIED_TOKENS_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(token, verified);
  return verified;
}

/** Verified claims of a JWT signed with this backend's secret, or null when it is not one. */
export async function verifyJwt(secret: string, token: string): Promise<JWTPayload | null> {
  try {
    return await verifiedClaims(secret, token);
  } catch {
    return null;
  }
}

/** A bearer token that passed, with its claims (none when no token was sent), or why it did not. */
type BearerCheck = { ok: true; claims?: JWTPayload } | { ok: false; expired: boolean; reason: string };

/**
 * A bearer token, when one is sent, must be a JWT signed with this backend's secret and not expired:
 * garbage, `alg: none`, a stripped signature or another secret's signature are refused, never read
 * as "no token". Only a missing (or empty) token means anon.
 */
export async function checkBearer(secret: string, authorization: string | null): Promise<BearerCheck> {
  const bearer = /^Bearer(?:\s+(.*))?$/is.exec(authorization ?? "");
  const token = bearer?.[1]?.trim();
  if (!token) return { ok: true };
  try {
    return { ok: true, claims: await verifiedClaims(secret, token) };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, expired: true, reason: "JWT expired" };
    return { ok: false, expired: false, reason: token.split(".").length === 3 ? "JWT signature or claims are invalid" : `Expected 3 parts in JWT; got ${token.split(".").length}` };
  }
}
