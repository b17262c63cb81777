import type { SupabaseClient } from "@supabase/supabase-js";
import { Secret, TOTP } from "otpauth";

const PERIOD_MS = 30_000;

/**
 * An authenticator app for one TOTP factor. Auth takes a code of the current 30-second step or of
 * the step after, and each step's code once per factor; so each code given is of a later step than
 * the last, and when both steps were used it waits for the clock to reach the next one.
 */
export class Authenticator {
  readonly #totp: TOTP;
  #lastStep = -Infinity;

  constructor(readonly secret: string) {
    this.#totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: PERIOD_MS / 1000 });
  }

  async nextCode(): Promise<string> {
    for (;;) {
      const now = Date.now();
      const current = Math.floor(now / PERIOD_MS);
      const step = Math.max(current, this.#lastStep + 1);
      if (step <= current + 1) {
        this.#lastStep = step;
        return this.#totp.generate({ timestamp: step * PERIOD_MS });
      }
      await new Promise((resolve) => setTimeout(resolve, (current + 1) * PERIOD_MS - now));
    }
  }
}

/**
 * Enrolls a TOTP factor for the client's signed-in user and verifies it: the client's session is
 * then aal2 (its access token says `aal: "aal2"`, with `totp` in `amr`). Later sessions of the user
 * reach aal2 with `raiseToAal2`.
 */
export async function enrollTotp(client: SupabaseClient, friendlyName?: string): Promise<{ factorId: string; authenticator: Authenticator }> {
  const { data, error } = await client.auth.mfa.enroll({ factorType: "totp", ...(friendlyName !== undefined && { friendlyName }) });
  if (error) throw new Error(`enroll failed: ${error.message}`);
  const authenticator = new Authenticator(data.totp.secret);
  await raiseToAal2(client, data.id, authenticator);
  return { factorId: data.id, authenticator };
}

/** Challenges the factor and answers with the next code: the client's session becomes aal2. */
export async function raiseToAal2(client: SupabaseClient, factorId: string, authenticator: Authenticator): Promise<void> {
  const { error } = await client.auth.mfa.challengeAndVerify({ factorId, code: await authenticator.nextCode() });
  if (error) throw new Error(`verify failed: ${error.message}`);
}

/** The claims of a JWT, unverified (a test reads what the backend signed). */
export function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString("utf8")) as Record<string, unknown>;
}
