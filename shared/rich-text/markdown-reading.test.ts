import { describe, expect, it } from "vitest";
import { markdownText } from "./markdown-reading.ts";

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
