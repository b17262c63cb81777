import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HOSTILE, readerView } from "../../tests/support/mail-reader.ts";
import { confirmationMail, element, markdownToEmailHtml, markdownToText, newsletterMail, text, type MailContent } from "./mail.ts";

const SITE = "https://rcrt.example";
const STORAGE_IMAGE = "https://api.rcrt.example/storage/v1/object/public/assets/media/board.png";
const UNSUBSCRIBE = `${SITE}/newsletter/unsubscribe?token=${"ab".repeat(32)}`;

const hostilePost = (content: string, title = "Cartridge news") => ({ subject: title, slug: "cartridge-news", content, image_url: null, image_alt: null });

/** Every mail the web tier sends, made from a post holding `content`: a subscriber's, the administrators' preview, the confirmation. */
function everyMail(content: string): Record<string, MailContent> {
  return {
    newsletter: newsletterMail(hostilePost(content), SITE, UNSUBSCRIBE),
    // The preview (GET /api/newsletters/posts/<id>) is the same mail with the unsubscribe address unpersonalised.
    preview: newsletterMail(hostilePost(content), SITE, `${SITE}/newsletter/unsubscribe`),
    confirmation: confirmationMail(SITE, "cd".repeat(32)),
  };
}

describe("newsletter mail: nothing but known, escaped elements reach a mail, whatever a post contains", () => {
  for (const [trick, content] of Object.entries(HOSTILE)) {
    it(`${trick}: no element, attribute or address outside the allow-list in any mail`, () => {
      for (const [mail, { html }] of Object.entries(everyMail(content))) {
        expect(readerView(html).violations, `${mail} mail`).toEqual([]);
      }
    });
  }

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

  it("leaves raw HTML out, tags and all, and keeps the words around inline tags", () => {
    const { document } = readerView(newsletterMail(hostilePost(`${HOSTILE["inline HTML"]}\n\n${HOSTILE["a raw HTML block"]}`), SITE, UNSUBSCRIBE).html);
    const body = document.body.textContent!;
    expect(body).toContain("Hello there you");
    expect(body).not.toMatch(/alert|evil\.example|display:none/);
  });

  it("links only to http, https and mailto addresses: other links keep their words, other pictures their alt text", () => {
    const { document } = readerView(markdownToEmailHtml(`${HOSTILE["javascript: and data: links"]}\n\n${HOSTILE["images with tracking and script addresses"]}\n\n${HOSTILE["entity tricks"]}`, SITE));
    expect([...document.querySelectorAll("a")].map((link) => link.getAttribute("href"))).toEqual([]);
    expect([...document.querySelectorAll("img")].map((image) => [image.getAttribute("src"), image.getAttribute("alt")])).toEqual([["https://track.example/p.gif?u=1", "pixel"]]);
    const words = document.body.textContent!;
    for (const kept of ["one", "two", "three", "four", "five", "six", "data", "js", "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "&lt;b&gt;", "&lt;i&gt;"]) expect(words).toContain(kept);
  });

  it("keeps quotes inside the attribute they belong to", () => {
    const { document } = readerView(markdownToEmailHtml(HOSTILE["attribute-breaking quotes"]!, SITE));
    const links = [...document.querySelectorAll("a")];
    expect(links.map((link) => link.getAttribute("href"))).toEqual(["https://evil.example/%22%20onmouseover=%22alert(1)", "https://ok.example/", 'mailto:a@b.example?subject=%22x%22onclick=%22y%22']);
    expect(document.querySelector("img")!.getAttribute("alt")).toBe('" onerror="alert(1)');
  });

  it("whatever mixture of tricks a post holds, every mail keeps to the allow-list", () => {
    const pieces = fc.constantFrom(...Object.values(HOSTILE), "`", "<", ">", '"', "'", "&", "&#", "](", "![", "\n\n", "> ", "- ", "**", "<!--", "-->", "<![CDATA[", "]]>", "\\");
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }), fc.string({ maxLength: 40 }), (parts, title) => {
        for (const { html } of Object.values({ ...everyMail(parts.join("")), titled: newsletterMail(hostilePost(parts.join(" "), title), SITE, UNSUBSCRIBE) })) {
          expect(readerView(html).violations).toEqual([]);
        }
      }),
      { numRuns: 40 },
    );
  }, 60_000);

  it("escapes the post's title, cover and address wherever the mail shows them", () => {
    const mail = newsletterMail(
      { subject: '</title><script>alert(1)</script>"', slug: '"><img src=x>', content: "Hi", image_url: "javascript:alert(1)", image_alt: '" onerror="x' },
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

  it("writes the plain-text part without the raw HTML and spells out only http, https and mailto addresses", () => {
    for (const [trick, content] of Object.entries(HOSTILE)) {
      const { text: plain } = newsletterMail(hostilePost(content), SITE, UNSUBSCRIBE);
      // Addresses are spelled out in brackets after a link's words: only safe ones.
      for (const [, address] of plain.matchAll(/\((\w[\w+.-]*:[^)\s]*)\)/g)) expect(["http:", "https:", "mailto:"], `${trick}: ${address}`).toContain(new URL(address!).protocol);
    }
    for (const trick of ["a raw HTML block", "inline HTML", "a form and an iframe", "style and script blocks"]) {
      expect(markdownToText(HOSTILE[trick]!, SITE), trick).not.toMatch(/[<>]|alert|evil|track\.example|fetch|display/);
    }
    expect(markdownToText(HOSTILE["inline HTML"]!, SITE)).toBe("Hello there you");
    // Code is shown as the characters it is, in plain text as in the HTML part.
    expect(markdownToText(HOSTILE["backtick spans holding a phishing link, a form and a tracking pixel"]!, SITE)).toContain('Please <a href="https://evil.example/login">verify your account</a>');
    expect(markdownToText(HOSTILE["javascript: and data: links"]!, SITE)).toBe("one two three four five javascript:alert(1) six");
  });

  it("refuses, in code, an element, an attribute or an address a mail may not have", () => {
    expect(() => element("script" as "p", {})).toThrow("<script> is not an element of a mail");
    expect(() => element("a", { onclick: "x" } as unknown as { href: string })).toThrow("onclick is not an attribute of <a> in a mail");
    expect(() => element("a", { href: "javascript:alert(1)" })).toThrow("href of <a> must be an http, https or mailto address");
    expect(() => element("img", { src: "/relative.png" })).toThrow("src of <img> must be an http, https or mailto address");
    expect(element("p", { style: 'a"b' }, text("<x>"))).toBe('<p style="a&quot;b">&lt;x&gt;</p>');
  });
});

describe("newsletter mail", () => {
  it("renders Markdown as email-safe HTML: inline styles, absolute links, pictures at the mail's width", () => {
    const html = markdownToEmailHtml(`# Title\n\nSee [the roadmap](/updates/roadmap).\n\n![The board](${STORAGE_IMAGE})\n\n- one\n- two\n\n1. first\n\n| a | b |\n|---|---|\n| 1 | 2 |`, SITE);
    expect(html).toContain('<h1 style="');
    expect(html).toMatch(/<p style="[^"]+">See <a href="https:\/\/rcrt\.example\/updates\/roadmap" style="[^"]+">the roadmap<\/a>/);
    expect(html).toContain('src="https://api.rcrt.example/storage/v1/render/image/public/assets/media/board.png?width=600');
    expect(html).toMatch(/<ul style="[^"]+"><li style="[^"]+">one<\/li><li style="[^"]+">two<\/li><\/ul>/);
    expect(html).toMatch(/<table [^>]*><thead><tr><th style="[^"]+">a<\/th>/);
    expect(html).not.toMatch(/<(p|h1|a|img|ul|li|table|td)>/);
  });

  it("loads our own host-relative cover and pictures from the API it is given, at the mail's width", () => {
    const mail = newsletterMail(
      { subject: "Bus notes", slug: "bus-notes", content: "![Board](/storage/v1/object/public/assets/media/board.png)", image_url: "/storage/v1/object/public/assets/media/cover.jpg", image_alt: "Cover" },
      SITE,
      UNSUBSCRIBE,
      "https://api.other.example",
    );
    expect(mail.html).toContain('src="https://api.other.example/storage/v1/render/image/public/assets/media/cover.jpg?width=600');
    expect(mail.html).toContain('src="https://api.other.example/storage/v1/render/image/public/assets/media/board.png?width=600');
    expect(mail.html).not.toContain(`${SITE}/storage/`);
  });

  it("writes the plain-text part with links spelled out", () => {
    expect(markdownToText("## Next\n\nRead [the notes](/updates/notes).\n\n- one\n- two\n- [x] done\n\n| a | b |\n|---|---|\n| 1 | 2 |", SITE)).toBe(
      "Next\n----\n\nRead the notes (https://rcrt.example/updates/notes).\n\n- one\n- two\n- [x] done\n\na | b\n1 | 2",
    );
  });

  it("titles the mail with the post, links the post and the personal unsubscribe address in both parts", () => {
    const mail = newsletterMail({ subject: "Bus notes", slug: "bus-notes", content: "Hello", image_url: null, image_alt: null }, SITE, `${SITE}/newsletter/unsubscribe?token=abc`);
    expect(mail.subject).toBe("Bus notes");
    expect(mail.html).toContain('href="https://rcrt.example/updates/bus-notes"');
    expect(mail.html).toContain('href="https://rcrt.example/newsletter/unsubscribe?token=abc"');
    expect(mail.text).toContain("Read it on the site: https://rcrt.example/updates/bus-notes");
    expect(mail.text).toContain("Unsubscribe: https://rcrt.example/newsletter/unsubscribe?token=abc");
    expect(confirmationMail(SITE, "t0k3n").text).toContain(`${SITE}/newsletter/confirm?token=t0k3n`);
  });
});
