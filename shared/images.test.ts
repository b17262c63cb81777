import { describe, expect, it } from "vitest";
import { stockImage, stockImageSrcSet } from "./images.ts";

const STOCK = "https://images.unsplash.com/photo-1593784991095-a205069470b6";

function params(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams);
}

describe("Stock-photo image URLs are resized by query parameters (width, height, quality default 80)", () => {
  it("sets width, height and quality 80 by default", () => {
    expect(params(stockImage(STOCK, { width: 800, height: 600 }))).toEqual({
      w: "800",
      h: "600",
      q: "80",
      fit: "crop",
      auto: "format",
    });
  });

  it("takes another quality", () => {
    expect(params(stockImage(STOCK, { width: 400, height: 300, quality: 60 })).q).toBe("60");
  });

  it("replaces existing parameters and keeps the others", () => {
    const resized = stockImage(`${STOCK}?w=2000&h=1500&q=100&ixlib=rb-4.0.3`, { width: 400, height: 300 });
    expect(params(resized)).toEqual({ w: "400", h: "300", q: "80", ixlib: "rb-4.0.3", fit: "crop", auto: "format" });
  });

  it("drops the height when none is given", () => {
    expect(params(stockImage(`${STOCK}?h=900`, { width: 400 })).h).toBeUndefined();
  });

  it("leaves other URLs unchanged", () => {
    for (const url of ["https://example.com/a.jpg?w=1", "/media/local.png", "not a url", ""]) {
      expect(stockImage(url, { width: 400, height: 300 })).toBe(url);
    }
  });
});

describe("Responsive stock images", () => {
  it("lists one resized URL per width, heights following the aspect", () => {
    const srcSet = stockImageSrcSet(STOCK, [400, 800], 16 / 9);
    const entries = srcSet?.split(", ") ?? [];
    expect(entries).toHaveLength(2);
    const [first, second] = entries.map((entry) => entry.split(" "));
    expect(first?.[1]).toBe("400w");
    expect(params(first?.[0] ?? "")).toMatchObject({ w: "400", h: "225", q: "80" });
    expect(second?.[1]).toBe("800w");
    expect(params(second?.[0] ?? "")).toMatchObject({ w: "800", h: "450" });
  });

  it("is undefined for other URLs and for no widths", () => {
    expect(stockImageSrcSet("https://example.com/a.jpg", [400])).toBeUndefined();
    expect(stockImageSrcSet(STOCK, [])).toBeUndefined();
  });
});
