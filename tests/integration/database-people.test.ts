import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, EDITOR, rpcResult, startTestBackend, type TestBackend } from "../support/backend.ts";
import { expectRefused, FILTERED, PERMISSION_DENIED } from "../support/refusals.ts";

// People on each engine (supabase/schemas/15_people.sql): every address of the waitlist, the
// newsletter and the contact form as one person; tags; segments as filters, the top of the waitlist
// against real places with referrals; the import with and without consent, and its bounds; erasure
// leaving nothing by any read path; editors get sizes only, visitors nothing.

let backend: TestBackend;
let service: SupabaseClient;
let admin: SupabaseClient;
let editor: SupabaseClient;

beforeAll(async () => {
  backend = await startTestBackend();
  service = backend.service();
  admin = await backend.signIn(ADMIN.email, ADMIN.password);
  editor = await backend.signIn(EDITOR.email, EDITOR.password);
});

afterAll(async () => {
  await backend?.stop();
});


async function refusal(client: SupabaseClient, name: string, args: Record<string, unknown> = {}): Promise<{ code?: string; message?: string }> {
  const { error } = await client.rpc(name, args);
  expect(error, `${name} refused`).not.toBeNull();
  return error!;
}

const personId = async (email: string) => (await backend.sql<{ id: string }>("select id from public.people where email = $1", [email]))[0]?.id;

/** A waitlist member who confirmed (through the service role, as the web tier does): their status token. */
async function joinWaitlist(email: string, ref: string | null = null, client: string | null = null): Promise<string> {
  const { token } = await rpcResult<{ token: string }>(service, "waitlist_signup", { address: email, language: "en", referral_code: ref, client_hash: client, disposable: false });
  const confirmed = await rpcResult<{ status_token: string }>(service, "waitlist_confirm", { token });
  return confirmed.status_token;
}

async function subscribe(email: string, language = "en"): Promise<void> {
  const { token } = await rpcResult<{ token: string }>(service, "newsletter_signup", { address: email, language });
  await rpcResult(service, "newsletter_confirm", { token });
}

async function contact(email: string, message = "Hello there"): Promise<void> {
  const { error } = await service.from("form_submissions").insert({ kind: "contact", email, name: "Sender", message });
  expect(error).toBeNull();
}

const codeOf = async (email: string) => (await backend.sql<{ referral_code: string }>("select referral_code from public.waitlist_members where email = $1", [email]))[0]!.referral_code;
const matching = async (filter: Record<string, unknown>) => new Set(await rpcResult<string[]>(admin, "people_matching", { filter }));

describe("one person per address", () => {
  it("a waitlist sign-up, a newsletter subscription and a contact message of one address, whatever its case, are one person with the latest language", async () => {
    await joinWaitlist("merge@example.com");
    await subscribe("Merge@Example.com", "ja");
    await contact("MERGE@example.com");
    const rows = await backend.sql<{ email: string; language: string }>("select email, language from public.people where lower(email) = 'merge@example.com'");
    expect(rows).toEqual([{ email: "merge@example.com", language: "en" }]);
    const person = await rpcResult<Record<string, unknown>>(admin, "person_detail", { person_id: await personId("merge@example.com") });
    expect(person).toMatchObject({ email: "merge@example.com", waitlist: "confirmed", newsletter: "confirmed", contacted: 1, place: expect.any(Number) });
    const kinds = (person.events as { kind: string }[]).map((event) => event.kind);
    expect(kinds).toEqual(expect.arrayContaining(["waitlist_signup", "waitlist_confirmed", "newsletter_signup", "newsletter_confirmed", "form"]));
  });

  it("a pending sign-up that expires leaves no person behind; an imported or tagged one stays", async () => {
    await rpcResult(service, "newsletter_signup", { address: "expiring@example.com" });
    await rpcResult(service, "newsletter_signup", { address: "expiring-tagged@example.com" });
    expect(await personId("expiring@example.com")).toBeDefined();
    await rpcResult(admin, "person_add_tag", { person_id: await personId("expiring-tagged@example.com"), tag: "keep" });
    await backend.sql("update public.newsletter_subscribers set created_at = now() - interval '8 days' where email like 'expiring%'");
    await rpcResult(service, "newsletter_forget_unconfirmed");
    expect(await personId("expiring@example.com")).toBeUndefined();
    expect(await personId("expiring-tagged@example.com")).toBeDefined();
  });
});

describe("tags", () => {
  it("are trimmed and lower-cased, at most 20 a person, added and removed by administrators only", async () => {
    await contact("tagged@example.com");
    const id = await personId("tagged@example.com");
    expect(await rpcResult(admin, "person_add_tag", { person_id: id, tag: "  Early   Backer " })).toEqual(["early backer"]);
    expect(await rpcResult(admin, "person_add_tag", { person_id: id, tag: "EARLY BACKER" })).toEqual(["early backer"]);
    expect((await refusal(admin, "person_add_tag", { person_id: id, tag: "no;semicolons" })).message).toBe(
      "A tag is 1 to 40 letters, digits, spaces, dots, dashes or underscores, starting with a letter or digit",
    );
    expect((await refusal(admin, "person_add_tag", { person_id: id, tag: "x".repeat(41) })).code).toBe("22023");
    // Two administrators tagging at once: the bound holds.
    const second = await backend.signIn(ADMIN.email, ADMIN.password);
    await Promise.allSettled(Array.from({ length: 30 }, (_, i) => rpcResult(i % 2 ? admin : second, "person_add_tag", { person_id: id, tag: `t${i}` })));
    expect((await backend.sql<{ n: number }>("select count(*)::int as n from public.person_tags where person_id = $1", [id]))[0]!.n).toBe(20);
    expect((await refusal(admin, "person_add_tag", { person_id: id, tag: "one more" })).message).toBe("A person has at most 20 tags");
    expect(await rpcResult<string[]>(admin, "person_remove_tag", { person_id: id, tag: "Early Backer" })).not.toContain("early backer");
    expect((await refusal(editor, "person_add_tag", { person_id: id, tag: "editor" })).code).toBe("42501");
  });
});

describe("segments are filters", () => {
  it("each condition selects the people it says, and conditions combine with AND", async () => {
    await joinWaitlist("seg-wait@example.com");
    await rpcResult(service, "waitlist_signup", { address: "seg-pending@example.com", language: "en", referral_code: null, client_hash: null, disposable: false });
    await subscribe("seg-news@example.com", "ja");
    await rpcResult(service, "newsletter_signup", { address: "seg-news-pending@example.com" });
    await contact("seg-contact@example.com");
    await rpcResult(admin, "people_import", { rows: [{ email: "seg-imported@example.com", tags: "seg-backer" }], consent: false, source: null });
    const ids = Object.fromEntries(
      await Promise.all(["seg-wait", "seg-pending", "seg-news", "seg-news-pending", "seg-contact", "seg-imported"].map(async (name) => [name, await personId(`${name}@example.com`)])),
    ) as Record<string, string>;
    const ours = (found: Set<string>) => Object.keys(ids).filter((name) => found.has(ids[name]!)).sort();
    expect(ours(await matching({}))).toEqual(Object.keys(ids).sort());
    expect(ours(await matching({ waitlist: "confirmed" }))).toEqual(["seg-wait"]);
    expect(ours(await matching({ waitlist: "pending" }))).toEqual(["seg-pending"]);
    expect(ours(await matching({ waitlist: "any" }))).toEqual(["seg-pending", "seg-wait"]);
    expect(ours(await matching({ newsletter: "confirmed" }))).toEqual(["seg-news"]);
    expect(ours(await matching({ newsletter: "pending" }))).toEqual(["seg-news-pending"]);
    expect(ours(await matching({ language: "ja" }))).toEqual(["seg-news"]);
    expect(ours(await matching({ contacted: true }))).toEqual(["seg-contact"]);
    expect(ours(await matching({ contacted: false }))).not.toContain("seg-contact");
    expect(ours(await matching({ imported: true }))).toEqual(["seg-imported"]);
    expect(ours(await matching({ tag: "seg-backer" }))).toEqual(["seg-imported"]);
    expect(ours(await matching({ tag: "seg-backer", imported: false }))).toEqual([]);
    // Unsubscribed: the newsletter's own state.
    await backend.sql("update public.newsletter_subscribers set status = 'unsubscribed', unsubscribed_at = now() where email = 'seg-news@example.com'");
    expect(ours(await matching({ newsletter: "unsubscribed" }))).toEqual(["seg-news"]);
  });

  it("the top of the waitlist follows the places referrals give", async () => {
    await backend.sql("delete from public.waitlist_members");
    await backend.sql("update private.waitlist_settings set places_per_referral = 10, client_daily_credits = 5");
    const tokens: string[] = [];
    for (let i = 1; i <= 12; i++) tokens.push(await joinWaitlist(`top${i}@example.com`));
    const top = async (n: number) => {
      const found = await matching({ waitlist_top: n });
      const names: string[] = [];
      for (let i = 1; i <= 13; i++) if (found.has((await personId(`top${i}@example.com`))!)) names.push(`top${i}`);
      return names;
    };
    expect(await top(2)).toEqual(["top1", "top2"]);
    // The twelfth member's friend confirms: 10 places up, to second (score 2 ties with the second's: the referrer is ahead).
    await joinWaitlist("top13@example.com", await codeOf("top12@example.com"), "client-top");
    const placeOf12 = (await rpcResult<{ place: number }>(service, "waitlist_status", { token: tokens[11] })).place;
    expect(placeOf12).toBe(2);
    expect(await top(2)).toEqual(["top1", "top12"]);
    expect(await top(3)).toEqual(["top1", "top2", "top12"]);
    expect((await top(100)).length).toBe(13);
    // People shows each member's place as the status page does, at either end of the line.
    const statusTokens = [...tokens, (await backend.sql<{ status_token: string }>("select t.status_token from private.waitlist_tokens t join public.waitlist_members m on m.id = t.member_id where m.email = 'top13@example.com'"))[0]!.status_token];
    for (let i = 1; i <= 13; i++) {
      const { place } = await rpcResult<{ place: number }>(service, "waitlist_status", { token: statusTokens[i - 1] });
      expect(await rpcResult(admin, "person_detail", { person_id: await personId(`top${i}@example.com`) }), `top${i}`).toMatchObject({ place });
    }
  });

  it("a saved segment selects as its filter does; a filter that is not one is refused by the database", async () => {
    await rpcResult(admin, "people_import", { rows: [{ email: "saved-1@example.com", tags: "saved-tag" }, { email: "saved-2@example.com", tags: "saved-tag" }], consent: false, source: "fair" });
    const { data: segment, error } = await admin.from("segments").insert({ name: "Saved tag", filter: { tag: "saved-tag" } }).select().single();
    expect(error).toBeNull();
    const members = await rpcResult<string[]>(admin, "segment_people", { segment_id: segment!.id });
    expect(members.sort()).toEqual([await personId("saved-1@example.com"), await personId("saved-2@example.com")].sort());
    expect(await rpcResult<string[]>(service, "segment_people", { segment_id: segment!.id })).toHaveLength(2);
    for (const filter of [{ colour: "red" }, { waitlist: "maybe" }, { waitlist_top: 0 }, { waitlist_top: "5" }, { tag: "Upper" }, { contacted: "yes" }, [1]]) {
      const refused = await admin.from("segments").insert({ name: `Bad ${JSON.stringify(filter)}`, filter });
      expect(refused.error, JSON.stringify(filter)).toMatchObject({ code: "23514" });
      expect((await refusal(admin, "people_matching", { filter })).code).toBe("22023");
    }
    expect((await admin.from("segments").insert({ name: "Saved tag", filter: {} })).error).toMatchObject({ code: "23505" });
    const sizes = await rpcResult<{ id: string; name: string; size: number }[]>(editor, "segment_sizes");
    expect(sizes).toContainEqual({ id: segment!.id, name: "Saved tag", size: 2 });
  });
});

describe("the import", () => {
  it("without consent records the people and subscribes nobody", async () => {
    const result = await rpcResult<Record<string, unknown>>(admin, "people_import", {
      rows: [{ email: "Quiet@Example.com", language: "ja", tags: "fair; Backer" }],
      consent: false,
      source: "Trade fair list",
    });
    expect(result).toMatchObject({ received: 1, accepted: 1, created: 1, subscribed: 0, errors: [] });
    const [person] = await backend.sql("select * from public.people where email = 'quiet@example.com'");
    expect(person).toMatchObject({ language: "ja", import_source: "Trade fair list", mail_consent_source: null, mail_consent_at: null });
    expect(person!.imported_at).not.toBeNull();
    expect(await backend.sql("select 1 from public.newsletter_subscribers where lower(email) = 'quiet@example.com'")).toEqual([]);
    expect(await rpcResult(admin, "person_detail", { person_id: person!.id })).toMatchObject({ newsletter: null, tags: ["backer", "fair"] });
  });

  it("with consent and its source makes new addresses confirmed subscribers and keeps who unsubscribed so", async () => {
    await subscribe("left@example.com");
    await backend.sql("update public.newsletter_subscribers set status = 'unsubscribed', unsubscribed_at = now() where email = 'left@example.com'");
    await rpcResult(service, "newsletter_signup", { address: "pending-own@example.com" });
    const result = await rpcResult<Record<string, unknown>>(admin, "people_import", {
      rows: [{ email: "consented@example.com" }, { email: "left@example.com" }, { email: "pending-own@example.com" }],
      consent: true,
      source: "Kickstarter backers, opt-in box",
    });
    expect(result).toMatchObject({ accepted: 3, created: 1, subscribed: 1, kept_unsubscribed: 1, errors: [] });
    const states = await backend.sql<{ email: string; status: string }>(
      "select email, status from public.newsletter_subscribers where email in ('consented@example.com', 'left@example.com', 'pending-own@example.com') order by email",
    );
    expect(states).toEqual([
      { email: "consented@example.com", status: "confirmed" },
      { email: "left@example.com", status: "unsubscribed" },
      { email: "pending-own@example.com", status: "pending" },
    ]);
    const [consented] = await backend.sql("select mail_consent_source, mail_consent_at from public.people where email = 'consented@example.com'");
    expect(consented!.mail_consent_source).toBe("Kickstarter backers, opt-in box");
    expect(consented!.mail_consent_at).not.toBeNull();
    const [left] = await backend.sql("select mail_consent_source from public.people where email = 'left@example.com'");
    expect(left!.mail_consent_source).toBeNull();
    // The new subscriber can unsubscribe from the first mail: a token of their own.
    expect(await backend.sql("select 1 from private.newsletter_tokens t join public.newsletter_subscribers s on s.id = t.subscriber_id where s.email = 'consented@example.com'")).toHaveLength(1);
  });

  it("reports each invalid row with why and writes nothing of it; the others are written", async () => {
    const result = await rpcResult<{ accepted: number; errors: { row: number; message: string }[] }>(admin, "people_import", {
      rows: [
        { email: "good-row@example.com" },
        { email: "not an address", tags: "bad-row-tag" },
        { email: "" },
        { email: "lang-row@example.com", language: "English" },
        { email: "tag-row@example.com", tags: "fine; no,commas" },
        { email: "Good-Row@example.com" },
        "a string",
      ],
      consent: true,
      source: "Newsletter of the old site",
    });
    expect(result.accepted).toBe(1);
    expect(result.errors).toEqual([
      { row: 2, message: "This is not an email address: not an address" },
      { row: 3, message: "The email is missing" },
      { row: 4, message: "The language must be a code such as en or ja, not English" },
      { row: 5, message: "A tag is 1 to 40 letters, digits, spaces, dots, dashes or underscores, separated by semicolons" },
      { row: 6, message: "The same address is on row 1" },
      { row: 7, message: "This row is not a set of columns" },
    ]);
    expect(await backend.sql("select email from public.people where email in ('lang-row@example.com', 'tag-row@example.com')")).toEqual([]);
    expect(await backend.sql("select 1 from public.person_tags where tag = 'bad-row-tag'")).toEqual([]);
    expect(await backend.sql("select status from public.newsletter_subscribers where email = 'good-row@example.com'")).toEqual([{ status: "confirmed" }]);
  });

  it("is bounded: 10,000 rows, a source for consent, administrators only", async () => {
    const rows = Array.from({ length: 10_001 }, (_, i) => ({ email: `bulk${i}@example.com` }));
    const tooMany = await refusal(admin, "people_import", { rows, consent: false, source: null });
    expect(tooMany).toMatchObject({ code: "22023", message: "An import takes at most 10,000 rows: this one has 10,001. Split the file." });
    expect(await backend.sql("select 1 from public.people where email = 'bulk0@example.com'")).toEqual([]);
    expect(await refusal(admin, "people_import", { rows: [{ email: "x@example.com" }], consent: true, source: "  " })).toMatchObject({
      code: "22023",
      message: "Say where the consent was given (the source) to subscribe the imported addresses",
    });
    expect((await refusal(editor, "people_import", { rows: [{ email: "x@example.com" }], consent: false, source: null })).code).toBe("42501");
  });
});

describe("erasure", () => {
  it("removes the person from every table and read path, keeps the line consistent and records only counts", async () => {
    await backend.sql("delete from public.waitlist_members");
    const address = "erase.me@example.com";
    const firstToken = await joinWaitlist("erase-first@example.com");
    const referrerToken = await joinWaitlist("erase-referrer@example.com");
    const statusToken = await joinWaitlist(address, await codeOf("erase-referrer@example.com"), "client-erase");
    const friendToken = await joinWaitlist("erase-friend@example.com", await codeOf(address), "client-erase-2");
    await subscribe(address);
    await contact(address, "Please call me");
    const id = (await personId(address))!;
    await rpcResult(admin, "person_add_tag", { person_id: id, tag: "to erase" });
    const [{ unsubscribe_token }] = (await backend.sql<{ unsubscribe_token: string }>(
      "select t.unsubscribe_token from private.newsletter_tokens t join public.newsletter_subscribers s on s.id = t.subscriber_id where s.email = $1",
      [address],
    )) as [{ unsubscribe_token: string }];
    const referrerBefore = await rpcResult<{ place: number; referrals: number; total: number }>(service, "waitlist_status", { token: referrerToken });
    expect(referrerBefore.total).toBe(4);

    expect((await refusal(editor, "person_erase", { person_id: id })).code).toBe("42501");
    const deleted = await rpcResult<Record<string, number>>(admin, "person_erase", { person_id: id });
    expect(deleted).toMatchObject({ people: 1, person_tags: 1, newsletter_subscribers: 1, newsletter_tokens: 1, waitlist_members: 1, waitlist_tokens: 1, waitlist_referral_links: 1, waitlist_mails: 1, newsletter_confirmation_mails: 1, form_submissions: 1 });

    // REST, as an administrator.
    for (const [table, column] of [["people", "email"], ["newsletter_subscribers", "email"], ["waitlist_members", "email"], ["form_submissions", "email"]] as const) {
      const { data, error } = await admin.from(table).select("*").ilike(column, address);
      expect({ table, data, error }).toEqual({ table, data: [], error: null });
    }
    expect((await admin.from("person_tags").select("*").eq("person_id", id)).data).toEqual([]);
    // RPCs.
    expect((await refusal(admin, "person_detail", { person_id: id })).code).toBe("P0002");
    expect((await rpcResult<{ total: number }>(admin, "people_page", { filter: {}, search: "erase.me" })).total).toBe(0);
    expect(await rpcResult(service, "waitlist_status", { token: statusToken })).toBeNull();
    expect(await rpcResult(service, "waitlist_resend", { address })).toEqual({ kind: null });
    expect(await rpcResult(service, "newsletter_subscription", { token: unsubscribe_token })).toBeNull();
    expect(await rpcResult<string[]>(admin, "people_matching", { filter: {} })).not.toContain(id);
    // The line: one fewer, the referrer keeps the credit the erased friend earned them, the friend they referred keeps their place's order.
    const referrerAfter = await rpcResult<{ place: number; referrals: number; total: number }>(service, "waitlist_status", { token: referrerToken });
    expect(referrerAfter).toMatchObject({ total: 3, referrals: 1, place: referrerBefore.place });
    expect(await rpcResult(service, "waitlist_status", { token: firstToken })).toMatchObject({ total: 3 });
    expect(await rpcResult(service, "waitlist_status", { token: friendToken })).toMatchObject({ total: 3, place: 3 });
    expect(await backend.sql("select referred_by from public.waitlist_members where email = 'erase-friend@example.com'")).toEqual([{ referred_by: null }]);
    // The community inbox and the newsletter's list, as the screens read them.
    expect((await admin.from("form_submissions").select("id", { count: "exact", head: true }).ilike("email", "%erase.me%")).count).toBe(0);
    expect((await admin.from("newsletter_subscribers").select("id", { count: "exact", head: true }).ilike("email", "%erase.me%")).count).toBe(0);
    // Nothing in any table of ours carries the address, the audit included.
    const tables = await backend.sql<{ name: string }>(
      "select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ('public', 'private') and c.relkind = 'r'",
    );
    const everywhere: string[] = [];
    for (const { name } of tables) {
      const [found] = await backend.sql<{ n: number }>(`select count(*)::int as n from ${name} t where t::text ilike '%erase.me@example.com%'`);
      if (found!.n > 0) everywhere.push(name);
    }
    expect(everywhere).toEqual([]);
    const [audit] = await backend.sql<{ deleted: Record<string, number>; erased_by: string }>("select deleted, erased_by from public.people_erasures order by id desc limit 1");
    expect(audit!.deleted).toEqual(deleted);
    expect(audit!.erased_by).toBe((await admin.auth.getUser()).data.user!.id);
    expect((await refusal(admin, "person_erase", { person_id: id })).code).toBe("P0002");
  });
});

describe("at the same time", () => {
  it("two administrators erasing one person: one erases, the other is told there is nobody, one audit", async () => {
    await contact("twice-erased@example.com");
    const id = await personId("twice-erased@example.com");
    const second = await backend.signIn(ADMIN.email, ADMIN.password);
    const before = (await backend.sql<{ n: number }>("select count(*)::int as n from public.people_erasures"))[0]!.n;
    const answers = await Promise.all([admin.rpc("person_erase", { person_id: id }), second.rpc("person_erase", { person_id: id })]);
    expect(answers.map((answer) => answer.error?.code ?? "erased").sort()).toEqual(["P0002", "erased"]);
    expect((await backend.sql<{ n: number }>("select count(*)::int as n from public.people_erasures"))[0]!.n).toBe(before + 1);
    expect(await backend.sql("select 1 from public.form_submissions where email = 'twice-erased@example.com'")).toEqual([]);
  });

  it("an import with consent while the same addresses sign up to the newsletter: every sign-up answered, one person and one subscriber each", async () => {
    const addresses = Array.from({ length: 20 }, (_, i) => `race${i}@example.com`);
    const [imported] = await Promise.all([
      rpcResult<{ accepted: number }>(admin, "people_import", { rows: addresses.map((email) => ({ email, tags: "race" })), consent: true, source: "Race test" }),
      ...addresses.map((address) => rpcResult(service, "newsletter_signup", { address })),
    ]);
    expect(imported.accepted).toBe(20);
    const people = await backend.sql<{ email: string; imported_at: string | null }>("select email, imported_at from public.people where email like 'race%@example.com'");
    expect(people).toHaveLength(20);
    expect(people.every((person) => person.imported_at !== null)).toBe(true);
    const subscribers = await backend.sql<{ status: string; n: number }>("select status, count(*)::int as n from public.newsletter_subscribers where email like 'race%@example.com' group by status");
    // Each address is one subscriber: confirmed by the import when it came first, pending when the sign-up did.
    expect(subscribers.reduce((sum, row) => sum + row.n, 0)).toBe(20);
    expect((await backend.sql<{ n: number }>("select count(*)::int as n from public.person_tags t join public.people p on p.id = t.person_id where p.email like 'race%@example.com'"))[0]!.n).toBe(20);
  });
});

describe("who may read people", () => {
  it("editors get no row of people, tags, segments or erasures, no list or person, and the segments' sizes", async () => {
    await contact("editor-view@example.com");
    for (const table of ["people", "person_tags", "segments", "people_erasures"]) {
      expectRefused(await editor.from(table).select("*"), FILTERED, table);
    }
    expectRefused(await editor.from("segments").insert({ name: "Editor's", filter: {} }), PERMISSION_DENIED, "segments insert");
    for (const [name, args] of [
      ["people_page", { filter: {} }],
      ["people_export", { filter: {} }],
      ["people_matching", { filter: {} }],
      ["person_detail", { person_id: await personId("editor-view@example.com") }],
    ] as const) {
      expect((await refusal(editor, name, args)).code, name).toBe("42501");
    }
    expect(Array.isArray(await rpcResult(editor, "segment_sizes"))).toBe(true);
  });

  it("visitors get nothing", async () => {
    const anon = backend.anon();
    for (const table of ["people", "person_tags", "segments", "people_erasures"]) {
      expectRefused(await anon.from(table).select("*"), PERMISSION_DENIED, table);
    }
    for (const name of ["segment_sizes", "people_page", "people_matching"]) {
      expect((await refusal(anon, name, name === "segment_sizes" ? {} : { filter: {} })).code, name).toBe("42501");
    }
  });

  it("administrators page through people newest first with the total, searching part of an address", async () => {
    await rpcResult(admin, "people_import", { rows: [{ email: "page-a@example.com" }, { email: "page-b@example.com" }, { email: "page-c@example.com" }], consent: false, source: null });
    const page = await rpcResult<{ total: number; rows: { email: string }[] }>(admin, "people_page", { filter: {}, search: "PAGE-", page_size: 2, page_offset: 0 });
    expect(page.total).toBe(3);
    expect(page.rows).toHaveLength(2);
    const exported = await rpcResult<{ email: string }[]>(admin, "people_export", { filter: {}, search: "page-", after_email: "page-a@example.com", page_size: 10 });
    expect(exported.map((row) => row.email)).toEqual(["page-b@example.com", "page-c@example.com"]);
  });
});
