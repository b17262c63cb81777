import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { ADMIN, nodeClient, startTestBackend, USER, type TestBackend } from "../support/backend.ts";

// The Auth admin API (`/auth/v1/admin/users`, `/auth/v1/invite`) as GoTrue answers it, through
// supabase-js's `auth.admin`: the service-role key only.

describe("local backend: Auth admin API through supabase-js auth.admin", () => {
  let backend: TestBackend;
  let service: SupabaseClient;
  beforeAll(async () => {
    backend = await startTestBackend();
    service = backend.service();
  });
  afterAll(() => backend?.stop());

  const mailsTo = async (email: string) => (await backend.mails()).filter((mail) => mail.to === email);

  /** Follows a mailed link as a browser would: where it lands, and whether with a session. */
  async function follow(link: string): Promise<{ at: string; signedIn: boolean; error: string | null }> {
    const response = await fetch(link, { redirect: "manual" });
    const location = new URL(response.headers.get("location")!);
    const fragment = new URLSearchParams(location.hash.slice(1));
    return { at: `${location.origin}${location.pathname}${location.search}`, signedIn: fragment.has("access_token"), error: fragment.get("error_code") ?? location.searchParams.get("error_code") };
  }

  it("creates a confirmed user with a password that then signs in, with GoTrue's user shape", async () => {
    const { data, error } = await service.auth.admin.createUser({ email: "New.Editor@example.com", password: "Editor12345", email_confirm: true, user_metadata: { name: "Ed" } });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email: "new.editor@example.com", aud: "authenticated", role: "authenticated", user_metadata: { name: "Ed" }, app_metadata: { provider: "email", providers: ["email"] } });
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.identities?.[0]).toMatchObject({ provider: "email", user_id: data.user?.id });
    const [row] = await backend.sql<{ instance_id: string; recovery_token: string }>("select instance_id, recovery_token from auth.users where id = $1", [data.user!.id]);
    expect(row).toEqual({ instance_id: "00000000-0000-0000-0000-000000000000", recovery_token: "" });

    const signedIn = await backend.signIn("new.editor@example.com", "Editor12345");
    expect((await signedIn.auth.getUser()).data.user?.id).toBe(data.user!.id);
  });

  it("refuses a taken address, a short password and a missing address as GoTrue does, creating nobody", async () => {
    const before = await backend.sql("select id from auth.users");
    const taken = await service.auth.admin.createUser({ email: ADMIN.email, password: "Another12345" });
    expect(taken.error).toMatchObject({ status: 422, code: "email_exists", message: "A user with this email address has already been registered" });
    const weak = await service.auth.admin.createUser({ email: "weak@example.com", password: "short" });
    expect(weak.error).toMatchObject({ status: 422, code: "weak_password" });
    const none = await service.auth.admin.createUser({ password: "Editor12345" });
    expect(none.error).toMatchObject({ status: 400, message: "Cannot create a user without either an email or phone" });
    expect(await backend.sql("select id from auth.users")).toHaveLength(before.length);
  });

  it("lists users a page at a time, newest first, with the total and the next and last pages", async () => {
    const { error: createError } = await service.auth.admin.createUser({ email: "listed@example.com", password: "Listed12345", email_confirm: true });
    expect(createError).toBeNull();
    const total = (await backend.sql<{ n: number }>("select count(*)::int as n from auth.users"))[0]!.n;
    const first = await service.auth.admin.listUsers({ page: 1, perPage: 2 });
    expect(first.error).toBeNull();
    expect(first.data.users).toHaveLength(2);
    expect(first.data).toMatchObject({ total, nextPage: total > 2 ? 2 : null, lastPage: Math.ceil(total / 2) });
    const all = await service.auth.admin.listUsers({ page: 1, perPage: 1000 });
    expect(all.data.users.map((u) => u.email)).toEqual(expect.arrayContaining([ADMIN.email, USER.email, "listed@example.com"]));
    const created = all.data.users.map((u) => u.created_at);
    expect(created).toEqual([...created].sort().reverse());
    expect("nextPage" in all.data && all.data.nextPage).toBeNull();
  });

  it("gets one user, and answers 404 for an unknown or malformed id", async () => {
    const [admin] = await backend.sql<{ id: string }>("select id from auth.users where email = $1", [ADMIN.email]);
    const { data, error } = await service.auth.admin.getUserById(admin!.id);
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: admin!.id, email: ADMIN.email });
    const unknown = await service.auth.admin.getUserById("00000000-0000-4000-8000-00000000dead");
    expect(unknown.error).toMatchObject({ status: 404, code: "user_not_found", message: "User not found" });
    const malformed = await fetch(`${backend.url}/auth/v1/admin/users/nope`, { headers: { apikey: backend.serviceKey, Authorization: `Bearer ${backend.serviceKey}` } });
    expect(malformed.status).toBe(404);
    expect(await malformed.json()).toMatchObject({ error_code: "validation_failed", msg: "user_id must be an UUID" });
  });

  it("updates address, password and metadata (merged, a null removes a key) and bans and unbans", async () => {
    const { data: created } = await service.auth.admin.createUser({ email: "changing@example.com", password: "Changing12345", email_confirm: true, user_metadata: { keep: 1, drop: 2 } });
    const id = created.user!.id;
    const { data, error } = await service.auth.admin.updateUserById(id, { email: "changed@example.com", password: "Changed12345", user_metadata: { drop: null, added: "yes" } });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email: "changed@example.com", user_metadata: { keep: 1, added: "yes" } });
    expect(data.user?.user_metadata).not.toHaveProperty("drop");
    await backend.signIn("changed@example.com", "Changed12345");
    await expect(backend.signIn("changed@example.com", "Changing12345")).rejects.toThrow();

    const taken = await service.auth.admin.updateUserById(id, { email: USER.email });
    expect(taken.error).toMatchObject({ status: 422, code: "email_exists" });

    const banned = await service.auth.admin.updateUserById(id, { ban_duration: "24h" });
    expect(banned.error).toBeNull();
    expect(new Date(banned.data.user!.banned_until!).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    await expect(backend.signIn("changed@example.com", "Changed12345")).rejects.toThrow();
    const unbanned = await service.auth.admin.updateUserById(id, { ban_duration: "none" });
    expect(unbanned.data.user?.banned_until).toBeUndefined();
    await backend.signIn("changed@example.com", "Changed12345");
  });

  it("invites by email: the user exists unconfirmed, and the mailed link confirms and signs them in", async () => {
    const { data, error } = await service.auth.admin.inviteUserByEmail("invited@example.com", { data: { team: "press" }, redirectTo: "http://localhost:5173/admin/update-password" });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email: "invited@example.com", user_metadata: { team: "press" } });
    expect(data.user?.invited_at).toBeTruthy();
    expect(data.user?.email_confirmed_at ?? null).toBeNull();
    const mail = (await backend.mails()).find((m) => m.to === "invited@example.com");
    expect(mail?.subject).toBe("You have been invited");
    const followed = await fetch(mail!.link!, { redirect: "manual" });
    expect(followed.status).toBe(303);
    const location = new URL(followed.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe("http://localhost:5173/admin/update-password");
    expect(location.hash).toContain("access_token=");
    const again = await service.auth.admin.inviteUserByEmail("invited@example.com");
    expect(again.error).toMatchObject({ status: 422, code: "email_exists" });
  });

  it("invites an unconfirmed user again with a new link, the old one stops working, and each link works once", async () => {
    const redirectTo = "http://localhost:5173/admin/update-password?invited=1";
    const first = await service.auth.admin.inviteUserByEmail("twice@example.com", { redirectTo });
    expect(first.error).toBeNull();
    const firstLink = (await mailsTo("twice@example.com"))[0]!.link!;
    const second = await service.auth.admin.inviteUserByEmail("twice@example.com", { redirectTo });
    expect(second.error).toBeNull();
    expect(second.data.user?.id).toBe(first.data.user?.id);
    const mails = await mailsTo("twice@example.com");
    expect(mails).toHaveLength(2);
    const secondLink = mails[0]!.link!;
    expect(secondLink).not.toBe(firstLink);

    expect(await follow(firstLink)).toMatchObject({ signedIn: false, error: "otp_expired" });
    const accepted = await follow(secondLink);
    expect(accepted.signedIn).toBe(true);
    expect(accepted.at).toBe(redirectTo);
    expect(await follow(secondLink)).toMatchObject({ signedIn: false });
    expect((await service.auth.admin.getUserById(first.data.user!.id)).data.user?.email_confirmed_at).toBeTruthy();
  });

  it("keeps an invitation link working for 24 hours, and reports when it was really sent", async () => {
    const { data } = await service.auth.admin.inviteUserByEmail("later@example.com");
    const id = data.user!.id;
    expect(Math.abs(new Date(data.user!.confirmation_sent_at!).getTime() - Date.now())).toBeLessThan(60_000);
    const sentAgo = (hours: number) => backend.sql(`update auth.users set confirmation_sent_at = confirmation_sent_at - interval '${hours} hours' where id = $1`, [id]);
    await sentAgo(23);
    expect((await follow((await mailsTo("later@example.com"))[0]!.link!)).signedIn).toBe(true);

    await service.auth.admin.inviteUserByEmail("expired@example.com");
    const [expired] = await backend.sql<{ id: string }>("select id from auth.users where email = 'expired@example.com'");
    await backend.sql("update auth.users set confirmation_sent_at = confirmation_sent_at - interval '25 hours' where id = $1", [expired!.id]);
    expect(await follow((await mailsTo("expired@example.com"))[0]!.link!)).toMatchObject({ signedIn: false, error: "otp_expired" });
  });

  it("deletes a user, whose sessions end and whose address is free again", async () => {
    const { data: created } = await service.auth.admin.createUser({ email: "leaving@example.com", password: "Leaving12345", email_confirm: true });
    const id = created.user!.id;
    const session = await backend.signIn("leaving@example.com", "Leaving12345");
    const { error } = await service.auth.admin.deleteUser(id);
    expect(error).toBeNull();
    expect(await backend.sql("select 1 from auth.users where id = $1", [id])).toHaveLength(0);
    expect((await session.auth.refreshSession()).error).not.toBeNull();
    expect((await service.auth.admin.getUserById(id)).error).toMatchObject({ status: 404 });
    expect((await service.auth.admin.createUser({ email: "leaving@example.com" })).error).toBeNull();
  });

  it("answers anyone but the service role with 401 (no token) or 403 (a user's or the anon key's)", async () => {
    const url = `${backend.url}/auth/v1/admin/users`;
    const noToken = await fetch(url, { headers: { apikey: backend.anonKey } });
    expect(noToken.status).toBe(401);
    expect(await noToken.json()).toMatchObject({ error_code: "no_authorization", msg: "This endpoint requires a valid Bearer token" });
    const user = await backend.signIn(ADMIN.email, ADMIN.password);
    const token = (await user.auth.getSession()).data.session!.access_token;
    for (const bearer of [token, backend.anonKey]) {
      const refused = await fetch(url, { headers: { apikey: backend.anonKey, Authorization: `Bearer ${bearer}` } });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ error_code: "not_admin", msg: "User not allowed" });
    }
    const forged = await fetch(url, { headers: { apikey: backend.anonKey, Authorization: `Bearer ${token.slice(0, -4)}AAAA` } });
    expect(forged.status).toBe(403);
    const asAnon = nodeClient(backend.url, backend.anonKey);
    expect((await asAnon.auth.admin.createUser({ email: "sneaky@example.com", password: "Sneaky12345" })).error).toMatchObject({ status: 403 });
    expect(await backend.sql("select 1 from auth.users where email = 'sneaky@example.com'")).toHaveLength(0);
    const noKey = await fetch(url, { headers: { Authorization: `Bearer ${backend.serviceKey}` } });
    expect(noKey.status).toBe(401);
  });
});
