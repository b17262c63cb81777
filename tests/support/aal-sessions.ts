import { randomUUID } from "node:crypto";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { SignJWT } from "jose";
import WebSocket from "ws";
import { loadOrCreateKeys } from "../../supabase/local/keys.ts";
import type { TestBackend } from "./backend.ts";

// Sessions at a chosen assurance level, as Auth (GoTrue) makes them after a password (aal1) or a
// verified second factor (aal2): a row of auth.sessions and an access token with GoTrue's claims
// (`session_id`, `aal`, `amr`), signed with the backend's JWT secret. This is the one place tests
// make them; once the local backend signs members in with a TOTP code, it becomes a real sign-in.

export type Aal = "aal1" | "aal2";

export interface AalSession {
  userId: string;
  sessionId: string;
  accessToken: string;
  /** supabase-js as this session: REST, RPCs and Storage with its token. */
  client: SupabaseClient;
}

const TOKEN_SECONDS = 3600;

/** A verified TOTP factor for the account, as GoTrue stores one after a first code was verified. */
export async function addVerifiedFactor(backend: TestBackend, userId: string): Promise<string> {
  const id = randomUUID();
  await backend.sql(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values ($1, $2, $3, 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP')`,
    [id, userId, `Authenticator ${id.slice(0, 8)}`],
  );
  return id;
}

/** A new session of the account at `aal`: aal2 names the account's first verified factor, as GoTrue does. */
export async function sessionAt(backend: TestBackend, userId: string, aal: Aal): Promise<AalSession> {
  const [user] = await backend.sql<{ email: string; factor_id: string | null }>(
    `select u.email, (select f.id from auth.mfa_factors f where f.user_id = u.id and f.status = 'verified' order by f.created_at limit 1) as factor_id
       from auth.users u where u.id = $1`,
    [userId],
  );
  if (!user) throw new Error(`no account ${userId}`);
  if (aal === "aal2" && !user.factor_id) throw new Error(`account ${userId} has no verified factor for an aal2 session`);
  const sessionId = randomUUID();
  await backend.sql("insert into auth.sessions (id, user_id, aal, factor_id, created_at, updated_at) values ($1, $2, $3, $4, now(), now())", [
    sessionId,
    userId,
    aal,
    aal === "aal2" ? user.factor_id : null,
  ]);
  const now = Math.floor(Date.now() / 1000);
  const { jwtSecret } = await loadOrCreateKeys(backend.dataDir);
  const accessToken = await new SignJWT({
    role: "authenticated",
    email: user.email,
    session_id: sessionId,
    aal,
    amr: [{ method: "password", timestamp: now }, ...(aal === "aal2" ? [{ method: "totp", timestamp: now }] : [])],
    is_anonymous: false,
  })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(userId)
    .setAudience("authenticated")
    .setIssuedAt(now)
    .setExpirationTime(now + TOKEN_SECONDS)
    .sign(new TextEncoder().encode(jwtSecret));
  const client = createClient(backend.url, backend.anonKey, {
    accessToken: async () => accessToken,
    realtime: { transport: WebSocket as never },
  });
  return { userId, sessionId, accessToken, client };
}
