import type { SupabaseClient } from "@supabase/supabase-js";
import type { AuthProvider } from "ra-core";
import { adminSession, type AdminSession } from "./admin-session.ts";
import { errorStatus } from "./errors.ts";

// Spec section 8, login.
export const LOGIN_ERRORS = {
  invalidCredentials: "Invalid email or password",
  other: "An error occurred during login",
  noSession: "Authentication failed",
  notAdmin: "Access denied. Admin privileges required.",
  unexpected: "An unexpected error occurred.",
} as const;

export const ADMIN_CHECK_FAILED = "Error checking admin status";

/** A login failure whose message is one of LOGIN_ERRORS, to show as it is. */
export class LoginError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LoginError";
  }
}

function isInvalidCredentials(error: { code?: string; message?: string }): boolean {
  return error.code === "invalid_credentials" || /invalid login credentials/i.test(error.message ?? "");
}

/** select id from admin_users where id = the user's id, expecting a single row. */
export async function isAdminUser(client: SupabaseClient, userId: string): Promise<boolean> {
  const { data, error, status } = await client.from("admin_users").select("id").eq("id", userId).single();
  if (error) {
    if (error.code === "PGRST116") return false; // no row: not an admin
    throw Object.assign(new Error(error.message), { status, code: error.code });
  }
  return data !== null;
}

/**
 * A check that got no answer at all (offline, or a request cut short because the page is being left
 * or reloaded) says nothing about the user, unlike a refusal from the server.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { name, status, message } = error as { name?: string; status?: number; message?: string };
  return name === "AuthRetryableFetchError" || name === "AbortError" || name === "TypeError" || status === 0 || /failed to fetch|networkerror|load failed/i.test(message ?? "");
}

/** The admin check: the current user (verified by the server) has an admin_users row. */
export async function checkAdmin(client: SupabaseClient): Promise<boolean> {
  const { data, error } = await client.auth.getUser();
  if (error) throw error;
  if (!data.user) return false;
  return isAdminUser(client, data.user.id);
}

export interface AdminAuthProviderOptions {
  storage?: Storage;
  /** Where the password-reset mail leads; the update-password page of the back office. */
  resetRedirect?: () => string;
}

export type AdminAuthProvider = AuthProvider & {
  session: AdminSession;
  resetPassword(email: string): Promise<void>;
  updatePassword(password: string): Promise<void>;
};

/**
 * react-admin's auth provider over the shared supabase-js client. Signed in is not enough: the
 * account must be in admin_users (spec section 4 and 6). The flag lives in `adminSession`.
 */
export function createAuthProvider(client: SupabaseClient, options: AdminAuthProviderOptions = {}): AdminAuthProvider {
  const storage = options.storage ?? window.localStorage;
  const session = adminSession(storage);

  // Keep the stored admin token in step with the refreshed access token while signed in as an admin.
  client.auth.onAuthStateChange((event, current) => {
    if (event === "TOKEN_REFRESHED" && current && session.hasToken()) session.store(current.access_token);
  });

  return {
    session,

    async login(params: { email?: string; password?: string }) {
      try {
        const { data, error } = await client.auth.signInWithPassword({ email: params.email ?? "", password: params.password ?? "" });
        if (error) throw new LoginError(isInvalidCredentials(error) ? LOGIN_ERRORS.invalidCredentials : LOGIN_ERRORS.other);
        if (!data.session) throw new LoginError(LOGIN_ERRORS.noSession);
        if (!(await isAdminUser(client, data.session.user.id))) {
          await client.auth.signOut();
          session.clear();
          throw new LoginError(LOGIN_ERRORS.notAdmin);
        }
        session.store(data.session.access_token);
      } catch (error) {
        if (error instanceof LoginError) throw error;
        console.error("Login failed", error);
        throw new LoginError(LOGIN_ERRORS.unexpected);
      }
    },

    async logout() {
      try {
        await client.auth.signOut();
      } catch (error) {
        console.error("Error signing out", error);
      }
      session.clear();
      storage.clear();
      return "/login";
    },

    /** Runs on entering /admin and after every navigation (see AdminGuard). */
    async checkAuth() {
      if (!session.isAuthenticated()) {
        throw { message: false, redirectTo: "/login" };
      }
      let ok = false;
      let failure: unknown = "not an administrator";
      try {
        ok = await checkAdmin(client);
      } catch (error) {
        if (isNetworkFailure(error)) {
          // Logged, but not taken as "not an admin": the next navigation checks again, and any
          // request the server answers with 401 still ends the session.
          console.error(ADMIN_CHECK_FAILED, error);
          return;
        }
        failure = error;
      }
      if (!ok) {
        console.error(ADMIN_CHECK_FAILED, failure);
        session.clear();
        throw { message: false, redirectTo: "/login" };
      }
    },

    /**
     * 401 (no or expired session) signs the admin out; 403 (a write the database refused) does not:
     * the caller shows the error and the admin stays signed in.
     */
    async checkError(error: unknown) {
      const status = errorStatus(error);
      const name = (error as { name?: string } | null)?.name;
      if (status === 401 || name === "AuthSessionMissingError") {
        session.clear();
        throw { message: "Your session has expired. Please sign in again.", redirectTo: "/login" };
      }
    },

    async getIdentity() {
      const { data } = await client.auth.getSession();
      const user = data.session?.user;
      if (!user) throw new Error("Not signed in");
      return { id: user.id, fullName: user.email ?? "Admin" };
    },

    async getPermissions() {
      return session.isAuthenticated() ? "admin" : null;
    },

    async resetPassword(email: string) {
      const redirectTo = options.resetRedirect?.() ?? `${window.location.origin}/admin/update-password`;
      const { error } = await client.auth.resetPasswordForEmail(email, { redirectTo });
      if (error) throw error;
    },

    async updatePassword(password: string) {
      const { error } = await client.auth.updateUser({ password });
      if (error) throw error;
      await client.auth.signOut();
      session.clear();
    },
  };
}
