import { isAuthError, type SupabaseClient } from "@supabase/supabase-js";
import type { AuthProvider } from "ra-core";
import { supabaseAuthProvider } from "ra-supabase-core";
import { errorStatus } from "./errors.ts";
import { ADMIN_CHECK_FAILED, LOGIN_ERRORS, LoginError, SESSION_EXPIRED, TwoFactorNeeded } from "./login-errors.ts";
import { SessionRenewal } from "./session-renewal.ts";
import { createTwoFactor, missingStep, TwoFactorError, type TwoFactor } from "./two-factor.ts";

export { ADMIN_CHECK_FAILED, LOGIN_ERRORS, LoginError, SESSION_EXPIRED, TwoFactorNeeded };

/**
 * The server's definite answer that this browser may not use the back office: no session, a session
 * the server refuses (expired, revoked, user gone), or a user who is not in admin_users.
 */
export class NotAdminError extends Error {
  constructor(
    message: string,
    readonly cause?: unknown,
  ) {
    super(message);
    this.name = "NotAdminError";
  }
}

/**
 * The admin check got no answer it can trust (server error, offline): it says nothing about the user,
 * so the session is kept and the check can be retried.
 */
export class AdminCheckUnavailableError extends Error {
  constructor(readonly cause: unknown) {
    super(ADMIN_CHECK_FAILED);
    this.name = "AdminCheckUnavailableError";
  }
}

/** 401 and 403 from Auth or PostgREST are the server refusing this session, not failing to answer. */
function isRefusal(error: unknown): boolean {
  const status = errorStatus(error);
  return status === 401 || status === 403 || (error as { name?: string } | null)?.name === "AuthSessionMissingError";
}

/** The two roles of the team: administrators also manage the team and read the community inbox. */
export const ROLES = ["administrator", "editor"] as const;
export type Role = (typeof ROLES)[number];

/** What getPermissions resolves to for a member (react-admin's usePermissions()). */
export interface Permissions {
  role: Role;
}

/**
 * The caller's own admin_users row (RLS lets every member read it), expecting a single row: its role,
 * or null without a row. A refusal throws NotAdminError; anything else throws
 * AdminCheckUnavailableError. Asked with `accessToken`, not whatever session the client holds when the
 * request goes: a check answers for the one session it started with.
 */
export async function memberRole(client: SupabaseClient, userId: string, accessToken: string): Promise<Role | null> {
  const { data, error, status } = await client
    .from("admin_users")
    .select("role")
    .eq("id", userId)
    .setHeader("Authorization", `Bearer ${accessToken}`)
    .single<{ role: Role }>();
  if (!error) return data.role;
  if (error.code === "PGRST116") return null;
  const failure = Object.assign(new Error(error.message), { status, code: error.code });
  throw isRefusal(failure) ? new NotAdminError(SESSION_EXPIRED, failure) : new AdminCheckUnavailableError(failure);
}

/**
 * What the database asks of this session before the member's role counts: null, or the code of their
 * authenticator, or (the team requires two-factor) an authenticator to add. A refusal throws
 * NotAdminError; anything else AdminCheckUnavailableError.
 */
async function twoFactorStep(twoFactor: TwoFactor, accessToken: string): Promise<"code" | "enrol" | null> {
  try {
    return missingStep(await twoFactor.status(accessToken));
  } catch (error) {
    throw isRefusal(error) ? new NotAdminError(SESSION_EXPIRED, error) : new AdminCheckUnavailableError(error);
  }
}

/**
 * The admin check of the session whose access token is `accessToken`: the server verifies it
 * (getUser), the session meets the team's two-factor rule (else TwoFactorNeeded: the guard asks for the
 * code or an authenticator), and the user has an admin_users row. Resolves to the member's role; throws
 * NotAdminError or AdminCheckUnavailableError. Every request carries that token: a session that leaves
 * the browser's storage halfway (another tab signed out) must not turn the check's last requests into
 * anonymous ones that read "not an admin" and sign out an open editor; its next save meets the 401.
 */
export async function checkAdmin(client: SupabaseClient, accessToken: string, twoFactor: TwoFactor = createTwoFactor(client)): Promise<Role> {
  const { data, error } = await client.auth.getUser(accessToken);
  if (error) throw isRefusal(error) ? new NotAdminError(SESSION_EXPIRED, error) : new AdminCheckUnavailableError(error);
  // Both at once: the role read is refused (no row) while the session lacks its second factor.
  const [step, role] = await Promise.all([twoFactorStep(twoFactor, accessToken), memberRole(client, data.user.id, accessToken)]);
  if (step) throw new TwoFactorNeeded(step);
  if (!role) throw new NotAdminError(LOGIN_ERRORS.notAdmin);
  return role;
}

export interface AdminAuthProviderOptions {
  /** What logout clears (all of it); window.localStorage in the browser. */
  storage?: Storage;
  /** Where the password-reset mail leads; the update-password page of the back office. */
  resetRedirect?: () => string;
  /** Where calls refused with 401 wait for the admin to sign in again (shared with the data provider). */
  sessionRenewal?: SessionRenewal;
}

export type AdminAuthProvider = AuthProvider & {
  /** Calls waiting for the admin to sign in again; the session-expired dialog settles them. */
  sessionRenewal: SessionRenewal;
  /** The member's authenticators and the session's second factor (the Security page, the guard). */
  twoFactor: TwoFactor;
  resetPassword(email: string): Promise<void>;
  /** Whether this page can set a new password: a reset link that worked, or a signed-in user. */
  passwordRecovery(): Promise<"ready" | "expired">;
  /** Sets a new password and signs out (a reset: the person signs in with it). */
  updatePassword(password: string): Promise<void>;
  /** Sets the first password of an invited member, who stays signed in. */
  acceptInvitation(password: string): Promise<void>;
};

/**
 * ra-supabase's auth provider over the shared supabase-js client, whose stored session is the admin
 * token. Signed in is not enough: the account must be in admin_users. The pieces, as react-admin
 * calls them:
 * - checkAuth: is there a session (read locally, no request), so that a signed-out visitor reaches the
 *   login page at once (backoffice/auth/AdminGuard.tsx);
 * - getPermissions: the admin check against admin_users, run by the guard after every navigation;
 *   `{ role }` for a member, null when signed out, or an error: NotAdminError signs out (checkError),
 *   AdminCheckUnavailableError keeps the session and the guard offers Retry;
 * - checkError: only NotAdminError signs out. A 401 from a data call is handled where it happens
 *   (backoffice/lib/session-renewal.ts asks the admin to sign in again and retries the call), so a
 *   failed call is never turned into an empty success by react-admin's logout path.
 */
export function createAuthProvider(client: SupabaseClient, options: AdminAuthProviderOptions = {}): AdminAuthProvider {
  const storage = options.storage ?? window.localStorage;
  const base = supabaseAuthProvider(client, {
    getIdentity: async (user) => ({ id: user.id, fullName: user.email ?? "Admin" }),
  });

  const twoFactor = createTwoFactor(client);

  // Concurrent checks (the guard, the dashboard's permissions) share one round trip, as long as they
  // ask for the same session: a check started before a code raised the session to aal2 answers for
  // the old one, so the check after the code must be a new one.
  let adminCheck: { token: string; result: Promise<Role> } | null = null;
  const checkAdminOnce = (token: string) => {
    if (adminCheck?.token !== token) {
      const check = { token, result: checkAdmin(client, token, twoFactor) };
      adminCheck = check;
      void check.result.then(forget, forget);
      function forget() {
        if (adminCheck === check) adminCheck = null;
      }
    }
    return adminCheck.result;
  };

  return {
    ...base,
    sessionRenewal: options.sessionRenewal ?? new SessionRenewal(),
    twoFactor,

    /**
     * The password, then the code when the account has an authenticator: a right password with an
     * authenticator throws TwoFactorNeeded("code"), and the form sends `{ code }` next. A member whose
     * team requires two-factor and who has no authenticator is let in: the guard shows enrolment.
     */
    async login(params: Partial<{ email: string; password: string; code: string }>) {
      if (typeof params.code === "string") {
        try {
          await twoFactor.verifySignIn(params.code);
        } catch (error) {
          throw new LoginError(error instanceof TwoFactorError ? error.message : LOGIN_ERRORS.unexpected);
        }
      } else {
        try {
          await base.login({ email: params.email ?? "", password: params.password ?? "" });
        } catch (error) {
          if (!isAuthError(error)) {
            console.error("Login failed", error);
            throw new LoginError(LOGIN_ERRORS.unexpected);
          }
          const invalid = error.code === "invalid_credentials" || /invalid login credentials/i.test(error.message);
          throw new LoginError(invalid ? LOGIN_ERRORS.invalidCredentials : LOGIN_ERRORS.other);
        }
      }
      const { data } = await client.auth.getSession();
      if (!data.session) throw new LoginError(LOGIN_ERRORS.noSession);
      let role: Role | null;
      let step: "code" | "enrol" | null;
      try {
        const token = data.session.access_token;
        [step, role] = await Promise.all([twoFactorStep(twoFactor, token), memberRole(client, data.session.user.id, token)]);
      } catch (error) {
        // Sign-in is all or nothing: no half-checked session is left behind.
        console.error(ADMIN_CHECK_FAILED, error);
        await client.auth.signOut({ scope: "local" });
        throw new LoginError(LOGIN_ERRORS.unexpected);
      }
      if (step === "code") throw new TwoFactorNeeded("code");
      if (step === "enrol") return;
      if (!role) {
        await client.auth.signOut({ scope: "local" });
        throw new LoginError(LOGIN_ERRORS.notAdmin);
      }
    },

    /**
     * Ends this session on the server (`{ scope: "global" }`: every session of the member, "Sign out
     * everywhere"), only locally when the server cannot be reached, and clears all local storage.
     */
    async logout(params: { scope?: "global" } | undefined) {
      try {
        const { error } = await client.auth.signOut({ scope: params?.scope ?? "local" });
        if (error) throw error;
      } catch (error) {
        console.error("Error signing out", error);
        await client.auth.signOut({ scope: "local" });
      }
      storage.clear();
      return "/login";
    },

    async checkAuth() {
      const { data, error } = await client.auth.getSession();
      if (data.session) return;
      // A token refresh that got no answer is not a signed-out user: the guard's check reports it.
      if (error && !isRefusal(error) && errorStatus(error) !== 400) return;
      throw { message: false, redirectTo: "/login" };
    },

    async getPermissions(): Promise<Permissions | null> {
      // Signed out is not a failed check: the guard sends the visitor to the login page.
      const { session } = (await client.auth.getSession()).data;
      if (!session) return null;
      try {
        return { role: await checkAdminOnce(session.access_token) };
      } catch (error) {
        if (!(error instanceof TwoFactorNeeded)) console.error(ADMIN_CHECK_FAILED, error);
        throw error;
      }
    },

    async checkError(error: unknown) {
      if (error instanceof NotAdminError) throw { message: error.message, redirectTo: "/login" };
    },

    async resetPassword(email: string) {
      const redirectTo = options.resetRedirect?.() ?? `${window.location.origin}/admin/update-password`;
      await base.resetPassword({ email, redirectTo });
    },

    async passwordRecovery() {
      // The client reads the reset link from the URL when it starts; a used or expired link comes
      // back as an error in the URL, and no session.
      const { error } = await client.auth.initialize();
      if (error) return "expired";
      const { data } = await client.auth.getSession();
      return data.session ? "ready" : "expired";
    },

    async updatePassword(password: string) {
      const { error } = await client.auth.updateUser({ password });
      if (error) throw error;
      await client.auth.signOut();
    },

    async acceptInvitation(password: string) {
      const { error } = await client.auth.updateUser({ password });
      if (error) throw error;
    },
  };
}
