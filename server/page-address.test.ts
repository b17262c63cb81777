import { describe, expect, it } from "vitest";
import { headerSafeQuery, pageAddress } from "./page-address.ts";

describe("a page's one address", () => {
  it.each([
    ["/", "/"],
    ["///", "/"],
    ["/updates", "/updates"],
    ["/updates/", "/updates"],
    ["/updates////", "/updates"],
    ["//updates//some-post", "/updates/some-post"],
    ["/./updates/x/../some-post", "/updates/some-post"],
    ["/%75pdates", "/updates"],
    ["/updates/caf%c3%a9", "/updates/caf%C3%A9"],
    ["/updates/café", "/updates/caf%C3%A9"],
    ["/a%3Fb%23c%20d", "/a%3Fb%23c%20d"],
    ["/a:b@c;d=e,f+g$h&i", "/a:b@c;d=e,f+g$h&i"],
    ["/%7Euser", "/~user"],
    ["/Updates", "/Updates"],
    ["/ja", "/ja/"],
    ["/ja/", "/ja/"],
    ["/ja//", "/ja/"],
    ["/ja/updates/", "/ja/updates"],
  ])("%s is %s", (raw, address) => {
    expect(pageAddress(raw)).toBe(address);
  });

  it("is its own address: redirecting to it never loops", () => {
    for (const raw of ["/updates/caf%c3%a9", "/a%3Fb", "/a:b@c", "/%7Euser", "//x//y/", "/ja"]) {
      const address = pageAddress(raw)!;
      expect(pageAddress(address)).toBe(address);
    }
  });

  it.each(["/%zz", "/a%2Fb", "/a%5Cb", "/a%00b", "/a%0Ab", "/caf%C3"])("%s names no page", (raw) => {
    expect(pageAddress(raw)).toBeNull();
  });

  it("keeps a query for a Location header, with bytes beyond ASCII encoded", () => {
    expect(headerSafeQuery("?preview=abc&x=%00")).toBe("?preview=abc&x=%00");
    expect(headerSafeQuery("?q=\u00e9 x")).toBe("?q=%E9%20x");
  });
});
