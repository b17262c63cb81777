import { describe, expect, it } from "vitest";
import { decodeEntities, markdownText } from "./markdown-reading.ts";

describe("markdownText: the rendered text of Markdown", () => {
  it("keeps the words a reader sees and none of the syntax", () => {
    expect(markdownText("# Title\n\nSome **bold** and _italic_ [link](https://x.example/a_b) text.")).toBe("Title Some bold and italic link text.");
    expect(markdownText("- one\n- two\n\n> quoted `code` here\n\n1. first")).toBe("one two quoted code here first");
    expect(markdownText("Tom &amp; Jerry's \\*stars\\* ~~gone~~ 5 < 6")).toBe("Tom & Jerry's *stars* gone 5 < 6");
  });

  it("drops code blocks, images and raw scripts, which are not prose", () => {
    expect(markdownText("Before\n\n```js\nconst x = 1;\n```\n\n![a cat](https://x.example/cat.png)\n\n<script>alert(1)</script>\n\nAfter")).toBe("Before After");
  });

  it("keeps words of adjacent blocks apart and punctuation beside its word", () => {
    expect(markdownText("## Heading\nLine one\nline **two**.")).toBe("Heading Line one line two.");
  });
});

describe("markdownText: raw HTML in the Markdown", () => {
  it("keeps the words on either side of a dropped script, and of block tags with or without attributes, apart", () => {
    expect(markdownText("Before<script>alert(1)</script>after")).toBe("Before after");
    expect(markdownText("one<h2>two</h2>three")).toBe("one two three");
    expect(markdownText('one<div class="note">two</div>three')).toBe("one two three");
  });

  it("reads a quoted attribute value holding a > as part of its tag, as a browser does", () => {
    expect(markdownText('Hello <b title="a>b">bold</b> world')).toBe("Hello bold world");
    expect(markdownText("Hi <span data-x='1>2'>there</span>.")).toBe("Hi there.");
    expect(markdownText('one<div title="a>b">two</div>three')).toBe("one two three");
  });

  it("keeps a < that opens no tag as text", () => {
    expect(markdownText("5 < 6 isn't it")).toBe("5 < 6 isn't it");
  });
});

describe("decodeEntities", () => {
  it("reads the common named entities, a non-breaking space as a space", () => {
    expect(decodeEntities("&amp; &lt; &gt; &quot; &apos;")).toBe(`& < > " '`);
    expect(decodeEntities("a&nbsp;b")).toBe("a b");
    expect(decodeEntities("&AMP; &unknown;")).toBe("& &unknown;");
  });

  it("reads decimal and hexadecimal references, with a small or a capital x and any number of digits", () => {
    expect(decodeEntities("&#65;&#x42;&#X43;&#x1F600;&#128512;")).toBe("ABC😀😀");
    expect(decodeEntities("&#x10FFFF;")).toBe(String.fromCodePoint(0x10ffff));
  });

  it("leaves a reference to no character as written: 0, or past the last code point", () => {
    expect(decodeEntities("&#0; &#x0; &#x110000; &#1114112;")).toBe("&#0; &#x0; &#x110000; &#1114112;");
  });
});
