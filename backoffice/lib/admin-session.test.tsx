import { describe, expect, it } from "vitest";
import { ADMIN_TOKEN_KEY, adminSession, tokenExpiry } from "./admin-session.ts";

function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  return `${part({ alg: "HS256", typ: "JWT" })}.${part(claims)}.signature`;
}

describe("admin authentication flag (spec section 4)", () => {
  it("starts false: no stored token", () => {
    expect(adminSession(window.localStorage).isAuthenticated()).toBe(false);
  });

  it("is true on load when a stored token's expiry is in the future, compared in seconds", () => {
    localStorage.setItem(ADMIN_TOKEN_KEY, jwt({ exp: 1_000 }));
    expect(adminSession(localStorage).isAuthenticated(999)).toBe(true);
    localStorage.clear();
  });

  it("an expired token (exp reached, in seconds) is removed and the flag is false", () => {
    localStorage.setItem(ADMIN_TOKEN_KEY, jwt({ exp: 1_000 }));
    expect(adminSession(localStorage).isAuthenticated(1_000)).toBe(false);
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
  });

  it("an unreadable token is removed and the flag is false", () => {
    for (const broken of ["garbage", "a.b.c", jwt({ exp: "soon" }), jwt({})]) {
      localStorage.setItem(ADMIN_TOKEN_KEY, broken);
      expect(adminSession(localStorage).isAuthenticated(0)).toBe(false);
      expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
    }
  });

  it("reads the exp claim of base64url payloads", () => {
    expect(tokenExpiry(jwt({ exp: 1_893_456_000, note: "ÿÿ>>??" }))).toBe(1_893_456_000);
  });
});
