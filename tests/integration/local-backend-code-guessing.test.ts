import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { fetchFrom } from "../support/loopback-fetch.ts";
import { claimsOf } from "../support/totp.ts";

// `POST /auth/v1/verify` and the mailed links (`GET /auth/v1/verify`): a 6-digit code cannot be
// guessed (wrong codes are counted per address while the code is pending, per address, and per
// client; at five for a code it is cleared in the database and the address is answered 429 until a
// new code is sent), and a link carries a random token that no code leads to.

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

interface Answer {
  status: number;
  code: string | null;
  retryAfter: string | null;
  body: Record<string, unknown>;
}

describe("local backend: email codes and links cannot be guessed", () => {
  let backend: TestBackend;
  beforeAll(async () => {
    // Every test sends itself new codes: the one-mail-a-minute limit is tested elsewhere.
    backend = await startTestBackend({ authRules: { mailLimit: { limit: 100, windowMs: 60_000 } } });
  });
  afterAll(() => backend?.stop());

  let clients = 0;
  /** A client of its own (a loopback address), so that each test's failures are counted apart. */
  const newClient = () => fetchFrom(`127.0.0.${(clients += 1) + 1}`);

  async function verify(client: typeof fetch, body: Record<string, unknown>): Promise<Answer> {
    const response = await client(`${backend.url}/auth/v1/verify`, { method: "POST", headers: { apikey: backend.anonKey, "content-type": "application/json" }, body: JSON.stringify(body) });
    const json = (await response.json()) as Record<string, unknown>;
    return { status: response.status, code: typeof json.error_code === "string" ? json.error_code : null, retryAfter: response.headers.get("retry-after"), body: json };
  }

  /** Follows a mailed link (or a forged one) as a browser would, without following the redirect. */
  async function follow(client: typeof fetch, link: string): Promise<{ status: number; fragment: URLSearchParams; code: string | null }> {
    const response = await client(link);
    const location = response.headers.get("location");
    if (!location) return { status: response.status, fragment: new URLSearchParams(), code: ((await response.json()) as { error_code?: string }).error_code ?? null };
    const fragment = new URLSearchParams(new URL(location).hash.slice(1));
    return { status: response.status, fragment, code: fragment.get("error_code") };
  }

  async function createUser(email: string, confirmed = true): Promise<string> {
    const { data, error } = await backend.service().auth.admin.createUser({ email, password: "Guessing12345", email_confirm: confirmed });
    if (error) throw error;
    return data.user.id;
  }

  /** The newest mail to `email` once it has arrived (reset and sign-in mails are sent after the answer). */
  async function mailTo(email: string, count = 1) {
    await expect.poll(async () => (await backend.mails()).filter((mail) => mail.to === email).length).toBeGreaterThanOrEqual(count);
    return (await backend.mails()).find((mail) => mail.to === email)!;
  }

  /**
   * The pending code of each kind made known to the test: the mails carry no code, so the test puts
   * the digest of a code it chose where lite keeps the real one (what a right guess would match).
   */
  async function knownCode(email: string, column: "recovery_token" | "confirmation_token" | "email_change_token_current", code: string): Promise<void> {
    const sentAt = column === "recovery_token" ? "recovery_sent_at" : column === "confirmation_token" ? "confirmation_sent_at" : "email_change_sent_at";
    const [row] = await backend.sql<{ id: string }>(`update auth.users set ${column} = $2, ${sentAt} = now() where email = $1 returning id`, [email, sha256(email + code)]);
    expect(row, `no user ${email}`).toBeDefined();
  }

  const wrongCodes = (right: string) => Array.from({ length: 30 }, (_, i) => String((Number(right) + 1 + i * 7919) % 1_000_000).padStart(6, "0"));

  /** Each kind of code: how a real one is sent, and where lite keeps it. */
  const kinds = [
    {
      type: "recovery",
      column: "recovery_token",
      send: async (email: string) => {
        await backend.anon().auth.resetPasswordForEmail(email);
        await mailTo(email);
      },
    },
    {
      type: "magiclink",
      column: "recovery_token",
      send: async (email: string) => {
        await backend.anon().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
        await mailTo(email);
      },
    },
    {
      type: "email",
      column: "recovery_token",
      send: async (email: string) => {
        await backend.anon().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
        await mailTo(email);
      },
    },
    {
      type: "email_change",
      column: "email_change_token_current",
      send: async (email: string) => {
        const client = await backend.signIn(email, "Guessing12345");
        expect((await client.auth.updateUser({ email: `new-${email}` })).error).toBeNull();
        await mailTo(email);
      },
    },
    {
      // Sign-ups are off, so no signup code is mailed: an unconfirmed account with a code stands in.
      type: "signup",
      column: "confirmation_token",
      send: async () => {},
    },
  ] as const;

  it.each(kinds)("a $type code: 30 wrong codes end in 429s, the right one is then refused too, and the code is cleared", async ({ type, column, send }) => {
    const email = `guessed-${type}@example.com`;
    await createUser(email, type !== "signup");
    await send(email);
    await knownCode(email, column, "246810");
    const client = newClient();

    const answers: Answer[] = [];
    for (const code of wrongCodes("246810")) answers.push(await verify(client, { email, token: code, type }));
    expect(answers.slice(0, 5).map((a) => `${a.status} ${a.code}`)).toEqual(Array(5).fill("403 otp_expired"));
    for (const answer of answers.slice(5)) {
      expect(`${answer.status} ${answer.code}`).toBe("429 over_request_rate_limit");
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      expect(answer.body.msg).toMatch(/new one/);
    }

    const right = await verify(client, { email, token: "246810", type });
    expect(`${right.status} ${right.code}`).toBe("429 over_request_rate_limit");
    const [row] = await backend.sql<Record<string, string | null>>(`select ${column} as token from auth.users where email = $1`, [email]);
    expect(row?.token ?? "").toBe("");
    // Another client is refused for this address too: the count is the address's.
    expect((await verify(newClient(), { email, token: "246810", type })).status).toBe(429);
  });

  it("an invite code: 30 wrong codes end in 429s; no code is right, and the invitation's link still works", async () => {
    const email = "guessed-invite@example.com";
    await backend.service().auth.admin.inviteUserByEmail(email);
    const link = (await mailTo(email)).link!;
    const client = newClient();
    const answers: Answer[] = [];
    for (const code of wrongCodes("000000")) answers.push(await verify(client, { email, token: code, type: "invite" }));
    expect(answers.slice(0, 5).map((a) => `${a.status} ${a.code}`)).toEqual(Array(5).fill("403 otp_expired"));
    expect(answers.slice(5).map((a) => `${a.status} ${a.code}`)).toEqual(Array(25).fill("429 over_request_rate_limit"));
    const accepted = await follow(newClient(), link);
    expect(accepted.fragment.get("type")).toBe("invite");
    expect(accepted.fragment.get("access_token")).toBeTruthy();
  });

  it("once a new code is sent, the address takes codes again, and its right code signs in (aal1, amr otp)", async () => {
    const email = "guessed-again@example.com";
    await createUser(email);
    await backend.anon().auth.resetPasswordForEmail(email);
    await mailTo(email);
    const client = newClient();
    for (const code of wrongCodes("135790").slice(0, 6)) await verify(client, { email, token: code, type: "recovery" });
    expect((await verify(client, { email, token: "135790", type: "recovery" })).status).toBe(429);

    await backend.anon().auth.resetPasswordForEmail(email);
    await mailTo(email, 2);
    await knownCode(email, "recovery_token", "135790");
    const signedIn = await verify(client, { email, token: "135790", type: "recovery" });
    expect(signedIn.status).toBe(200);
    expect(claimsOf(String(signedIn.body.access_token))).toMatchObject({ email, aal: "aal1", amr: [{ method: "otp" }] });
  });

  it("new codes do not give one address more than 15 wrong codes an hour", async () => {
    const email = "guessed-often@example.com";
    await createUser(email);
    // A client per round, so that what stops the fourth is the address's count, not a client's.
    for (let round = 1; round <= 3; round++) {
      await backend.anon().auth.resetPasswordForEmail(email);
      await mailTo(email, round);
      const client = newClient();
      const answers = [];
      for (const code of wrongCodes(String(round)).slice(0, 5)) answers.push(await verify(client, { email, token: code, type: "recovery" }));
      expect(answers.map((a) => a.status)).toEqual([403, 403, 403, 403, 403]);
    }
    await backend.anon().auth.resetPasswordForEmail(email);
    await mailTo(email, 4);
    await knownCode(email, "recovery_token", "975310");
    const refused = await verify(newClient(), { email, token: "975310", type: "recovery" });
    expect(`${refused.status} ${refused.code}`).toBe("429 over_request_rate_limit");
  });

  it("one client guessing codes of many addresses is refused after ten wrong ones, whatever the address", async () => {
    const client = newClient();
    const answers: Answer[] = [];
    for (let i = 0; i < 6; i++) {
      for (const code of ["000001", "000002"]) answers.push(await verify(client, { email: `spread-${i}@example.com`, token: code, type: "magiclink" }));
    }
    expect(answers.slice(0, 10).every((a) => a.code === "otp_expired")).toBe(true);
    expect(answers.slice(10).map((a) => `${a.status} ${a.code}`)).toEqual(["429 over_request_rate_limit", "429 over_request_rate_limit"]);
    expect((await verify(newClient(), { email: "spread-5@example.com", token: "000003", type: "magiclink" })).code).toBe("otp_expired");
  });

  it("link tokens (POST token_hash): 30 wrong ones end in 429s for the client, and its right link is refused meanwhile; another client's works", async () => {
    const email = "linked-post@example.com";
    await createUser(email);
    await backend.anon().auth.resetPasswordForEmail(email);
    const token = new URL((await mailTo(email)).link!).searchParams.get("token")!;
    const client = newClient();
    const answers: Answer[] = [];
    for (let i = 0; i < 30; i++) answers.push(await verify(client, { token_hash: sha256(`${email}${String(i).padStart(6, "0")}`), type: "recovery" }));
    expect(answers.slice(0, 10).map((a) => `${a.status} ${a.code}`)).toEqual(Array(10).fill("403 otp_expired"));
    for (const answer of answers.slice(10)) {
      expect(`${answer.status} ${answer.code}`).toBe("429 over_request_rate_limit");
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    expect((await verify(client, { token_hash: token, type: "recovery" })).status).toBe(429);
    const accepted = await verify(newClient(), { token_hash: token, type: "recovery" });
    expect(accepted.status).toBe(200);
    expect(claimsOf(String(accepted.body.access_token))).toMatchObject({ email, aal: "aal1", amr: [{ method: "otp" }] });
  });

  it("links (GET): 30 forged ones end in 429s for the client, and its right link is refused meanwhile; another client's works", async () => {
    const email = "linked-get@example.com";
    await createUser(email);
    await backend.anon().auth.resetPasswordForEmail(email, { redirectTo: "http://localhost:5173/admin/update-password" });
    const link = new URL((await mailTo(email)).link!);
    const client = newClient();
    const answers = [];
    for (let i = 0; i < 30; i++) {
      const forged = new URL(link);
      forged.searchParams.set("token", sha256(`${email}${String(i).padStart(6, "0")}`));
      answers.push(await follow(client, forged.toString()));
    }
    expect(answers.slice(0, 10).map((a) => `${a.status} ${a.code}`)).toEqual(Array(10).fill("303 otp_expired"));
    expect(answers.slice(10).map((a) => `${a.status} ${a.code}`)).toEqual(Array(20).fill("429 over_request_rate_limit"));
    expect((await follow(client, link.toString())).status).toBe(429);

    const accepted = await follow(newClient(), link.toString());
    expect(accepted.status).toBe(303);
    expect(accepted.fragment.get("type")).toBe("recovery");
    expect(claimsOf(accepted.fragment.get("access_token")!)).toMatchObject({ email, aal: "aal1", amr: [{ method: "otp" }] });
    expect((await follow(newClient(), link.toString())).code).toBe("otp_expired");
  });

  it("a link's token is random, kept only as its digest, and an invitation's token is the digest of no 6-digit code", async () => {
    const email = "random-link@example.com";
    await createUser(email);
    await backend.anon().auth.resetPasswordForEmail(email);
    const recoveryToken = new URL((await mailTo(email)).link!).searchParams.get("token")!;
    const invitee = "random-invite@example.com";
    await backend.service().auth.admin.inviteUserByEmail(invitee);
    const inviteToken = new URL((await mailTo(invitee)).link!).searchParams.get("token")!;
    // 32 random bytes: never a hex digest such as SHA-256(address + code).
    for (const token of [recoveryToken, inviteToken]) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await backend.sql("select 1 from auth.email_links where token_hash = $1 or verification_token = $1", [token])).toEqual([]);
      expect(await backend.sql("select 1 from auth.email_links where token_hash = $1", [sha256(token)])).toHaveLength(1);
    }

    const [invited] = await backend.sql<{ confirmation_token: string }>("select confirmation_token from auth.users where email = $1", [invitee]);
    expect(invited!.confirmation_token).toMatch(/^[0-9a-f]{64}$/);
    let derivedFrom: string | null = null;
    for (let code = 0; code < 1_000_000 && derivedFrom === null; code++) {
      const digits = String(code).padStart(6, "0");
      if (sha256(invitee + digits) === invited!.confirmation_token) derivedFrom = digits;
    }
    expect(derivedFrom).toBeNull();
  });

  it("an invitation is accepted by its link only: no code of any type completes it", async () => {
    const email = "invited-by-code@example.com";
    const { data } = await backend.service().auth.admin.inviteUserByEmail(email, { redirectTo: "http://localhost:5173/admin/update-password?invited=1" });
    const link = (await mailTo(email)).link!;
    expect(new URL(link).searchParams.get("type")).toBe("invite");
    // Even a code the address really holds (a reset asked for the invited address) does not accept it.
    await backend.anon().auth.resetPasswordForEmail(email);
    await mailTo(email, 2);
    await knownCode(email, "recovery_token", "112233");
    const client = newClient();
    for (const type of ["invite", "signup", "magiclink", "email", "recovery"]) {
      expect(await verify(client, { email, token: "112233", type }), type).toMatchObject({ status: 403, code: "otp_expired" });
    }
    expect((await backend.service().auth.admin.getUserById(data.user!.id)).data.user?.email_confirmed_at ?? null).toBeNull();

    const accepted = await follow(newClient(), link);
    expect(accepted.status).toBe(303);
    expect(accepted.fragment.get("type")).toBe("invite");
    expect(claimsOf(accepted.fragment.get("access_token")!)).toMatchObject({ email, aal: "aal1", amr: [{ method: "otp" }] });
    expect((await backend.service().auth.admin.getUserById(data.user!.id)).data.user?.email_confirmed_at).toBeTruthy();
  });

  it("an invitation's link is verified as an invitation, or by `email`, and refused as a reset", async () => {
    const email = "invited-typed@example.com";
    await backend.service().auth.admin.inviteUserByEmail(email);
    const token = new URL((await mailTo(email)).link!).searchParams.get("token")!;
    const client = newClient();
    expect(await verify(client, { token_hash: token, type: "recovery" })).toMatchObject({ status: 403, code: "otp_expired" });
    expect((await verify(client, { token_hash: token, type: "email" })).status).toBe(200);
  });

  it("answers malformed verifications as GoTrue does, without counting them, and no longer signs in with a reauthentication code", async () => {
    const client = newClient();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ email: "a@example.com", token: "123456" }, 400, "Verify requires a verification type"],
      [{ email: "a@example.com", token: "123456", type: "reauthentication" }, 400, "Unsupported verification type"],
      [{ email: "a@example.com", token: "123456", type: "sms" }, 400, "Unsupported verification type"],
      [{ type: "recovery" }, 400, "Verify requires either a token or a token hash"],
      [{ type: "recovery", token: "123456", token_hash: "abc" }, 400, "Verify requires either a token or a token hash"],
      [{ type: "recovery", token_hash: "abc", email: "a@example.com" }, 400, "Only the token_hash and type should be provided"],
      [{ type: "recovery", token: "123456" }, 400, "Only an email address or phone number should be provided on verify"],
      [{ type: "recovery", token: "123456", email: "not-an-address" }, 422, "Invalid email format"],
    ];
    for (const [body, status, message] of cases) {
      const answer = await verify(client, body);
      expect({ status: answer.status, code: answer.code, msg: answer.body.msg }, JSON.stringify(body)).toEqual({ status, code: "validation_failed", msg: message });
    }
    for (const path of ["/auth/v1/verify?type=recovery", "/auth/v1/verify?token=abc", "/auth/v1/verify?token=abc&type=reauthentication"]) {
      expect((await client(`${backend.url}${path}`)).status, path).toBe(400);
    }
    // None of these was a guess: the client's wrong codes still start at none.
    const guesses = [];
    for (let i = 0; i < 10; i++) guesses.push((await verify(client, { email: "nobody-here@example.com", token: String(i).padStart(6, "0"), type: "recovery" })).status);
    expect(guesses.slice(0, 5)).toEqual([403, 403, 403, 403, 403]);
  });
});
