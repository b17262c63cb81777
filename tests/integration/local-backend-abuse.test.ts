import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestBackend, USER, type TestBackend } from "../support/backend.ts";

describe("local backend: abuse limits", () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend({ signInLimit: { limit: 3, windowMs: 60_000 }, addressSignInLimit: { limit: 6, windowMs: 60_000 }, bodyLimit: 64 * 1024 });
  });
  afterAll(() => backend?.stop());

  it("answers repeated failed sign-ins for one account with 429 and a clear message", async () => {
    for (let i = 0; i < 3; i++) {
      const { error } = await backend.anon().auth.signInWithPassword({ email: USER.email, password: `Wrong-${i}-password` });
      expect(error?.code).toBe("invalid_credentials");
    }
    const response = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: { apikey: backend.anonKey, "Content-Type": "application/json" },
      body: JSON.stringify({ email: USER.email, password: USER.password }),
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await response.json()).toMatchObject({ error_code: "over_request_rate_limit", msg: "Too many failed sign-in attempts. Try again later." });
  });

  it("does not hold successful sign-ins or other accounts against anyone", async () => {
    for (let i = 0; i < 5; i++) {
      const { error } = await backend.anon().auth.signInWithPassword(ADMIN);
      expect(error).toBeNull();
    }
  });

  it("refuses REST bodies over the limit with 413 and changes nothing", async () => {
    const admin = await backend.signIn(ADMIN.email, ADMIN.password);
    const token = (await admin.auth.getSession()).data.session!.access_token;
    const before = await backend.sql("select count(*) from public.press_quotes");
    const response = await fetch(`${backend.url}/rest/v1/press_quotes`, {
      method: "POST",
      headers: { apikey: backend.anonKey, Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ quote: "x".repeat(100 * 1024), source: "Too long" }),
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toMatch(/larger than/);
    expect(await backend.sql("select count(*) from public.press_quotes")).toEqual(before);
  });
});

// A backend of its own: the address's count would otherwise hold the failures of the tests above,
// in whatever order they ran.
describe("local backend: failed sign-ins from one address", () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend({ signInLimit: { limit: 3, windowMs: 60_000 }, addressSignInLimit: { limit: 6, windowMs: 60_000 } });
  });
  afterAll(() => backend?.stop());

  it("answers failed sign-ins spread over many accounts from one address with 429 too", async () => {
    // Six accounts, one failure each: under every account's limit of three, at the address's limit of six.
    for (const email of ["a@example.com", "b@example.com", "c@example.com", "d@example.com", "e@example.com", "f@example.com"]) {
      const { error } = await backend.anon().auth.signInWithPassword({ email, password: "Wrong-password-1" });
      expect(error?.code).toBe("invalid_credentials");
    }
    const { error } = await backend.anon().auth.signInWithPassword({ email: "g@example.com", password: "Wrong-password-1" });
    expect(error?.status).toBe(429);
  });
});
