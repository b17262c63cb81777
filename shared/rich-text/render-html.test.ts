import { describe, expect, it } from "vitest";
import type { RichTextDocument } from "./document.ts";
import { renderHtml } from "./render-html.ts";
import { EVERY_NODE, HOSTILE_HREFS, linked, nested, STORAGE_IMAGE, VIDEO_ROW_ID, VIDEO_ROWS } from "./test-documents.ts";

const html = (value: unknown, options = {}) => renderHtml(value as RichTextDocument, options);
const doc = (...content: unknown[]) => ({ type: "doc", content });
const paragraph = (...content: unknown[]) => ({ type: "paragraph", content });
// Rendered in each test, not as the file loads: a mutation run switches its mutant on for a test, after
// the file has loaded, and an output made before would compare the unchanged renderer with itself.
const rendered = () => html(EVERY_NODE, { videos: VIDEO_ROWS });

describe("renderHtml: every node and mark", () => {
  it("writes headings at their level, and each mark as its element", () => {
    expect(rendered()).toContain("<h2>What works</h2><h3>Level three</h3><h4>Level four</h4>");
    expect(rendered()).toContain("<p>Plain, <strong>bold</strong>, <em>italic</em>, <del>struck</del>, <code>a &lt; b</code><br>");
  });

  it("opens a mark shared by neighbouring texts once, in a fixed order, and closes marks around an unmarked break", () => {
    const bold = [{ type: "bold" }];
    const run = (...content: unknown[]) => html(doc(paragraph(...content)));
    expect(run({ type: "text", text: "a ", marks: bold }, { type: "text", text: "b", marks: [{ type: "italic" }, { type: "bold" }] }, { type: "text", text: " c", marks: bold })).toBe("<p><strong>a <em>b</em> c</strong></p>");
    expect(run({ type: "text", text: "a", marks: bold }, { type: "hardBreak", marks: bold }, { type: "text", text: "b", marks: bold })).toBe("<p><strong>a<br>b</strong></p>");
    expect(run({ type: "text", text: "a", marks: bold }, { type: "hardBreak" }, { type: "text", text: "b", marks: bold })).toBe("<p><strong>a</strong><br><strong>b</strong></p>");
    const link = (href: string) => [{ type: "link", attrs: { href } }];
    expect(run({ type: "text", text: "one", marks: link("/a") }, { type: "text", text: "two", marks: link("/b") })).toBe('<p><a href="/a">one</a><a href="/b">two</a></p>');
  });

  it("opens links to other sites in a new tab without access to the page; mail and site links as they are", () => {
    expect(rendered()).toContain('<a href="https://example.com/page" target="_blank" rel="noopener noreferrer">the site</a>');
    // TipTap's own target, rel and class on a link are not written: the policy is the renderer's.
    expect(rendered()).toContain('<a href="mailto:team@example.com">mail</a>');
    expect(rendered()).toContain('<a href="/whitepaper"><strong>the whitepaper</strong></a>.</p>');
  });

  it("writes lists (a one-paragraph item without <p>, as before), a list's start, quotes, code, rules", () => {
    expect(rendered()).toContain("<ul><li>First point</li><li><p>Second point</p><ol><li>Nested step</li></ol></li></ul>");
    expect(rendered()).toContain('<ol start="3"><li>Third</li><li>Fourth</li></ol>');
    expect(rendered()).toContain("<blockquote><p>A quoted line.</p></blockquote>");
    expect(rendered()).toContain('<pre><code class="language-ts">const x = 1 &lt; 2;\nconsole.log(x);</code></pre><hr>');
    expect(html(doc({ type: "codeBlock" }, { type: "orderedList", attrs: { start: 1 }, content: [{ type: "listItem", content: [paragraph()] }] }))).toBe("<pre><code></code></pre><ol><li></li></ol>");
  });

  it("shows a picture at the column's width, resized by Storage, lazily, in its own box, with its caption", () => {
    const resized = (width: number) => `https://project.supabase.co/storage/v1/render/image/public/media/media/board.webp?width=${width}&amp;quality=80&amp;resize=cover`;
    expect(rendered()).toContain(
      `<figure class="rich-image"><img src="${resized(960)}" srcset="${resized(480)} 480w, ${resized(960)} 960w, ${resized(1440)} 1440w" sizes="(min-width: 1000px) 960px, 100vw" width="1600" height="900" loading="lazy" decoding="async" alt="The prototype board"><figcaption>Revision two on the bench</figcaption></figure>`,
    );
    expect(html(doc({ type: "image", attrs: { src: STORAGE_IMAGE, alt: "" } }), { images: { transformations: false } })).toBe(
      `<figure class="rich-image"><img src="${STORAGE_IMAGE}" loading="lazy" decoding="async" alt=""></figure>`,
    );
  });

  it("shows one of our files stored host-relative on the API the page reads, resized there", () => {
    const relative = "/storage/v1/object/public/media/media/board.webp";
    const shown = html(doc({ type: "image", attrs: { src: relative, alt: "Board" } }), { images: { transformations: true, apiUrl: "https://api.example" } });
    expect(shown).toContain('src="https://api.example/storage/v1/render/image/public/media/media/board.webp?width=960&amp;quality=80&amp;resize=cover"');
    expect(shown).toContain("https://api.example/storage/v1/render/image/public/media/media/board.webp?width=480&amp;quality=80&amp;resize=cover 480w");
    expect(html(doc({ type: "image", attrs: { src: "/etc/passwd", alt: "" } }))).toBe("");
  });

  it("shows a YouTube video as a facade: our thumbnail and a link, nothing loaded from YouTube before a click", () => {
    const video = /<figure class="rich-video">.*?<\/figure>/.exec(rendered())![0];
    expect(video).toContain('<a class="video-facade" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" target="_blank" rel="noopener noreferrer" data-youtube-id="dQw4w9WgXcQ">');
    expect(video).toContain('<span class="visually-hidden">Play First boot</span></a></div><figcaption>First boot</figcaption>');
    // No element that loads anything (img, iframe, script) points anywhere but our Storage.
    for (const [, address] of video.matchAll(/(?:src|srcset)="([^"]*)"/g)) expect(address).toMatch(/^https:\/\/project\.supabase\.co\//);
    expect(rendered()).not.toMatch(/<iframe|<script|ytimg|youtube-nocookie/);
  });

  it("shows a video of the videos table from its row: a file plays in place, another page opens", () => {
    expect(rendered()).toContain('href="https://videos.example.com/rcrt/crt-pipeline.mp4" target="_blank" rel="noopener noreferrer" data-video-file="https://videos.example.com/rcrt/crt-pipeline.mp4">');
    const page = new Map([[VIDEO_ROW_ID, { title: "Row title", url: "https://www.youtube.com/watch?v=abcdefghijk", thumbnail: null }]]);
    const fromRow = html(doc({ type: "video", attrs: { videoId: VIDEO_ROW_ID, title: "" } }), { videos: page });
    expect(fromRow).toContain('data-youtube-id="abcdefghijk"><span class="image-placeholder video-thumb" aria-hidden="true"></span>');
    expect(fromRow).toContain("<figcaption>Row title</figcaption>");
    // A row the caller did not read (unpublished, deleted) is not shown.
    expect(html(doc({ type: "video", attrs: { videoId: VIDEO_ROW_ID, title: "Gone" } }))).toBe("");
  });

  it("writes each call to action as a button or link the site's script binds by data-cta", () => {
    expect(rendered()).toContain('<div class="cta-card"><button type="button" class="button button-primary" aria-haspopup="dialog" data-cta="waitlist">Join Waitlist</button></div>');
    expect(rendered()).toContain(
      '<div class="cta-card"><a class="button button-primary" href="https://discord.gg/rcrt" target="_blank" rel="noopener noreferrer" data-cta="discord">Talk to us<span class="visually-hidden"> (opens in a new tab)</span></a></div>',
    );
    expect(rendered()).toContain('<div class="cta-card"><a class="button button-primary" href="#newsletter" data-cta="newsletter">Subscribe to the newsletter</a></div>');
  });
});

describe("renderHtml: hostile documents give safe output", () => {
  it("escapes text that looks like HTML, wherever it stands", () => {
    const hostile = '<script>alert(1)</script>"><img src=x onerror=alert(1)>';
    const out = html(
      doc(
        paragraph({ type: "text", text: hostile }),
        { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: hostile, marks: [{ type: "code" }] }] },
        { type: "codeBlock", attrs: { language: hostile }, content: [{ type: "text", text: hostile }] },
        { type: "image", attrs: { src: "https://a.example/x.png?a=\"'<>", alt: hostile, caption: hostile } },
        { type: "video", attrs: { youtubeId: "dQw4w9WgXcQ", title: hostile } },
        { type: "callToAction", attrs: { action: "waitlist", label: hostile } },
      ),
    );
    expect(out).not.toMatch(/<script|<img src=x|onerror=alert\(1\)>/);
    expect(out).toContain("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(1)&gt;");
    expect(out).toContain("<pre><code>&lt;script&gt;");
    expect(out).toContain('src="https://a.example/x.png?a=&quot;&#39;&lt;&gt;"');
    // Every tag written is one the renderer knows.
    expect(new Set([...out.matchAll(/<([a-z0-9]+)/g)].map((match) => match[1]))).toEqual(new Set(["p", "h2", "code", "pre", "figure", "img", "figcaption", "div", "a", "span", "button"]));
  });

  it.each(HOSTILE_HREFS)("keeps the words of a link to %j, without the link", (href) => {
    expect(html(linked(href))).toBe("<p>click</p>");
  });

  it("writes nothing for unknown nodes and marks, and reads no more than known attributes", () => {
    const out = html(
      doc(
        { type: "iframe", attrs: { src: "https://evil.example" }, content: [paragraph({ type: "text", text: "inside" })] },
        { type: "html", text: "<b>raw</b>" },
        paragraph({ type: "text", text: "kept", marks: [{ type: "underline" }, { type: "textStyle", attrs: { color: "red" } }] }, { type: "mention", attrs: { id: "x" } }),
        { type: "paragraph", attrs: { style: "color:red", onclick: "x" }, content: [{ type: "text", text: "plain" }] },
      ),
    );
    expect(out).toBe("<p>kept</p><p>plain</p>");
  });

  it("reads wrong shapes as absent: not a document, arrays for objects, strings for lists", () => {
    for (const value of [null, undefined, "<p>x</p>", 42, [], [doc(paragraph())], { type: "paragraph", content: [] }, { type: "doc", content: "<script>" }]) expect(html(value)).toBe("");
    expect(html(doc([paragraph({ type: "text", text: "in an array" })], paragraph([{ type: "text", text: "x" }]), paragraph({ type: "text", text: ["x"] }), paragraph({ type: "text", text: "ok", marks: "bold" })))).toBe("<p></p><p></p><p>ok</p>");
  });

  it("writes a heading of any other level as the nearest of 2 to 4, and non-text attributes as absent", () => {
    expect(html(doc({ type: "heading", attrs: { level: 1 }, content: [{ type: "text", text: "a" }] }, { type: "heading", attrs: { level: 7 }, content: [{ type: "text", text: "b" }] }, { type: "heading", content: [{ type: "text", text: "c" }] }))).toBe("<h2>a</h2><h4>b</h4><h2>c</h2>");
    expect(html(doc({ type: "orderedList", attrs: { start: "1 onclick=x" }, content: [{ type: "listItem", content: [paragraph()] }] }))).toBe("<ol><li></li></ol>");
    expect(html(doc({ type: "image", attrs: { src: "javascript:alert(1)", alt: "x" } }, { type: "image", attrs: { src: { toString: () => "https://a.example" }, alt: "x" } }))).toBe("");
    expect(html(doc({ type: "image", attrs: { src: "https://a.example/x.png", alt: "x", width: "100%", height: -5 } }))).toBe('<figure class="rich-image"><img src="https://a.example/x.png" loading="lazy" decoding="async" alt="x"></figure>');
    expect(html(doc({ type: "callToAction", attrs: { action: "buy" } }, { type: "video", attrs: { youtubeId: "javascript:a", title: "x" } }))).toBe("");
  });

  it("stops at the depth limit on 10,000 levels of nesting, without overflowing the stack", () => {
    const out = html(nested(10_000));
    expect(out.startsWith("<blockquote>".repeat(19))).toBe(true);
    expect(out).not.toContain("deep");
    expect(html(nested(10))).toContain("<p>deep</p>");
  });
});

describe("renderHtml: the cases the document above leaves out", () => {
  const video = (attrs: Record<string, unknown>) => ({ type: "video", attrs });
  const item = (...content: unknown[]) => ({ type: "listItem", content });
  const text = (value: string) => ({ type: "text", text: value });
  const thumb = (width: number, height: number) => `https://project.supabase.co/storage/v1/render/image/public/media/media/board.webp?width=${width}&amp;height=${height}&amp;quality=80&amp;resize=cover`;
  const THUMBNAIL = `<img class="video-thumb" src="${thumb(640, 360)}" srcset="${thumb(320, 180)} 320w, ${thumb(640, 360)} 640w, ${thumb(960, 540)} 960w" sizes="(min-width: 1000px) 960px, 100vw" width="640" height="360" loading="lazy" decoding="async" alt="">`;
  const PLACEHOLDER = '<span class="image-placeholder video-thumb" aria-hidden="true"></span>';
  const PLAY = '<span class="play-button" aria-hidden="true">▶</span>';
  const YOUTUBE = '<a class="video-facade" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" target="_blank" rel="noopener noreferrer" data-youtube-id="dQw4w9WgXcQ">';

  it("writes a YouTube video's whole facade: thumbnail, play button, the title for screen readers and as caption", () => {
    const figure = /<figure class="rich-video">.*?<\/figure>/.exec(rendered())![0];
    expect(figure).toBe(`<figure class="rich-video"><div class="video-media">${YOUTUBE}${THUMBNAIL}${PLAY}<span class="visually-hidden">Play First boot</span></a></div><figcaption>First boot</figcaption></figure>`);
  });

  it("trims a video's title, and without one writes no caption", () => {
    expect(html(doc(video({ youtubeId: "dQw4w9WgXcQ", title: "  Boot  " })))).toBe(
      `<figure class="rich-video"><div class="video-media">${YOUTUBE}${PLACEHOLDER}${PLAY}<span class="visually-hidden">Play Boot</span></a></div><figcaption>Boot</figcaption></figure>`,
    );
    expect(html(doc(video({ youtubeId: "dQw4w9WgXcQ" })))).toBe(`<figure class="rich-video"><div class="video-media">${YOUTUBE}${PLACEHOLDER}${PLAY}<span class="visually-hidden">Play </span></a></div></figure>`);
  });

  it("a video of the videos table keeps its own title, takes the row's thumbnail, and is a file only when its path ends in one", () => {
    const rows = (url: string, thumbnail: string | null) => ({ videos: new Map([[VIDEO_ROW_ID, { title: "Row", url, thumbnail }]]) });
    const page = '<a class="video-facade" href="https://example.com/watch" target="_blank" rel="noopener noreferrer">';
    expect(html(doc(video({ videoId: VIDEO_ROW_ID, title: "Own" })), rows("https://example.com/watch", STORAGE_IMAGE))).toBe(
      `<figure class="rich-video"><div class="video-media">${page}${THUMBNAIL}${PLAY}<span class="visually-hidden">Play Own</span></a></div><figcaption>Own</figcaption></figure>`,
    );
    expect(html(doc(video({ videoId: VIDEO_ROW_ID, title: "T" })), rows("https://example.com/file.mp4/page", null))).not.toContain("data-video-file");
  });

  it("a row whose address is not another site's, or named by an id that is not a row's, is not shown", () => {
    expect(html(doc(video({ videoId: VIDEO_ROW_ID, title: "T" })), { videos: new Map([[VIDEO_ROW_ID, { title: "Row", url: "/v.mp4", thumbnail: null }]]) })).toBe("");
    expect(html(doc(video({ videoId: "not a row id", title: "T" })), { videos: new Map([["not a row id", { title: "Forged", url: "https://evil.example/v.mp4", thumbnail: null }]]) })).toBe("");
  });

  it("a video's thumbnail follows the image settings given", () => {
    const shown = html(doc(video({ youtubeId: "dQw4w9WgXcQ", title: "T", thumbnail: STORAGE_IMAGE })), { images: { transformations: false } });
    expect(shown).toContain(`<img class="video-thumb" src="${STORAGE_IMAGE}"`);
    expect(shown).not.toContain("render/image");
  });

  it("a list keeps only its items; an item of one block other than a paragraph is written as that block", () => {
    expect(html(doc({ type: "bulletList", content: [item({ type: "heading", attrs: { level: 2 }, content: [text("H")] }), { type: "paragraph", content: [text("stray")] }] }))).toBe("<ul><li><h2>H</h2></li></ul>");
  });

  it("lists nested past the depth limit keep only the levels within it, bulleted or numbered", () => {
    for (const type of ["bulletList", "orderedList"]) {
      let list: unknown = { type, content: [item({ type: "paragraph", content: [text("L12")] })] };
      for (let level = 11; level >= 1; level--) list = { type, content: [item({ type: "paragraph", content: [text(`L${level}`)] }, list)] };
      const written = html(doc(list));
      expect(written).toContain("<p>L8</p>");
      expect(written).not.toContain("L9");
    }
  });

  it("a list item at the depth limit is written empty", () => {
    // 16 quotes put the item's paragraph one level below the limit: the item is kept, its words are not.
    let node: unknown = { type: "bulletList", content: [item({ type: "paragraph", content: [text("deep")] })] };
    for (let level = 0; level < 16; level++) node = { type: "blockquote", content: [node] };
    expect(html(doc(node)).replace(/<\/?blockquote>/g, "")).toBe("<ul><li></li></ul>");
  });

  it("a picture's caption is trimmed, and a picture without alt text gets an empty one", () => {
    expect(html(doc({ type: "image", attrs: { src: STORAGE_IMAGE, caption: "  Cap  " } }), { images: { transformations: false } })).toBe(
      `<figure class="rich-image"><img src="${STORAGE_IMAGE}" loading="lazy" decoding="async" alt=""><figcaption>Cap</figcaption></figure>`,
    );
  });

  it("a code block's text nodes are joined as they are", () => {
    expect(html(doc({ type: "codeBlock", content: [text("a"), text("b")] }))).toBe("<pre><code>ab</code></pre>");
  });
});
