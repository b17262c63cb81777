import type { SupabaseClient } from "@supabase/supabase-js";
import type { TestBackend } from "./backend.ts";
import { Authenticator, claimsOf, raiseToAal2 } from "./totp.ts";

// Sessions at a chosen assurance level, made as a member makes them: a password sign-in (aal1), then
// the code of an authenticator app (aal2), through Auth's MFA API as supabase-js calls it. Auth signs
// out a user's aal1 sessions when one of their sessions verifies a code (as GoTrue does): ask for
// the aal2 sessions a test needs before its aal1 ones.

export type Aal = "aal1" | "aal2";

export interface Account {
  id: string;
  email: string;
  password: string;
}

export interface AalSession {
  userId: string;
  sessionId: string;
  accessToken: string;
  /** supabase-js signed in as this session: REST, RPCs and Storage with its token. */
  client: SupabaseClient;
}

/** The authenticator apps tests enrolled, per account, to answer the next sign-ins. */
const authenticators = new Map<string, { factorId: string; authenticator: Authenticator }[]>();

async function asSession(userId: string, client: SupabaseClient): Promise<AalSession> {
  const { data } = await client.auth.getSession();
  const accessToken = data.session!.access_token;
  return { userId, sessionId: String(claimsOf(accessToken).session_id), accessToken, client };
}

/**
 * Adds a verified authenticator app (a TOTP factor) to the account through Auth's MFA API: enrolled
 * and confirmed with its first code by `via` (a new password session when not given; a second app
 * needs an aal2 session). Returns that session, now at aal2.
 */
export async function addAuthenticator(backend: TestBackend, account: Account, via?: SupabaseClient): Promise<AalSession> {
  const client = via ?? (await backend.signIn(account.email, account.password));
  const known = authenticators.get(account.id) ?? [];
  const { data, error } = await client.auth.mfa.enroll({ factorType: "totp", friendlyName: `Authenticator ${known.length + 1}` });
  if (error) throw new Error(`enroll failed: ${error.message}`);
  const authenticator = new Authenticator(data.totp.secret);
  await raiseToAal2(client, data.id, authenticator);
  authenticators.set(account.id, [...known, { factorId: data.id, authenticator }]);
  return asSession(account.id, client);
}

/** A new session of the account: its password (aal1), then for aal2 the next code of its first app. */
export async function sessionAt(backend: TestBackend, account: Account, aal: Aal): Promise<AalSession> {
  const client = await backend.signIn(account.email, account.password);
  if (aal === "aal2") {
    const first = authenticators.get(account.id)?.[0];
    if (!first) throw new Error(`${account.email} has no authenticator for an aal2 session`);
    await raiseToAal2(client, first.factorId, first.authenticator);
  }
  return asSession(account.id, client);
}
