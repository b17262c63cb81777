import { describe, expect, it } from "vitest";
import { BRAND, COMMUNITY_URL, YOUTUBE_CHANNEL_URL, pageTitle } from "./brand.ts";

describe("Pages set the document title to {title} | {brand}", () => {
  it("joins the page title and the brand", () => {
    expect(pageTitle("Our Story")).toBe("Our Story | RCRT");
  });

  it("names the brand RCRT", () => {
    expect(BRAND).toBe("RCRT");
  });
});

describe("External links", () => {
  it("are absolute https addresses", () => {
    for (const url of [COMMUNITY_URL, YOUTUBE_CHANNEL_URL]) {
      expect(new URL(url).protocol).toBe("https:");
    }
  });
});
