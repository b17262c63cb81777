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
