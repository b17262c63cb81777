import { isAuthError, type SupabaseClient } from "@supabase/supabase-js";
import { totpCode } from "../../shared/validation.ts";
import { TWO_FACTOR_TEXTS, type TwoFactorStep } from "./login-errors.ts";

/** `team_security()`: what the database asks of this session (it enforces it whatever the screens do). */
export interface TeamSecurity {
  require_two_factor: boolean;
  has_verified_factor: boolean;
  session_aal: "aal1" | "aal2";
  /** The session may use what the member's role allows. */
  satisfied: boolean;
}

/** An authenticator app of the signed-in member (a TOTP factor of Supabase Auth). */
export interface Authenticator {
  id: string;
  name: string;
  createdAt: string;
  verified: boolean;
}

/** A factor just enrolled, not yet confirmed with a code: what the app needs to scan or type. */
export interface NewAuthenticator {
  id: string;
  /** The QR code as an image address (`data:image/svg+xml;...`). */
  qrCode: string;
  /** The secret as text, for an app that cannot scan. */
  secret: string;
}

/** A refusal or failure with the message to show as it is. */
export class TwoFactorError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "TwoFactorError";
  }
}

/** Which step a session that the database does not yet accept needs, or null when it is accepted. */
export function missingStep(security: TeamSecurity): TwoFactorStep | null {
  if (security.satisfied) return null;
  return security.has_verified_factor ? "code" : "enrol";
}

/** What a failed Auth call says to the member: a wrong code, too many tries, or a failure. */
function refusal(error: unknown): TwoFactorError {
  if (isAuthError(error)) {
    if (error.status === 429) return new TwoFactorError(TWO_FACTOR_TEXTS.tooManyAttempts, 429);
    if (error.code === "mfa_verification_failed" || error.code === "mfa_challenge_expired" || error.code === "mfa_verification_rejected") {
      return new TwoFactorError(TWO_FACTOR_TEXTS.wrongCode, error.status);
    }
    if (error.status && error.status < 500 && error.message) return new TwoFactorError(error.message, error.status);
  }
  console.error("Two-factor call failed", error);
  return new TwoFactorError(TWO_FACTOR_TEXTS.failed);
}

function unwrap<T>({ data, error }: { data: T | null; error: unknown }): T {
  if (error || data === null) throw refusal(error);
  return data;
}

/**
 * Two-factor sign-in over supabase-js's `auth.mfa` (TOTP factors of Supabase Auth), the same calls
 * against a hosted project and the local backend. A verified code raises the session to `aal2`, which
 * the database's policies require of a member with an authenticator (or of every member, when the
 * team requires two-factor).
 */
export function createTwoFactor(client: SupabaseClient) {
  const authenticators = async (): Promise<Authenticator[]> => {
    const factors = unwrap(await client.auth.mfa.listFactors());
    return factors.all
      .filter((factor) => factor.factor_type === "totp")
      .map((factor) => ({ id: factor.id, name: factor.friendly_name ?? "Authenticator app", createdAt: factor.created_at, verified: factor.status === "verified" }));
  };

  const verify = async (factorId: string, code: string) => {
    unwrap(await client.auth.mfa.challengeAndVerify({ factorId, code: totpCode(code) }));
  };

  return {
    /** The session's two-factor state: the client's own session, or the one `accessToken` is of. */
    async status(accessToken?: string): Promise<TeamSecurity> {
      const call = client.rpc("team_security");
      const { data, error } = await (accessToken ? call.setHeader("Authorization", `Bearer ${accessToken}`) : call);
      if (error) throw Object.assign(new Error(error.message), { status: 500, code: error.code });
      return data as TeamSecurity;
    },

    authenticators,

    /** The sign-in's second step: a code of one of the member's verified authenticators. */
    async verifySignIn(code: string): Promise<void> {
      const verified = (await authenticators()).filter((factor) => factor.verified);
      if (verified.length === 0) throw new TwoFactorError(TWO_FACTOR_TEXTS.failed);
      let last: unknown;
      // A member with two apps may type a code of either.
      for (const factor of verified) {
        try {
          await verify(factor.id, code);
          return;
        } catch (error) {
          last = error;
          if (!(error instanceof TwoFactorError) || error.message !== TWO_FACTOR_TEXTS.wrongCode) break;
        }
      }
      throw last;
    },

    /** Starts adding an app; an unconfirmed factor left from an earlier attempt is removed first. */
    async enrol(name: string): Promise<NewAuthenticator> {
      for (const stale of (await authenticators()).filter((factor) => !factor.verified)) {
        await client.auth.mfa.unenroll({ factorId: stale.id });
      }
      const data = unwrap(await client.auth.mfa.enroll({ factorType: "totp", friendlyName: name.trim(), issuer: "RCRT Admin" }));
      if (data.type !== "totp") throw new TwoFactorError(TWO_FACTOR_TEXTS.failed);
      return { id: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret };
    },

    /** The first code from the new app: the factor is verified and the session becomes aal2. */
    confirm: verify,

    /** An enrolment given up before its code: the unconfirmed factor goes. */
    async cancel(factorId: string): Promise<void> {
      unwrap(await client.auth.mfa.unenroll({ factorId }));
    },

    /** Removing an app asks for a current code first (Auth requires aal2 to remove a verified factor). */
    async remove(factorId: string, code: string): Promise<void> {
      await verify(factorId, code);
      unwrap(await client.auth.mfa.unenroll({ factorId }));
      // The session's level stays aal2 in its token until refreshed: refresh so the screens see the truth.
      await client.auth.refreshSession();
    },

    /** Ends every session of the member, this one included. */
    async signOutEverywhere(): Promise<void> {
      const { error } = await client.auth.signOut({ scope: "global" });
      if (error) throw refusal(error);
    },
  };
}

export type TwoFactor = ReturnType<typeof createTwoFactor>;
