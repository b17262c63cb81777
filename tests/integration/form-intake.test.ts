import { JSDOM } from "jsdom";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { WebServer } from "../../server/web.ts";
import { IDEMPOTENCY_KEY_FIELD, MALFORMED_IDEMPOTENCY_KEY, newIdempotencyKey } from "../../shared/idempotency-key.ts";
import { startWebFor } from "../support/web-server.ts";
import { ADMIN, startTestBackend, type TestBackend } from "../support/backend.ts";

const FORM_LIMIT = 30;

describe("form intake: POST / on the web server", () => {
  let backend: TestBackend;
  let web: WebServer;

  beforeAll(async () => {
    backend = await startTestBackend();
    web = await startWebFor(backend, { formLimit: { limit: FORM_LIMIT, windowMs: 60_000 } });
  });
  afterAll(async () => {
    await web?.stop();
    await backend?.stop();
  });
  // Every test posts from 127.0.0.1: each starts with the whole allowance, whatever ran before it.
  beforeEach(async () => {
    await backend.sql("delete from private.form_post_events");
  });

  const post = (fields: Record<string, string>, contentType = "application/x-www-form-urlencoded") =>
    fetch(`http://127.0.0.1:${web.port}/`, { method: "POST", headers: { "Content-Type": contentType }, body: new URLSearchParams(fields).toString() });
  const stored = (email: string) => backend.sql<{ kind: string; name: string | null; message: string | null; handled: boolean }>("select kind, name, message, handled from public.form_submissions where email = $1", [email]);

  it("stores a waitlist signup with the service role and answers 2xx", async () => {
    const response = await post({ "form-name": "waitlist", "bot-field": "", email: "visitor@example.com" });
    expect(response.status).toBe(200);
    expect(await stored("visitor@example.com")).toEqual([{ kind: "waitlist", name: null, message: null, handled: false }]);
  });

  it("stores contact messages and newsletter signups, readable by admins only", async () => {
    expect((await post({ "form-name": "contact", name: "Ada", email: "ada@example.com", message: "When do pre-orders open?" })).status).toBe(200);
    expect((await post({ "form-name": "newsletter", email: "news@example.com" })).status).toBe(200);
    const admin = await backend.signIn(ADMIN.email, ADMIN.password);
    const { data } = await admin.from("form_submissions").select("kind, email").in("email", ["ada@example.com", "news@example.com"]).order("kind");
    expect(data).toEqual([
      { kind: "contact", email: "ada@example.com" },
      { kind: "newsletter", email: "news@example.com" },
    ]);
    const { data: anonRows } = await backend.anon().from("form_submissions").select("email");
    expect(anonRows ?? []).toEqual([]);
  });

  it("keeps one sign-up per address and list (a repeat refreshes it, answers the same and counts once) and one contact message per retry", async () => {
    const admin = await backend.signIn(ADMIN.email, ADMIN.password);
    const waitlistSize = async () => {
      const { data, error } = await admin.rpc("waitlist_totals", { days: 1 });
      if (error) throw error;
      return (data as { total: number }[]).at(-1)!.total;
    };
    const rows = (address: string) =>
      backend.sql<{ kind: string; email: string; created_at: string; last_submitted_at: string }>(
        "select kind, email, created_at, last_submitted_at from public.form_submissions where lower(email) = $1 order by kind, created_at",
        [address],
      );

    const first = await post({ "form-name": "waitlist", email: "Repeat@Example.com" });
    expect([first.status, await first.json()]).toEqual([200, { ok: true }]);
    const sizeAfterFirst = await waitlistSize();
    const again = await post({ "form-name": "waitlist", email: " repeat@example.com " });
    expect([again.status, await again.json()]).toEqual([200, { ok: true }]);
    expect((await post({ "form-name": "newsletter", email: "repeat@example.com" })).status).toBe(200);
    for (const message of ["First question", "Second question"]) {
      expect((await post({ "form-name": "contact", name: "Rae", email: "repeat@example.com", message })).status).toBe(200);
    }

    const stored = await rows("repeat@example.com");
    // One row per list, spelt as first given; different contact messages are each their own.
    expect(stored.map((row) => [row.kind, row.email])).toEqual([
      ["contact", "repeat@example.com"],
      ["contact", "repeat@example.com"],
      ["newsletter", "repeat@example.com"],
      ["waitlist", "Repeat@Example.com"],
    ]);
    const waitlisted = stored.find((row) => row.kind === "waitlist")!;
    expect(new Date(waitlisted.last_submitted_at).getTime()).toBeGreaterThan(new Date(waitlisted.created_at).getTime());
    expect(await waitlistSize()).toBe(sizeAfterFirst);

    // A contact message sent again word for word (a retry after a lost answer) is stored once, simultaneous
    // retries included; the same words from another sender, or other words, are messages of their own.
    const retry = { "form-name": "contact", name: "Rae", email: "retry@example.com", message: "Is the cartridge slot region-free?" };
    const retries = await Promise.all(Array.from({ length: 4 }, () => post(retry)));
    expect(retries.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    expect((await post({ ...retry, email: "Retry@Example.com" })).status).toBe(200);
    expect((await post({ ...retry, email: "other@example.com" })).status).toBe(200);
    expect((await post({ ...retry, message: "Is the cartridge slot region-free? And the power supply?" })).status).toBe(200);
    expect((await rows("retry@example.com")).map((row) => row.kind)).toEqual(["contact", "contact"]);
    expect(await rows("other@example.com")).toHaveLength(1);
    // Past 10 minutes the same words are a new message.
    await backend.sql("update public.form_submissions set last_submitted_at = now() - interval '11 minutes' where lower(email) = 'retry@example.com'");
    expect((await post(retry)).status).toBe(200);
    expect(await rows("retry@example.com")).toHaveLength(3);

    // Simultaneous repeats of a new address wait for each other instead of failing on the unique index.
    const results = await Promise.all(
      Array.from({ length: 8 }, () => backend.service().from("form_submissions").insert({ kind: "waitlist", email: "crowd@example.com" })),
    );
    expect(results.map((result) => result.error)).toEqual(Array(8).fill(null));
    expect(await rows("crowd@example.com")).toHaveLength(1);
  });

  it("folds a post sent again with its idempotency key into the first one's row, answered as the first was, for every form; a malformed key is refused", async () => {
    const rows = (address: string) =>
      backend.sql<{ kind: string; message: string | null; idempotency_key: string | null }>("select kind, message, idempotency_key from public.form_submissions where lower(email) = $1 order by created_at", [address]);
    // A stored post whose answer was lost (a stop, a timeout): the visitor sends it again, simultaneously too.
    const contactKey = newIdempotencyKey();
    const contact = { "form-name": "contact", name: "Kay", email: "keyed@example.com", message: "Sent once, retried.", [IDEMPOTENCY_KEY_FIELD]: contactKey };
    const first = await post(contact);
    const firstAnswer = [first.status, await first.json()];
    expect(firstAnswer).toEqual([200, { ok: true }]);
    const retries = await Promise.all(Array.from({ length: 4 }, () => post(contact)));
    expect(await Promise.all(retries.map(async (response) => [response.status, await response.json()]))).toEqual(Array(4).fill(firstAnswer));
    // Past the word-for-word window, and with words changed after a failure shown: still the same submission.
    await backend.sql("update public.form_submissions set last_submitted_at = now() - interval '11 minutes' where idempotency_key = $1", [contactKey]);
    const edited = await post({ ...contact, message: "Sent once, retried, and reworded." });
    expect([edited.status, await edited.json()]).toEqual(firstAnswer);
    expect(await rows("keyed@example.com")).toEqual([{ kind: "contact", message: "Sent once, retried.", idempotency_key: contactKey }]);
    // The same words with a key of their own (another filling of the form, later) are a message of their own.
    expect((await post({ ...contact, [IDEMPOTENCY_KEY_FIELD]: newIdempotencyKey() })).status).toBe(200);
    expect(await rows("keyed@example.com")).toHaveLength(2);

    for (const kind of ["waitlist", "newsletter"]) {
      const signup = { "form-name": kind, email: `keyed-${kind}@example.com`, [IDEMPOTENCY_KEY_FIELD]: newIdempotencyKey() };
      const answers = await Promise.all(Array.from({ length: 3 }, () => post(signup)));
      expect(answers.map((response) => response.status)).toEqual([200, 200, 200]);
      expect(await rows(`keyed-${kind}@example.com`)).toEqual([{ kind, message: null, idempotency_key: signup[IDEMPOTENCY_KEY_FIELD] }]);
    }

    // What is not a UUID is refused with the reason, and nothing is stored.
    for (const bad of ["retry-1", `${contactKey}x`, "' or 1=1 --"]) {
      const refused = await post({ ...contact, email: "badkey@example.com", [IDEMPOTENCY_KEY_FIELD]: bad });
      expect([refused.status, await refused.json()]).toEqual([400, { error: MALFORMED_IDEMPOTENCY_KEY }]);
    }
    expect(await rows("badkey@example.com")).toEqual([]);
  });

  it("answers a form posted without JavaScript with a page, not JSON, leading back to where it came from", async () => {
    const response = await fetch(`http://127.0.0.1:${web.port}/`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html,application/xhtml+xml", Referer: `http://127.0.0.1:${web.port}/contact` },
      body: new URLSearchParams({ "form-name": "waitlist", "bot-field": "", email: "nojs@example.com" }).toString(),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const { document } = new JSDOM(await response.text()).window;
    expect(document.querySelector("h1")?.textContent).toBe("Thank You!");
    expect(document.querySelector("h1 + p")?.textContent).toBe("We'll be in touch soon with updates about RCRT.");
    expect(document.querySelector('a[href="/contact"]')).not.toBeNull();
    expect(await stored("nojs@example.com")).toHaveLength(1);

    // Posted from a Japanese page: the site's frame and the answer's words in Japanese.
    const japanese = await fetch(`http://127.0.0.1:${web.port}/`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html", Referer: `http://127.0.0.1:${web.port}/ja/contact` },
      body: new URLSearchParams({ "form-name": "waitlist", "bot-field": "", email: "nojs-ja@example.com", language: "ja" }).toString(),
    });
    expect(japanese.status).toBe(200);
    const japanesePage = await japanese.text();
    expect(japanesePage).toMatch(/<html lang="ja">/);
    expect(japanesePage).toContain('href="/ja/updates"');
    expect(japanesePage).toContain("<h1>ありがとうございます！</h1><p>RCRT の最新情報をまもなくお知らせします。</p>");
    expect(japanesePage).toContain('<a href="/ja/contact">サイトに戻る</a>');
    expect(japanesePage).toContain("<title>ありがとうございます！ | RCRT</title>");
    expect(japanesePage).not.toContain("Thank You!");

    // A field's rule message in Japanese; a message the site has no Japanese for stays English, marked so.
    const refusals = await Promise.all(
      [{ email: "nope" }, { "form-name": "survey", email: "fan@example.com" }].map(async (fields) => {
        const response = await fetch(`http://127.0.0.1:${web.port}/`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
          body: new URLSearchParams({ "form-name": "newsletter", "bot-field": "", language: "ja", ...fields }).toString(),
        });
        return { status: response.status, page: await response.text() };
      }),
    );
    expect(refusals.map(({ status }) => status)).toEqual([400, 400]);
    expect(refusals[0]!.page).toContain("<h1>フォームの内容を確認してください</h1><p>有効なメールアドレスを入力してください</p>");
    expect(refusals[0]!.page).not.toContain("valid email");
    expect(refusals[1]!.page).toContain('<h1>フォームの内容を確認してください</h1><p><span lang="en">Unknown form: form-name must be waitlist, newsletter or contact</span></p>');

    const invalid = await fetch(`http://127.0.0.1:${web.port}/`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html", Referer: "https://elsewhere.example/phish" },
      body: new URLSearchParams({ "form-name": "waitlist", email: "<b>nope</b>" }).toString(),
    });
    expect(invalid.status).toBe(400);
    const page = await invalid.text();
    expect(page).toContain("Please enter a valid email address");
    expect(page).toContain('href="/"');
  });

  it("says what each form did when posted without JavaScript: the newsletter sign-up is pending, so it is asked to confirm", async () => {
    const answer = async (fields: Record<string, string>) => {
      const response = await fetch(`http://127.0.0.1:${web.port}/`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
        body: new URLSearchParams({ "bot-field": "", ...fields }).toString(),
      });
      expect(response.status).toBe(200);
      const { document } = new JSDOM(await response.text()).window;
      return [document.querySelector("h1")?.textContent, document.querySelector("h1 + p")?.textContent];
    };
    expect(await answer({ "form-name": "waitlist", email: "truth-w@example.com" })).toEqual(["Thank You!", "We'll be in touch soon with updates about RCRT."]);
    expect(await answer({ "form-name": "contact", name: "Ada", email: "truth-c@example.com", message: "Hello" })).toEqual(["Message sent successfully!", "We'll get back to you soon."]);
    expect(await answer({ "form-name": "newsletter", email: "truth-n@example.com" })).toEqual(["Check your inbox", "Almost done: check your inbox and click the link to confirm."]);
    // What the answer says is what the database holds: a sign-up waiting for its confirmation.
    const status = async () => (await backend.sql<{ status: string }>("select status from public.newsletter_subscribers where email = 'truth-n@example.com'"))[0]?.status;
    await expect.poll(status, { timeout: 10_000 }).toBe("pending");
  });

  it("leads back only to a page of this site, whatever the Referer says", async () => {
    const host = `127.0.0.1:${web.port}`;
    const backFrom = async (referer: string) => {
      const response = await fetch(`http://${host}/`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html", Referer: referer },
        body: new URLSearchParams({ "form-name": "waitlist", "bot-field": "filled: answered, not stored" }).toString(),
      });
      return /<a href="([^"]*)">Back to the site<\/a>/.exec(await response.text())?.[1];
    };
    expect(await backFrom(`http://${host}/updates?category=hardware`)).toBe("/updates?category=hardware");
    expect(await backFrom(`http://${host}//evil.example/phish`)).toBe("/");
    expect(await backFrom(`http://${host}/\\evil.example/phish`)).toBe("/");
    expect(await backFrom(`javascript:alert(1)`)).toBe("/");
    expect(await backFrom(`http://evil.example/contact`)).toBe("/");
    expect(await backFrom(`http://${host}/admin/blog`)).toBe("/");
  });

  it.each([
    ["a NUL byte", "ada\u0000@example.com", "email"],
    ["a control character", "Ada\u0007", "name"],
    ["an escape sequence", "Hello \u001b[31mred", "message"],
  ])("refuses %s in a field with 400, stores nothing", async (_label, value, field) => {
    const before = await backend.sql("select count(*) from public.form_submissions");
    const fields: Record<string, string> = { "form-name": "contact", name: "Ada", email: "ada2@example.com", message: "Hello", [field]: value };
    const response = await post(fields);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; fields: Record<string, string> };
    expect(body.fields[field]).toMatch(/contains characters that are not allowed$/);
    expect(await backend.sql("select count(*) from public.form_submissions")).toEqual(before);
  });

  it("answers a filled honeypot with 2xx and discards it", async () => {
    const response = await post({ "form-name": "waitlist", "bot-field": "I am a bot", email: "bot@example.com" });
    expect(response.status).toBe(200);
    expect(await stored("bot@example.com")).toEqual([]);
  });

  it.each<[Record<string, string>, string]>([
    [{ "form-name": "waitlist", email: "not-an-email" }, "Please enter a valid email address"],
    // A trailing dot spells an address a second way (or is none): each would be another sign-up.
    ...["fan@example.com.", "fan.@example.com", "news@example.com."].map((email): [Record<string, string>, string] => [{ "form-name": email.startsWith("news") ? "newsletter" : "waitlist", email }, "Please enter a valid email address"]),
    [{ "form-name": "waitlist" }, "Email is required"],
    [{ "form-name": "contact", email: "a@example.com", message: "Hi" }, "Name is required"],
    [{ "form-name": "party", email: "a@example.com" }, "Unknown form: form-name must be waitlist, newsletter or contact"],
    ...["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"].map((name): [Record<string, string>, string] => [{ "form-name": name, email: "a@example.com" }, "Unknown form: form-name must be waitlist, newsletter or contact"]),
  ])("refuses invalid input %j with 400 and a clear message", async (fields, message) => {
    const before = await backend.sql("select count(*) from public.form_submissions");
    const response = await post(fields);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe(message);
    expect(await backend.sql("select count(*) from public.form_submissions")).toEqual(before);
  });

  it("refuses other content types with 415, a message over its limit with its message, and a body no valid form needs with 413", async () => {
    expect((await post({ "form-name": "waitlist", email: "x@example.com" }, "application/json")).status).toBe(415);
    const tooLong = await post({ "form-name": "contact", name: "Big", email: "big@example.com", message: "x".repeat(20_000) });
    expect([tooLong.status, ((await tooLong.json()) as { error: string }).error]).toEqual([400, "Message must be at most 10,000 characters"]);
    // The longest message, in characters that URL-encoding makes 12 bytes each, still arrives whole.
    const longest = await post({ "form-name": "contact", name: "Wide", email: "wide@example.com", message: "🎮".repeat(10_000) });
    expect(longest.status).toBe(200);
    const response = await post({ "form-name": "contact", name: "Big", email: "big@example.com", message: "x".repeat(200_000) });
    expect(response.status).toBe(413);
  });

  it("answers a stored post sent again with its key as it was answered, the address's allowance spent or not; the key with another form or email is no retry", async () => {
    const key = newIdempotencyKey();
    const first = { "form-name": "contact", name: "Lee", email: "spent@example.com", message: "Sent as the allowance ran out.", [IDEMPOTENCY_KEY_FIELD]: key };
    try {
      expect((await post(first)).status).toBe(200);
      // The rest of the allowance (beforeEach starts it from zero), on posts the honeypot drops.
      for (let i = 1; i < FORM_LIMIT; i++) expect((await post({ "form-name": "waitlist", email: "bot@example.com", "bot-field": "filled" })).status).toBe(200);
      expect((await post({ ...first, [IDEMPOTENCY_KEY_FIELD]: newIdempotencyKey() })).status).toBe(429);
      expect((await post({ ...first, email: "other-spent@example.com" })).status).toBe(429);
      expect((await post({ "form-name": "newsletter", email: "spent@example.com", [IDEMPOTENCY_KEY_FIELD]: key })).status).toBe(429);
      const retry = await post(first);
      expect([retry.status, await retry.json()]).toEqual([200, { ok: true }]);
      expect(await backend.sql("select kind, message from public.form_submissions where lower(email) = 'spent@example.com'")).toEqual([{ kind: "contact", message: first.message }]);
    } finally {
      // The allowance is spent: the file's other tests, in any order, post from the same address.
      await backend.sql("delete from private.form_post_events");
    }
  });

  it("answers too many posts from one address with 429 and a clear message, keeping every post below the limit", async () => {
    // The whole allowance, from zero (beforeEach): the limit is reached at the same post whatever
    // the file's other tests used.
    const emails = Array.from({ length: FORM_LIMIT }, (_, i) => `burst${i}@example.com`);
    const statuses: number[] = [];
    try {
      for (const email of emails) statuses.push((await post({ "form-name": "waitlist", email })).status);
      const stored = await backend.sql<{ email: string }>("select email from public.form_submissions where email like 'burst%'");
      const accepted = statuses.filter((s) => s === 200).length;
      expect(accepted).toBe(FORM_LIMIT);
      expect(stored).toHaveLength(accepted);
      expect(statuses.slice(accepted).every((s) => s === 429)).toBe(true);
      const refused = await post({ "form-name": "waitlist", email: "late@example.com" });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await refused.json()) as { error: string }).error).toBe("Too many submissions from this address. Please try again later.");
    } finally {
      // The allowance is spent: the file's other tests, in any order, post from the same address.
      await backend.sql("delete from private.form_post_events");
    }
  });
});
