import { describe, expect, it } from "vitest";
import { IMAGE_BOXES, responsiveImage, STORAGE_IMAGE_SIDES } from "../../../shared/images.ts";
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
  const snap = (query: string) => snapTransformOptions(parse(query));

  it("rounds sides up to the sizes the site asks for, the largest at most, and quality to its qualities", () => {
    expect(snap("width=300&height=301&quality=100")).toMatchObject({ width: 300, height: 320, quality: 80 });
    expect(snap("width=2499")).toMatchObject({ width: Math.max(...STORAGE_IMAGE_SIDES), height: null });
    expect(snap("width=1&quality=20")).toMatchObject({ width: Math.min(...STORAGE_IMAGE_SIDES), quality: 80 });
  });

  it("turns 40 distinct widths into a handful", () => {
    const widths = new Set(Array.from({ length: 40 }, (_, i) => snap(`width=${1 + i * 64}`).width));
    expect(widths.size).toBeLessThan(20);
    expect(new Set(Array.from({ length: 40 }, (_, i) => snap(`width=${2500 - i}`).width)).size).toBe(1);
  });

  it("leaves every size the site asks for as it is", () => {
    for (const box of Object.values(IMAGE_BOXES)) {
      const { src, srcSet } = responsiveImage("https://abcd.supabase.co/storage/v1/object/public/assets/a.jpg", box);
      for (const url of [src, ...(srcSet?.split(", ").map((entry) => entry.split(" ")[0]!) ?? [])]) {
        const asked = parseTransformOptions(new URL(url).searchParams);
        expect(snapTransformOptions(asked), url).toEqual(asked);
      }
    }
  });
});
