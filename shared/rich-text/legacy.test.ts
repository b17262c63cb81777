import { describe, expect, it } from "vitest";
import { ConversionError, convertedValue, convertedVersion, RICH_TEXT_COLUMNS, type RichTextColumn } from "./legacy.ts";

// Text stored before rich text, as documents: the production conversion (scripts/convert-rich-text.ts)
// and the restore of an old version (backoffice/history/revisions.ts) both go through these.

const POSTS: RichTextColumn = { table: "blog_posts", column: "content", label: "title" };
const WHITEPAPER: RichTextColumn = { table: "whitepaper", column: "sections", label: "version" };
const FAQ: RichTextColumn = { table: "faq_entries", column: "answer", label: "question" };

const paragraph = (text: string) => ({ type: "paragraph", content: [{ type: "text", text }] });
const doc = (...content: unknown[]) => ({ type: "doc", content });

describe("the rich-text columns", () => {
  it("are a post's content, the whitepaper's sections and an FAQ answer, each row named by its title, version or question", () => {
    expect(RICH_TEXT_COLUMNS).toEqual([POSTS, WHITEPAPER, FAQ]);
  });
});

describe("convertedValue", () => {
  it("makes a post's Markdown a document, with the notes of what changed", () => {
    expect(convertedValue(POSTS, "# Big\n\nTom &amp; Jerry")).toEqual({
      value: doc({ type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Big" }] }, paragraph("Tom & Jerry")),
      notes: ['content: heading level 1 became 2 (a document has levels 2 to 4: a page\'s h1 is its title): "Big"'],
      differences: [],
    });
  });

  it("makes a picture's path on the site absolute on the site's origin when it is given", () => {
    expect(convertedValue(POSTS, "![pic](/images/a.png)", { siteUrl: "https://rcrt.example" })?.value).toEqual(doc({ type: "image", attrs: { src: "https://rcrt.example/images/a.png", alt: "pic" } }));
  });

  it("compares the words a reader saw with the document's only when asked", () => {
    const markdown = "- [ ] task";
    expect(convertedValue(POSTS, markdown)?.differences).toEqual([]);
    expect(convertedValue(POSTS, markdown, { compare: true })?.differences).toEqual(["content: the text differs from the Markdown's", "content: the page's words differ from the Markdown's"]);
  });

  it("finds no difference where the document shows the same words as the Markdown did", () => {
    for (const markdown of ["<!-- a comment -->", "Tom &amp; Jerry", "a <span>b</span> c", "## Title\n\n- one\n- *two*\n\n> quoted\n\n```\ncode\n```", "[x](javascript:y)"]) {
      expect(convertedValue(POSTS, markdown, { compare: true })?.differences).toEqual([]);
    }
  });

  it("compares the page's words apart from the text: a tag the Markdown showed between two letters was a space on the page", () => {
    expect(convertedValue(POSTS, "a<span>b</span>", { compare: true })?.differences).toEqual(["content: the page's words differ from the Markdown's"]);
  });

  it("refuses a post too large for its field, naming the column", () => {
    const tooLarge = "word ".repeat(210_000);
    expect(() => convertedValue(POSTS, tooLarge)).toThrow(ConversionError);
    expect(() => convertedValue(POSTS, tooLarge)).toThrow(/^content: doc\.content\[0\]\.content\[0\]: the document is larger than 1,000,000 bytes$/);
  });

  it("makes an FAQ answer, plain text, one paragraph with its line breaks as spaces", () => {
    expect(convertedValue(FAQ, "Yes.\n  *Soon*.")).toEqual({ value: doc(paragraph("Yes. *Soon*.")), notes: ["line breaks were shown as spaces and are kept as spaces"], differences: [] });
  });

  it("refuses an FAQ answer too large for an answer, though it would fit a post", () => {
    const answer = "word ".repeat(11_000);
    expect(convertedValue(POSTS, answer)).not.toBeNull();
    expect(() => convertedValue(FAQ, answer)).toThrow(ConversionError);
    expect(() => convertedValue(FAQ, answer)).toThrow(/^doc\.content\[0\]\.content\[0\]: the document is larger than 50,000 bytes$/);
  });

  it("converts each whitepaper section that holds Markdown, leaving the others and every other field as they are", () => {
    const kept = { title: "B", content: doc(paragraph("two")), order: 1 };
    expect(convertedValue(WHITEPAPER, [{ title: "A", content: "*one*", order: 0 }, kept])).toEqual({
      value: [{ title: "A", content: doc({ type: "paragraph", content: [{ type: "text", text: "one", marks: [{ type: "italic" }] }] }), order: 0 }, kept],
      notes: [],
      differences: [],
    });
  });

  it("names each section by its place and title in the notes and differences", () => {
    const converted = convertedValue(WHITEPAPER, [{ title: "Intro", content: "Fine.", order: 0 }, { title: "Plan", content: "# Big\n\n- [x] done", order: 1 }], { compare: true });
    expect(converted?.notes).toEqual(['section 2 (Plan): heading level 1 became 2 (a document has levels 2 to 4: a page\'s h1 is its title): "Big"', "section 2 (Plan): a task list's box was kept as a character (☐ or ☑)"]);
    expect(converted?.differences).toEqual(["section 2 (Plan): the text differs from the Markdown's", "section 2 (Plan): the page's words differ from the Markdown's"]);
  });

  it("refuses a section too large for a section, though it would fit a post, naming the section", () => {
    const content = "word ".repeat(50_000);
    expect(convertedValue(POSTS, content)).not.toBeNull();
    expect(() => convertedValue(WHITEPAPER, [{ title: "Long", content, order: 0 }])).toThrow(/^section 1 \(Long\): doc\.content\[0\]\.content\[0\]: the document is larger than 200,000 bytes$/);
  });

  it("leaves documents, and values that are not text, alone: nothing to write", () => {
    expect(convertedValue(POSTS, doc(paragraph("done")))).toBeNull();
    expect(convertedValue(FAQ, doc(paragraph("done")))).toBeNull();
    expect(convertedValue(POSTS, null)).toBeNull();
    expect(convertedValue(FAQ, 42)).toBeNull();
    expect(convertedValue(WHITEPAPER, [{ title: "A", content: doc(paragraph("done")), order: 0 }, null])).toBeNull();
    expect(convertedValue(WHITEPAPER, "# sections as text")).toBeNull();
    expect(convertedValue(WHITEPAPER, [])).toBeNull();
  });
});

describe("convertedVersion", () => {
  it("gives the columns of a version recorded before rich text as documents, and only those", () => {
    expect(convertedVersion("faq_entries", { question: "Why?", answer: "Because." })).toEqual({ answer: doc(paragraph("Because.")) });
    expect(convertedVersion("blog_posts", { title: "T", content: "**Hi**", excerpt: "e" })).toEqual({ content: doc({ type: "paragraph", content: [{ type: "text", text: "Hi", marks: [{ type: "bold" }] }] }) });
    expect(convertedVersion("whitepaper", { version: "1.0", sections: [{ title: "A", content: "one", order: 0 }] })).toEqual({ sections: [{ title: "A", content: doc(paragraph("one")), order: 0 }] });
  });

  it("makes a picture's path absolute on the site's origin it is given", () => {
    expect(convertedVersion("blog_posts", { content: "![pic](/images/a.png)" }, { siteUrl: "https://rcrt.example" })).toEqual({ content: doc({ type: "image", attrs: { src: "https://rcrt.example/images/a.png", alt: "pic" } }) });
  });

  it("is null for a version of documents only, one without the column, and another table's", () => {
    expect(convertedVersion("faq_entries", { question: "Why?", answer: doc(paragraph("Because.")) })).toBeNull();
    expect(convertedVersion("faq_entries", { question: "Why?" })).toBeNull();
    expect(convertedVersion("videos", { content: "**Hi**", answer: "Because." })).toBeNull();
    expect(convertedVersion("faq_entries", { content: "**Hi**" })).toBeNull();
  });

  it("throws when a text cannot become a document", () => {
    expect(() => convertedVersion("faq_entries", { answer: "word ".repeat(11_000) })).toThrow(ConversionError);
  });
});
