import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../scripts/team.ts";
import { addAuthenticator, sessionAt } from "../support/aal-sessions.ts";
import type { WebServer } from "../../server/web.ts";
import { ADMIN, EDITOR, startTestBackend, USER, type TestBackend } from "../support/backend.ts";
import { startWebFor } from "../support/web-server.ts";
import { doc } from "../support/documents.ts";

// The team endpoints of the web tier (server/team.ts) over a real local backend, and `npm run team`
// (scripts/team.ts) over the same backend.

const SITE = "http://localhost:5173";
const UNKNOWN_ID = "00000000-0000-4000-8000-00000000dead";

interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown> | null;
}

describe("web tier: the team endpoints", () => {
  let backend: TestBackend;
  let web: WebServer;
  let base: string;
  const tokens: Record<"admin" | "editor" | "user", string> = { admin: "", editor: "", user: "" };
  let adminId: string;
  let editorId: string;

  beforeAll(async () => {
    backend = await startTestBackend();
    web = await startWebFor(backend);
    base = `http://127.0.0.1:${web.port}`;
    for (const [who, account] of [
      ["admin", ADMIN],
      ["editor", EDITOR],
      ["user", USER],
    ] as const) {
      tokens[who] = await accessToken(account.email, account.password);
    }
    adminId = await userId(ADMIN.email);
    editorId = await userId(EDITOR.email);
  });
  afterAll(async () => {
    await web?.stop();
    await backend?.stop();
  });

  async function accessToken(email: string, password: string): Promise<string> {
    const client = await backend.signIn(email, password);
    return (await client.auth.getSession()).data.session!.access_token;
  }

  async function userId(email: string): Promise<string> {
    const [row] = await backend.sql<{ id: string }>("select id from auth.users where email = $1", [email]);
    return row!.id;
  }

  async function api(path: string, options: { method?: string; token?: string | null; body?: unknown; raw?: string } = {}): Promise<Answer> {
    const token = options.token === undefined ? tokens.admin : options.token;
    const response = await fetch(`${base}${path}`, {
      method: options.method ?? "GET",
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), "Content-Type": "application/json" },
      body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text === "" ? null : (JSON.parse(text) as Record<string, unknown>) };
  }

  const mailsTo = async (email: string) => (await backend.mails()).filter((mail) => mail.to === email);

  /** Follows a mailed link as a browser would: where it lands, and the session it brings, if any. */
  async function follow(link: string): Promise<{ at: string; accessToken: string | null }> {
    const response = await fetch(link, { redirect: "manual" });
    const location = new URL(response.headers.get("location")!);
    return { at: `${location.origin}${location.pathname}${location.search}`, accessToken: new URLSearchParams(location.hash.slice(1)).get("access_token") };
  }

  it("lists the team for an administrator: who asks, and each member's role, status and last sign-in", async () => {
    const { status, headers, body } = await api("/api/team");
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("no-store");
    expect(body?.me).toBe(adminId);
    const members = body?.members as Array<Record<string, unknown>>;
    expect(members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: adminId, email: ADMIN.email, role: "administrator", status: "active", invited_at: null }),
        expect.objectContaining({ id: editorId, email: EDITOR.email, role: "editor", status: "active" }),
      ]),
    );
    expect(members.find((m) => m.id === adminId)?.last_sign_in_at).toBeTruthy();
    expect(members.map((m) => m.email)).not.toContain(USER.email);
    expect(Object.keys(members[0]!).sort()).toEqual(["created_at", "email", "id", "invited_at", "last_sign_in_at", "role", "status", "two_factor"]);
    expect(members.map((m) => m.two_factor)).not.toContain(true);

    const service = backend.service();
    await service.auth.admin.updateUserById(editorId, { ban_duration: "1h" });
    const statusOfEditor = async () => ((await api("/api/team")).body?.members as Array<Record<string, unknown>>).find((m) => m.id === editorId)?.status;
    expect(await statusOfEditor()).toBe("banned");
    await service.auth.admin.updateUserById(editorId, { ban_duration: "none" });
    expect(await statusOfEditor()).toBe("active");
  });

  it("refuses editors and non-members (403) and a missing or garbage token (401), on every endpoint", async () => {
    const calls = [
      { path: "/api/team" },
      { path: "/api/team/invitations", method: "POST", body: { email: "someone@example.com", role: "editor" } },
      { path: `/api/team/${editorId}`, method: "PATCH", body: { role: "administrator" } },
      { path: `/api/team/${adminId}`, method: "DELETE" },
      { path: `/api/team/${editorId}/invitation`, method: "POST" },
      { path: `/api/team/${editorId}/factors`, method: "DELETE" },
      { path: `/api/team/${editorId}/sessions/end`, method: "POST" },
    ];
    for (const call of calls) {
      for (const token of [tokens.editor, tokens.user]) {
        expect(await api(call.path, { ...call, token }), `${call.method ?? "GET"} ${call.path}`).toMatchObject({ status: 403, body: { message: "Only administrators manage the team" } });
      }
      for (const token of [null, "garbage", "caf\u00e9", backend.anonKey, `${tokens.admin.slice(0, -4)}AAAA`]) {
        expect(await api(call.path, { ...call, token }), `${call.method ?? "GET"} ${call.path}`).toMatchObject({ status: 401, body: { message: "Sign in to manage the team" } });
      }
    }
    expect(await mailsTo("someone@example.com")).toHaveLength(0);
    expect(await backend.sql("select role from public.admin_users where id = $1", [editorId])).toEqual([{ role: "editor" }]);
  });

  it("invites an address: the mail's link signs the invitee in at the password page, once; they choose a password and sign in", async () => {
    const { status, body } = await api("/api/team/invitations", { method: "POST", body: { email: " New.Member@Example.com ", role: "editor" } });
    expect(status).toBe(201);
    const member = body?.member as Record<string, unknown>;
    expect(member).toMatchObject({ email: "new.member@example.com", role: "editor", status: "invited", last_sign_in_at: null });
    expect(member.invited_at).toBeTruthy();
    const [audit] = await backend.sql<{ changed_by: string }>("select changed_by from public.content_revisions where table_name = 'admin_users' and row_id = $1", [member.id]);
    expect(audit?.changed_by).toBe(adminId);

    const [mail] = await mailsTo("new.member@example.com");
    const accepted = await follow(mail!.link!);
    expect(accepted.at).toBe(`${SITE}/admin/update-password?invited=1`);
    expect(accepted.accessToken).toBeTruthy();
    expect((await follow(mail!.link!)).accessToken).toBeNull();

    const chosen = await fetch(`${backend.url}/auth/v1/user`, {
      method: "PUT",
      headers: { apikey: backend.anonKey, Authorization: `Bearer ${accepted.accessToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({ password: "Member12345" }),
    });
    expect(chosen.status).toBe(200);
    await backend.signIn("new.member@example.com", "Member12345");
    const listed = ((await api("/api/team")).body?.members as Array<Record<string, unknown>>).find((m) => m.id === member.id);
    expect(listed).toMatchObject({ status: "active", role: "editor" });
    expect(listed?.last_sign_in_at).toBeTruthy();

    expect(await api("/api/team/invitations", { method: "POST", body: { email: "new.member@example.com", role: "administrator" } })).toMatchObject({
      status: 409,
      body: { message: "This address is already a member of the team" },
    });
  });

  it("sends a new invitation link on request: the old one stops working; an accepted invitation is not sent again", async () => {
    const { body } = await api("/api/team/invitations", { method: "POST", body: { email: "resend@example.com", role: "editor" } });
    const id = (body?.member as { id: string }).id;
    const [first] = await mailsTo("resend@example.com");
    const resent = await api(`/api/team/${id}/invitation`, { method: "POST" });
    expect(resent).toMatchObject({ status: 200, body: { member: { id, email: "resend@example.com", status: "invited" } } });
    const mails = await mailsTo("resend@example.com");
    expect(mails).toHaveLength(2);
    expect(mails[0]!.link).not.toBe(first!.link);
    expect((await follow(first!.link!)).accessToken).toBeNull();
    expect((await follow(mails[0]!.link!)).accessToken).toBeTruthy();
    expect(await api(`/api/team/${id}/invitation`, { method: "POST" })).toMatchObject({ status: 409, body: { message: "This member has already accepted the invitation" } });
    expect(await api(`/api/team/${UNKNOWN_ID}/invitation`, { method: "POST" })).toMatchObject({ status: 404, body: { message: "No such member" } });
  });

  it("adds an existing account that is not a member without a mail", async () => {
    const { data } = await backend.service().auth.admin.createUser({ email: "existing@example.com", password: "Existing12345", email_confirm: true });
    const added = await api("/api/team/invitations", { method: "POST", body: { email: "existing@example.com", role: "editor" } });
    expect(added).toMatchObject({ status: 201, body: { member: { id: data.user!.id, status: "active", role: "editor", invited_at: null } } });
    expect(await mailsTo("existing@example.com")).toHaveLength(0);
  });

  it("deletes the new account again when the membership cannot be made, so no half-made member stays", async () => {
    await backend.sql("create function public.test_refuse_member() returns trigger language plpgsql as $$ begin raise exception 'refused for the test'; end $$");
    await backend.sql("create trigger test_refuse_member before insert on public.admin_users for each row when (new.email = 'half@example.com') execute function public.test_refuse_member()");
    try {
      expect(await api("/api/team/invitations", { method: "POST", body: { email: "half@example.com", role: "editor" } })).toMatchObject({ status: 503 });
    } finally {
      await backend.sql("drop trigger test_refuse_member on public.admin_users");
      await backend.sql("drop function public.test_refuse_member()");
    }
    expect(await backend.sql("select 1 from auth.users where email = 'half@example.com'")).toHaveLength(0);
    const [mail] = await mailsTo("half@example.com");
    expect((await follow(mail!.link!)).accessToken).toBeNull();
  });

  it("changes a member's role, which the database then applies", async () => {
    const promoted = await api(`/api/team/${editorId}`, { method: "PATCH", body: { role: "administrator" } });
    expect(promoted).toMatchObject({ status: 200, body: { member: { id: editorId, email: EDITOR.email, role: "administrator", status: "active" } } });
    expect((await api("/api/team", { token: tokens.editor })).status).toBe(200);
    expect(await api(`/api/team/${editorId}`, { method: "PATCH", body: { role: "editor" } })).toMatchObject({ status: 200, body: { member: { role: "editor" } } });
    expect((await api("/api/team", { token: tokens.editor })).status).toBe(403);
    expect(await api(`/api/team/${UNKNOWN_ID}`, { method: "PATCH", body: { role: "editor" } })).toMatchObject({ status: 404, body: { message: "No such member" } });
  });

  it("refuses an administrator's change of their own role and their own removal", async () => {
    expect(await api(`/api/team/${adminId}`, { method: "PATCH", body: { role: "editor" } })).toMatchObject({
      status: 403,
      body: { message: "You cannot change your own role: ask another administrator", code: "RC403" },
    });
    expect(await api(`/api/team/${adminId}`, { method: "DELETE" })).toMatchObject({ status: 403, body: { message: "You cannot remove yourself: ask another administrator" } });
    expect(await backend.sql("select role from public.admin_users where id = $1", [adminId])).toEqual([{ role: "administrator" }]);
  });

  it("removes a member added with their own account: their next request reads no drafts and writes nothing, their refresh token fails, and the account stays", async () => {
    const service = backend.service();
    const { data } = await service.auth.admin.createUser({ email: "leaving@example.com", password: "Leaving12345", email_confirm: true });
    const id = data.user!.id;
    expect((await api("/api/team/invitations", { method: "POST", body: { email: "leaving@example.com", role: "editor" } })).status).toBe(201);
    await backend.sql("insert into public.blog_posts (title, slug, content, category, read_time) values ('Unfinished', 'unfinished-draft', $1::jsonb, 'hardware', '1 min read')", [
      JSON.stringify(doc("Not yet.")),
    ]);
    const member = await backend.signIn("leaving@example.com", "Leaving12345");
    const drafts = () => member.from("blog_posts").select("id").eq("slug", "unfinished-draft");
    expect((await drafts()).data).toHaveLength(1);

    const removed = await api(`/api/team/${id}`, { method: "DELETE" });
    expect(removed.status).toBe(204);
    expect(removed.body).toBeNull();
    expect(await backend.sql("select 1 from public.admin_users where id = $1", [id])).toHaveLength(0);
    expect(await backend.sql("select email from auth.users where id = $1", [id])).toEqual([{ email: "leaving@example.com" }]);
    expect(await backend.sql("select 1 from auth.sessions where user_id = $1", [id])).toHaveLength(0);
    expect((await drafts()).data).toEqual([]);
    const write = await member.from("blog_posts").insert({ title: "Sneaky", content: doc("No."), category: "hardware" });
    expect(write.error).not.toBeNull();
    expect(await backend.sql("select 1 from public.blog_posts where title = 'Sneaky'")).toHaveLength(0);
    expect((await member.auth.refreshSession()).error).not.toBeNull();
    expect(await api(`/api/team/${id}`, { method: "DELETE" })).toMatchObject({ status: 404, body: { message: "No such member" } });
  });

  it("removes an invited member and the account the invitation made", async () => {
    const { body } = await api("/api/team/invitations", { method: "POST", body: { email: "invited.leaver@example.com", role: "editor" } });
    const id = (body?.member as { id: string }).id;
    expect(await api(`/api/team/${id}`, { method: "DELETE" })).toMatchObject({ status: 204, body: null });
    expect(await backend.sql("select 1 from auth.users where id = $1", [id])).toHaveLength(0);
  });

  describe("second factors and sessions", () => {
    /** A member with an authenticator app, and the aal2 session that enrolled it. */
    async function memberWithFactor(email: string): Promise<{ id: string; email: string; password: string; token: string }> {
      const password = "Factor12345";
      const { data } = await backend.service().auth.admin.createUser({ email, password, email_confirm: true });
      const id = data.user!.id;
      expect((await api("/api/team/invitations", { method: "POST", body: { email, role: "editor" } })).status).toBe(201);
      return { id, email, password, token: (await addAuthenticator(backend, { id, email, password })).accessToken };
    }
    const listed = async (id: string) => ((await api("/api/team")).body?.members as Array<Record<string, unknown>>).find((m) => m.id === id);

    it("lists who has a verified factor; a reset removes them all and ends the member's sessions, in the team's history", async () => {
      const member = await memberWithFactor("factor.reset@example.com");
      expect(await listed(member.id)).toMatchObject({ two_factor: true });
      const reset = await api(`/api/team/${member.id}/factors`, { method: "DELETE" });
      expect(reset).toMatchObject({ status: 200, body: { factors_removed: 1, sessions_ended: 1 } });
      expect(await listed(member.id)).toMatchObject({ two_factor: false });
      expect(await backend.sql("select 1 from auth.mfa_factors where user_id = $1", [member.id])).toHaveLength(0);
      expect(await backend.sql("select 1 from auth.sessions where user_id = $1", [member.id])).toHaveLength(0);
      const [audit] = await backend.sql<{ changed_by: string; after: Record<string, unknown> }>(
        "select changed_by, after from public.content_revisions where table_name = 'admin_users' and row_id = $1 order by id desc limit 1",
        [member.id],
      );
      expect(audit).toMatchObject({ changed_by: adminId, after: { factors_reset_at: expect.any(String) } });
      const refusedMember = await fetch(`${backend.url}/rest/v1/blog_posts?select=id&published=eq.false`, { headers: { apikey: backend.anonKey, Authorization: `Bearer ${member.token}` } });
      expect(await refusedMember.json()).toEqual([]);
    });

    it("ends a member's sessions at once", async () => {
      const member = await memberWithFactor("sessions.end@example.com");
      await sessionAt(backend, member, "aal1");
      expect(await api(`/api/team/${member.id}/sessions/end`, { method: "POST" })).toMatchObject({ status: 200, body: { sessions_ended: 2 } });
      expect(await backend.sql("select 1 from auth.sessions where user_id = $1", [member.id])).toHaveLength(0);
    });

    it("refuses oneself (403), an unknown member (404) and other methods (405)", async () => {
      expect(await api(`/api/team/${adminId}/factors`, { method: "DELETE" })).toMatchObject({ status: 403, body: { code: "RC403", message: "You cannot reset your own two-factor sign-in: ask another administrator" } });
      expect(await api(`/api/team/${adminId}/sessions/end`, { method: "POST" })).toMatchObject({ status: 403, body: { code: "RC403" } });
      expect(await api(`/api/team/${UNKNOWN_ID}/factors`, { method: "DELETE" })).toMatchObject({ status: 404, body: { message: "No such member" } });
      expect(await api(`/api/team/${UNKNOWN_ID}/sessions/end`, { method: "POST" })).toMatchObject({ status: 404, body: { message: "No such member" } });
      expect((await api(`/api/team/${editorId}/factors`, { method: "POST" })).headers.get("allow")).toBe("DELETE");
      expect((await api(`/api/team/${editorId}/sessions/end`)).headers.get("allow")).toBe("POST");
      expect(await api(`/api/team/${editorId}/sessions`, { method: "POST" })).toMatchObject({ status: 404 });
    });

    it("an administrator with a factor is refused at aal1 (403) and served at aal2", async () => {
      const { data } = await backend.service().auth.admin.createUser({ email: "guarded.admin@example.com", password: "Guarded12345", email_confirm: true });
      const id = data.user!.id;
      expect((await api("/api/team/invitations", { method: "POST", body: { email: "guarded.admin@example.com", role: "administrator" } })).status).toBe(201);
      const account = { id, email: "guarded.admin@example.com", password: "Guarded12345" };
      const aal2 = await addAuthenticator(backend, account);
      const aal1 = await sessionAt(backend, account, "aal1");
      expect(await api("/api/team", { token: aal1.accessToken })).toMatchObject({ status: 403, body: { message: "Only administrators manage the team" } });
      expect(await api(`/api/team/${editorId}/sessions/end`, { method: "POST", token: aal1.accessToken })).toMatchObject({ status: 403 });
      expect((await api("/api/team", { token: aal2.accessToken })).status).toBe(200);
    });
  });

  it("answers bad input with 400, 404, 405 or 413 and a JSON message, never a 500", async () => {
    const invite = (raw: string) => api("/api/team/invitations", { method: "POST", raw });
    expect(await invite("{not json")).toMatchObject({ status: 400, body: { message: "Request body is not valid JSON" } });
    for (const email of ["nope", "", "a b@example.com", `${"x".repeat(320)}@example.com`, 42, null]) {
      expect(await invite(JSON.stringify({ email, role: "editor" })), String(email)).toMatchObject({ status: 400, body: { message: "Enter a valid email address" } });
    }
    for (const role of ["owner", "", null, ["editor"]]) {
      expect(await invite(JSON.stringify({ email: "fine@example.com", role })), String(role)).toMatchObject({ status: 400, body: { message: "Role must be administrator or editor" } });
    }
    expect(await invite("[]")).toMatchObject({ status: 400 });
    expect(await api(`/api/team/${editorId}`, { method: "PATCH", body: { role: "root" } })).toMatchObject({ status: 400, body: { message: "Role must be administrator or editor" } });
    expect(await invite(JSON.stringify({ email: "big@example.com", role: "editor", padding: "x".repeat(17 * 1024) }))).toMatchObject({ status: 413, body: { message: "The request body must be at most 16 KB" } });
    expect(await mailsTo("fine@example.com")).toHaveLength(0);

    for (const path of ["/api/team/", "/api/team/not-an-id", `/api/team/${editorId}/nothing`, "/api/team/invitations/x"]) {
      expect(await api(path), path).toMatchObject({ status: 404, body: { message: "Not found" } });
    }
    const wrongMethod = await api("/api/team", { method: "PUT", body: {} });
    expect(wrongMethod).toMatchObject({ status: 405, body: { message: "Use GET" } });
    expect(wrongMethod.headers.get("allow")).toBe("GET");
    expect((await api(`/api/team/${editorId}`, { method: "POST" })).headers.get("allow")).toBe("PATCH, DELETE");
    expect((await api("/api/team/invitations")).status).toBe(405);
  });

  it("answers in development too, where Vite serves everything else", async () => {
    const development = await startWebFor(backend, { vite: {} as ViteDevServer });
    try {
      const response = await fetch(`http://127.0.0.1:${development.port}/api/team`, { headers: { Authorization: `Bearer ${tokens.admin}` } });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { me: string }).me).toBe(adminId);
    } finally {
      await development.stop();
    }
  });

  describe("npm run team", () => {
    const run = async (...args: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const env = { SUPABASE_URL: backend.url, SUPABASE_SERVICE_ROLE_KEY: backend.serviceKey, SITE_URL: SITE };
      const code = await main(args, env, { out: (line) => out.push(line), err: (line) => err.push(line) });
      return { code, out: out.join("\n"), err: err.join("\n") };
    };

    it("invites an administrator, whose link leads to the password page, and lists them", async () => {
      const invited = await run("invite", "First.Admin@example.com", "--role", "administrator");
      expect(invited).toMatchObject({ code: 0, out: "Invited first.admin@example.com as administrator: an invitation mail is on its way." });
      const [mail] = await mailsTo("first.admin@example.com");
      expect((await follow(mail!.link!)).at).toBe(`${SITE}/admin/update-password?invited=1`);

      const listed = await run("list");
      expect(listed.code).toBe(0);
      expect(listed.out.split("\n")[0]).toMatch(/^EMAIL\s+ROLE\s+STATUS\s+LAST SIGN-IN$/);
      expect(listed.out).toMatch(/first\.admin@example\.com\s+administrator\s+active/);
      expect(listed.out).toMatch(/editor@example\.com\s+editor\s+active/);
      expect(await run("invite", "first.admin@example.com", "--role", "editor")).toMatchObject({ code: 1, err: "This address is already a member of the team." });
    });

    it("changes roles and removes members, keeping an administrator", async () => {
      expect((await run("invite", "cli.member@example.com", "--role", "administrator")).code).toBe(0);
      expect(await run("role", "cli.member@example.com", "editor")).toMatchObject({ code: 0, out: "cli.member@example.com is now editor." });
      // Whatever the file's other tests made, the seeded administrator becomes the last one.
      const others = await backend.sql<{ email: string }>("select email from public.admin_users where role = 'administrator' and email <> $1", [ADMIN.email]);
      for (const { email } of others) expect((await run("role", email, "editor")).code).toBe(0);
      expect(await backend.sql("select email from public.admin_users where role = 'administrator'")).toEqual([{ email: ADMIN.email }]);
      const last = await run("role", ADMIN.email, "editor");
      expect(last.code).toBe(1);
      expect(last.err).toContain("The team needs at least one administrator");
      expect((await run("remove", ADMIN.email)).err).toContain("The team needs at least one administrator");
      expect(await run("remove", "cli.member@example.com")).toMatchObject({ code: 0, out: "Removed cli.member@example.com from the team and deleted their account." });
      expect(await backend.sql("select 1 from auth.users where email = 'cli.member@example.com'")).toHaveLength(0);
      await backend.service().auth.admin.createUser({ email: "cli.existing@example.com", password: "Existing12345", email_confirm: true });
      expect(await run("invite", "cli.existing@example.com", "--role", "editor")).toMatchObject({ code: 0, out: "Added cli.existing@example.com (an existing account) as editor." });
      expect(await run("remove", "cli.existing@example.com")).toMatchObject({
        code: 0,
        out: "Removed cli.existing@example.com from the team and ended their sessions; their account stays (the team's invitation did not make it, or it holds other data).",
      });
      expect(await backend.sql("select 1 from auth.users where email = 'cli.existing@example.com'")).toHaveLength(1);
      expect(await run("remove", USER.email)).toMatchObject({ code: 1, err: `${USER.email}: No such member.` });
    });

    it("explains its usage and missing settings, with exit status 2", async () => {
      expect((await run("--help")).out).toContain("invite <email> --role administrator|editor");
      expect((await run("--help")).code).toBe(0);
      expect((await run()).code).toBe(2);
      expect(await run("invite", "x@example.com")).toMatchObject({ code: 2, err: expect.stringContaining("--role must be administrator or editor") });
      expect(await run("invite", "not-an-address", "--role", "editor")).toMatchObject({ code: 2 });
      expect(await run("promote", "x@example.com")).toMatchObject({ code: 2, err: expect.stringContaining('Unknown command "promote"') });
      const unset = await main(["list"], {}, { out: () => {}, err: () => {} });
      expect(unset).toBe(2);
    });
  });
});
