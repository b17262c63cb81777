import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MALFORMED_FORM_LANGUAGE } from "../../shared/form-language.ts";
import { LANGUAGE_CODE_PATTERN } from "../../shared/languages.ts";
import type { WebServer } from "../../server/web.ts";
import { parseMail, type ParsedMail } from "../../supabase/local/mail-message.ts";
import { startSmtpSink, type SmtpSink } from "../../supabase/local/smtp-sink.ts";
import { ADMIN, startTestBackend, type TestBackend } from "../support/backend.ts";
import { fromMarkdown } from "../support/documents.ts";
import { startWebFor } from "../support/web-server.ts";

// Forms and mails remember the language (docs/languages.md, "Forms and mails"), on each engine: the
// form intake stores the page's language with each sign-up and message, the confirmation mail of a
// Japanese sign-up is Japanese, and a newsletter reaches each subscriber in their language, the
// post's Japanese translation only when visitors may read it.

const SITE = "http://localhost:5173";

interface Delivered extends ParsedMail {
  to: string;
}

let backend: TestBackend;
let smtp: SmtpSink;
let web: WebServer;
let adminToken: string;
const delivered: Delivered[] = [];

beforeAll(async () => {
  backend = await startTestBackend();
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
  adminToken = (await (await backend.signIn(ADMIN.email, ADMIN.password)).auth.getSession()).data.session!.access_token;
});

afterAll(async () => {
  await web?.stop();
  await smtp?.stop();
  await backend?.stop();
});

const unique = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;
const post = (fields: Record<string, string>) =>
  fetch(`http://127.0.0.1:${web.port}/`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() });
const submissions = (email: string) => backend.sql<{ kind: string; language: string }>("select kind, language from public.form_submissions where email = $1 order by kind", [email]);
const subscriber = async (email: string) => (await backend.sql<{ language: string }>("select language from public.newsletter_subscribers where email = $1", [email]))[0]?.language ?? null;

/** Each form as the site posts it, but for the address and the language. */
const FORMS: Record<string, string>[] = [{ "form-name": "waitlist" }, { "form-name": "newsletter" }, { "form-name": "contact", name: "Aiko", message: "プレオーダーはいつですか？" }];

async function mailTo(email: string): Promise<Delivered> {
  await expect.poll(() => delivered.some((mail) => mail.to === email)).toBe(true);
  return delivered.find((mail) => mail.to === email)!;
}

describe("forms store the language of the page they were sent from", () => {
  it("waitlist, contact and newsletter: the language given, the default when none is, the default for a code the site does not have", async () => {
    const japanese = unique("ja");
    const none = unique("none");
    const unknown = unique("fr");
    for (const [email, language] of [
      [japanese, "ja"],
      [none, undefined],
      [unknown, "fr"],
    ] as const) {
      const extra: Record<string, string> = language === undefined ? {} : { language };
      for (const fields of FORMS) {
        const answer = await post({ ...fields, email, ...extra });
        expect([answer.status, await answer.json()], `${fields["form-name"]} ${language}`).toEqual([200, { ok: true }]);
      }
    }
    const expected = (language: string) => ["contact", "newsletter", "waitlist"].map((kind) => ({ kind, language }));
    expect(await submissions(japanese)).toEqual(expected("ja"));
    expect(await submissions(none)).toEqual(expected("en"));
    expect(await submissions(unknown)).toEqual(expected("en"));
    // The sign-up behind the answer: the subscriber keeps the language too.
    await expect.poll(() => subscriber(japanese)).toBe("ja");
    await expect.poll(() => subscriber(none)).toBe("en");
    await expect.poll(() => subscriber(unknown)).toBe("en");
  });

  it("a repeated sign-up takes the latest page's language", async () => {
    const email = unique("again");
    expect((await post({ "form-name": "waitlist", email })).status).toBe(200);
    expect((await post({ "form-name": "waitlist", email, language: "ja" })).status).toBe(200);
    expect(await submissions(email)).toEqual([{ kind: "waitlist", language: "ja" }]);
  });

  it("a malformed language is refused with a clear JSON error, and nothing of the form is written", async () => {
    for (const language of ["JA", "japanese", "ja_JP", "ja'; drop table x; --"]) {
      const email = unique("bad");
      for (const fields of FORMS) {
        const answer = await post({ ...fields, email, language });
        expect([answer.status, await answer.json()], `${fields["form-name"]} ${language}`).toEqual([400, { error: MALFORMED_FORM_LANGUAGE }]);
      }
      expect(await submissions(email), language).toEqual([]);
      // The refusal comes before the intake stores anything, so no sign-up was started either.
      expect(await subscriber(email), language).toBeNull();
    }
  });

  it("the tables and the sign-up refuse a malformed code whoever writes it, with the same rule as LANGUAGE_CODE_PATTERN", async () => {
    const corpus = ["en", "ja", "haw", "pt-BR", "zh-Hant", "zh-Hant-TW", "", "EN", "e", "engl", "en-us", "en_US", "zh-hant", "en-", " ja", "ja "];
    const accepts = async (statement: string, code: string) => {
      const email = unique("rule");
      try {
        await backend.sql(statement, [email, code]);
        return true;
      } catch {
        return false;
      } finally {
        await backend.sql("delete from public.form_submissions where email = $1", [email]);
        await backend.sql("delete from public.newsletter_subscribers where email = $1", [email]);
      }
    };
    for (const code of corpus) {
      const rule = LANGUAGE_CODE_PATTERN.test(code);
      expect(
        [
          await accepts("insert into public.form_submissions (kind, email, language) values ('waitlist', $1, $2)", code),
          await accepts("insert into public.newsletter_subscribers (email, language) values ($1, $2)", code),
          await accepts("select public.newsletter_signup($1, $2)", code),
        ],
        JSON.stringify(code),
      ).toEqual([rule, rule, rule]);
    }
    const { error } = await backend.service().rpc("newsletter_signup", { address: unique("rpc"), language: "Japanese" });
    expect(error?.code).toBe("22023");
    expect(error?.message).toBe("The language of a sign-up must be a language code such as en or ja");
  });
});

describe("mails in the subscriber's language", () => {
  it("a Japanese sign-up's confirmation mail is Japanese, its link opens the Japanese page, which confirms", async () => {
    const email = unique("yoshi");
    expect((await post({ "form-name": "newsletter", email, language: "ja" })).status).toBe(200);
    const mail = await mailTo(email);
    expect(mail.headers.Subject).toBe("RCRT ニュースレターの購読確認");
    expect(mail.html).toContain('<html lang="ja">');
    expect(mail.text).toContain("購読を確認してください");
    expect(mail.text).not.toContain("Confirm");
    const link = /http:\/\/localhost:5173\/ja\/newsletter\/confirm\?token=[0-9a-f]{64}/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    const page = await fetch(link!.replace(SITE, `http://127.0.0.1:${web.port}`));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("購読が完了しました");
    // In the site's frame in Japanese: the page's language, and its menu's words.
    expect(html).toMatch(/<html lang="ja">/);
    expect(html).toContain(">最新情報</a>");
    expect((await backend.sql<{ status: string }>("select status from public.newsletter_subscribers where email = $1", [email]))[0]!.status).toBe("confirmed");
  });

  it("a newsletter reaches each subscriber in their language: the published Japanese translation, else the post as written", async () => {
    const service = backend.service();
    const admin = await backend.signIn(ADMIN.email, ADMIN.password);
    const english = unique("reader-en");
    const japanese = unique("reader-ja");
    await backend.sql("update public.newsletter_subscribers set status = 'unsubscribed' where status = 'confirmed'");
    for (const [email, language] of [
      [english, "en"],
      [japanese, "ja"],
    ]) {
      await backend.sql(
        `with added as (insert into public.newsletter_subscribers (email, status, confirmed_at, language) values ($1, 'confirmed', now(), $2) returning id)
         insert into private.newsletter_tokens (subscriber_id, unsubscribe_token) select id, replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') from added`,
        [email, language],
      );
    }
    const newPost = async (title: string) => {
      const { data, error } = await service
        .from("blog_posts")
        .insert({ title, category: "community", published: true, content: fromMarkdown(`${title}: the body in English.`) })
        .select("id, slug")
        .single();
      expect(error).toBeNull();
      return data as { id: string; slug: string };
    };
    const translate = async (id: string, title: string, published: boolean) => {
      const { error } = await admin
        .from("content_translations")
        .insert({ source_table: "blog_posts", row_id: id, language: "ja", published, fields: { title, content: fromMarkdown(`${title}：日本語の本文です。`) } });
      expect(error).toBeNull();
    };
    const send = async (id: string) => {
      const answer = await fetch(`http://127.0.0.1:${web.port}/api/newsletters/posts/${id}/send`, { method: "POST", headers: { Authorization: `Bearer ${adminToken}` } });
      expect(answer.status).toBe(200);
    };
    const mailsOf = async (email: string, count: number) => {
      await expect.poll(() => delivered.filter((mail) => mail.to === email).length).toBe(count);
      return delivered.filter((mail) => mail.to === email).at(-1)!;
    };

    const translated = await newPost(`Cartridge notes ${randomUUID().slice(0, 6)}`);
    await translate(translated.id, "カートリッジ通信", true);
    await send(translated.id);
    const toEnglish = await mailsOf(english, 1);
    const toJapanese = await mailsOf(japanese, 1);
    expect(toEnglish.headers.Subject).toMatch(/^Cartridge notes /);
    expect(toEnglish.text).toContain("the body in English.");
    expect(toEnglish.text).toContain(`Read it on the site: ${SITE}/updates/${translated.slug}`);
    expect(toEnglish.html).toContain('<html lang="en">');
    expect(toJapanese.headers.Subject).toBe("カートリッジ通信");
    expect(toJapanese.text).toContain("カートリッジ通信：日本語の本文です。");
    expect(toJapanese.text).not.toContain("the body in English.");
    expect(toJapanese.text).toContain(`サイトで読む：${SITE}/ja/updates/${translated.slug}`);
    expect(toJapanese.text).toMatch(new RegExp(`配信停止：${SITE}/ja/newsletter/unsubscribe\\?token=[0-9a-f]{64}`));
    expect(toJapanese.headers["List-Unsubscribe"]).toMatch(new RegExp(`^<${SITE}/ja/newsletter/unsubscribe\\?token=[0-9a-f]{64}>$`));
    expect(toJapanese.html).toContain('<html lang="ja">');

    // A Japanese translation not published: the Japanese subscriber gets the English post, in the Japanese mail.
    const draft = await newPost(`Bus notes ${randomUUID().slice(0, 6)}`);
    await translate(draft.id, "バス通信", false);
    await send(draft.id);
    const draftToJapanese = await mailsOf(japanese, 2);
    expect(draftToJapanese.headers.Subject).toMatch(/^Bus notes /);
    expect(draftToJapanese.text).toContain("the body in English.");
    expect(draftToJapanese.text).not.toContain("バス通信");
    expect(draftToJapanese.text).toContain(`サイトで読む：${SITE}/ja/updates/${draft.slug}`);
    expect((await mailsOf(english, 2)).headers.Subject).toMatch(/^Bus notes /);

    // The mail's unsubscribe link opens the Japanese page, whose button posts to the Japanese page.
    const unsubscribe = new RegExp(`${SITE}(/ja/newsletter/unsubscribe\\?token=[0-9a-f]{64})`).exec(draftToJapanese.text)![1]!;
    const asking = await (await fetch(`http://127.0.0.1:${web.port}${unsubscribe}`)).text();
    expect(asking).toContain("RCRT ニュースレターの配信を停止しますか？");
    expect(asking).toContain('action="/ja/newsletter/unsubscribe"');
    const token = new URL(unsubscribe, SITE).searchParams.get("token")!;
    const done = await fetch(`http://127.0.0.1:${web.port}/ja/newsletter/unsubscribe`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ token }).toString() });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("配信を停止しました");
    expect((await backend.sql<{ status: string }>("select status from public.newsletter_subscribers where email = $1", [japanese]))[0]!.status).toBe("unsubscribed");
  });
});
