import { describe, expect, it } from "vitest";
import { canonicalPath, pathIs, pathUnder } from "./path.ts";

describe("canonical request paths", () => {
  it.each([
    ["/auth/v1/token", "/auth/v1/token"],
    ["/auth/v1/%74oken", "/auth/v1/token"],
    ["/%61uth/v1/token", "/auth/v1/token"],
    ["//auth///v1/token", "/auth/v1/token"],
    ["/auth/v1/x/../token", "/auth/v1/token"],
    ["/auth/v1/%2e%2e/v1/token", "/auth/v1/token"],
    ["/auth/v1/./token", "/auth/v1/token"],
    ["/auth/v1/token/", "/auth/v1/token/"],
    ["/rest/v1/caf%C3%A9", "/rest/v1/café"],
    ["/", "/"],
  ])("%s is served as %s", (raw, canonical) => {
    expect(canonicalPath(raw)).toBe(canonical);
  });

  it.each(["/auth/v1/%zz", "/auth/v1/a%2Fb", "/auth/v1/a%5Cb", "/auth/v1/a%00b", "/auth/v1/a%0Ab", "/auth/v1/a%7Fb"])("refuses %s", (raw) => {
    expect(canonicalPath(raw)).toBeNull();
  });

  it("matches routes without regard to case or a trailing slash", () => {
    expect(pathIs("/Auth/V1/TOKEN", "/auth/v1/token")).toBe(true);
    expect(pathIs("/auth/v1/token/", "/auth/v1/token")).toBe(true);
    expect(pathIs("/auth/v1/tokens", "/auth/v1/token")).toBe(false);
    expect(pathUnder("/REST/v1/posts", "/rest/v1")).toBe(true);
    expect(pathUnder("/rest/v10", "/rest/v1")).toBe(false);
    expect(pathUnder("/REST/v1", "/rest/v1")).toBe(true);
  });
});
