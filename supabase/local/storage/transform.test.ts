import { describe, expect, it } from "vitest";
import { outputFormat, parseTransformOptions, snapTransformOptions } from "./transform.ts";
import { StorageError } from "./objects.ts";

const parse = (query: string) => parseTransformOptions(new URLSearchParams(query));

describe("image transformation parameters", () => {
  it("defaults to no resize, cover, quality 80 and a negotiated format", () => {
    expect(parse("")).toEqual({ width: null, height: null, resize: "cover", quality: 80, format: null, download: null });
  });

  it("clamps sides into 1..2500 and treats 0 as not given, as hosted does", () => {
    expect(parse("width=9000&height=0")).toMatchObject({ width: 2500, height: null });
  });

  it("refuses what the hosted schema refuses, naming the parameter", () => {
    for (const query of ["width=-5", "width=1e3", "quality=19", "quality=abc", "resize=crop", "format=png"]) {
      expect(() => parse(query), query).toThrow(StorageError);
    }
    expect(() => parse("quality=19")).toThrow("querystring/quality must be >= 20");
  });
});

describe("output format", () => {
  it("gives WebP to clients that accept it, the source's format otherwise, and what was asked for explicitly", () => {
    expect(outputFormat("jpeg", null, "image/avif,image/webp,*/*")).toBe("webp");
    expect(outputFormat("png", null, "*/*")).toBe("png");
    expect(outputFormat("png", "origin", "image/webp")).toBe("png");
    expect(outputFormat("jpeg", "avif", undefined)).toBe("avif");
  });
});

describe("snapped transformation", () => {
  // Render sizes as a product passes them in (its own are checked against its image addresses in
  // tests/integration/local-backend-image-transform.test.ts).
  const rules = { renderSides: [48, 96, 160, 270, 300, 320, 480, 640, 960, 1200, 1440], renderQualities: [80] };
  const snap = (query: string) => snapTransformOptions(parse(query), rules);

  it("rounds sides up to the render sizes, the largest at most, and quality to the render qualities", () => {
    expect(snap("width=300&height=301&quality=100")).toMatchObject({ width: 300, height: 320, quality: 80 });
    expect(snap("width=2499")).toMatchObject({ width: 1440, height: null });
    expect(snap("width=1&quality=20")).toMatchObject({ width: 48, quality: 80 });
  });

  it("turns 40 distinct widths into a handful", () => {
    const widths = new Set(Array.from({ length: 40 }, (_, i) => snap(`width=${1 + i * 64}`).width));
    expect(widths.size).toBeLessThan(20);
    expect(new Set(Array.from({ length: 40 }, (_, i) => snap(`width=${2500 - i}`).width)).size).toBe(1);
  });
});
