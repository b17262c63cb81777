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
