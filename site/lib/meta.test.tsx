import { describe, expect, it } from "vitest";
import { siteOrigin } from "./meta.ts";

describe("the site's origin", () => {
  it("site origin defaults to the local address, without a trailing slash", () => {
    expect(siteOrigin(undefined)).toBe("http://localhost:5173");
    expect(siteOrigin("https://rcrt.example/")).toBe("https://rcrt.example");
  });
});
