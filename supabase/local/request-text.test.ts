import { describe, expect, it } from "vitest";
import { badQueryText, badRequestText } from "./request-text.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("text a request may carry", () => {
  it("lets ordinary text, JSON and forms through", () => {
    expect(badRequestText(new URLSearchParams("name=eq.café&select=*"), bytes('{"quote":"a\\nb ✓"}'), "application/json")).toBeNull();
    expect(badRequestText(new URLSearchParams(), bytes("email=a%40b.co"), "application/x-www-form-urlencoded")).toBeNull();
    expect(badRequestText(new URLSearchParams(), undefined, null)).toBeNull();
  });

  it.each([
    ["a NUL in a query value", new URLSearchParams("name=eq.%00"), undefined, null],
    ["a NUL in a query name", new URLSearchParams("a%00=1"), undefined, null],
    ["a raw NUL byte in the body", new URLSearchParams(), new Uint8Array([0x7b, 0x00, 0x7d]), "application/json"],
    ["an escaped NUL in a JSON string", new URLSearchParams(), bytes('{"quote":"a\\u0000b"}'), "application/json"],
    ["an escaped NUL in a JSON key", new URLSearchParams(), bytes('[{"a\\u0000":1}]'), "application/json"],
    ["a NUL in a form field", new URLSearchParams(), bytes("email=a%00b"), "application/x-www-form-urlencoded; charset=utf-8"],
    ["bytes that are not UTF-8", new URLSearchParams(), new Uint8Array([0x22, 0xff, 0xfe, 0x22]), "application/json"],
  ])("refuses %s", (_label, query, body, type) => {
    expect(badRequestText(query, body, type)).toMatch(/NUL|UTF-8/);
  });
});

describe("a raw query string", () => {
  it("lets ordinary and encoded text through", () => {
    expect(badQueryText("search=caf%C3%A9&limit=10&flag&q=a+b")).toBeNull();
    expect(badQueryText("")).toBeNull();
  });

  it.each([["search=%00"], ["a%00=1"], ["search=%FF"], ["search=%E2%98"], ["search=%zz"]])("refuses %s", (query) => {
    expect(badQueryText(query)).toMatch(/NUL|UTF-8/);
  });
});
