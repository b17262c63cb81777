import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, nodeClient, startTestBackend, USER, type TestBackend } from "../support/backend.ts";

describe("local backend: Auth (/auth/v1) through supabase-js", () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend();
  });
  afterAll(() => backend?.stop());

  it("signs in with the right password and returns a session with an access token", async () => {
    const client = backend.anon();
    const { data, error } = await client.auth.signInWithPassword(ADMIN);
    expect(error).toBeNull();
    expect(data.session?.access_token).toMatch(/^ey/);
    expect(data.session?.token_type).toBe("bearer");
    expect(data.user?.email).toBe(ADMIN.email);
  });

  it("refuses a wrong password with invalid_credentials", async () => {
    const { data, error } = await backend.anon().auth.signInWithPassword({ email: ADMIN.email, password: "Wrong-password-1" });
    expect(data.session).toBeNull();
    expect(error?.status).toBe(400);
    expect(error?.code).toBe("invalid_credentials");
  });

  it("refreshes a session and the new access token works", async () => {
    const client = await backend.signIn(USER.email, USER.password);
    const before = (await client.auth.getSession()).data.session!;
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(before.refresh_token);
    const { data: user } = await client.auth.getUser();
    expect(user.user?.email).toBe(USER.email);
  });

  it("signs out: the old refresh token no longer gives a session", async () => {
    const client = await backend.signIn(USER.email, USER.password);
    const { refresh_token } = (await client.auth.getSession()).data.session!;
    expect((await client.auth.signOut()).error).toBeNull();
    const { data, error } = await backend.anon().auth.refreshSession({ refresh_token });
    expect(data.session).toBeNull();
    expect(error).not.toBeNull();
  });

  it("captures the reset mail in the local mailbox, and its link lets the user set a new password", async () => {
    // An account of its own: the file's other tests sign in as the seeded ones, in any order.
    const account = { email: "resetting@example.com", password: "Resetting12345" };
    expect((await backend.service().auth.admin.createUser({ ...account, email_confirm: true })).error).toBeNull();
    const redirectTo = "http://localhost:5173/admin/update-password";
    const { error } = await backend.anon().auth.resetPasswordForEmail(account.email, { redirectTo });
    expect(error).toBeNull();

    // The mail is sent off the response path, so that the answer's timing says nothing.
    await expect.poll(async () => (await backend.mails()).some((m) => m.to === account.email)).toBe(true);
    const mail = (await backend.mails()).find((m) => m.to === account.email);
    expect(mail?.link).toContain("/auth/v1/verify");
    expect(mail?.link).toContain("type=recovery");
    // The link alone: no screen takes a code, so the mail offers none.
    expect(mail?.text).toBe(`Follow this link: ${mail!.link}`);
    expect(mail?.html).toContain("Reset password");
    expect(mail?.html).not.toContain("Or enter this code");

    const verify = await fetch(mail!.link!, { redirect: "manual" });
    expect(verify.status).toBeGreaterThanOrEqual(300);
    const location = new URL(verify.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(redirectTo);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get("type")).toBe("recovery");

    const client = nodeClient(backend.url, backend.anonKey);
    await client.auth.setSession({ access_token: fragment.get("access_token")!, refresh_token: fragment.get("refresh_token")! });
    expect((await client.auth.updateUser({ password: "NewPassw0rd" })).error).toBeNull();

    expect((await backend.anon().auth.signInWithPassword(account)).error?.code).toBe("invalid_credentials");
    expect((await backend.anon().auth.signInWithPassword({ email: account.email, password: "NewPassw0rd" })).error).toBeNull();
  });

  it("answers a reset request for an unknown account the same way (no account enumeration)", async () => {
    const { error } = await backend.anon().auth.resetPasswordForEmail("nobody@example.com");
    expect(error).toBeNull();
    await backend.backend.settled();
    expect((await backend.mails()).some((m) => m.to === "nobody@example.com")).toBe(false);
  });

  it("does not let visitors sign up: accounts are created by administrators", async () => {
    const { data, error } = await backend.anon().auth.signUp({ email: "new@example.com", password: "Passw0rd!!" });
    expect(data.user).toBeNull();
    expect(error).not.toBeNull();
  });
});
