import { describe, expect, it } from "vitest";
import type { RichTextDocument } from "./document.ts";
import { EMAIL_STYLES, emailHref, renderEmailHtml } from "./render-email.ts";
import { EVERY_NODE, HOSTILE_HREFS, linked, nested, VIDEO_ROWS } from "./test-documents.ts";

const SITE = "https://rcrt.example";
const mail = (value: unknown) => renderEmailHtml(value as RichTextDocument, { siteUrl: SITE, videos: VIDEO_ROWS });
const doc = (...content: unknown[]) => ({ type: "doc", content });
// Rendered in each test, never as the file loads: Stryker switches a mutant on after the top level has run (docs/mutation-testing.md).
const rendered = () => mail(EVERY_NODE);
const style = (css: string) => `style="${css}"`;

describe("renderEmailHtml: every node and mark", () => {
  it("styles every element inline and writes each mark as its element", () => {
    expect(rendered()).toContain(`<h2 ${style(EMAIL_STYLES.h2)}>What works</h2><h3 ${style(EMAIL_STYLES.h3)}>Level three</h3><h4 ${style(EMAIL_STYLES.h4)}>Level four</h4>`);
    expect(rendered()).toContain(`<p ${style(EMAIL_STYLES.p)}>Plain, <strong>bold</strong>, <em>italic</em>, <del>struck</del>, <code ${style(EMAIL_STYLES.code)}>a &lt; b</code><br>`);
    expect(rendered()).toContain(`<ul ${style(EMAIL_STYLES.list)}><li ${style(EMAIL_STYLES.li)}>First point</li>`);
    expect(rendered()).toContain(`<ol start="3" ${style(EMAIL_STYLES.list)}>`);
    expect(rendered()).toContain(`<blockquote ${style(EMAIL_STYLES.blockquote)}><p ${style(EMAIL_STYLES.p)}>A quoted line.</p></blockquote>`);
    expect(rendered()).toContain(`<pre ${style(EMAIL_STYLES.pre)}>const x = 1 &lt; 2;\nconsole.log(x);</pre><hr ${style(EMAIL_STYLES.hr)}>`);
    expect(rendered()).not.toMatch(/<style|<script|<button|<iframe|<video|class=|data-/);
  });

  it("makes every link absolute: a path on the site on the site's origin", () => {
    expect(rendered()).toContain(`<a href="https://example.com/page" ${style(EMAIL_STYLES.a)}>the site</a>`);
    expect(rendered()).toContain(`<a href="mailto:team@example.com" ${style(EMAIL_STYLES.a)}>mail</a>`);
    expect(rendered()).toContain(`<a href="https://rcrt.example/whitepaper" ${style(EMAIL_STYLES.a)}><strong>the whitepaper</strong></a>`);
    expect(emailHref("/updates/a", "https://rcrt.example/")).toBe("https://rcrt.example/updates/a");
  });

  it("shows a picture at the mail's width, with its caption", () => {
    expect(rendered()).toContain(
      `<img src="https://project.supabase.co/storage/v1/render/image/public/media/media/board.webp?width=600&amp;quality=80&amp;resize=cover" alt="The prototype board" width="536" ${style(EMAIL_STYLES.img)}><p ${style(EMAIL_STYLES.caption)}>Revision two on the bench</p>`,
    );
  });

  it("shows one of our files stored host-relative from the API, and leaves it out when the API is not known", () => {
    const relative: RichTextDocument = { type: "doc", content: [{ type: "image", attrs: { src: "/storage/v1/object/public/media/media/board.webp", alt: "Board" } }] };
    expect(renderEmailHtml(relative, { siteUrl: SITE, images: { transformations: false, apiUrl: "https://api.example" } })).toContain('<img src="https://api.example/storage/v1/object/public/media/media/board.webp" alt="Board"');
    expect(renderEmailHtml(relative, { siteUrl: SITE })).not.toContain("<img");
  });

  it("shows a video as its thumbnail and title linked to where it plays", () => {
    expect(rendered()).toContain('<a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" style="text-decoration:none;"><img ');
    expect(rendered()).toContain('alt="Play: First boot"');
    expect(rendered()).toContain(`<a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" ${style(EMAIL_STYLES.a)}>▶ First boot</a>`);
    expect(rendered()).toContain(`<a href="https://videos.example.com/rcrt/crt-pipeline.mp4" ${style(EMAIL_STYLES.a)}>▶ Inside the pipeline</a>`);
    expect(mail(doc({ type: "video", attrs: { youtubeId: "dQw4w9WgXcQ", title: "No still" } }))).toBe(`<p ${style(EMAIL_STYLES.p)}><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" ${style(EMAIL_STYLES.a)}>▶ No still</a></p>`);
  });

  it("writes each call to action as a link button to where it is done", () => {
    const button = (href: string, label: string) => `<p ${style(EMAIL_STYLES.p)}><a href="${href}" ${style(EMAIL_STYLES.button)}>${label}</a></p>`;
    expect(rendered()).toContain(button("https://rcrt.example/", "Join Waitlist"));
    expect(rendered()).toContain(button("https://discord.gg/rcrt", "Talk to us"));
    expect(rendered()).toContain(button("https://rcrt.example/#newsletter", "Subscribe to the newsletter"));
  });
});

describe("renderEmailHtml: hostile documents give safe output", () => {
  it("escapes text that looks like HTML, in code too (no code span lets HTML through)", () => {
    const hostile = '<img src=x onerror=alert(1)>"><script>x</script>';
    const out = mail(doc({ type: "paragraph", content: [{ type: "text", text: hostile }, { type: "text", text: hostile, marks: [{ type: "code" }] }] }, { type: "codeBlock", content: [{ type: "text", text: hostile }] }));
    expect(out).not.toMatch(/<img|<script/);
    expect(out.match(/&lt;img src=x onerror=alert\(1\)&gt;&quot;&gt;&lt;script&gt;x&lt;\/script&gt;/g)).toHaveLength(3);
  });

  it.each(HOSTILE_HREFS)("keeps the words of a link to %j, without the link", (href) => {
    expect(mail(linked(href))).toBe(`<p ${style(EMAIL_STYLES.p)}>click</p>`);
  });

  it("writes nothing for unknown nodes or what is not a document, and stops at the depth limit", () => {
    expect(mail(doc({ type: "iframe", attrs: { src: "https://evil.example" } }, { type: "html", text: "<b>x</b>" }))).toBe("");
    for (const value of [null, "<p>x</p>", [], { type: "paragraph" }]) expect(mail(value)).toBe("");
    expect(mail(nested(10_000))).not.toContain("deep");
  });
});

describe("renderEmailHtml: each block whole", () => {
  const ROW = "d0000000-0000-4000-8000-000000000002";
  const row = { title: "Row title", url: "https://videos.example.com/row.mp4", thumbnail: "https://img.example/row.jpg" };
  const video = (attrs: Record<string, unknown>, videos: ReadonlyMap<string, typeof row> = new Map([[ROW, row]])) => renderEmailHtml(doc({ type: "video", attrs }) as RichTextDocument, { siteUrl: SITE, videos });
  const p = (text: string) => ({ type: "paragraph", content: [{ type: "text", text }] });
  const item = (...content: unknown[]) => ({ type: "listItem", content });

  it("styles text in the newsletter's font and colours, links in its accent, captions muted", () => {
    const out = mail(doc({ type: "paragraph", content: [{ type: "text", text: "See " }, { type: "text", text: "this", marks: [{ type: "link", attrs: { href: "https://a.example/" } }] }] }, { type: "image", attrs: { src: "https://img.example/a.jpg", alt: "A", caption: "  Caption  " } }));
    expect(out).toBe(
      '<p style="margin:0 0 16px;font:16px/1.6 Arial, Helvetica, sans-serif;color:#1f1530;">See <a href="https://a.example/" style="color:#8a2be2;text-decoration:underline;">this</a></p>' +
        '<img src="https://img.example/a.jpg" alt="A" width="536" style="display:block;width:100%;max-width:536px;height:auto;border:0;margin:0 0 8px;">' +
        '<p style="margin:0 0 16px;font:14px/1.5 Arial, Helvetica, sans-serif;color:#6b6380;">Caption</p>',
    );
  });

  it("writes a rule as one void element, and a picture without alt text or caption as an image alone", () => {
    expect(mail(doc({ type: "horizontalRule" }, p("after")))).toBe(`<hr ${style(EMAIL_STYLES.hr)}><p ${style(EMAIL_STYLES.p)}>after</p>`);
    expect(mail(doc({ type: "image", attrs: { src: "https://img.example/a.jpg" } }))).toBe(`<img src="https://img.example/a.jpg" alt="" width="536" ${style(EMAIL_STYLES.img)}>`);
  });

  it("writes nothing for a picture it may not show, its caption included", () => {
    expect(mail(doc({ type: "image", attrs: { src: "javascript:alert(1)", alt: "x", caption: "Caption" } }))).toBe("");
    const relative = doc({ type: "image", attrs: { src: "/storage/v1/object/public/media/media/board.webp", alt: "Board" } });
    expect(renderEmailHtml(relative as RichTextDocument, { siteUrl: SITE })).toBe("");
  });

  it("writes lists whole: items joined, a list from 1 without start, an item of several blocks as blocks", () => {
    expect(mail(doc({ type: "orderedList", attrs: { start: 1 }, content: [item(p("a")), item(p("b"), p("c")), item({ type: "codeBlock", content: [{ type: "text", text: "x" }, { type: "text", text: "y" }] })] }))).toBe(
      `<ol ${style(EMAIL_STYLES.list)}><li ${style(EMAIL_STYLES.li)}>a</li><li ${style(EMAIL_STYLES.li)}><p ${style(EMAIL_STYLES.p)}>b</p><p ${style(EMAIL_STYLES.p)}>c</p></li><li ${style(EMAIL_STYLES.li)}><pre ${style(EMAIL_STYLES.pre)}>xy</pre></li></ol>`,
    );
    expect(mail(doc({ type: "bulletList", content: [item(p("a")), item(p("b"))] }))).toBe(`<ul ${style(EMAIL_STYLES.list)}><li ${style(EMAIL_STYLES.li)}>a</li><li ${style(EMAIL_STYLES.li)}>b</li></ul>`);
    expect(mail(doc({ type: "bulletList", content: [p("not an item")] }))).toBe(`<ul ${style(EMAIL_STYLES.list)}></ul>`);
  });

  it("stops lists at the depth limit, as every walk does", () => {
    const deep = (levels: number, list: string, inner: unknown) => {
      let node = inner;
      for (let level = 0; level < levels; level++) node = { type: list, content: [item(node)] };
      return mail(doc(node));
    };
    for (const [list, inner] of [["bulletList", p("deep")], ["orderedList", p("deep")], ["bulletList", { type: "codeBlock", content: [{ type: "text", text: "deep" }] }]] as const) {
      expect(deep(8, list, inner)).toContain("deep");
      expect(deep(9, list, inner)).not.toContain("deep");
    }
  });

  it("takes a link's address as it is when it is absolute, and on the site's origin when it is a path", () => {
    expect(emailHref("https://example.com", SITE)).toBe("https://example.com");
    expect(emailHref("mailto:team@example.com", SITE)).toBe("mailto:team@example.com");
    expect(emailHref("/updates/a", "https://rcrt.example//")).toBe("https://rcrt.example/updates/a");
    expect(emailHref("javascript:alert(1)", SITE)).toBeNull();
  });

  it("keeps the words of a link to a path, and calls to action on the site, when the site's address cannot be a base", () => {
    const options = { siteUrl: "not a site" };
    expect(emailHref("/updates/a", options.siteUrl)).toBeNull();
    expect(renderEmailHtml(linked("/updates/a") as RichTextDocument, options)).toBe(`<p ${style(EMAIL_STYLES.p)}><a>click</a></p>`);
    expect(renderEmailHtml(doc({ type: "callToAction", attrs: { action: "waitlist" } }) as RichTextDocument, options)).toBe("");
    expect(mail(doc({ type: "callToAction", attrs: { action: "buy" } }))).toBe("");
  });

  it("shows a video by its YouTube id or its row, the row's title and thumbnail where the node has none, its own title trimmed", () => {
    const link = (href: string, title: string) => `<p ${style(EMAIL_STYLES.p)}><a href="${href}" ${style(EMAIL_STYLES.a)}>▶ ${title}</a></p>`;
    expect(video({ youtubeId: "dQw4w9WgXcQ", title: "  Boot  " })).toBe(link("https://www.youtube.com/watch?v=dQw4w9WgXcQ", "Boot"));
    expect(video({ videoId: ROW })).toBe(
      `<a href="https://videos.example.com/row.mp4" style="text-decoration:none;"><img src="https://img.example/row.jpg" alt="Play: Row title" width="536" ${style(EMAIL_STYLES.img)}></a>` + link("https://videos.example.com/row.mp4", "Row title"),
    );
    expect(video({ videoId: ROW, title: "Own", thumbnail: "https://img.example/own.jpg" })).toContain('<img src="https://img.example/own.jpg" alt="Play: Own"');
  });

  it("shows no video for an id that is not one, a row it was not given, or a row whose address it may not link", () => {
    expect(video({ youtubeId: "short", title: "x" })).toBe("");
    expect(video({ videoId: "row-1", title: "x" }, new Map([["row-1", row]]))).toBe("");
    expect(video({ videoId: ROW, title: "x" }, new Map())).toBe("");
    expect(renderEmailHtml(doc({ type: "video", attrs: { videoId: ROW, title: "x" } }) as RichTextDocument, { siteUrl: SITE })).toBe("");
    expect(video({ videoId: ROW, title: "x" }, new Map([[ROW, { ...row, url: "javascript:alert(1)" }]]))).toBe("");
  });
});
