import { randomBytes } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { MemberStatus } from "../../server/waitlist/index.ts";
import type { WebServer } from "../../server/web.ts";
import { parseMail, type ParsedMail } from "../../supabase/local/mail-message.ts";
import { startSmtpSink, type SmtpSink } from "../../supabase/local/smtp-sink.ts";
import { ADMIN, EDITOR, rpcResult, startTestBackend, type TestBackend } from "../support/backend.ts";
import { startWebFor } from "../support/web-server.ts";

// The waitlist's line on each engine (supabase/schemas/14_waitlist.sql): places in line with and
// without referrals, ties, voided credit, unconfirmed referrals earning nothing, every rule that
// refuses credit (folded aliases, throwaway domains, self-referral, the per-client cap), the status
// page's tokens (forged, reused, another member's), the enumeration-safe resend, who may read what;
// then the same through the web tier: the modal's post, the mailed link, the status page.

const SITE = "https://rcrt.example";

let backend: TestBackend;
let service: SupabaseClient;
let admin: SupabaseClient;
let editor: SupabaseClient;
let adminId: string;

beforeAll(async () => {
  backend = await startTestBackend();
  service = backend.service();
  admin = await backend.signIn(ADMIN.email, ADMIN.password);
  editor = await backend.signIn(EDITOR.email, EDITOR.password);
  adminId = (await admin.auth.getUser()).data.user!.id;
});

afterAll(async () => {
  await backend?.stop();
});


interface Member {
  email: string;
  id: string;
  code: string;
  statusToken: string;
}

const signup = (email: string, options: { ref?: string; client?: string; disposable?: boolean } = {}) =>
  rpcResult<{ token: string | null }>(service, "waitlist_signup", { address: email, language: "en", referral_code: options.ref ?? null, client_hash: options.client ?? null, disposable: options.disposable ?? false }).then(
    (answer) => answer.token,
  );
const confirm = (token: string) => rpcResult<{ status_token: string } | null>(service, "waitlist_confirm", { token });
const status = (token: string) => rpcResult<MemberStatus | null>(service, "waitlist_status", { token });
const row = async (email: string) =>
  (await backend.sql<{ id: string; referral_code: string; credited: boolean; credit_refusal: string | null; credits: number; status: string }>("select * from public.waitlist_members where email = $1", [email]))[0];

/** Signs up and confirms: a member with a place. */
async function join(email: string, options: { ref?: string; client?: string; disposable?: boolean } = {}): Promise<Member> {
  const token = await signup(email, options);
  expect(token, `a confirmation token for ${email}`).toMatch(/^[0-9a-f]{64}$/);
  const confirmed = await confirm(token!);
  expect(confirmed, `${email} confirmed`).not.toBeNull();
  const stored = await row(email);
  return { email, id: stored!.id, code: stored!.referral_code, statusToken: confirmed!.status_token };
}

const place = async (member: Member) => (await status(member.statusToken))!.place;
const forged = () => randomBytes(32).toString("hex");

async function resetLine(): Promise<void> {
  await backend.sql("delete from public.waitlist_credit_audit");
  await backend.sql("delete from public.waitlist_members");
  await backend.sql("delete from private.waitlist_mails");
  await backend.sql("delete from private.waitlist_credit_events");
  await backend.sql("update private.waitlist_settings set places_per_referral = 10, client_daily_credits = 5");
}

/** `count` members, in the order they confirmed. */
async function line(prefix: string, count: number): Promise<Member[]> {
  const members: Member[] = [];
  for (let i = 1; i <= count; i++) members.push(await join(`${prefix}${i}@example.com`));
  return members;
}

describe("the line", () => {
  beforeEach(resetLine);

  it("confirmed members hold places in the order they confirmed; a pending one holds none", async () => {
    const [a, b, c] = await line("order", 3);
    const pending = await signup("order-pending@example.com");
    expect(await status(a!.statusToken)).toMatchObject({ place: 1, total: 3, referrals: 0, places_per_referral: 10, code: a!.code });
    expect(await status(b!.statusToken)).toMatchObject({ place: 2, total: 3 });
    expect(await status(c!.statusToken)).toMatchObject({ place: 3, total: 3 });
    // The pending member's status token names no place until the confirmation.
    const [tokens] = await backend.sql<{ status_token: string }>(
      "select t.status_token from private.waitlist_tokens t join public.waitlist_members m on m.id = t.member_id where m.email = 'order-pending@example.com'",
    );
    expect(await status(tokens!.status_token)).toBeNull();
    await confirm(pending!);
    expect(await status(tokens!.status_token)).toMatchObject({ place: 4, total: 4 });
  });

  it("a confirmed referral moves the referrer up 10 places, and at an equal score the referrer is ahead; an unconfirmed one earns nothing", async () => {
    const members = await line("ref", 15);
    const referrer = members[14]!;
    expect(await place(referrer)).toBe(15);
    const friendToken = await signup("ref-friend@example.com", { ref: referrer.code, client: "client-a" });
    // Pending: no credit, no place.
    expect(await status(referrer.statusToken)).toMatchObject({ place: 15, total: 15, referrals: 0 });
    const friend = await confirm(friendToken!);
    // Score 15 - 10 = 5 ties with the fifth member's: the referrer is ahead, exactly 10 places up.
    expect(await status(referrer.statusToken)).toMatchObject({ place: 5, total: 16, referrals: 1 });
    expect(await place(members[4]!)).toBe(6);
    expect(await place(members[3]!)).toBe(4);
    expect((await status(friend!.status_token))!.place).toBe(16);
    expect(await row("ref-friend@example.com")).toMatchObject({ credited: true, credit_refusal: null });
    // A second referral: 10 more places.
    await join("ref-friend2@example.com", { ref: referrer.code, client: "client-b" });
    expect(await status(referrer.statusToken)).toMatchObject({ place: 1, referrals: 2 });
  });

  it("a referrer who confirms after their friend gets the credit from their own confirmation on", async () => {
    await line("late", 12);
    const referrerToken = await signup("late-referrer@example.com");
    const referrer = await row("late-referrer@example.com");
    await join("late-friend@example.com", { ref: referrer!.referral_code, client: "client-late" });
    const confirmed = await confirm(referrerToken!);
    // seq 14, one credit: score 4.
    expect(await status(confirmed!.status_token)).toMatchObject({ place: 4, total: 14, referrals: 1 });
  });

  it("the places a referral gains are configurable by administrators only, and every place follows", async () => {
    const members = await line("conf", 12);
    await join("conf-friend@example.com", { ref: members[11]!.code, client: "client-c" });
    expect(await place(members[11]!)).toBe(2);
    await expect(rpcResult(editor, "waitlist_configure", { places_per_referral: 3, client_daily_credits: 5 })).rejects.toThrow(/Administrator privileges required/);
    await expect(rpcResult(backend.anon(), "waitlist_configure", { places_per_referral: 3, client_daily_credits: 5 })).rejects.toThrow();
    expect(await rpcResult(admin, "waitlist_configure", { places_per_referral: 3, client_daily_credits: 5 })).toMatchObject({ places_per_referral: 3 });
    expect(await status(members[11]!.statusToken)).toMatchObject({ place: 9, places_per_referral: 3 });
    await expect(rpcResult(admin, "waitlist_configure", { places_per_referral: -1, client_daily_credits: 5 })).rejects.toThrow(/whole numbers/);
  });

  it("an administrator voids a member's credit: audited once, the place falls back, later referrals earn nothing", async () => {
    const members = await line("void", 15);
    const referrer = members[14]!;
    await join("void-friend@example.com", { ref: referrer.code, client: "client-v" });
    expect(await place(referrer)).toBe(5);
    await expect(rpcResult(editor, "waitlist_void_credit", { member_id: referrer.id, reason: "Fake friends" })).rejects.toThrow(/Administrator privileges required/);
    await expect(rpcResult(admin, "waitlist_void_credit", { member_id: referrer.id, reason: "  " })).rejects.toThrow(/Say why/);
    expect(await rpcResult(admin, "waitlist_void_credit", { member_id: referrer.id, reason: "Fake friends" })).toEqual({ id: referrer.id, credits: 1, already_voided: false });
    expect(await status(referrer.statusToken)).toMatchObject({ place: 15, referrals: 0 });
    await join("void-friend2@example.com", { ref: referrer.code, client: "client-v2" });
    expect(await status(referrer.statusToken)).toMatchObject({ place: 15, total: 17, referrals: 0 });
    expect(await rpcResult(admin, "waitlist_void_credit", { member_id: referrer.id, reason: "Again" })).toMatchObject({ already_voided: true });
    const { data: audit } = await admin.from("waitlist_credit_audit").select("member_id, action, reason, credits, actor");
    expect(audit).toEqual([{ member_id: referrer.id, action: "void", reason: "Fake friends", credits: 1, actor: adminId }]);
  });
});

describe("what earns no credit", () => {
  beforeEach(resetLine);

  it("folded aliases are one member: case, +tags, and Gmail's dots (not other providers')", async () => {
    await join("fantastic@gmail.com");
    for (const alias of ["Fan.Tastic+wl@GoogleMail.com", "FANTASTIC@gmail.com", "f.a.n.t.a.s.t.i.c+x@gmail.com"]) expect(await signup(alias), alias).toBeNull();
    await join("fan@example.com");
    expect(await signup("Fan+news@example.com")).toBeNull();
    // Dots count at a provider that does not ignore them: another mailbox, another member.
    expect(await signup("f.an@example.com")).toMatch(/^[0-9a-f]{64}$/);
    expect((await backend.sql<{ n: number }>("select count(*)::int as n from public.waitlist_members"))[0]!.n).toBe(3);
  });

  it("self-referral: the referrer's own alias, with the referrer's own code, joins nobody and earns nothing", async () => {
    const members = await line("self", 12);
    const referrer = members[11]!;
    expect(await signup("self12+again@example.com", { ref: referrer.code })).toBeNull();
    expect(await signup("SELF12@example.com", { ref: referrer.code })).toBeNull();
    expect(await status(referrer.statusToken)).toMatchObject({ place: 12, total: 12, referrals: 0 });
    // Even were such a sign-up stored (a member re-pointed at themselves), its confirmation earns nothing.
    const token = await signup("self-loop@example.com");
    await backend.sql("update public.waitlist_members set referred_by = id where email = 'self-loop@example.com'");
    await confirm(token!);
    expect(await row("self-loop@example.com")).toMatchObject({ credited: false, credit_refusal: "self", credits: 0 });
  });

  it("a throwaway domain joins the line but earns its referrer nothing", async () => {
    const members = await line("throwaway", 12);
    const referrer = members[11]!;
    await join("someone@mailinator.com", { ref: referrer.code, client: "client-t", disposable: true });
    expect(await status(referrer.statusToken)).toMatchObject({ place: 12, total: 13, referrals: 0 });
    expect(await row("someone@mailinator.com")).toMatchObject({ status: "confirmed", credited: false, credit_refusal: "disposable" });
  });

  it("one client earns at most 5 credits in 24 hours; other clients are not held back; the day passes", async () => {
    const [referrer] = await line("cap", 1);
    for (let i = 1; i <= 6; i++) await join(`cap-friend${i}@example.com`, { ref: referrer!.code, client: "client-busy" });
    expect((await status(referrer!.statusToken))!.referrals).toBe(5);
    expect(await row("cap-friend6@example.com")).toMatchObject({ credited: false, credit_refusal: "client_cap" });
    await join("cap-other@example.com", { ref: referrer!.code, client: "client-quiet" });
    expect((await status(referrer!.statusToken))!.referrals).toBe(6);
    await backend.sql("update private.waitlist_credit_events set credited_at = credited_at - interval '25 hours'");
    await join("cap-friend7@example.com", { ref: referrer!.code, client: "client-busy" });
    expect((await status(referrer!.statusToken))!.referrals).toBe(7);
    // The client's hash is not kept past the confirmation.
    expect((await backend.sql<{ n: number }>("select count(*)::int as n from private.waitlist_tokens where signup_client is not null"))[0]!.n).toBe(0);
  });

  it("an unknown or malformed referral code is no referral", async () => {
    await join("nocode@example.com", { ref: "0000000000" });
    await join("badcode@example.com", { ref: "'; drop table" });
    expect(await row("nocode@example.com")).toMatchObject({ credited: false, credit_refusal: null });
    expect((await backend.sql<{ n: number }>("select count(*)::int as n from public.waitlist_members where referred_by is not null"))[0]!.n).toBe(0);
  });
});

describe("tokens", () => {
  beforeEach(resetLine);

  it("forged, reused, expired and crossed tokens open nothing; each status token shows its own member only", async () => {
    const token = await signup("tok-a@example.com");
    const first = await confirm(token!);
    expect(first).not.toBeNull();
    // Reused (a mail scanner followed it first): the same status page, nothing confirmed twice.
    expect(await confirm(token!)).toEqual(first);
    expect((await backend.sql<{ seq: number }>("select seq::int from public.waitlist_members where email = 'tok-a@example.com'"))[0]!.seq).toBe(1);
    // Forged.
    expect(await confirm(forged())).toBeNull();
    expect(await status(forged())).toBeNull();
    expect(await status("")).toBeNull();
    // A referral's link followed twice credits its referrer once.
    const referrer = await row("tok-a@example.com");
    const friendToken = await signup("tok-friend@example.com", { ref: referrer!.referral_code, client: "client-tok" });
    await confirm(friendToken!);
    await confirm(friendToken!);
    expect((await status(first!.status_token))!.referrals).toBe(1);
    expect((await backend.sql<{ n: number }>("select count(*)::int as n from private.waitlist_credit_events"))[0]!.n).toBe(1);
    // Crossed: a confirmation token is no status token, and the other way round.
    const pending = await signup("tok-b@example.com");
    expect(await status(pending!)).toBeNull();
    expect(await confirm(first!.status_token)).toBeNull();
    // Another member's: B's token shows B, never A.
    const b = await confirm(pending!);
    const [a, bStatus] = [await status(first!.status_token), await status(b!.status_token)];
    expect(a!.code).not.toBe(bStatus!.code);
    expect([a!.place, bStatus!.place]).toEqual([1, 3]);
    // Expired after 7 days.
    const late = await signup("tok-late@example.com");
    await backend.sql("update public.waitlist_members set confirmation_sent_at = now() - interval '8 days' where email = 'tok-late@example.com'");
    expect(await confirm(late!)).toBeNull();
  });

  it("asked again by address: a status link for a member, a new confirmation for a pending one, nothing for a stranger, within the mailbox's mails", async () => {
    const member = await join("again@example.com");
    expect(await rpcResult(service, "waitlist_resend", { address: "nobody-here@example.com" })).toEqual({ kind: null });
    expect(await rpcResult(service, "waitlist_resend", { address: "Again+x@example.com" })).toEqual({ kind: "status", token: member.statusToken, email: "again@example.com", language: "en" });
    const old = await signup("again-pending@example.com");
    // A variant signing up again once 10 minutes have passed: a new link, to the address that joined.
    await backend.sql("update public.waitlist_members set confirmation_sent_at = now() - interval '11 minutes' where email = 'again-pending@example.com'");
    const variant = await rpcResult<{ token: string; email: string }>(service, "waitlist_signup", { address: "Again-Pending+other@example.com" });
    expect(variant.email).toBe("again-pending@example.com");
    expect(await confirm(old!)).toBeNull();
    // Within 10 minutes of the last link: nothing new.
    expect(await rpcResult(service, "waitlist_resend", { address: "again-pending@example.com" })).toEqual({ kind: null });
    await backend.sql("update public.waitlist_members set confirmation_sent_at = now() - interval '11 minutes' where email = 'again-pending@example.com'");
    const fresh = await rpcResult<{ kind: string; token: string }>(service, "waitlist_resend", { address: "again-pending@example.com" });
    expect(fresh.kind).toBe("confirm");
    expect(await confirm(variant.token)).toBeNull();
    expect(await confirm(fresh.token)).not.toBeNull();
    // 3 mails per mailbox in 24 hours: the member's sign-up mail and two resends; the third resend mails nothing.
    expect((await rpcResult<{ kind: string }>(service, "waitlist_resend", { address: "again@example.com" })).kind).toBe("status");
    expect(await rpcResult(service, "waitlist_resend", { address: "again@example.com" })).toEqual({ kind: null });
  });
});

describe("who reads what", () => {
  beforeAll(async () => {
    await resetLine();
    await join("seen@example.com");
    await signup("seen-pending@example.com");
  });

  it("visitors call nothing and read nothing; editors get counts and no address; administrators read members", async () => {
    const anon = backend.anon();
    expect((await anon.from("waitlist_members").select("email")).data ?? []).toEqual([]);
    for (const [name, args] of [
      ["waitlist_signup", { address: "x@example.com" }],
      ["waitlist_confirm", { token: forged() }],
      ["waitlist_status", { token: forged() }],
      ["waitlist_resend", { address: "seen@example.com" }],
      ["waitlist_summary", {}],
    ] as const) {
      expect((await anon.rpc(name, args)).error, `anon ${name}`).not.toBeNull();
      if (name !== "waitlist_summary") expect((await editor.rpc(name, args)).error, `editor ${name}`).not.toBeNull();
    }
    expect((await editor.from("waitlist_members").select("email")).data).toEqual([]);
    expect((await editor.from("waitlist_credit_audit").select("*")).data).toEqual([]);
    expect(await rpcResult(editor, "waitlist_summary")).toMatchObject({ confirmed: 1, pending: 1, referred: 0, credited: 0, places_per_referral: 10, client_daily_credits: 5 });
    const { data } = await admin.from("waitlist_members").select("email, status").order("email");
    expect(data).toEqual([
      { email: "seen-pending@example.com", status: "pending" },
      { email: "seen@example.com", status: "confirmed" },
    ]);
    expect((await admin.from("waitlist_members").update({ credits: 99 }).eq("email", "seen@example.com").select()).data ?? []).toEqual([]);
  });
});

describe("through the web tier: the modal's post, the mail, the status page", () => {
  let smtp: SmtpSink;
  let web: WebServer;
  const delivered: (ParsedMail & { to: string })[] = [];

  beforeAll(async () => {
    await resetLine();
    smtp = await startSmtpSink({
      onMessage: (message) => {
        const parsed = parseMail(message.raw);
        for (const to of message.envelope.to) delivered.push({ to, ...parsed });
      },
    });
    web = await startWebFor(backend, {
      siteUrl: SITE,
      audience: { enabled: false },
      formLimit: { limit: 1000, windowMs: 60_000 },
      newsletters: { smtpUrl: smtp.url, mailFrom: "RCRT <news@rcrt.example>", ratePerSecond: 1000, pollSeconds: 0.2 },
    });
  });

  afterAll(async () => {
    await web?.stop();
    await smtp?.stop();
  });

  const at = (path: string) => `http://127.0.0.1:${web.port}${path}`;
  const post = (path: string, fields: Record<string, string>) =>
    fetch(at(path), { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" }, body: new URLSearchParams(fields).toString(), redirect: "manual" });
  const mailTo = async (email: string, subject: RegExp) => {
    await expect.poll(() => delivered.some((mail) => mail.to === email && subject.test(mail.headers.Subject ?? ""))).toBe(true);
    return delivered.filter((mail) => mail.to === email && subject.test(mail.headers.Subject ?? "")).at(-1)!;
  };
  const linkOf = (mail: ParsedMail) => /https:\/\/rcrt\.example(\/waitlist\/[a-z]+\?token=[0-9a-f]{64})/.exec(mail.text)![1]!;

  /** Joins as the modal does, confirms from the mail, and lands on the status page. */
  async function joinOnSite(email: string, ref?: string): Promise<{ statusPath: string; html: string }> {
    const answer = await fetch(at("/"), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ "form-name": "waitlist", "bot-field": "", email, language: "en", ...(ref && { ref }) }).toString(),
    });
    expect([answer.status, await answer.json()]).toEqual([200, { ok: true }]);
    const mail = await mailTo(email, /Confirm your place/);
    const confirmed = await fetch(at(linkOf(mail)), { redirect: "manual" });
    expect(confirmed.status).toBe(303);
    const statusPath = confirmed.headers.get("location")!;
    expect(statusPath).toMatch(/^\/waitlist\/status\?token=[0-9a-f]{64}$/);
    const page = await fetch(at(statusPath));
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("set-cookie")).toBeNull();
    return { statusPath, html: await page.text() };
  }

  it("join, confirm, see the place and the link; a friend joins through it; the first page shows one referral and a better place", async () => {
    for (let i = 1; i <= 11; i++) await join(`web-before${i}@example.com`);
    const first = await joinOnSite("web-first@example.com");
    expect(first.html).toContain("You are #12 of 12");
    const link = /https:\/\/rcrt\.example\/\?ref=([0-9a-f]{10})/.exec(first.html);
    expect(link).not.toBeNull();
    expect(first.html).toContain("Friends who joined through it: 0");
    expect(first.html).toContain("moves you up 10 places");
    const friend = await joinOnSite("web-friend@example.com", link![1]);
    expect(friend.html).toContain("You are #13 of 13");
    const again = await (await fetch(at(first.statusPath))).text();
    expect(again).toContain("You are #2 of 13");
    expect(again).toContain("Friends who joined through it: 1");
    // The confirmation link followed again leads to the same page (mail scanners follow links first).
    const again2 = await fetch(at(linkOf(await mailTo("web-first@example.com", /Confirm your place/))), { redirect: "manual" });
    expect([again2.status, again2.headers.get("location")]).toEqual([303, first.statusPath]);
    // A forged or expired one to the page that says so, with the form that mails the status link.
    const expired = await fetch(at(`/waitlist/confirm?token=${forged()}`), { redirect: "manual" });
    expect(expired.status).toBe(404);
    expect(await expired.text()).toContain("This link has expired");
  });

  it("a throwaway address, found with the maintained list, earns its referrer nothing", async () => {
    const [member] = await backend.sql<{ referral_code: string }>("select referral_code from public.waitlist_members where email = 'web-first@example.com'");
    await joinOnSite("web-throwaway@mailinator.com", member!.referral_code);
    expect(await row("web-throwaway@mailinator.com")).toMatchObject({ credited: false, credit_refusal: "disposable" });
  });

  it("a Japanese sign-up gets a Japanese mail, Japanese pages and a link to the Japanese home page", async () => {
    const email = "web-ja@example.com";
    const answer = await fetch(at("/"), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ "form-name": "waitlist", "bot-field": "", email, language: "ja" }).toString(),
    });
    expect(answer.status).toBe(200);
    const mail = await mailTo(email, /RCRT ウェイトリストへの登録確認/);
    expect(mail.html).toContain('<html lang="ja">');
    const link = /https:\/\/rcrt\.example(\/ja\/waitlist\/confirm\?token=[0-9a-f]{64})/.exec(mail.text)![1]!;
    const confirmed = await fetch(at(link), { redirect: "manual" });
    expect(confirmed.headers.get("location")).toMatch(/^\/ja\/waitlist\/status\?token=[0-9a-f]{64}$/);
    const html = await (await fetch(at(confirmed.headers.get("location")!))).text();
    expect(html).toMatch(/[\d,]+ 人中 [\d,]+ 番目です/);
    expect(html).toMatch(/https:\/\/rcrt\.example\/ja\/\?ref=[0-9a-f]{10}/);
  });

  it("forged and malformed status tokens answer 404; no token asks for the address", async () => {
    expect((await fetch(at(`/waitlist/status?token=${forged()}`))).status).toBe(404);
    expect((await fetch(at("/waitlist/status?token=abc"))).status).toBe(404);
    const ask = await fetch(at("/waitlist/status"));
    expect(ask.status).toBe(200);
    expect(await ask.text()).toContain("Find your place in line");
  });

  it("asking for the link again answers the same for a member and a stranger, and mails only the member", async () => {
    const forMember = await post("/waitlist/status", { email: "Web-First+again@example.com" });
    const forStranger = await post("/waitlist/status", { email: "web-stranger@example.com" });
    expect(forMember.status).toBe(200);
    expect(forStranger.status).toBe(200);
    const [memberPage, strangerPage] = [await forMember.text(), await forStranger.text()];
    expect(memberPage).toBe(strangerPage);
    expect(memberPage).toContain("Check your inbox");
    const mail = await mailTo("web-first@example.com", /Your place on the RCRT waitlist/);
    expect(linkOf(mail)).toMatch(/^\/waitlist\/status\?token=/);
    await new Promise((done) => setTimeout(done, 500));
    expect(delivered.some((sent) => sent.to === "web-stranger@example.com")).toBe(false);
  });
});
