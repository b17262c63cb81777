import { describe, expect, it } from "vitest";
import { asNode, childrenOf, ctaLabel, inlineMarkup, integerAttr, isExternal, linkOf, marksOf, stringAttr, textOf, type KnownMark, type LooseNode } from "./nodes.ts";

const node = (value: Record<string, unknown> & { type: string }): LooseNode => value;
const text = (words: string, marks?: unknown[]): LooseNode => node({ type: "text", text: words, ...(marks ? { marks } : {}) });

describe("reading a node without trusting it", () => {
  it("asNode: an object with a string type is a node; a list, null, text or an object without a string type is not", () => {
    const paragraph = { type: "paragraph" };
    expect(asNode(paragraph)).toBe(paragraph);
    const list = Object.assign([], { type: "paragraph" });
    for (const value of [list, [paragraph], null, undefined, "paragraph", 3, { type: 3 }, { content: [] }]) expect(asNode(value)).toBeNull();
  });

  it("childrenOf: the children that are nodes, in order; none below level 20 or without a list of content", () => {
    const first = { type: "paragraph" };
    const second = { type: "heading" };
    const parent = node({ type: "doc", content: [null, first, "text", 7, [second], { type: 1 }, second] });
    expect(childrenOf(parent, 1)).toEqual([first, second]);
    expect(childrenOf(parent, 19)).toEqual([first, second]);
    expect(childrenOf(parent, 20)).toEqual([]);
    expect(childrenOf(node({ type: "doc", content: { 0: first, length: 1 } }), 1)).toEqual([]);
    expect(childrenOf(node({ type: "doc" }), 1)).toEqual([]);
  });

  it("stringAttr: a string attribute; null for another kind of value, a missing one, or attrs that are not an object", () => {
    const image = node({ type: "image", attrs: { src: "/a.png", alt: "", width: 640, title: null } });
    expect(stringAttr(image, "src")).toBe("/a.png");
    expect(stringAttr(image, "alt")).toBe("");
    expect(stringAttr(image, "width")).toBeNull();
    expect(stringAttr(image, "title")).toBeNull();
    expect(stringAttr(image, "caption")).toBeNull();
    expect(stringAttr(node({ type: "image", attrs: null }), "src")).toBeNull();
    expect(stringAttr(node({ type: "image", attrs: "src" }), "length")).toBeNull();
    expect(stringAttr(node({ type: "image" }), "src")).toBeNull();
  });

  it("integerAttr: a whole number from min to max, both included; null for anything else", () => {
    const list = (start: unknown) => node({ type: "orderedList", attrs: { start } });
    expect(integerAttr(list(0), "start", 0, 10)).toBe(0);
    expect(integerAttr(list(10), "start", 0, 10)).toBe(10);
    expect(integerAttr(list(4), "start", 0, 10)).toBe(4);
    for (const outside of [-1, 11, 2.5, Number.NaN, Infinity, "3", null, true]) expect(integerAttr(list(outside), "start", 0, 10)).toBeNull();
    expect(integerAttr(node({ type: "orderedList", attrs: null }), "start", 0, 10)).toBeNull();
    expect(integerAttr(node({ type: "orderedList" }), "start", 0, 10)).toBeNull();
  });

  it("textOf: a text node's text, and \"\" for any other node, even one with a text field", () => {
    expect(textOf(text("words"))).toBe("words");
    expect(textOf(node({ type: "paragraph", text: "not a text node" }))).toBe("");
    expect(textOf(node({ type: "text", text: 5 }))).toBe("");
  });
});

describe("marks", () => {
  it("marksOf: the known marks outermost first, whatever their order; unknown marks, non-marks and unsafe links left out", () => {
    const marks = marksOf(text("x", [null, "bold", { type: "code" }, { type: "underline" }, { type: "italic" }, { type: "link", attrs: { href: "javascript:alert(1)" } }, { type: "bold" }, { type: "strike" }]));
    expect(marks).toEqual([{ type: "bold" }, { type: "italic" }, { type: "strike" }, { type: "code" }]);
    expect(marksOf(text("x", [{ type: "italic" }, { type: "link", attrs: { href: "https://example.com/" } }]))).toEqual([{ type: "link", href: "https://example.com/" }, { type: "italic" }]);
    expect(marksOf(node({ type: "text", text: "x", marks: { type: "bold" } }))).toEqual([]);
  });

  it("linkOf: a text's safe link address, or null", () => {
    expect(linkOf(text("x", [{ type: "bold" }, { type: "link", attrs: { href: "/about" } }]))).toBe("/about");
    expect(linkOf(text("x", [{ type: "bold" }, { type: "italic" }]))).toBeNull();
    expect(linkOf(text("x", [{ type: "link", attrs: { href: "data:text/html,x" } }]))).toBeNull();
  });

  it("isExternal: an http or https address leaves the site; a path does, even with an address in its query, not", () => {
    expect(isExternal("https://example.com/")).toBe(true);
    expect(isExternal("http://example.com/")).toBe(true);
    expect(isExternal("HTTPS://EXAMPLE.COM/")).toBe(true);
    expect(isExternal("/go?to=https://example.com/")).toBe(false);
    expect(isExternal("mailto:hello@example.com")).toBe(false);
  });
});

describe("inlineMarkup: a mark shared by neighbouring texts opened once", () => {
  const tag = (mark: KnownMark) => (mark.type === "link" ? `a href=${mark.href}` : mark.type);
  const write = { text: (words: string) => words, hardBreak: "<br>", open: (mark: KnownMark) => `<${tag(mark)}>`, close: (mark: KnownMark) => `</${mark.type === "link" ? "a" : mark.type}>` };
  const link = (href: string) => ({ type: "link", attrs: { href } });

  it("keeps one link open over neighbouring texts with the same address, a bold word inside it", () => {
    expect(inlineMarkup([text("one ", [link("/a")]), text("two", [link("/a"), { type: "bold" }]), text(" three", [link("/a")])], write)).toBe("<a href=/a>one <bold>two</bold> three</a>");
  });

  it("closes a link before a neighbouring link to another address", () => {
    expect(inlineMarkup([text("one", [link("/a")]), text("two", [link("/b")])], write)).toBe("<a href=/a>one</a><a href=/b>two</a>");
    expect(inlineMarkup([text("one", [link("/a"), { type: "bold" }]), text("two", [link("/b"), { type: "bold" }])], write)).toBe("<a href=/a><bold>one</bold></a><a href=/b><bold>two</bold></a>");
  });

  it("closes a mark before a neighbour with another one in its place", () => {
    expect(inlineMarkup([text("a", [{ type: "bold" }]), text("b", [{ type: "italic" }]), text("c", [{ type: "link", attrs: { href: "/a" } }])], write)).toBe("<bold>a</bold><italic>b</italic><a href=/a>c</a>");
  });

  it("writes nothing for an empty text or a node that is not text, not even its marks", () => {
    expect(inlineMarkup([text("a"), text("", [{ type: "bold" }]), node({ type: "image", marks: [{ type: "italic" }] }), text("b")], write)).toBe("ab");
    expect(inlineMarkup([text("a", [{ type: "bold" }]), text("", [{ type: "italic" }]), text("b", [{ type: "bold" }])], write)).toBe("<bold>ab</bold>");
  });

  it("writes a hard break inside the marks it carries, and closes every mark at the end", () => {
    expect(inlineMarkup([text("a", [{ type: "bold" }]), node({ type: "hardBreak", marks: [{ type: "bold" }] }), text("b", [{ type: "bold" }, { type: "code" }])], write)).toBe("<bold>a<br><code>b</code></bold>");
  });
});

describe("ctaLabel: a call to action's words", () => {
  const button = (label: unknown) => node({ type: "callToAction", attrs: { action: "discord", label } });

  it("is the editor's label, trimmed", () => {
    expect(ctaLabel(button("  Talk to us  "), "discord")).toBe("Talk to us");
  });

  it("is the home page's words for the action when the label is missing, blank or not text", () => {
    for (const label of [undefined, null, "", "   ", 7]) {
      expect(ctaLabel(button(label), "discord")).toBe("Join Discord");
      expect(ctaLabel(button(label), "waitlist")).toBe("Join Waitlist");
      expect(ctaLabel(button(label), "newsletter")).toBe("Subscribe to the newsletter");
    }
  });
});
