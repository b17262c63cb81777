import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { decodeEntities, HTML_TAG, markdownHtml, markdownText } from "./markdown-reading.ts";
import { DOCUMENT_LIMITS, MAX_DEPTH, validateDocument } from "./document.ts";
import { markdownToDocument, plainTextToDocument } from "./from-markdown.ts";
import { renderHtml } from "./render-html.ts";
import { proseText, renderText } from "./render-text.ts";

const convert = (markdown: string, options = {}) => {
  const result = markdownToDocument(markdown, options);
  if (!result.ok) throw new Error(result.error);
  return result;
};
const blocks = (markdown: string) => convert(markdown).document.content;

// ---- The seeded texts, read from supabase/seed.sql as the database stores them. ----

type SqlToken = { kind: "string" | "punct" | "word"; value: string };

/** SQL as tokens: string literals ('..' and E'..', with '' and backslash escapes) decoded. */
function sqlTokens(sql: string): SqlToken[] {
  const tokens: SqlToken[] = [];
  let at = 0;
  const literal = (escapes: boolean) => {
    let value = "";
    for (;;) {
      const char = sql[at]!;
      if (escapes && char === "\\") {
        const next = sql[at + 1]!;
        value += next === "n" ? "\n" : next === "t" ? "\t" : next;
        at += 2;
      } else if (char === "'" && sql[at + 1] === "'") {
        value += "'";
        at += 2;
      } else if (char === "'") {
        at++;
        return value;
      } else {
        value += char;
        at++;
      }
    }
  };
  while (at < sql.length) {
    const char = sql[at]!;
    if (/\s/.test(char)) at++;
    else if (sql.startsWith("--", at)) at = sql.indexOf("\n", at) === -1 ? sql.length : sql.indexOf("\n", at);
    else if (/[eE]/.test(char) && sql[at + 1] === "'") {
      at += 2;
      tokens.push({ kind: "string", value: literal(true) });
    } else if (char === "'") {
      at++;
      tokens.push({ kind: "string", value: literal(false) });
    } else if (sql.startsWith("||", at)) {
      tokens.push({ kind: "punct", value: "||" });
      at += 2;
    } else if ("(),;".includes(char)) {
      tokens.push({ kind: "punct", value: char });
      at++;
    } else {
      const word = /^[^\s(),;'|]+/.exec(sql.slice(at))![0];
      tokens.push({ kind: "word", value: word });
      at += word.length;
    }
  }
  return tokens;
}

/** The rows of the seed's insert into `table`, each column's value by name: a string when it is literals only. */
function seededRows(table: string): Record<string, string | null>[] {
  const sql = readFileSync(new URL("../../supabase/seed.sql", import.meta.url), "utf8");
  const start = sql.indexOf(`insert into ${table} (`);
  const columns = sql.slice(sql.indexOf("(", start) + 1, sql.indexOf(") values", start)).split(",").map((name) => name.trim().replace(/"/g, ""));
  const tokens = sqlTokens(sql.slice(sql.indexOf(") values", start) + ") values".length, sql.indexOf("on conflict", start)));
  const rows: Record<string, string | null>[] = [];
  let depth = 0;
  let values: (string | null)[] = [];
  let value: SqlToken[] = [];
  const endValue = () => {
    const literalOnly = value.length > 0 && value.every((token) => token.kind === "string" || token.value === "||");
    values.push(literalOnly ? value.filter((token) => token.kind === "string").map((token) => token.value).join("") : null);
    value = [];
  };
  for (const token of tokens) {
    if (token.value === "(" && ++depth === 1) values = [];
    else if (token.value === ")" && --depth === 0) {
      endValue();
      rows.push(Object.fromEntries(columns.map((name, index) => [name, values[index] ?? null])));
    } else if (depth === 1 && token.value === ",") endValue();
    else if (depth >= 1) value.push(token);
  }
  return rows;
}

/**
 * The seed's texts as they were written in Markdown (and the FAQ's in plain text) before they were
 * converted, kept as test data, each with the document supabase/seed.sql now stores for it.
 */
const SEED_MARKDOWN = JSON.parse(readFileSync(new URL("../../tests/support/seed-markdown.json", import.meta.url), "utf8")) as {
  posts: { id: string; title: string; markdown: string }[];
  whitepaper: { id: string; version: string; sections: { title: string; markdown: string }[] }[];
  faq: { id: string; question: string; answer: string }[];
};
const storedPosts = new Map(seededRows("public.blog_posts").map((row) => [row.id, JSON.parse(row.content!) as unknown]));
const storedSections = new Map(seededRows("public.whitepaper").map((row) => [row.id, (JSON.parse(row.sections!) as { title: string; content: unknown }[]).map((item) => item.content)]));
const storedAnswers = new Map(seededRows("public.faq_entries").map((row) => [row.id, JSON.parse(row.answer!) as unknown]));

const SEEDED_MARKDOWN: { name: string; markdown: string; stored: unknown }[] = [
  ...SEED_MARKDOWN.posts.map((row) => ({ name: `post ${row.title}`, markdown: row.markdown, stored: storedPosts.get(row.id) })),
  ...SEED_MARKDOWN.whitepaper.flatMap((row) =>
    row.sections.map((item, index) => ({ name: `whitepaper ${row.version} ${item.title}`, markdown: item.markdown, stored: storedSections.get(row.id)?.[index] })),
  ),
];
const SEEDED_ANSWERS = SEED_MARKDOWN.faq.map((row) => ({ name: `FAQ ${row.question}`, text: row.answer, stored: storedAnswers.get(row.id) }));

/**
 * HTML as a reader's browser reads it, for comparing two renderers: no whitespace between tags, and
 * the one known difference named: a Markdown h1 is an h2 in a document (the page's title is its h1).
 */
const normalised = (html: string) => html.replace(/>\s+</g, "><").replace(/<(\/?)h1>/g, "<$1h2>").trim();
/**
 * Also without the tight and loose lists' difference, which a document does not keep (every list
 * item holds paragraphs; the renderer writes an item of one paragraph without <p>, as a tight list).
 */
const withoutListParagraphs = (html: string) => normalised(html).replace(/<li><p>/g, "<li>").replace(/<\/p><\/li>/g, "</li>").replace(/<\/p>(<[uo]l)/g, "$1");
/** What a reader reads of HTML: the text without tags, entities decoded, whitespace as single spaces. */
const readerText = (html: string) => decodeEntities(html.replace(HTML_TAG, " ")).replace(/\s+/g, " ").trim();

describe("every seeded text converts, and reads as it did", () => {
  it("finds the seeded texts: the four posts, nine whitepaper sections and nine FAQ answers, each stored as a document", () => {
    expect(SEEDED_MARKDOWN).toHaveLength(13);
    expect(SEEDED_ANSWERS).toHaveLength(9);
    expect(SEEDED_MARKDOWN.every((entry) => entry.markdown.length > 0)).toBe(true);
    expect([storedPosts.size, [...storedSections.values()].flat().length, storedAnswers.size]).toEqual([4, 9, 9]);
  });

  it.each(SEEDED_MARKDOWN)("$name: stored as its conversion, with the same HTML as the Markdown renderer, the same text and excerpt", ({ markdown, stored }) => {
    const { document, notes } = convert(markdown, { limits: DOCUMENT_LIMITS.content });
    expect(stored).toEqual(document);
    const checked = validateDocument(stored, DOCUMENT_LIMITS.sectionContent);
    if (!checked.ok) throw new Error(checked.error);
    const storedDocument = checked.document;
    expect(normalised(renderHtml(storedDocument))).toBe(normalised(markdownHtml(markdown)));
    expect(readerText(renderHtml(storedDocument))).toBe(readerText(markdownHtml(markdown)));
    expect(proseText(storedDocument)).toBe(markdownText(markdown));
    // The only change the seeds need: the draft post's title heading, written as an h1.
    expect(notes.filter((note) => !note.startsWith("heading level 1 became 2"))).toEqual([]);
  });

  it.each(SEEDED_ANSWERS)("$name: stored as one paragraph of the same text", ({ text, stored }) => {
    const result = plainTextToDocument(text);
    if (!result.ok) throw new Error(result.error);
    expect(stored).toEqual(result.document);
    const checked = validateDocument(stored, DOCUMENT_LIMITS.answer);
    if (!checked.ok) throw new Error(checked.error);
    expect(renderHtml(checked.document)).toBe(`<p>${text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;")}</p>`);
    expect(renderText(checked.document)).toBe(text);
    expect(result.notes).toEqual([]);
  });
});

describe("markdownToDocument: everything the Markdown renderer supports", () => {
  it("converts headings, emphasis, strike, code, breaks, lists, quotes, code blocks and rules to the same HTML", () => {
    const markdown = [
      "## Two",
      "### Three *em*",
      "#### Four",
      "Some **bold**, *italic*, **bold *and italic***, ~~struck~~, `a < b & c`, an escaped \\*star\\*, AT&amp;T, &copy; &#169; &#xA9; &amp;lt;.",
      "A line\nand the next.",
      "- one\n- two\n  - nested\n    1. deep",
      "3. three\n4. four",
      "- loose\n\n- list",
      "> quoted **words**\n>\n> - in a list",
      "```ts\nconst x = 1 < 2;\n```",
      "    indented code",
      "---",
    ].join("\n\n");
    const { document, notes } = convert(markdown);
    // Fenced code ends with a line break in the Markdown renderer's HTML; a code block keeps the code alone.
    const expected = withoutListParagraphs(markdownHtml(markdown)).replace(/\n<\/code>/g, "</code>").replace(/&copy;/, "©");
    expect(withoutListParagraphs(renderHtml(document))).toBe(expected);
    expect(notes).toEqual([]);
  });

  it("keeps links: http, https, mailto, autolinks and paths on the site, as links", () => {
    const markdown = "[site](https://example.com/a?b=1), <https://auto.example>, www.example.org, team@example.com, [mail](mailto:a@b.example), [page](/whitepaper) and [ref][r].\n\n[r]: https://ref.example";
    const { document, notes } = convert(markdown);
    expect(readerText(renderHtml(document))).toBe(readerText(markdownHtml(markdown)));
    const hrefs = [...renderHtml(document).matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
    expect(hrefs).toEqual(["https://example.com/a?b=1", "https://auto.example", "http://www.example.org", "mailto:team@example.com", "mailto:a@b.example", "/whitepaper", "https://ref.example"]);
    expect(notes).toEqual([]);
  });

  it("keeps the words of a link it may not keep, and says so", () => {
    const { document, notes } = convert("[click](javascript:alert(1)) [here](data:text/html,x) [there](page.html \"Title\")");
    expect(renderHtml(document)).toBe("<p>click here there</p>");
    expect(notes).toEqual([
      'the link to "javascript:alert(1)" is not an http, https or mailto address or a path on the site: its words were kept without it',
      'the link to "data:text/html,x" is not an http, https or mailto address or a path on the site: its words were kept without it',
      'the title of the link to "page.html" (shown on hover) was dropped: "Title"',
      'the link to "page.html" is not an http, https or mailto address or a path on the site: its words were kept without it',
    ]);
  });

  it("makes each picture a block of its own, splitting its paragraph, and a path on the site absolute", () => {
    expect(convert("Before ![A board](https://a.example/b.png) after\n![Logo](/logo.png)", { siteUrl: "https://rcrt.example" })).toEqual({
      ok: true,
      document: {
        type: "doc",
        content: [
          { type: "paragraph", content: [{ type: "text", text: "Before " }] },
          { type: "image", attrs: { src: "https://a.example/b.png", alt: "A board" } },
          { type: "paragraph", content: [{ type: "text", text: " after" }] },
          { type: "image", attrs: { src: "https://rcrt.example/logo.png", alt: "Logo" } },
        ],
      },
      notes: [],
    });
  });

  it("keeps a picture's alt text when its address cannot be a picture, and says what it dropped", () => {
    const { document, notes } = convert('![a chart](data:image/png;base64,AAAA) ![logo](/logo.png "Our logo") [![linked](https://a.example/i.png)](https://b.example)');
    expect(document.content).toEqual([
      { type: "paragraph", content: [{ type: "text", text: "a chart logo " }] },
      { type: "image", attrs: { src: "https://a.example/i.png", alt: "linked" } },
    ]);
    expect(notes).toEqual([
      'the picture "data:image/png;base64,AAAA" is not an http or https address: its alt text was kept as text',
      'the title of the picture "/logo.png" (shown on hover) was dropped: "Our logo"',
      'the picture "/logo.png" is not an http or https address: its alt text was kept as text',
      'a picture linked to "https://b.example" was kept without its link',
    ]);
  });

  it("keeps the text of raw HTML as the reader saw it, never its tags; script and style content goes", () => {
    const markdown = "<script>alert(1)</script>\n\nText <span onclick=\"x()\">in a span</span><script>bad()</script> after<br>next <!-- note --> end\n\n<div>\n<p>Block &amp; <b>html</b></p>\n\n<p>second</p>\n</div>";
    const { document, notes } = convert(markdown);
    expect(renderHtml(document)).toBe("<p>Text in a span after<br>next  end</p><p>Block &amp; html</p><p>second</p>");
    expect(JSON.stringify(document)).not.toMatch(/<|alert|bad\(\)/);
    expect(notes).toEqual([
      'raw HTML "<script>alert(1)</script>" was left out',
      'raw HTML "<span onclick=\\"x()\\">" was left out',
      'raw HTML "</span>" was left out',
      'raw HTML "<script>" was left out',
      'raw HTML "<!-- note -->" was left out',
      'raw HTML "<div>\\n<p>Block &amp; <b>html</b></p>" was left out, its text kept',
      'raw HTML "<p>second</p>\\n</div>" was left out, its text kept',
    ]);
  });

  it("reads a quoted attribute value holding a > as part of its tag: none of the tag, nor a script's content, becomes words", () => {
    const { document, notes } = convert('Text <span title="a>b">in a span</span> <script type=\'x>y\'>bad()</script> after\n\n<div title="a>b">\nblock\n</div>');
    expect(renderHtml(document)).toBe("<p>Text in a span  after</p><p>block</p>");
    expect(notes).toEqual([
      'raw HTML "<span title=\\"a>b\\">" was left out',
      'raw HTML "</span>" was left out',
      'raw HTML "<script type=\'x>y\'>" was left out',
      'raw HTML "<div title=\\"a>b\\">\\nblock\\n</div>" was left out, its text kept',
    ]);
  });

  it("drops every script-like element of a raw HTML block, in any case, and an inline one opened in capitals up to its end", () => {
    expect(renderHtml(convert("<div>\n<script>one()</script> mid <style>p{}</style> end\n</div>").document)).toBe("<p>mid end</p>");
    expect(renderHtml(convert("<div>\n<SCRIPT>one()</SCRIPT> end\n</div>").document)).toBe("<p>end</p>");
    expect(renderHtml(convert("Text <SCRIPT>bad()</SCRIPT> after").document)).toBe("<p>Text  after</p>");
  });

  it("keeps what a browser shows of inline raw HTML that is not only a tag: a CDATA section ends at its first >", () => {
    const { document, notes } = convert("a <![CDATA[x > y]]> b");
    expect(renderHtml(document)).toBe("<p>a  y]]&gt; b</p>");
    expect(notes).toEqual(['raw HTML "<![CDATA[x > y]]>" was left out, its text kept']);
  });

  it("turns headings of level 1, 5 and 6 into the nearest level it has, and says so", () => {
    const { document, notes } = convert("# One\n\n##### Five\n\n###### Six");
    expect(renderHtml(document)).toBe("<h2>One</h2><h4>Five</h4><h4>Six</h4>");
    expect(notes).toHaveLength(3);
    expect(notes[0]).toBe('heading level 1 became 2 (a document has levels 2 to 4: a page\'s h1 is its title): "One"');
  });

  it("keeps a table's rows as paragraphs and a task's box as a character, and says so", () => {
    const { document, notes } = convert("| Size | Price |\n|---|---:|\n| 1TB | *$99* |\n\n- [ ] to do\n- [x] done");
    expect(renderHtml(document)).toBe("<p><strong>Size</strong> | <strong>Price</strong></p><p>1TB | <em>$99</em></p><ul><li>☐ to do</li><li>☑ done</li></ul>");
    expect(notes).toEqual(['a table was kept as one paragraph a row, its cells separated by " | " (the format has no tables)', "a task list's box was kept as a character (☐ or ☑)"]);
  });

  it("keeps an unknown character reference as typed, and says so", () => {
    const { document, notes } = convert("&bogus; and &hearts;");
    expect(renderText(document)).toBe("&bogus; and ♥");
    expect(notes).toEqual(["the character reference &bogus; was kept as typed"]);
  });

  it("refuses Markdown whose document would be too deep or too large, saying why", () => {
    const deep = markdownToDocument(`${"> ".repeat(50)}deep`);
    expect(deep).toMatchObject({ ok: false, error: expect.stringMatching(/nested more than 20 levels deep$/) as unknown });
    expect(markdownToDocument(`${"> ".repeat(MAX_DEPTH - 3)}fits`).ok).toBe(true);
    const large = markdownToDocument("word ".repeat(60_000), { limits: DOCUMENT_LIMITS.answer });
    expect(large).toMatchObject({ ok: false, error: expect.stringMatching(/larger than 50,000 bytes$/) as unknown });
  });

  it("converts an empty text to an empty document", () => {
    expect(blocks("")).toEqual([]);
    expect(blocks("\n\n   \n")).toEqual([]);
  });
});

describe("markdownToDocument: the edges of each rule", () => {
  const paragraph = (...content: unknown[]) => ({ type: "paragraph", content });
  const text = (value: string, marks?: unknown[]) => (marks ? { type: "text", text: value, marks } : { type: "text", text: value });
  const image = (src: string, alt: string) => ({ type: "image", attrs: { src, alt } });

  it("drops the content of raw script and style blocks whatever their attributes, spaces and closing tag", () => {
    expect(markdownToDocument('<script type="module">bad()</script>\n\n<style>a { color: red }</style>\n\n<script>x()</script >\n\nafter')).toEqual({
      ok: true,
      document: { type: "doc", content: [paragraph(text("after"))] },
      notes: ['raw HTML "<script type=\\"module\\">bad()</script>" was left out', 'raw HTML "<style>a { color: red }</style>" was left out', 'raw HTML "<script>x()</script >\\n\\nafter" was left out, its text kept'],
    });
  });

  it("drops what an inline script holds up to its closing tag in any case, tags inside it too", () => {
    expect(markdownToDocument('Text <script type="module">bad()</script> after, <script>no()</SCRIPT> then <script>a <b>x</b> c</script> end')).toEqual({
      ok: true,
      document: { type: "doc", content: [paragraph(text("Text  after,  then  end"))] },
      notes: ['raw HTML "<script type=\\"module\\">" was left out', 'raw HTML "<script>" was left out'],
    });
  });

  it("reads <br /> as a line break", () => {
    expect(blocks("a<br />b")).toEqual([paragraph(text("a"), { type: "hardBreak" }, text("b"))]);
  });

  it("cuts what a note quotes after 59 characters, and leaves 60 whole", () => {
    const note = (address: string) => `the link to "${address}" is not an http, https or mailto address or a path on the site: its words were kept without it`;
    expect(convert(`[x](javascript:${"a".repeat(60)})`).notes).toEqual([note(`javascript:${"a".repeat(48)}…`)]);
    expect(convert(`[x](javascript:${"a".repeat(49)})`).notes).toEqual([note(`javascript:${"a".repeat(49)}`)]);
  });

  it("decodes the character references of raw HTML, numeric and named, and drops its comments whole", () => {
    expect(convert("<div>&#x2014; &#8212; &#169; &copy; &bogus; x <!-- 1 > 0 --> y</div>").document.content).toEqual([paragraph(text("— — © © &bogus; x y"))]);
  });

  it("leaves no empty text where raw HTML stood inside marks", () => {
    expect(markdownToDocument("a **<span></span>** b")).toMatchObject({ ok: true, document: { type: "doc", content: [paragraph(text("a  b"))] } });
  });

  it("trims the addresses of pictures and links", () => {
    expect(blocks("![a](&#32;https://a.example/b.png) [l](&#32;https://a.example/)")).toEqual([image("https://a.example/b.png", "a"), paragraph(text(" "), text("l", [{ type: "link", attrs: { href: "https://a.example/" } }]))]);
  });

  it("makes absolute only a picture's path on the site: not a relative address, nor one on another host", () => {
    expect(convert("![x](logo.png) ![y](//evil.example/a.png)", { siteUrl: "https://rcrt.example" })).toMatchObject({
      document: { type: "doc", content: [paragraph(text("x y"))] },
      notes: ['the picture "logo.png" is not an http or https address: its alt text was kept as text', 'the picture "//evil.example/a.png" is not an http or https address: its alt text was kept as text'],
    });
  });

  it("gives emphasis inside the same emphasis one mark", () => {
    expect(blocks("*a *b* c* and **a **b** c**")).toEqual([paragraph(text("a b c", [{ type: "italic" }]), text(" and "), text("a b c", [{ type: "bold" }]))]);
  });

  it("says so when a link holds a picture among its words", () => {
    expect(convert("[text ![i](https://a.example/i.png)](https://b.example)")).toMatchObject({
      document: { type: "doc", content: [paragraph(text("text ", [{ type: "link", attrs: { href: "https://b.example" } }])), image("https://a.example/i.png", "i")] },
      notes: ['a picture linked to "https://b.example" was kept without its link'],
    });
  });

  it("leaves out the line breaks and blank text around pictures", () => {
    expect(blocks("![p](https://a.example/b.png)\nafter")).toEqual([image("https://a.example/b.png", "p"), paragraph(text("after"))]);
    expect(blocks("![a](https://a.example/a.png) ![b](https://a.example/b.png)")).toEqual([image("https://a.example/a.png", "a"), image("https://a.example/b.png", "b")]);
    expect(blocks("![a](https://a.example/a.png) \n ![b](https://a.example/b.png)")).toEqual([image("https://a.example/a.png", "a"), image("https://a.example/b.png", "b")]);
    expect(blocks("![a](https://a.example/a.png) <br> ![b](https://a.example/b.png)")).toEqual([image("https://a.example/a.png", "a"), image("https://a.example/b.png", "b")]);
  });

  it("gives an empty list item, quote or heading an empty paragraph or nothing, and moves a heading's picture after it", () => {
    expect(blocks("- one\n-\n- three")).toEqual([{ type: "bulletList", content: [{ type: "listItem", content: [paragraph(text("one"))] }, { type: "listItem", content: [{ type: "paragraph" }] }, { type: "listItem", content: [paragraph(text("three"))] }] }]);
    expect(blocks(">\n\nafter")).toEqual([{ type: "blockquote", content: [{ type: "paragraph" }] }, paragraph(text("after"))]);
    expect(blocks("## Title ![i](https://a.example/i.png)\n\n## ![j](https://a.example/j.png)\n\n##\n\ntext")).toEqual([
      { type: "heading", attrs: { level: 2 }, content: [text("Title ")] },
      image("https://a.example/i.png", "i"),
      { type: "heading", attrs: { level: 2 } },
      image("https://a.example/j.png", "j"),
      { type: "heading", attrs: { level: 2 } },
      paragraph(text("text")),
    ]);
  });

  it("keeps a code block's language when it is one, its first word only, and drops another, saying so", () => {
    expect(convert("```foo$bar\ncode\n```\n\n```\nplain\n```\n\n```ts  extra\nx\n```")).toMatchObject({
      document: {
        type: "doc",
        content: [
          { type: "codeBlock", content: [text("code")] },
          { type: "codeBlock", content: [text("plain")] },
          { type: "codeBlock", attrs: { language: "ts" }, content: [text("x")] },
        ],
      },
      notes: ['the code block language "foo$bar" was dropped'],
    });
    expect(blocks("```foo$bar\ncode\n```")[0]).not.toHaveProperty("attrs");
  });

  it("says a raw HTML block kept text only when it held some, and splits what it held at blank lines", () => {
    expect(convert("<div>\n</div>\n\n<div>x</div>\n\nafter")).toMatchObject({
      document: { type: "doc", content: [paragraph(text("x")), paragraph(text("after"))] },
      notes: ['raw HTML "<div>\\n</div>" was left out', 'raw HTML "<div>x</div>" was left out, its text kept'],
    });
    expect(blocks("<pre>\na\n\nb\n   \nc  d\ne\n</pre>")).toEqual([paragraph(text("a")), paragraph(text("b")), paragraph(text("c d e"))]);
    expect(blocks("<pre>\na\n\n   b\n</pre>")).toEqual([paragraph(text("a")), paragraph(text("b"))]);
    expect(convert("<div>x</div>  \n\nafter").notes).toEqual(['raw HTML "<div>x</div>" was left out, its text kept']);
  });

  it("gives its notes with a refusal too", () => {
    expect(markdownToDocument(`# T\n\n${"> ".repeat(50)}x`)).toMatchObject({ ok: false, notes: ['heading level 1 became 2 (a document has levels 2 to 4: a page\'s h1 is its title): "T"'] });
  });
});

describe("plainTextToDocument", () => {
  it("trims the text, and a line break at either end is no line break shown", () => {
    expect(plainTextToDocument(" Yes.\n")).toEqual({ ok: true, document: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Yes." }] }] }, notes: [] });
  });

  it("keeps text as one paragraph, spaces and line breaks shown as one space, HTML as text", () => {
    const result = plainTextToDocument("Yes.\nWe ship <b>worldwide</b>   soon.");
    expect(result).toEqual({ ok: true, document: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Yes. We ship <b>worldwide</b> soon." }] }] }, notes: ["line breaks were shown as spaces and are kept as spaces"] });
    expect(plainTextToDocument("")).toEqual({ ok: true, document: { type: "doc", content: [{ type: "paragraph" }] }, notes: [] });
    expect(plainTextToDocument("x".repeat(60_000)).ok).toBe(false);
  });
});
