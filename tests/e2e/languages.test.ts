import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { answerWhenDue } from "../support/web-process.ts";
import { adminPage } from "./admin-helpers.ts";
import { openBrowser } from "./support/browser.ts";
import { restoreAfterEach } from "./support/restore.ts";
import { nodeClient } from "../support/backend.ts";
import { fromMarkdown } from "../support/documents.ts";

// The site in Japanese in Chromium on the production build (docs/languages.md): a translator
// translates a post in the back office's Japanese tab and publishes it, and its Japanese page is
// served within 2 s with its alternates; an untranslated post under /ja/ falls back to the English,
// said and marked; the language switcher keeps the visitor on the same post; and a sign-up on a
// Japanese page brings a Japanese confirmation mail leading to the Japanese confirmation page.
// The Japanese words are the catalogues' (site/i18n/ja.ts, server/newsletters/mail-texts.ts).

const FALLBACK_NOTICE = "このページはまだ日本語に翻訳されていないため、英語で表示しています。";

interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
  link: string | null;
}

/** A post's page's `<link rel="alternate" hreflang>` links, "hreflang href" each, as the server wrote them. */
const alternatesIn = (html: string) => [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map((link) => `${link[1]} ${link[2]}`);

/** The same links in a browser's page. */
const alternatesOn = (page: Page) => page.locator("link[rel=alternate][hreflang]").evaluateAll((links) => links.map((link) => `${link.getAttribute("hreflang")} ${link.getAttribute("href")}`));

const canonicalOn = (page: Page) => page.locator('link[rel="canonical"]').getAttribute("href");

describe("languages: translating a post, its Japanese page, the fallback, the switcher and a Japanese sign-up (Chromium, production build)", () => {
  const webUrl = inject("webUrl");
  const service = nodeClient(inject("apiUrl"), inject("serviceKey"));
  const restore = restoreAfterEach();
  let browser: Awaited<ReturnType<typeof openBrowser>>;

  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  /** A published English post of the test's own (its translations go with it when it is deleted). */
  async function newPost(title: string, markdown: string): Promise<{ id: string; slug: string }> {
    restore.created("blog_posts", { title });
    const { data, error } = await service.from("blog_posts").insert({ title, category: "hardware", published: true, content: fromMarkdown(markdown) }).select("id, slug").single();
    if (error) throw error;
    return data as { id: string; slug: string };
  }

  /** A published Japanese translation of a post, written directly (the back office's way is the first test's). */
  async function translate(id: string, title: string, text: string): Promise<void> {
    const { error } = await service.from("content_translations").insert({ source_table: "blog_posts", row_id: id, language: "ja", fields: { title, content: fromMarkdown(text) }, published: true });
    if (error) throw error;
  }

  /** Opens an address and waits until its page is interactive (usePageMeta marks it with its address). */
  async function visit(page: Page, path: string): Promise<void> {
    await page.goto(`${webUrl}${path}`);
    await page.waitForFunction((ready) => document.documentElement.dataset.ready === ready, path);
  }

  it("a translator translates a post in the Japanese tab beside the English and publishes it: /ja/updates/<slug> serves it within 2 s, in Japanese, with alternates both ways", async () => {
    const stamp = randomUUID().slice(0, 8);
    const title = `Cartridge slot latch ${stamp}`;
    const japaneseTitle = `カートリッジスロットのロック ${stamp}`;
    const { id, slug } = await newPost(title, "The cartridge slot now **locks** the cartridge in place.");
    const english = `/updates/${slug}`;
    const japanese = `/ja/updates/${slug}`;

    const admin = await adminPage(browser.context, webUrl);
    await admin.goto(`${webUrl}/admin/blog`);
    await admin.locator("tbody tr").filter({ hasText: title }).getByRole("button", { name: "Edit" }).click();
    const dialog = admin.getByRole("dialog");
    const tab = dialog.getByRole("tab", { name: /^Japanese/ });
    await tab.getByLabel(/^Japanese: Missing/).waitFor();
    await tab.click();

    // Each field beside its English, read-only; the Japanese inputs start empty.
    const titleField = dialog.getByRole("region", { name: "Title", exact: true });
    await titleField.getByText("Title (English)").waitFor();
    expect(await titleField.getByTestId("default-title").textContent()).toBe(title);
    const titleInput = titleField.getByRole("textbox", { name: "Title (Japanese)" });
    expect(await titleInput.inputValue()).toBe("");
    const contentField = dialog.getByRole("region", { name: "Content", exact: true });
    const englishContent = contentField.getByLabel("Content (English)");
    await englishContent.getByText("The cartridge slot now locks the cartridge in place.").waitFor();
    expect(await englishContent.locator("strong").allTextContents()).toEqual(["locks"]);
    expect(await englishContent.getAttribute("contenteditable")).toBe("false");

    await titleInput.fill(japaneseTitle);
    const editor = contentField.getByRole("textbox", { name: /^Content \(Japanese\)/ });
    await editor.click();
    await admin.keyboard.type("カートリッジスロットがカートリッジを");
    await admin.keyboard.press("Control+B");
    await admin.keyboard.type("しっかり固定");
    await admin.keyboard.press("Control+B");
    await admin.keyboard.type("するようになりました。");
    await editor.locator("strong", { hasText: "しっかり固定" }).waitFor();
    await dialog.getByRole("switch", { name: "Publish immediately" }).click();

    const saved = admin.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/rest/v1/content_translations");
    await dialog.getByRole("button", { name: "Save Japanese translation" }).click();
    const answer = await saved;
    expect(answer.status()).toBe(201);
    await answer.finished();
    // When the browser had the save's answer, by the wall clock the site's 2 s count from.
    const { startTime, responseEnd } = answer.request().timing();
    const answeredAt = startTime + responseEnd;
    await dialog.waitFor({ state: "detached" });

    const servedInJapanese = (html: string) => html.includes(`<title>${japaneseTitle} | RCRT</title>`);
    const html = await answerWhenDue(answeredAt, 2000, async () => (await fetch(`${webUrl}${japanese}`)).text(), servedInJapanese);
    expect(servedInJapanese(html), "the Japanese page within 2 s of the save").toBe(true);
    expect(html).toMatch(/<html lang="ja"/);
    expect(html).toContain("<strong>しっかり固定</strong>");
    expect(html).not.toContain(FALLBACK_NOTICE);
    const both = [`en ${webUrl}${english}`, `ja ${webUrl}${japanese}`, `x-default ${webUrl}${english}`];
    expect(alternatesIn(html)).toEqual(both);
    expect(alternatesIn(await (await fetch(`${webUrl}${english}`)).text())).toEqual(both);

    const { data: stored } = await service.from("content_translations").select("fields, published").eq("row_id", id).eq("language", "ja").single();
    expect(stored).toMatchObject({ published: true, fields: { title: japaneseTitle } });

    // And in a visitor's browser, once hydrated.
    const visitor = await browser.context.newPage();
    await visit(visitor, japanese);
    expect(await visitor.locator("html").getAttribute("lang")).toBe("ja");
    expect(await visitor.getByRole("heading", { level: 1 }).textContent()).toBe(japaneseTitle);
    expect(await visitor.locator(".prose").textContent()).toBe("カートリッジスロットがカートリッジをしっかり固定するようになりました。");
    expect(await visitor.locator("article").getAttribute("lang")).toBeNull();
    expect(await visitor.getByRole("note").count()).toBe(0);
    expect(await canonicalOn(visitor)).toBe(`${webUrl}${japanese}`);
    expect(await alternatesOn(visitor)).toEqual(both);
    await visit(visitor, english);
    expect(await visitor.locator("html").getAttribute("lang")).toBe("en");
    expect(await visitor.getByRole("heading", { level: 1 }).textContent()).toBe(title);
    expect(await alternatesOn(visitor)).toEqual(both);
    await visitor.close();
    await admin.close();
  });

  it("an untranslated post under /ja/ shows the English marked lang=\"en\" with the notice in Japanese and its canonical at the English page, and is not listed on /ja/updates", async () => {
    const stamp = randomUUID().slice(0, 8);
    const title = `Untranslated tape deck ${stamp}`;
    const { slug } = await newPost(title, "The tape deck reads **every** cassette we tried.");
    // A translated post written after it: once /ja/updates lists this one, it answers after both were written.
    const listed = await newPost(`Translated tape deck ${stamp}`, "Listed in Japanese.");
    const listedJapanese = `テープデッキ ${stamp}`;
    await translate(listed.id, listedJapanese, "日本語で一覧に載ります。");

    const visitor = await browser.context.newPage();
    await expect.poll(async () => (await (await fetch(`${webUrl}/ja/updates`)).text()).includes(listedJapanese)).toBe(true);
    await visit(visitor, "/ja/updates");
    await visitor.getByRole("link", { name: listedJapanese }).first().waitFor();
    expect(await visitor.getByText(title).count()).toBe(0);
    await visit(visitor, "/updates");
    await visitor.getByText(title).first().waitFor();

    await visit(visitor, `/ja/updates/${slug}`);
    expect(await visitor.locator("html").getAttribute("lang")).toBe("ja");
    const notice = visitor.getByRole("note");
    expect(await notice.textContent()).toBe(FALLBACK_NOTICE);
    expect(await notice.getAttribute("lang")).toBe("ja");
    const article = visitor.locator("article");
    expect(await article.getAttribute("lang")).toBe("en");
    expect(await article.getByRole("heading", { level: 1 }).textContent()).toBe(title);
    expect(await article.locator(".prose").textContent()).toBe("The tape deck reads every cassette we tried.");
    expect(await canonicalOn(visitor)).toBe(`${webUrl}/updates/${slug}`);
    // Available in English only: no Japanese alternate to name.
    expect(await alternatesOn(visitor)).toEqual([`en ${webUrl}/updates/${slug}`, `x-default ${webUrl}/updates/${slug}`]);
    // The page's own words stay Japanese around the English post.
    await visitor.getByRole("link", { name: "← すべての最新情報" }).waitFor();
    await visitor.close();
  });

  it("the language switcher keeps the visitor on the same post, from /updates/<slug> to /ja/updates/<slug> and back", async () => {
    const stamp = randomUUID().slice(0, 8);
    const title = `Switching channels ${stamp}`;
    const japaneseTitle = `チャンネル切り替え ${stamp}`;
    const { id, slug } = await newPost(title, "Both languages, one post.");
    await translate(id, japaneseTitle, "二つの言語で、一つの記事。");
    await expect.poll(async () => (await (await fetch(`${webUrl}/ja/updates/${slug}`)).text()).includes(japaneseTitle)).toBe(true);

    const visitor = await browser.context.newPage();
    await visit(visitor, `/updates/${slug}`);
    const english = visitor.getByRole("navigation", { name: "Language" });
    expect(await english.locator("[aria-current=page]").textContent()).toBe("English");
    await english.getByRole("link", { name: "日本語" }).click();
    await visitor.waitForFunction((ready) => document.documentElement.dataset.ready === ready, `/ja/updates/${slug}`);
    expect(new URL(visitor.url()).pathname).toBe(`/ja/updates/${slug}`);
    expect(await visitor.locator("html").getAttribute("lang")).toBe("ja");
    expect(await visitor.getByRole("heading", { level: 1 }).textContent()).toBe(japaneseTitle);

    const japanese = visitor.getByRole("navigation", { name: "言語" });
    expect(await japanese.locator("[aria-current=page]").textContent()).toBe("日本語");
    await japanese.getByRole("link", { name: "English" }).click();
    await visitor.waitForFunction((ready) => document.documentElement.dataset.ready === ready, `/updates/${slug}`);
    expect(new URL(visitor.url()).pathname).toBe(`/updates/${slug}`);
    expect(await visitor.locator("html").getAttribute("lang")).toBe("en");
    expect(await visitor.getByRole("heading", { level: 1 }).textContent()).toBe(title);
    await visitor.close();
  });

  it("a sign-up in the newsletter box of a Japanese page brings a Japanese confirmation mail, whose link opens the Japanese confirmation page", async () => {
    const email = `yomite.${randomUUID().slice(0, 8)}@example.com`;
    restore.created("newsletter_subscribers", { email });
    const mailTo = async (subject: string): Promise<Mail> => {
      let found: Mail | undefined;
      await expect.poll(async () => (found = ((await (await fetch(inject("mailboxUrl"))).json()) as Mail[]).find((mail) => mail.to === email && mail.subject === subject))).toBeDefined();
      return found!;
    };

    const visitor = await browser.context.newPage();
    await visit(visitor, "/ja/");
    const box = visitor.getByRole("region", { name: "ニュースレター" });
    await box.getByLabel("メールアドレス").fill(email);
    await box.getByRole("button", { name: "購読する" }).click();
    await box.getByText("あと少しです：受信トレイを確認し、リンクをクリックして登録を完了してください。").waitFor();

    const mail = await mailTo("RCRT ニュースレターの購読確認");
    expect(mail.link).toMatch(/\/ja\/newsletter\/confirm\?token=[0-9a-f]{64}$/);
    expect(mail.link!.startsWith(`${webUrl}/ja/newsletter/confirm?`)).toBe(true);
    await visitor.setContent(mail.html);
    expect(await visitor.locator("html").getAttribute("lang")).toBe("ja");
    await visitor.getByRole("heading", { name: "購読の確認" }).waitFor();
    expect(await visitor.getByRole("link", { name: "購読を確認する" }).getAttribute("href")).toBe(mail.link);
    expect(mail.text).toContain("お心当たりがない場合は、このメールを無視してください。");

    await visitor.goto(mail.link!);
    await visitor.getByRole("heading", { name: "購読が完了しました" }).waitFor();
    expect(new URL(visitor.url()).pathname).toBe("/ja/newsletter/confirm");
    expect(await visitor.locator("html").getAttribute("lang")).toBe("ja");
    await visitor.getByText(`${email} に RCRT の開発ノートとローンチのお知らせをお届けします。すべてのメールに配信停止のリンクがあります。`).waitFor();
    const { data: subscriber } = await service.from("newsletter_subscribers").select("status, language").eq("email", email).single();
    expect(subscriber).toEqual({ status: "confirmed", language: "ja" });
    await visitor.close();
  });
});
