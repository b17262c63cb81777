// The admin authentication flag of spec section 4. An "admin token" (the access token of a login
// that passed the admin check) is kept in storage; the flag is true while a readable token with an
// expiry claim in the future is stored. Expiry is compared in seconds, as JWT `exp` is.

export const ADMIN_TOKEN_KEY = "adminToken";

/** The `exp` claim of a JWT, or null when the token cannot be read. */
export function tokenExpiry(token: string): number | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(payload.length / 4) * 4, "=");
    const claims = JSON.parse(atob(base64)) as { exp?: unknown };
    return typeof claims.exp === "number" && Number.isFinite(claims.exp) ? claims.exp : null;
  } catch {
    return null;
  }
}

export function nowInSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

export interface AdminSession {
  /** Reads the stored token; an expired or unreadable one is removed and the flag is false. */
  isAuthenticated(now?: number): boolean;
  store(token: string): void;
  clear(): void;
  hasToken(): boolean;
}

export function adminSession(storage: Storage): AdminSession {
  return {
    isAuthenticated(now = nowInSeconds()) {
      const token = storage.getItem(ADMIN_TOKEN_KEY);
      if (!token) return false;
      const expiry = tokenExpiry(token);
      if (expiry === null || expiry <= now) {
        storage.removeItem(ADMIN_TOKEN_KEY);
        return false;
      }
      return true;
    },
    store(token) {
      storage.setItem(ADMIN_TOKEN_KEY, token);
    },
    clear() {
      storage.removeItem(ADMIN_TOKEN_KEY);
    },
    hasToken() {
      return storage.getItem(ADMIN_TOKEN_KEY) !== null;
    },
  };
}
