import { describe, expect, it } from "vitest";
import { contentAgrees, parseMediaType, servedInline, sniffMediaType } from "./media-types.ts";

const PNG_HEAD = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const MP4_HEAD = Uint8Array.from([0, 0, 0, 0x20, ...Buffer.from("ftypisom")]);
const text = (value: string) => new TextEncoder().encode(value);

describe("media types", () => {
  it.each([
    ["image/png", "image/png"],
    ["IMAGE/PNG", "image/png"],
    ["image/png; charset=binary", "image/png"],
    ['video/mp4; codecs="avc1.42E01E, mp4a.40.2"', "video/mp4"],
    ["image/svg+xml", "image/svg+xml"],
    ["image/vnd.microsoft.icon", "image/x-icon"],
  ])("reads %s as %s", (header, type) => {
    expect(parseMediaType(header)).toBe(type);
  });

  it.each(["image/png, text/html", "video/mp4, image/svg+xml", "image/png;text/html", "image/*", "text/html", "image/tiff", "image/png x", "image/", "", "image/png; a=b, text/html", "image/png\u0000"])(
    "refuses %j",
    (header) => {
      expect(parseMediaType(header)).toBeNull();
    },
  );

  it("sniffs the formats with a signature, and markup", () => {
    expect(sniffMediaType(PNG_HEAD)).toBe("image/png");
    expect(sniffMediaType(MP4_HEAD)).toBe("video/mp4");
    expect(sniffMediaType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffMediaType(text("GIF89a..."))).toBe("image/gif");
    expect(sniffMediaType(text("  <!DOCTYPE html><script>alert(1)</script>"))).toBe("markup");
    expect(sniffMediaType(text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe("markup");
    expect(sniffMediaType(new Uint8Array(16).fill(7))).toBeNull();
  });

  it("agrees when the bytes name the declared format or nothing; markup only with SVG", () => {
    expect(contentAgrees("image/png", "image/png")).toBe(true);
    expect(contentAgrees("video/quicktime", "video/mp4")).toBe(true);
    expect(contentAgrees("image/png", null)).toBe(true);
    expect(contentAgrees("image/png", "markup")).toBe(false);
    expect(contentAgrees("image/png", "image/gif")).toBe(false);
    expect(contentAgrees("image/svg+xml", "markup")).toBe(true);
  });

  it("serves inline only a raster image or video whose bytes say so", () => {
    expect(servedInline("image/png", PNG_HEAD)).toBe(true);
    expect(servedInline("video/mp4", MP4_HEAD)).toBe(true);
    expect(servedInline("image/png", text("<html><script>alert(1)</script>"))).toBe(false);
    expect(servedInline("image/png", new Uint8Array(16).fill(7))).toBe(false);
    expect(servedInline("image/svg+xml", text("<svg/>"))).toBe(false);
    expect(servedInline(null, PNG_HEAD)).toBe(false);
  });
});
