// Kept apart from auth-provider.ts so that the sign-in screen shows these texts without loading
// supabase-js, which it only needs once the form is sent.

// The login error catalogue: the only texts the sign-in form shows.
export const LOGIN_ERRORS = {
  invalidCredentials: "Invalid email or password",
  other: "An error occurred during login",
  noSession: "Authentication failed",
  notAdmin: "Access denied. Admin privileges required.",
  unexpected: "An unexpected error occurred.",
} as const;

export const ADMIN_CHECK_FAILED = "Error checking admin status";
export const SESSION_EXPIRED = "Your session has expired. Please sign in again.";

/** A login failure whose message is one of LOGIN_ERRORS, to show as it is. */
export class LoginError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LoginError";
  }
}

// Two-factor sign-in: what the code step and the Security page say.
export const TWO_FACTOR_TEXTS = {
  wrongCode: "That code is not right. Check your authenticator app and try again.",
  tooManyAttempts: "Too many attempts. Wait a few minutes, then try again.",
  failed: "The code could not be checked. Try again in a moment.",
} as const;

/** What a signed-in session still lacks before the back office opens: its code, or an authenticator. */
export type TwoFactorStep = "code" | "enrol";

/**
 * The password was right and the account has an authenticator: the sign-in waits for its code. The
 * session exists but the database refuses it everything until then (aal1).
 */
export class TwoFactorNeeded extends LoginError {
  constructor(readonly step: TwoFactorStep) {
    super(step === "code" ? "Enter the code from your authenticator app" : "Your team requires two-factor sign-in");
    this.name = "TwoFactorNeeded";
  }
}
