import { describe, expect, it } from "vitest";
import { ADMIN_CHECK_FAILED, LOGIN_ERRORS, SESSION_EXPIRED, TWO_FACTOR_TEXTS } from "./login-errors.ts";

// The sign-in's catalogue holds the spec's words, written out here: the screens' tests take their
// texts from the spec too, never from this module.
describe("the sign-in's error catalogue", () => {
  it("says the spec's login errors word for word", () => {
    expect(LOGIN_ERRORS).toEqual({
      invalidCredentials: "Invalid email or password",
      other: "An error occurred during login",
      noSession: "Authentication failed",
      notAdmin: "Access denied. Admin privileges required.",
      unexpected: "An unexpected error occurred.",
    });
    expect(ADMIN_CHECK_FAILED).toBe("Error checking admin status");
  });

  it("says what an expired session and the two-factor step say", () => {
    expect(SESSION_EXPIRED).toBe("Your session has expired. Please sign in again.");
    expect(TWO_FACTOR_TEXTS).toEqual({
      wrongCode: "That code is not right. Check your authenticator app and try again.",
      tooManyAttempts: "Too many attempts. Wait a few minutes, then try again.",
      failed: "The code could not be checked. Try again in a moment.",
    });
  });
});
