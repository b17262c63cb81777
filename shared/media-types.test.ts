import { describe, expect, it } from "vitest";
import { contentAgrees, parseMediaType, servedInline, sniffMediaType, SNIFF_BYTES, uploadRefusal } from "./media-types.ts";

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
    ["image/pjpeg", "image/jpeg"],
    ["  image/png \t", "image/png"],
  ])("reads %s as %s", (header, type) => {
    expect(parseMediaType(header)).toBe(type);
  });

  it.each(["image/png, text/html", "video/mp4, image/svg+xml", "image/png;text/html", "image/*", "text/html", "image/tiff", "image/png x", "image/", "", "image/png; a=b, text/html", "image/png\u0000"])(
    "refuses %j",
    (header) => {
      expect(parseMediaType(header)).toBeNull();
    },
  );

  it("sniffs the formats with a signature, SVG documents, and other markup", () => {
    expect(sniffMediaType(PNG_HEAD)).toBe("image/png");
    expect(sniffMediaType(MP4_HEAD)).toBe("video/mp4");
    expect(sniffMediaType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffMediaType(text("GIF89a..."))).toBe("image/gif");
    expect(sniffMediaType(text("RIFF\u0000\u0000\u0000\u0000WEBPVP8 "))).toBe("image/webp");
    expect(sniffMediaType(Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, 1]))).toBe("video/webm");
    expect(sniffMediaType(text("  <!DOCTYPE html><script>alert(1)</script>"))).toBe("markup");
    expect(sniffMediaType(text("<?xml version=\"1.0\"?><html/>"))).toBe("markup");
    expect(sniffMediaType(new Uint8Array(16).fill(7))).toBeNull();
    expect(sniffMediaType(text("this is not a png\n"))).toBeNull();
    expect(sniffMediaType(new Uint8Array())).toBeNull();
  });

  it("sniffs GIF87a, Ogg, BMP and icons by their signatures, and a RIFF file only when it says WEBP", () => {
    expect(sniffMediaType(text("GIF87a..."))).toBe("image/gif");
    expect(sniffMediaType(text("OggS\u0000\u0002"))).toBe("video/ogg");
    expect(sniffMediaType(text("BM6\u0000\u0000\u0000"))).toBe("image/bmp");
    expect(sniffMediaType(Uint8Array.from([0, 0, 1, 0, 1, 0, 16, 16]))).toBe("image/x-icon");
    expect(sniffMediaType(text("RIFF\u0000\u0000\u0000\u0000WAVEfmt "))).toBeNull();
    expect(sniffMediaType(text("RIFX\u0000\u0000\u0000\u0000WEBPVP8 "))).toBeNull();
  });

  it("reads bytes that are not UTF-8 as saying nothing, without failing", () => {
    expect(sniffMediaType(Uint8Array.from([0x80, 0x81, 0xc3, 0x28, 0xfe, 0xfe]))).toBeNull();
  });

  it("finds markup only at the start of the text, after a byte order mark or two, and not one inside a tag", () => {
    expect(sniffMediaType(text("Notes: <html> is a tag"))).toBeNull();
    expect(sniffMediaType(text("\uFEFF\uFEFF<svg/>"))).toBe("image/svg+xml");
    expect(sniffMediaType(text("<\uFEFFsvg/>"))).toBeNull();
  });

  it("tells AVIF from MP4 and QuickTime by the ISO brands, and leaves other HEIF images unnamed", () => {
    const iso = (...brands: string[]) => Uint8Array.from([0, 0, 0, 8 + 4 * brands.length + 4, ...text("ftyp"), ...text(brands[0]!), 0, 0, 0, 0, ...brands.slice(1).flatMap((brand) => [...text(brand)])]);
    expect(sniffMediaType(iso("avif", "mif1", "miaf"))).toBe("image/avif");
    expect(sniffMediaType(iso("mif1", "avif"))).toBe("image/avif");
    expect(sniffMediaType(iso("heic", "mif1"))).toBeNull();
    expect(sniffMediaType(iso("avis"))).toBe("image/avif");
    for (const heif of ["heix", "heim", "heis", "mif1", "msf1"]) expect(sniffMediaType(iso(heif))).toBeNull();
    expect(sniffMediaType(iso("isom", "heic"))).toBeNull();
    expect(sniffMediaType(iso("qt  "))).toBe("video/quicktime");
    expect(sniffMediaType(iso("isom", "iso2", "mp41"))).toBe("video/mp4");
    expect(sniffMediaType(Uint8Array.from([0, 0, 0, 8, ...text("moov")]))).toBe("video/quicktime");
    for (const box of ["mdat", "free", "skip", "wide", "pnot"]) expect(sniffMediaType(Uint8Array.from([0, 0, 0, 8, ...text(box)]))).toBe("video/quicktime");
    expect(sniffMediaType(text("Get free cartridges"))).toBeNull();
  });

  it("reads brands only inside the ftyp box: the bytes after it name nothing", () => {
    const box = Uint8Array.from([0, 0, 0, 16, ...text("ftypisom"), 0, 0, 0, 0, ...text("avifavifavifavif")]);
    expect(sniffMediaType(box)).toBe("video/mp4");
  });

  it.each([
    ['<svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['\uFEFF  <svg\n  width="10"></svg>'],
    ['<?xml version="1.0" encoding="UTF-8"?>\n<!-- Created with Inkscape -->\n<svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg/>'],
    ['<?xml version="1.0"?>\n<!DOCTYPE svg [\n  <!ENTITY ns_svg "http://www.w3.org/2000/svg">\n]>\n<svg xmlns="&ns_svg;"/>'],
    ['<!DOCTYPE  svg>\n<svg/>'],
    ['<!DOCTYPE svg [\n  <!ENTITY ns_svg "http://www.w3.org/2000/svg">\n]\n>\n<svg xmlns="&ns_svg;"/>'],
    [`<!-- ${"licence text ".repeat(200)} -->\n<svg/>`],
  ])("reads %j as an SVG document", (document) => {
    expect(sniffMediaType(text(document).subarray(0, SNIFF_BYTES))).toBe("image/svg+xml");
  });

  it("agrees only when the bytes positively name the declared format", () => {
    expect(contentAgrees("image/png", "image/png")).toBe(true);
    expect(contentAgrees("video/quicktime", "video/mp4")).toBe(true);
    expect(contentAgrees("image/svg+xml", "image/svg+xml")).toBe(true);
    expect(contentAgrees("image/png", null)).toBe(false);
    expect(contentAgrees("image/png", "markup")).toBe(false);
    expect(contentAgrees("image/png", "image/gif")).toBe(false);
    expect(contentAgrees("image/svg+xml", "markup")).toBe(false);
    expect(contentAgrees("image/svg+xml", null)).toBe(false);
    expect(contentAgrees("image/png", "video/mp4")).toBe(false);
    expect(contentAgrees("video/mp4", "image/png")).toBe(false);
  });

  it("refuses an upload whose type is unknown or whose bytes are not that type, saying why", () => {
    expect(uploadRefusal("image/png", PNG_HEAD)).toBeNull();
    expect(uploadRefusal("IMAGE/PNG; charset=binary", PNG_HEAD)).toBeNull();
    expect(uploadRefusal("image/svg+xml", text("<svg/>"))).toBeNull();
    expect(uploadRefusal("video/quicktime", MP4_HEAD)).toBeNull();
    expect(uploadRefusal("image/png", text("this is not a png\n"))).toBe("The file's content does not match its type image/png: its bytes are not a known image or video format");
    expect(uploadRefusal("image/png", text("<html><script>alert(1)</script>"))).toBe("The file's content does not match its type image/png: it is HTML or other markup");
    expect(uploadRefusal("image/jpeg", PNG_HEAD)).toBe("The file's content does not match its type image/jpeg: it is image/png");
    expect(uploadRefusal("image/svg+xml", text("<!DOCTYPE html><svg/>"))).toBe("The file's content does not match its type image/svg+xml: it is HTML or other markup");
    expect(uploadRefusal("video/mp4", new Uint8Array())).toBe("The file's content does not match its type video/mp4: the file is empty");
    expect(uploadRefusal("text/plain", text("hello"))).toBe("mime type text/plain is not supported");
    expect(uploadRefusal("", PNG_HEAD)).toBe("mime type (none) is not supported");
    expect(uploadRefusal("  ", PNG_HEAD)).toBe("mime type (none) is not supported");
    expect(uploadRefusal(" text/plain ", text("hello"))).toBe("mime type text/plain is not supported");
    expect(uploadRefusal("image/png", MP4_HEAD)).toBe("The file's content does not match its type image/png: it is video/mp4");
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
