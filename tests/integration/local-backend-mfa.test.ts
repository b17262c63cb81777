import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { fetchFrom } from "../support/loopback-fetch.ts";
import { Authenticator, claimsOf, enrollTotp, raiseToAal2 } from "../support/totp.ts";

// GoTrue's TOTP multi-factor API (`/auth/v1/factors`, the admin API's factors) and the claims every
// access token carries (`aal`, `amr`), through supabase-js's `auth.mfa` and `auth.admin.mfa`
// unchanged, as against a hosted project.

const PASSWORD = "Factors12345";

describe("local backend: multi-factor authentication (TOTP) through supabase-js", () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend();
  });
  afterAll(() => backend?.stop());

  let users = 0;
  let clients = 0;
  /** A client of its own (a loopback address), so that each test's failures are counted apart. */
  const newClient = () => fetchFrom(`127.0.0.${(clients += 1) + 1}`);

  /** A confirmed user of the test's own, signed in with a password (an aal1 session). */
  async function newUser(fetch?: typeof globalThis.fetch): Promise<{ email: string; id: string; client: SupabaseClient }> {
    const email = `factor-${(users += 1)}@example.com`;
    const { data, error } = await backend.service().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    if (error) throw error;
    return { email, id: data.user.id, client: await backend.signIn(email, PASSWORD, fetch) };
  }

  const accessClaims = async (client: SupabaseClient) => claimsOf((await client.auth.getSession()).data.session!.access_token);

  it("signs in at aal1 with amr password, in the access token and the refreshed one", async () => {
    const { client } = await newUser();
    expect(await accessClaims(client)).toMatchObject({ aal: "aal1", amr: [{ method: "password", timestamp: expect.any(Number) }] });
    expect((await client.auth.refreshSession()).error).toBeNull();
    expect(await accessClaims(client)).toMatchObject({ aal: "aal1", amr: [{ method: "password" }] });
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal1" });
  });

  it("enrolls a TOTP factor: an SVG QR code, the secret and its otpauth URI; the factor is listed unverified, without its secret", async () => {
    const { email, client } = await newUser();
    const { data, error } = await client.auth.mfa.enroll({ factorType: "totp", friendlyName: "Phone", issuer: "RCRT" });
    expect(error).toBeNull();
    expect(data).toMatchObject({ type: "totp", friendly_name: "Phone" });
    expect(data!.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    // The address as supabase-js gives it is the whole image: no `#` cuts it short (as in GoTrue's codes).
    expect(data!.totp.qr_code).not.toMatch(/[#%]/);
    expect(data!.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(data!.totp.uri);
    expect(`${uri.protocol}//${uri.host}${decodeURIComponent(uri.pathname)}`).toBe(`otpauth://totp/RCRT:${email}`);
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({ secret: data!.totp.secret, issuer: "RCRT", algorithm: "SHA1", digits: "6", period: "30" });

    const listed = await client.auth.mfa.listFactors();
    expect(listed.data?.all).toEqual([expect.objectContaining({ id: data!.id, friendly_name: "Phone", factor_type: "totp", status: "unverified" })]);
    expect(listed.data?.totp).toEqual([]);
    expect(JSON.stringify(listed.data)).not.toContain(data!.totp.secret);
    const defaultIssuer = await client.auth.mfa.enroll({ factorType: "totp", friendlyName: "Laptop" });
    expect(decodeURIComponent(new URL(defaultIssuer.data!.totp.uri).pathname)).toBe(`/localhost:5173:${email}`);
  });

  it("challenge and verify with the current code: a new session at aal2 with totp in amr, kept by a refresh; the factor is verified", async () => {
    const { client, id } = await newUser();
    const before = (await client.auth.getSession()).data.session!;
    const enrolled = await client.auth.mfa.enroll({ factorType: "totp" });
    const authenticator = new Authenticator(enrolled.data!.totp.secret);
    const challenge = await client.auth.mfa.challenge({ factorId: enrolled.data!.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data).toMatchObject({ id: expect.any(String), type: "totp" });
    expect(challenge.data!.expires_at - Date.now() / 1000).toBeGreaterThan(290);
    expect(challenge.data!.expires_at - Date.now() / 1000).toBeLessThanOrEqual(300);

    const verified = await client.auth.mfa.verify({ factorId: enrolled.data!.id, challengeId: challenge.data!.id, code: await authenticator.nextCode() });
    expect(verified.error).toBeNull();
    expect(verified.data).toMatchObject({ token_type: "bearer", expires_in: 3600, user: { id, factors: [expect.objectContaining({ id: enrolled.data!.id, status: "verified" })] } });
    expect(verified.data!.refresh_token).not.toBe(before.refresh_token);
    const claims = claimsOf(verified.data!.access_token);
    expect(claims).toMatchObject({ aal: "aal2", session_id: claimsOf(before.access_token).session_id });
    expect((claims.amr as { method: string }[]).map((entry) => entry.method)).toEqual(["totp", "password"]);
    expect(await accessClaims(client)).toMatchObject({ aal: "aal2" });

    expect((await client.auth.refreshSession()).error).toBeNull();
    expect(await accessClaims(client)).toMatchObject({ aal: "aal2", amr: [{ method: "totp" }, { method: "password" }] });
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: "aal2", nextLevel: "aal2" });
    expect((await client.auth.mfa.listFactors()).data?.totp).toHaveLength(1);
    // The session's earlier refresh token was rotated away by the verification.
    await backend.sql("update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1", [before.refresh_token]);
    expect((await backend.anon().auth.refreshSession({ refresh_token: before.refresh_token })).error).not.toBeNull();
  });

  it("a user with a verified factor signs in at aal1 with aal2 next, and reaches aal2 with a code; their other aal1 sessions are signed out", async () => {
    const { email, client } = await newUser();
    const { factorId, authenticator } = await enrollTotp(client);
    const other = await backend.signIn(email, PASSWORD);
    const later = await backend.signIn(email, PASSWORD);
    expect(await accessClaims(later)).toMatchObject({ aal: "aal1", amr: [{ method: "password" }] });
    expect((await later.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" });
    expect((await later.auth.getUser()).data.user?.factors).toEqual([expect.objectContaining({ id: factorId, status: "verified", factor_type: "totp" })]);

    await raiseToAal2(later, factorId, authenticator);
    expect(await accessClaims(later)).toMatchObject({ aal: "aal2" });
    // GoTrue signs out the user's sessions still at aal1 once a factor is verified; aal2 ones stay.
    expect((await other.auth.refreshSession()).error).not.toBeNull();
    expect((await client.auth.refreshSession()).error).toBeNull();
  });

  it("wrong codes get mfa_verification_failed, then 429 with Retry-After; the right code is refused meanwhile", async () => {
    const { client } = await newUser(newClient());
    const enrolled = await client.auth.mfa.enroll({ factorType: "totp" });
    const factorId = enrolled.data!.id;
    const right = await new Authenticator(enrolled.data!.totp.secret).nextCode();
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, "0");
    const errors = [];
    for (let i = 0; i < 7; i++) errors.push((await client.auth.mfa.challengeAndVerify({ factorId, code: wrong })).error);
    expect(errors.slice(0, 5).map((error) => `${error?.status} ${error?.code} ${error?.message}`)).toEqual(Array(5).fill("422 mfa_verification_failed Invalid TOTP code entered"));
    expect(errors.slice(5).map((error) => `${error?.status} ${error?.code}`)).toEqual(["429 over_request_rate_limit", "429 over_request_rate_limit"]);
    expect((await client.auth.mfa.challengeAndVerify({ factorId, code: right })).error).toMatchObject({ status: 429 });
    expect(await accessClaims(client)).toMatchObject({ aal: "aal1" });

    const session = (await client.auth.getSession()).data.session!;
    const challenge = await client.auth.mfa.challenge({ factorId });
    const raw = await newClient()(`${backend.url}/auth/v1/factors/${factorId}/verify`, {
      method: "POST",
      headers: { apikey: backend.anonKey, Authorization: `Bearer ${session.access_token}`, "content-type": "application/json" },
      body: JSON.stringify({ challenge_id: challenge.data!.id, code: right }),
    });
    expect(raw.status).toBe(429);
    expect(Number(raw.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("a code is taken once: the same code for another challenge is refused, the next step's is taken", async () => {
    const { email, client } = await newUser(newClient());
    const enrolled = await client.auth.mfa.enroll({ factorType: "totp" });
    const authenticator = new Authenticator(enrolled.data!.totp.secret);
    const code = await authenticator.nextCode();
    expect((await client.auth.mfa.challengeAndVerify({ factorId: enrolled.data!.id, code })).error).toBeNull();
    const again = await backend.signIn(email, PASSWORD, newClient());
    expect((await again.auth.mfa.challengeAndVerify({ factorId: enrolled.data!.id, code })).error).toMatchObject({ status: 422, code: "mfa_verification_failed" });
    expect((await again.auth.mfa.challengeAndVerify({ factorId: enrolled.data!.id, code: await authenticator.nextCode() })).error).toBeNull();
    expect(await accessClaims(again)).toMatchObject({ aal: "aal2" });
  });

  it("a challenge is answered once, by the client that made it, within five minutes", async () => {
    const fetch = newClient();
    const { client } = await newUser(fetch);
    const enrolled = await client.auth.mfa.enroll({ factorType: "totp" });
    const factorId = enrolled.data!.id;
    const authenticator = new Authenticator(enrolled.data!.totp.secret);
    const { access_token } = (await client.auth.getSession()).data.session!;
    const verifyFrom = async (from: typeof globalThis.fetch, challengeId: string, code: string) => {
      const response = await from(`${backend.url}/auth/v1/factors/${factorId}/verify`, {
        method: "POST",
        headers: { apikey: backend.anonKey, Authorization: `Bearer ${access_token}`, "content-type": "application/json" },
        body: JSON.stringify({ challenge_id: challengeId, code }),
      });
      return { status: response.status, ...((await response.json()) as { error_code?: string; msg?: string }) };
    };

    const elsewhere = (await client.auth.mfa.challenge({ factorId })).data!.id;
    expect(await verifyFrom(newClient(), elsewhere, "123456")).toMatchObject({ status: 422, error_code: "mfa_ip_address_mismatch" });
    const stale = (await client.auth.mfa.challenge({ factorId })).data!.id;
    await backend.sql("update auth.mfa_challenges set created_at = created_at - interval '301 seconds' where id = $1", [stale]);
    expect(await verifyFrom(fetch, stale, "123456")).toMatchObject({ status: 422, error_code: "mfa_challenge_expired" });
    expect(await backend.sql("select 1 from auth.mfa_challenges where id = $1", [stale])).toEqual([]);
    expect(await verifyFrom(fetch, "00000000-0000-4000-8000-000000000000", "123456")).toMatchObject({ status: 422, error_code: "mfa_factor_not_found" });

    const fresh = (await client.auth.mfa.challenge({ factorId })).data!.id;
    expect(await verifyFrom(fetch, fresh, await authenticator.nextCode())).toMatchObject({ status: 200 });
    // GoTrue answers a used challenge as it answers another client's.
    expect(await verifyFrom(fetch, fresh, "123456")).toMatchObject({ status: 422, error_code: "mfa_ip_address_mismatch" });
    expect(await verifyFrom(fetch, fresh, "")).toMatchObject({ status: 400, error_code: "validation_failed", msg: "Code needs to be non-empty" });
  });

  it("unenrolling a verified factor needs an aal2 session; it then brings the session back to aal1", async () => {
    const { email, client } = await newUser();
    const { factorId, authenticator } = await enrollTotp(client);
    const aal1 = await backend.signIn(email, PASSWORD);
    expect((await aal1.auth.mfa.unenroll({ factorId })).error).toMatchObject({ status: 422, code: "insufficient_aal", message: "AAL2 required to unenroll verified factor" });

    await raiseToAal2(aal1, factorId, authenticator);
    expect((await aal1.auth.mfa.unenroll({ factorId })).data).toEqual({ id: factorId });
    expect((await aal1.auth.mfa.listFactors()).data?.all).toEqual([]);
    expect((await aal1.auth.refreshSession()).error).toBeNull();
    expect(await accessClaims(aal1)).toMatchObject({ aal: "aal1", amr: [{ method: "password" }] });
    expect((await aal1.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal1" });
    // An unverified factor goes without aal2.
    const pending = await client.auth.mfa.enroll({ factorType: "totp", friendlyName: "pending" });
    expect((await aal1.auth.mfa.unenroll({ factorId: pending.data!.id })).error).toBeNull();
  });

  it("a second factor needs aal2 once one is verified, a name is used once per user, and factors are the user's own", async () => {
    const { email, client } = await newUser();
    await enrollTotp(client, "First");
    expect((await client.auth.mfa.enroll({ factorType: "totp", friendlyName: "First" })).error).toMatchObject({ status: 422, code: "mfa_factor_name_conflict" });
    expect((await client.auth.mfa.enroll({ factorType: "totp", friendlyName: "Second" })).error).toBeNull();

    const aal1 = await backend.signIn(email, PASSWORD);
    expect((await aal1.auth.mfa.enroll({ factorType: "totp", friendlyName: "Third" })).error).toMatchObject({ status: 403, code: "insufficient_aal" });
    expect((await aal1.auth.mfa.enroll({ factorType: "phone", phone: "+15555550100" })).error).toMatchObject({ status: 422, code: "mfa_phone_enroll_not_enabled" });

    const stranger = await newUser();
    const theirs = await stranger.client.auth.mfa.enroll({ factorType: "totp" });
    expect((await client.auth.mfa.challenge({ factorId: theirs.data!.id })).error).toMatchObject({ status: 404, code: "mfa_factor_not_found" });
    expect((await client.auth.mfa.unenroll({ factorId: theirs.data!.id })).error).toMatchObject({ status: 404, code: "mfa_factor_not_found" });
    expect((await client.auth.mfa.challenge({ factorId: "not-a-uuid" })).error).toMatchObject({ status: 404, code: "validation_failed" });
  });

  it("the admin API lists and removes a user's factors, for the service role only", async () => {
    const { id, client } = await newUser();
    const { factorId } = await enrollTotp(client, "Admin-listed");
    const admin = backend.service().auth.admin;
    const listed = await admin.mfa.listFactors({ userId: id });
    expect(listed.error).toBeNull();
    expect(listed.data?.factors).toEqual([expect.objectContaining({ id: factorId, friendly_name: "Admin-listed", status: "verified", factor_type: "totp" })]);
    expect((await admin.getUserById(id)).data.user?.factors).toHaveLength(1);

    // The user's own token and the anon key are refused, as GoTrue refuses anyone but an admin.
    const userToken = (await client.auth.getSession()).data.session!.access_token;
    for (const bearer of [userToken, backend.anonKey]) {
      for (const [method, path] of [["GET", `/users/${id}/factors`], ["DELETE", `/users/${id}/factors/${factorId}`]] as const) {
        const refused = await fetch(`${backend.url}/auth/v1/admin${path}`, { method, headers: { apikey: backend.anonKey, Authorization: `Bearer ${bearer}` } });
        expect(refused.status, `${method} ${path}`).toBe(403);
        expect(await refused.json()).toMatchObject({ error_code: "not_admin" });
      }
    }
    expect((await backend.anon().auth.admin.mfa.listFactors({ userId: id })).error).toMatchObject({ status: 403 });
    expect((await admin.mfa.listFactors({ userId: "00000000-0000-4000-8000-000000000000" })).error).toMatchObject({ status: 404, code: "user_not_found" });
    expect((await admin.mfa.deleteFactor({ userId: id, id: "00000000-0000-4000-8000-000000000000" })).error).toMatchObject({ status: 404, code: "mfa_factor_not_found" });

    const deleted = await admin.mfa.deleteFactor({ userId: id, id: factorId });
    expect(deleted.error).toBeNull();
    expect((deleted.data as unknown as { data: { id: string } }).data.id).toBe(factorId);
    expect((await admin.mfa.listFactors({ userId: id })).data?.factors).toEqual([]);
    expect((await client.auth.refreshSession()).error).toBeNull();
    expect(await accessClaims(client)).toMatchObject({ aal: "aal1" });
  });

  describe("sign-out scopes, as GoTrue's", () => {
    async function sessionsOf(email: string) {
      const clients = [await backend.signIn(email, PASSWORD), await backend.signIn(email, PASSWORD), await backend.signIn(email, PASSWORD)];
      // Read before signing out: a client forgets its own session when it signs out.
      const tokens = await Promise.all(clients.map(async (client) => (await client.auth.getSession()).data.session!.refresh_token));
      const refreshes = async () => Promise.all(tokens.map(async (refresh_token) => (await backend.anon().auth.refreshSession({ refresh_token })).error === null));
      return { clients, refreshes };
    }

    it("local ends this session only, others every other one, global all of them", async () => {
      const { email } = await newUser();
      const local = await sessionsOf(email);
      expect((await local.clients[0]!.auth.signOut({ scope: "local" })).error).toBeNull();
      expect(await local.refreshes()).toEqual([false, true, true]);

      const others = await sessionsOf(email);
      expect((await others.clients[0]!.auth.signOut({ scope: "others" })).error).toBeNull();
      expect(await others.refreshes()).toEqual([true, false, false]);

      const global = await sessionsOf(email);
      expect((await global.clients[0]!.auth.signOut({ scope: "global" })).error).toBeNull();
      expect(await global.refreshes()).toEqual([false, false, false]);
      expect(await backend.sql("select 1 from auth.sessions s join auth.users u on u.id = s.user_id where u.email = $1", [email])).toEqual([]);
    });

    it("without a scope, sign-out is global, as GoTrue's default (lite's was the one session)", async () => {
      const { email } = await newUser();
      const { clients, refreshes } = await sessionsOf(email);
      const { access_token } = (await clients[0]!.auth.getSession()).data.session!;
      const response = await fetch(`${backend.url}/auth/v1/logout`, { method: "POST", headers: { apikey: backend.anonKey, Authorization: `Bearer ${access_token}` } });
      expect(response.status).toBe(204);
      expect(await refreshes()).toEqual([false, false, false]);
    });
  });

  describe("supabase-js's own MFA tests (packages/core/auth-js/test), where they run here", () => {
    // Upstream signs a user up first; sign-ups are off here, so an administrator creates the user.
    let authWithSession: SupabaseClient["auth"];
    let auth: SupabaseClient["auth"];
    const setupUserWithMFA = async () => {
      const { email } = await newUser();
      authWithSession = (await backend.signIn(email, PASSWORD)).auth;
    };
    const setupUserWithMFAAndTOTP = async () => {
      await setupUserWithMFA();
      const { data: enrollData, error: enrollError } = await authWithSession.mfa.enroll({ factorType: "totp" });
      expect(enrollError).toBeNull();
      expect(enrollData!.totp).not.toBeNull();
      return { factorId: enrollData!.id, totp: enrollData!.totp };
    };
    beforeAll(() => {
      auth = backend.anon().auth;
    });

    it('enroll({factorType: "totp"}) returns totp', async () => {
      await setupUserWithMFA();
      const { data, error } = await authWithSession.mfa.enroll({ factorType: "totp" });
      expect(error).toBeNull();
      expect(data!.totp.qr_code).not.toBeNull();
    });

    it('enroll({factorType: "totp"}) should fail without session', async () => {
      await setupUserWithMFA();
      await authWithSession.signOut();
      const { data, error } = await authWithSession.mfa.enroll({ factorType: "totp" });
      expect(error).not.toBeNull();
      expect(data).toBeNull();
    });

    it("challenge should create MFA challenge", async () => {
      const { factorId } = await setupUserWithMFAAndTOTP();
      const { data, error: challengeError } = await authWithSession.mfa.challenge({ factorId });
      expect(challengeError).toBeNull();
      expect(data!.id).not.toBeNull();
      expect(data!.expires_at).not.toBeNull();
    });

    it("verify should verify MFA challenge", async () => {
      const { factorId } = await setupUserWithMFAAndTOTP();
      const { data: challengeData, error: challengeError } = await authWithSession.mfa.challenge({ factorId });
      expect(challengeError).toBeNull();
      const { data: verifyData, error: verifyError } = await authWithSession.mfa.verify({ factorId, challengeId: challengeData!.id, code: "123456" });
      expect(verifyError).not.toBeNull();
      expect(verifyError?.message).toContain("Invalid TOTP code");
      expect(verifyData).toBeNull();
    });

    it("challengeAndVerify should handle MFA challenge and verification in one call", async () => {
      const { factorId } = await setupUserWithMFAAndTOTP();
      const { data: verifyData, error: verifyError } = await authWithSession.mfa.challengeAndVerify({ factorId, code: "123456" });
      expect(verifyError).not.toBeNull();
      expect(verifyError?.message).toContain("Invalid TOTP code");
      expect(verifyData).toBeNull();
    });

    it("unenroll should remove MFA factor", async () => {
      const { factorId } = await setupUserWithMFAAndTOTP();
      const { error: unenrollError } = await authWithSession.mfa.unenroll({ factorId });
      expect(unenrollError).toBeNull();
      const { data: factorsData } = await authWithSession.mfa.listFactors();
      expect(factorsData!.all).toHaveLength(0);
      expect(factorsData!.totp).toHaveLength(0);
    });

    it("getAuthenticatorAssuranceLevel should return current AAL", async () => {
      await setupUserWithMFAAndTOTP();
      const { data: aalData, error: aalError } = await authWithSession.mfa.getAuthenticatorAssuranceLevel();
      expect(aalError).toBeNull();
      expect(aalData!.currentLevel).toBeDefined();
      expect(aalData!.nextLevel).toBeDefined();
      expect(aalData!.currentAuthenticationMethods).toBeDefined();
    });

    it("invalid JWT returns error", async () => {
      const { data, error } = await auth.mfa.getAuthenticatorAssuranceLevel("invalid-jwt-token");
      expect(error).not.toBeNull();
      expect(error!.message).toContain("Invalid JWT");
      expect(data).toBeNull();
    });

    it.each([
      ["enroll", () => auth.mfa.enroll({ factorType: "totp" })],
      ["challenge", () => auth.mfa.challenge({ factorId: "test-factor-id" })],
      ["verify", () => auth.mfa.verify({ factorId: "test-factor-id", challengeId: "f7850041-ba10-4eb3-851c-8ceb7ff8463d", code: "123456" })],
      ["unenroll", () => auth.mfa.unenroll({ factorId: "test-factor-id" })],
    ] as const)("should handle MFA %s without session", async (_name, call) => {
      const { data, error } = await call();
      expect(error).toBeDefined();
      expect((data as { id?: string; access_token?: string } | null)?.id ?? (data as { access_token?: string } | null)?.access_token).toBeUndefined();
    });

    it("mfa factor management: add, list and delete (GoTrueApi.test.ts, MFA Admin)", async () => {
      await setupUserWithMFA();
      const uid = (await authWithSession.getUser()).data.user!.id;
      const { error: enrollError } = await authWithSession.mfa.enroll({ factorType: "totp" });
      expect(enrollError).toBeNull();
      const serviceRoleApiClient = backend.service().auth.admin;
      const { data, error } = await serviceRoleApiClient.mfa.listFactors({ userId: uid });
      expect(error).toBeNull();
      expect(Array.isArray(data?.factors)).toBe(true);
      expect(data?.factors.length).toBeGreaterThan(0);
      const factorId = data?.factors[0]!.id;
      const { data: deletedData, error: deletedError } = await serviceRoleApiClient.mfa.deleteFactor({ userId: uid, id: factorId! });
      expect(deletedError).toBeNull();
      expect((deletedData as unknown as { data: { id: string } }).data.id).toEqual(factorId);
      const { data: latestData, error: latestError } = await serviceRoleApiClient.mfa.listFactors({ userId: uid });
      expect(latestError).toBeNull();
      expect(latestData?.factors.length).toEqual(0);
    });

    it("mfa.listFactors and mfa.deleteFactor return an AuthError for an invalid user", async () => {
      const serviceRoleApiClient = backend.service().auth.admin;
      const NON_EXISTANT_USER_ID = "8a2d4a8d-3f5c-4b1a-9a1e-8d5b8a5f7d2c";
      const listed = await serviceRoleApiClient.mfa.listFactors({ userId: NON_EXISTANT_USER_ID });
      expect(listed.data).toBeNull();
      expect(listed.error).not.toBeNull();
      const deleted = await serviceRoleApiClient.mfa.deleteFactor({ userId: NON_EXISTANT_USER_ID, id: NON_EXISTANT_USER_ID });
      expect(deleted.data).toBeNull();
      expect(deleted.error).not.toBeNull();
    });
  });
});
