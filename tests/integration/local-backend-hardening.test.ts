import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { format } from "node:util";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ADMIN, startTestBackend, USER, type TestBackend } from "../support/backend.ts";

/** A request whose path is sent exactly as written (fetch would resolve `..` and `%2e%2e`). */
function rawRequest(url: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((done, fail) => {
    const req = httpRequest({ hostname, port, method, path, headers }, (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString()));
      res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", fail);
    req.end(body);
  });
}

/** Bytes on a socket, for headers no HTTP client will send (control characters). */
function rawSocket(url: string, bytes: Buffer): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((done, fail) => {
    const socket = connect(Number(port), hostname, () => socket.end(bytes));
    let text = "";
    socket.on("data", (chunk) => (text += chunk.toString("latin1")));
    socket.on("end", () => done(text));
    socket.on("error", fail);
  });
}

async function session(backend: TestBackend, email: string, password: string): Promise<{ access_token: string; refresh_token: string; user: { id: string } }> {
  const response = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { apikey: backend.anonKey, "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as never;
}

const json = (backend: TestBackend, extra: Record<string, string> = {}) => ({ apikey: backend.anonKey, "Content-Type": "application/json", ...extra });

/** Every spelling of the password sign-in path that a router resolves to `/auth/v1/token`. */
const TOKEN_PATHS = [
  "/auth/v1/token",
  "/auth/v1/%74oken",
  "/auth/v1/%74%6F%6B%65%6E",
  "/%61uth/v1/token",
  "//auth/v1/token",
  "/auth//v1///token",
  "/auth/v1/token/",
  "/auth/v1/x/../token",
  "/auth/v1/%2e%2e/v1/token",
  "/auth/v1/./token",
  "/AUTH/V1/TOKEN",
  "/auth/v1/Token",
];

describe("local backend hardening: sign-in limits match the path that is served", () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend({ signInLimit: { limit: 3, windowMs: 60_000 }, addressSignInLimit: { limit: 1000, windowMs: 60_000 } });
  });
  afterAll(() => backend?.stop());

  it("counts failed sign-ins sent through encoded, doubled, dotted and case variants of the path", async () => {
    // An account of its own: the tests below lock the seeded user, in whatever order they run.
    const account = { email: "counted@example.com", password: "Counted12345" };
    expect((await backend.service().auth.admin.createUser({ ...account, email_confirm: true })).error).toBeNull();
    for (const path of ["/auth/v1/%74oken", "/auth/v1/x/../token", "//auth/v1/token"]) {
      const response = await rawRequest(backend.url, "POST", `${path}?grant_type=password`, json(backend), JSON.stringify({ email: account.email, password: "Wrong-password-1" }));
      expect(response.status, path).toBe(400);
    }
    const locked = await rawRequest(backend.url, "POST", "/auth/v1/token?grant_type=password", json(backend), JSON.stringify(account));
    expect(locked.status).toBe(429);
  });

  it.each(TOKEN_PATHS)("an account locked on the plain path is locked on %s too", async (path) => {
    // Locked here, on the plain path, whichever of the file's tests ran before (once locked, these are 429s too).
    for (let attempt = 0; attempt < 3; attempt++) {
      await rawRequest(backend.url, "POST", "/auth/v1/token?grant_type=password", json(backend), JSON.stringify({ email: USER.email, password: "Wrong-password-1" }));
    }
    for (const query of ["grant_type=password", "grant_type=%70assword"]) {
      const response = await rawRequest(backend.url, "POST", `${path}?${query}`, json(backend), JSON.stringify(USER));
      expect(response.status, `${path}?${query}`).toBe(429);
      expect(response.body).not.toContain("access_token");
    }
  });

  it("refuses paths that cannot be read as text a router matches (bad escapes, encoded slashes, control characters)", async () => {
    for (const path of ["/auth/v1/%zz", "/auth/v1%2Ftoken", "/auth/v1/tok%00en", "/rest/v1/blog_posts%0A"]) {
      const response = await rawRequest(backend.url, "POST", `${path}?grant_type=password`, json(backend), JSON.stringify(USER));
      expect(response.status, path).toBe(400);
    }
  });
});

describe("local backend hardening: Auth", () => {
  let backend: TestBackend;
  let logLines: string[];
  beforeAll(async () => {
    logLines = [];
    backend = await startTestBackend({ log: (line) => logLines.push(line) });
  });
  afterAll(() => backend?.stop());

  const userCount = async () => (await backend.sql<{ n: number }>("select count(*)::int as n from auth.users"))[0]!.n;
  const sessionCount = async () => (await backend.sql<{ n: number }>("select count(*)::int as n from auth.sessions"))[0]!.n;

  describe("with sign-ups off, no endpoint creates an account, and the answer is the same for known addresses", () => {
    const attempts: [string, string, (email: string) => unknown][] = [
      ["POST", "/auth/v1/signup", (email) => ({ email, password: "Passw0rd-123" })],
      ["POST", "/auth/v1/signup", () => ({})],
      ["POST", "/auth/v1/otp", (email) => ({ email, create_user: true })],
      ["POST", "/auth/v1/otp", (email) => ({ email })],
      ["POST", "/auth/v1/otp", (email) => ({ email, options: { shouldCreateUser: true } })],
      ["POST", "/auth/v1/magiclink", (email) => ({ email })],
      ["POST", "/auth/v1/%6ftp", (email) => ({ email, create_user: true })],
    ];
    it.each(attempts)("%s %s", async (method, path, body) => {
      const [users, sessions] = [await userCount(), await sessionCount()];
      const unknown = await rawRequest(backend.url, method, path, json(backend), JSON.stringify(body("newcomer@example.com")));
      expect(unknown.status).toBe(422);
      expect(JSON.parse(unknown.body)).toMatchObject({ error_code: "signup_disabled" });
      if (JSON.stringify(body("x")) !== "{}") {
        const known = await rawRequest(backend.url, method, path, json(backend), JSON.stringify(body(USER.email)));
        expect([known.status, known.body]).toEqual([unknown.status, unknown.body]);
      }
      await backend.backend.settled();
      expect([await userCount(), await sessionCount()]).toEqual([users, sessions]);
    });

    it("through supabase-js's signInWithOtp and signUp", async () => {
      const users = await userCount();
      expect((await backend.anon().auth.signInWithOtp({ email: "otp-newcomer@example.com" })).error?.code).toBe("signup_disabled");
      expect((await backend.anon().auth.signUp({ email: "signup-newcomer@example.com", password: "Passw0rd-123" })).error?.code).toBe("signup_disabled");
      expect((await backend.anon().auth.signInAnonymously()).error).not.toBeNull();
      expect(await userCount()).toBe(users);
    });

    it("the admin API is not open to the anon key", async () => {
      const users = await userCount();
      const response = await fetch(`${backend.url}/auth/v1/admin/users`, { method: "POST", headers: json(backend, { Authorization: `Bearer ${backend.anonKey}` }), body: JSON.stringify({ email: "admin-api@example.com", password: "Passw0rd-123" }) });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(await userCount()).toBe(users);
    });
  });

  describe("answers do not tell which accounts exist", () => {
    it("a one-time link without sign-up: the same status and body for known and unknown addresses", async () => {
      const ask = (email: string) => fetch(`${backend.url}/auth/v1/otp`, { method: "POST", headers: json(backend), body: JSON.stringify({ email, create_user: false }) });
      const [known, unknown] = [await ask(ADMIN.email), await ask("nobody-otp@example.com")];
      expect([known.status, await known.text()]).toEqual([unknown.status, await unknown.text()]);
      expect(known.status).toBe(200);
      await backend.backend.settled();
      const mails = await backend.mails();
      expect(mails.some((mail) => mail.to === ADMIN.email)).toBe(true);
      expect(mails.some((mail) => mail.to === "nobody-otp@example.com")).toBe(false);
    });

    it("changing the email to a taken address answers as a free one does: same keys, same date formats, updated_at moves, a mail goes out", async () => {
      /** A fresh account of this test's own, signed in. */
      const account = async (email: string) => {
        const created = await fetch(`${backend.url}/auth/v1/admin/users`, {
          method: "POST",
          headers: json(backend, { apikey: backend.serviceKey, Authorization: `Bearer ${backend.serviceKey}` }),
          body: JSON.stringify({ email, password: "Changer12345", email_confirm: true }),
        });
        expect(created.status).toBe(200);
        return session(backend, email, "Changer12345");
      };
      const asUser = (token: string) => json(backend, { Authorization: `Bearer ${token}` });
      const current = async (token: string) => (await (await fetch(`${backend.url}/auth/v1/user`, { headers: asUser(token) })).json()) as Record<string, unknown>;
      const change = async (token: string, email: string) => {
        const response = await fetch(`${backend.url}/auth/v1/user`, { method: "PUT", headers: asUser(token), body: JSON.stringify({ email }) });
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      };
      /**
       * A date's format: its digits and fraction folded away, so equal formats compare equal. Postgres
       * prints no fraction for a time on a whole second (a sign-in at .000 ms, one in a thousand), so
       * a missing fraction is folded the same way.
       */
      const format = (value: unknown) => String(value).replace(/(:\d\d)(\.\d+)?(?=[+-]\d\d|Z|$)/, "$1.f").replace(/\d/g, "d");
      const instant = (value: unknown) => Date.parse(String(value).replace(" ", "T").replace(/\+00$/, "Z"));

      const [takenCaller, freeCaller] = [await account("changer-taken@example.com"), await account("changer-free@example.com")];
      const before = { taken: await current(takenCaller.access_token), free: await current(freeCaller.access_token) };
      const taken = await change(takenCaller.access_token, ADMIN.email);
      const free = await change(freeCaller.access_token, "changer-free-new@example.com");

      expect(taken.status).toBe(200);
      expect(free.status).toBe(200);
      expect(Object.keys(taken.body).sort()).toEqual(Object.keys(free.body).sort());
      expect(taken.body.new_email).toBe(ADMIN.email);
      expect(free.body.new_email).toBe("changer-free-new@example.com");
      for (const field of ["email_change_sent_at", "updated_at", "created_at", "last_sign_in_at"]) expect(format(taken.body[field]), field).toBe(format(free.body[field]));
      expect(instant(taken.body.updated_at)).toBeGreaterThan(instant(before.taken.updated_at));
      expect(instant(free.body.updated_at)).toBeGreaterThan(instant(before.free.updated_at));

      // Each account's own address gets the same confirmation mail, naming the address asked for.
      const mails = await backend.mails();
      const takenMail = mails.find((mail) => mail.to === "changer-taken@example.com");
      const freeMail = mails.find((mail) => mail.to === "changer-free@example.com");
      expect(takenMail?.subject).toBe(freeMail?.subject);
      expect(takenMail?.html).toContain(ADMIN.email);
      expect(freeMail?.html).toContain("changer-free-new@example.com");
      expect(JSON.stringify(mails)).not.toContain("email-change.invalid");

      // The taken address's link confirms nothing: the account keeps its address, the other keeps its own.
      await fetch(takenMail!.link!, { redirect: "manual" });
      expect((await backend.sql<{ email: string }>("select email from auth.users where id = $1", [takenCaller.user.id]))[0]!.email).toBe("changer-taken@example.com");
      expect((await backend.sql<{ n: number }>("select count(*)::int as n from auth.users where lower(email) = $1", [ADMIN.email]))[0]!.n).toBe(1);
    });
  });

  it("a field of the wrong JSON type is a 400 saying so, on every route", async () => {
    for (const [path, body] of [
      ["/auth/v1/token?grant_type=password", { email: ["a@example.com"], password: "x" }],
      ["/auth/v1/recover", { email: ["a@example.com"] }],
      ["/auth/v1/otp", { email: { $ne: null }, create_user: false }],
      ["/auth/v1/otp", { email: "a@example.com", create_user: "yes" }],
      ["/auth/v1/signup", { email: 1, password: "Passw0rd-123" }],
      ["/auth/v1/token?grant_type=refresh_token", { refresh_token: ["x"] }],
      ["/auth/v1/verify", { type: "recovery", token_hash: 5 }],
    ] as const) {
      const response = await fetch(`${backend.url}${path}`, { method: "POST", headers: json(backend), body: JSON.stringify(body) });
      expect(response.status, path).toBe(400);
      expect(await response.json(), path).toMatchObject({ error_code: "bad_json" });
    }
  });

  it("bad text in a body, a query or a header is a 400, and nothing is stored", async () => {
    const users = await userCount();
    const nulEmail = await fetch(`${backend.url}/auth/v1/recover`, { method: "POST", headers: json(backend), body: JSON.stringify({ email: "a\u0000@example.com" }) });
    expect(nulEmail.status).toBe(400);
    expect(await nulEmail.json()).toMatchObject({ error_code: "validation_failed", msg: "The request body contains a NUL character" });
    const nulPassword = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, { method: "POST", headers: json(backend), body: JSON.stringify({ email: USER.email, password: "x\u0000" }) });
    expect(nulPassword.status).toBe(400);
    const notUtf8 = await fetch(`${backend.url}/auth/v1/recover`, { method: "POST", headers: json(backend), body: Buffer.from([0x7b, 0x22, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]) });
    expect(notUtf8.status).toBe(400);

    const admin = await session(backend, ADMIN.email, ADMIN.password);
    const before = await backend.sql("select count(*) from public.press_quotes");
    const restBody = await fetch(`${backend.url}/rest/v1/press_quotes`, { method: "POST", headers: json(backend, { Authorization: `Bearer ${admin.access_token}` }), body: JSON.stringify({ quote: "a\u0000b", source: "NUL" }) });
    expect(restBody.status).toBe(400);
    const restQuery = await fetch(`${backend.url}/rest/v1/press_quotes?source=eq.%00`, { headers: json(backend) });
    expect(restQuery.status).toBe(400);
    expect(await backend.sql("select count(*) from public.press_quotes")).toEqual(before);

    for (const header of ["Prefer: return\u0001representation", "X-Note: a\u0000b", "apikey: \u007f"]) {
      const reply = await rawSocket(backend.url, Buffer.from(`GET /rest/v1/press_quotes HTTP/1.1\r\nHost: localhost\r\n${header}\r\nConnection: close\r\n\r\n`, "latin1"));
      expect(reply.split("\r\n")[0], JSON.stringify(header)).toMatch(/^HTTP\/1\.1 400/);
    }
    expect(await userCount()).toBe(users);
  });

  it("token responses are never cached", async () => {
    const signedIn = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, { method: "POST", headers: json(backend), body: JSON.stringify(USER) });
    expect(signedIn.headers.get("cache-control")).toBe("no-store");
    const { refresh_token } = (await signedIn.json()) as { refresh_token: string };
    const refreshed = await fetch(`${backend.url}/auth/v1/token?grant_type=refresh_token`, { method: "POST", headers: json(backend), body: JSON.stringify({ refresh_token }) });
    expect(refreshed.status).toBe(200);
    expect(refreshed.headers.get("cache-control")).toBe("no-store");
  });

  describe("refresh tokens", () => {
    it("a rotated token works again only within the 10 s reuse window; later reuse revokes the whole session", async () => {
      const first = await session(backend, USER.email, USER.password);
      const refresh = (token: string) => fetch(`${backend.url}/auth/v1/token?grant_type=refresh_token`, { method: "POST", headers: json(backend), body: JSON.stringify({ refresh_token: token }) });
      const rotated = await refresh(first.refresh_token);
      expect(rotated.status).toBe(200);
      const second = ((await rotated.json()) as { refresh_token: string }).refresh_token;

      const withinWindow = await refresh(first.refresh_token);
      expect(withinWindow.status).toBe(200);

      await backend.sql("update auth.refresh_tokens set updated_at = now() - interval '11 seconds' where token = $1", [first.refresh_token]);
      const late = await refresh(first.refresh_token);
      expect(late.status).toBe(400);
      expect(await late.json()).toMatchObject({ error_code: "refresh_token_already_used" });
      expect((await refresh(second)).status).toBe(400);
    });

    it.each(["local", "global"] as const)("sign-out (%s) revokes the session: its refresh token and access token are refused by Auth", async (scope) => {
      const client = await backend.signIn(USER.email, USER.password);
      const { access_token, refresh_token } = (await client.auth.getSession()).data.session!;
      expect((await client.auth.signOut({ scope })).error).toBeNull();
      const refreshed = await fetch(`${backend.url}/auth/v1/token?grant_type=refresh_token`, { method: "POST", headers: json(backend), body: JSON.stringify({ refresh_token }) });
      expect(refreshed.status).toBe(400);
      const user = await fetch(`${backend.url}/auth/v1/user`, { headers: json(backend, { Authorization: `Bearer ${access_token}` }) });
      expect(user.status).toBe(403);
    });
  });

  describe("password change needs a recent sign-in in the session", () => {
    it("a session signed in more than a day ago must reauthenticate; the mailed code lets it", async () => {
      const client = await backend.signIn(ADMIN.email, ADMIN.password);
      const { access_token } = (await client.auth.getSession()).data.session!;
      const sessionId = (JSON.parse(Buffer.from(access_token.split(".")[1]!, "base64url").toString()) as { session_id: string }).session_id;
      await backend.sql("update auth.sessions set created_at = now() - interval '25 hours' where id = $1", [sessionId]);

      const refused = await client.auth.updateUser({ password: "Another-Passw0rd" });
      expect(refused.error?.code).toBe("reauthentication_needed");
      expect((await client.auth.updateUser({ password: "Another-Passw0rd", nonce: "000000" })).error?.code).toBe("reauthentication_not_valid");
      expect((await backend.anon().auth.signInWithPassword(ADMIN)).error).toBeNull();

      expect((await client.auth.reauthenticate()).error).toBeNull();
      const mail = (await backend.mails()).find((m) => m.to === ADMIN.email && /\b\d{6}\b/.test(m.text));
      const code = /\b(\d{6})\b/.exec(mail!.text)![1]!;
      expect((await client.auth.updateUser({ password: "Another-Passw0rd", nonce: code })).error).toBeNull();
      expect((await backend.anon().auth.signInWithPassword({ email: ADMIN.email, password: "Another-Passw0rd" })).error).toBeNull();
      // The code is used up.
      expect((await client.auth.updateUser({ password: ADMIN.password, nonce: code })).error?.code).toBe("reauthentication_not_valid");
      await backend.sql("update auth.sessions set created_at = now() where id = $1", [sessionId]);
      expect((await client.auth.updateUser({ password: ADMIN.password })).error).toBeNull();
    });
  });

  it("a refused query writes one line to the log, without its SQL or the request's values", async () => {
    const secret = "9b1d2c3e-0000-4000-8000-5ec7e7000001";
    const printed: string[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void printed.push(format(...args)));
    try {
      logLines.length = 0;
      const response = await fetch(`${backend.url}/rest/v1/admin_users`, {
        method: "POST",
        headers: { apikey: backend.serviceKey, Authorization: `Bearer ${backend.serviceKey}`, "Content-Type": "application/json" },
        body: JSON.stringify({ id: secret }),
      });
      expect(response.status).toBe(409);
    } finally {
      spy.mockRestore();
    }
    const output = [...printed, ...logLines];
    expect(output).toHaveLength(1);
    expect(output[0]).not.toContain("\n");
    expect(output[0]).toContain("23503");
    expect(output.join("\n")).not.toContain(secret);
    expect(output.join("\n").toLowerCase()).not.toContain("insert into");
  });
});

describe("local backend hardening: LOG_LEVEL=debug", () => {
  it("shows the refused query's details when asked to", async () => {
    const backend = await startTestBackend({ logLevel: "debug" });
    const secret = "9b1d2c3e-0000-4000-8000-5ec7e7000002";
    const printed: string[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void printed.push(format(...args)));
    try {
      await fetch(`${backend.url}/rest/v1/admin_users`, {
        method: "POST",
        headers: { apikey: backend.serviceKey, Authorization: `Bearer ${backend.serviceKey}`, "Content-Type": "application/json" },
        body: JSON.stringify({ id: secret }),
      });
    } finally {
      spy.mockRestore();
      await backend.stop();
    }
    expect(printed.join("\n")).toContain(secret);
  });
});

describe("local backend hardening: reset mails", () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend();
  });
  afterAll(() => backend?.stop());

  it("sends one reset mail per address per minute; the others are answered as if sent", async () => {
    for (const email of [USER.email, USER.email, "USER@example.com", USER.email, USER.email]) {
      const { error } = await backend.anon().auth.resetPasswordForEmail(email);
      expect(error).toBeNull();
    }
    await backend.backend.settled();
    expect((await backend.mails()).filter((mail) => mail.to === USER.email)).toHaveLength(1);
  });

  it("a reset answers as fast for an unknown address as for a known one, even with a slow mail server", async () => {
    const timed = await startTestBackend({ authRules: { mailLimit: { limit: 1000, windowMs: 60_000 } } });
    const mailbox = timed.backend.mailbox;
    const send = mailbox.send.bind(mailbox);
    // A real mail server takes its time; that time must not show in the answer.
    mailbox.send = async (message) => {
      await new Promise((done) => setTimeout(done, 150));
      return send(message);
    };
    try {
      const ask = async (email: string) => {
        const started = performance.now();
        const response = await fetch(`${timed.url}/auth/v1/recover`, { method: "POST", headers: json(timed), body: JSON.stringify({ email }) });
        const body = await response.text();
        const elapsed = performance.now() - started;
        await timed.backend.settled();
        return { status: response.status, body, elapsed };
      };
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 8; i++) {
        const [a, b] = [await ask(USER.email), await ask(`nobody-${i}@example.com`)];
        expect([a.status, a.body]).toEqual([b.status, b.body]);
        known.push(a.elapsed);
        unknown.push(b.elapsed);
      }
      const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
      // The work (lookup, token, mail) happens after the answer: both paths do the same before it.
      expect(median(known)).toBeLessThan(median(unknown) + 75);
      expect((await timed.mails()).filter((mail) => mail.to === USER.email)).toHaveLength(8);
    } finally {
      await timed.stop();
    }
  });

  describe("the mailbox", () => {
    it("is read with the service-role key or the token printed at start, by nobody else", async () => {
      expect(backend.backend.mailboxUrl).toMatch(/\/_dev\/mail\?token=[\w-]{20,}$/);
      expect((await fetch(backend.backend.mailboxUrl)).status).toBe(200);
      expect((await fetch(`${backend.url}/_dev/mail`, { headers: { apikey: backend.serviceKey } })).status).toBe(200);
      expect((await fetch(`${backend.url}/_dev/mail`, { headers: { Authorization: `Bearer ${backend.serviceKey}` } })).status).toBe(200);
      for (const path of ["/_dev/mail", "/_dev/MAIL", "/_dev/%6dail", "//_dev/mail", "/_dev/mail/", "/_dev/x/../mail"]) {
        for (const headers of [{}, { apikey: backend.anonKey }, { Authorization: `Bearer ${backend.anonKey}` }] as Record<string, string>[]) {
          const response = await rawRequest(backend.url, "GET", path, headers);
          expect(response.status, `${path} ${JSON.stringify(headers)}`).toBe(401);
        }
      }
      expect((await fetch(`${backend.url}/_dev/mail?token=wrong`)).status).toBe(401);
    });

    it("shows a browser a page of its mails, with each mail's link to click and nothing of a mail's own markup run", async () => {
      await backend.backend.mailbox.send({
        to: "page-reader@example.com",
        subject: "<script>alert(1)</script> Your invitation",
        text: "Follow this link: https://example.com/accept?token=abc&next=%2F\n<img src=x onerror=alert(2)>",
        html: '<p><a href="https://example.com/accept?token=abc&amp;next=%2F">Accept</a></p><script>alert(3)</script>',
      });
      const page = await fetch(backend.backend.mailboxUrl, { headers: { Accept: "text/html,application/xhtml+xml,*/*;q=0.8" } });
      expect([page.status, page.headers.get("content-type")]).toEqual([200, "text/html; charset=utf-8"]);
      expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
      expect(page.headers.get("referrer-policy")).toBe("no-referrer");
      const html = await page.text();
      expect(html).toContain("<a href=\"https://example.com/accept?token=abc&#38;next=%2F\">Open the mail's link</a>");
      expect(html).toContain("To page-reader@example.com");
      expect(html).toContain("&#60;script&#62;alert(1)&#60;/script&#62; Your invitation");
      expect(html).not.toMatch(/<script|<img/i);
      // Tools keep the JSON they read, and a browser can ask for it.
      const json = await fetch(`${backend.backend.mailboxUrl}&format=json`, { headers: { Accept: "text/html" } });
      expect(((await json.json()) as { to: string }[]).some((mail) => mail.to === "page-reader@example.com")).toBe(true);
      expect((await fetch(backend.backend.mailboxUrl)).headers.get("content-type")).toMatch(/^application\/json/);
      expect((await fetch(`${backend.url}/_dev/mail`, { headers: { Accept: "text/html" } })).status).toBe(401);
    });

    it("never answers another origin", async () => {
      const page = await fetch(backend.backend.mailboxUrl, { headers: { Origin: "https://evil.example" } });
      expect(page.headers.get("access-control-allow-origin")).toBeNull();
      const preflight = await fetch(`${backend.url}/_dev/mail`, { method: "OPTIONS", headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "apikey" } });
      expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
      expect(preflight.headers.get("access-control-allow-headers")).toBeNull();
    });
  });
});

describe("local backend hardening: forged bearer tokens", () => {
  let backend: TestBackend;
  let forged: Record<string, string>;
  beforeAll(async () => {
    backend = await startTestBackend();
    const { access_token, user } = await session(backend, ADMIN.email, ADMIN.password);
    const [header, payload] = access_token.split(".") as [string, string];
    const claims = { sub: user.id, role: "authenticated", aud: "authenticated" };
    const sign = (secret: string, expiresAt: number) => new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setIssuedAt().setExpirationTime(expiresAt).sign(new TextEncoder().encode(secret));
    const jwtSecret = (await import("node:fs")).readFileSync(`${backend.dataDir}/jwt-secret`, "utf8").trim();
    forged = {
      garbage: "garbage",
      "alg none": `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${payload}.`,
      "stripped signature": `${header}.${payload}.`,
      "wrong secret": await sign("not-the-secret-of-this-backend-000000", Math.floor(Date.now() / 1000) + 3600),
      expired: await sign(jwtSecret, Math.floor(Date.now() / 1000) - 60),
      "two tokens": `${access_token} ${access_token}`,
    };
  });
  afterAll(() => backend?.stop());

  it("REST answers 401 for each kind, as PostgREST does", async () => {
    for (const [kind, token] of Object.entries(forged)) {
      const response = await fetch(`${backend.url}/rest/v1/project_stages?select=id&limit=1`, { headers: { apikey: backend.anonKey, Authorization: `Bearer ${token}` } });
      expect(response.status, kind).toBe(401);
      const body = (await response.json()) as { code: string };
      expect(body.code, kind).toBe(kind === "expired" ? "PGRST303" : "PGRST301");
    }
  });

  it("Storage and Auth refuse each kind too", async () => {
    for (const [kind, token] of Object.entries(forged)) {
      const list = await fetch(`${backend.url}/storage/v1/object/list/assets`, { method: "POST", headers: json(backend, { Authorization: `Bearer ${token}` }), body: "{}" });
      expect(list.status, `storage ${kind}`).toBe(401);
      const user = await fetch(`${backend.url}/auth/v1/user`, { headers: json(backend, { Authorization: `Bearer ${token}` }) });
      expect([401, 403], `auth ${kind}`).toContain(user.status);
    }
  });

  it("no token at all is anon", async () => {
    for (const authorization of [undefined, "Bearer", "Bearer "]) {
      const response = await fetch(`${backend.url}/rest/v1/project_stages?select=id&limit=1`, { headers: { apikey: backend.anonKey, ...(authorization === undefined ? {} : { Authorization: authorization }) } });
      expect(response.status, String(authorization)).toBe(200);
    }
  });
});
