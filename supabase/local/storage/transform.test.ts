import { describe, expect, it } from "vitest";
import { outputFormat, parseTransformOptions } from "./transform.ts";
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
