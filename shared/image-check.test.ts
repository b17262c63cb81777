import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { checkImageStructure, IMAGE_HEAD_BYTES, IMAGE_TAIL_BYTES, imageRefusal, REASONS, RENDERER_LIMITS, rendererWarning } from "./image-check.ts";

/** The check as the back office and the local backend give it a file: its first and last bytes, and its length. */
const check = (type: string, bytes: Buffer) => checkImageStructure(type, bytes.subarray(0, IMAGE_HEAD_BYTES), bytes.subarray(Math.max(0, bytes.length - IMAGE_TAIL_BYTES)), bytes.length);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe("checkImageStructure: a file that cannot be shown is refused, whatever its signature says", () => {
  const valid: Record<string, Buffer> = {};
  beforeAll(async () => {
    const picture = () => sharp({ create: { width: 30, height: 20, channels: 3, background: "#6d28d9" } });
    valid["image/png"] = await picture().png().toBuffer();
    valid["image/jpeg"] = await picture().jpeg().toBuffer();
    valid["image/gif"] = await picture().gif().toBuffer();
    valid["image/webp"] = await picture().webp().toBuffer();
    valid["webp-lossless"] = await picture().webp({ lossless: true }).toBuffer();
    valid["image/avif"] = await picture().avif().toBuffer();
  });

  it.each(["image/png", "image/jpeg", "image/gif", "image/webp"])("gives the width and height of a valid %s", (type) => {
    expect(check(type, valid[type]!)).toEqual({ ok: true, dimensions: { width: 30, height: 20 } });
  });

  it("reads a lossless WebP's canvas, and leaves an AVIF's (no header read here) to its decoder", () => {
    expect(check("image/webp", valid["webp-lossless"]!)).toEqual({ ok: true, dimensions: { width: 30, height: 20 } });
    expect(check("image/avif", valid["image/avif"]!)).toEqual({ ok: true, dimensions: null });
  });

  it("refuses a PNG signature followed by random bytes (the 50 MB 'image' an editor uploaded), reading only its ends", () => {
    const junk = Buffer.concat([PNG_SIGNATURE, randomBytes(2 * 1024 * 1024)]);
    expect(check("image/png", junk)).toEqual({ ok: false, refusal: imageRefusal("image/png", REASONS.header) });
    expect(imageRefusal("image/png", REASONS.header)).toBe("The file's content is not a valid image/png image: its header is damaged");
  });

  it("refuses a PNG whose header's checksum is wrong", () => {
    const damaged = Buffer.from(valid["image/png"]!);
    damaged[17] = damaged[17]! ^ 0xff;
    expect(check("image/png", damaged)).toMatchObject({ ok: false, refusal: imageRefusal("image/png", REASONS.header) });
  });

  it("refuses a valid PNG cut short, and a GIF and a WebP likewise", () => {
    for (const type of ["image/png", "image/gif", "image/webp"]) {
      const bytes = valid[type]!;
      expect(check(type, bytes.subarray(0, Math.floor(bytes.length * 0.7))), type).toEqual({ ok: false, refusal: imageRefusal(type, REASONS.truncated) });
    }
  });

  it("refuses a JPEG signature followed by garbage, and a JPEG whose segments end before its frame header", () => {
    const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from("garbage, not segments ".repeat(50))]);
    expect(check("image/jpeg", garbage)).toMatchObject({ ok: false });
    const cut = valid["image/jpeg"]!.subarray(0, 40);
    expect(check("image/jpeg", cut)).toMatchObject({ ok: false });
  });

  it("leaves to the decoder a JPEG whose header lies past the bytes read", () => {
    const metadata = Buffer.alloc(IMAGE_HEAD_BYTES);
    // Start marker, then APP segments of 60000 bytes each (an EXIF thumbnail) past the bytes read.
    metadata.set([0xff, 0xd8]);
    for (let at = 2; at + 4 < metadata.length; at += 60002) metadata.set([0xff, 0xe1, 0xea, 0x60], at);
    expect(check("image/jpeg", Buffer.concat([metadata, Buffer.alloc(1000)]))).toEqual({ ok: true, dimensions: null });
  });

  it("refuses a header that gives no width or height", () => {
    const flat = Buffer.from(valid["image/gif"]!);
    flat.writeUInt16LE(0, 6);
    expect(check("image/gif", flat)).toEqual({ ok: false, refusal: imageRefusal("image/gif", REASONS.size) });
  });

  it("leaves videos and types the media library does not know to the type check", () => {
    expect(check("video/mp4", randomBytes(100))).toEqual({ ok: true, dimensions: null });
    expect(check("text/plain", randomBytes(100))).toEqual({ ok: true, dimensions: null });
  });
});

describe("rendererWarning: an image the renderer does not take is uploaded with a warning", () => {
  it("says nothing up to 25 megapixels and 25 MB", () => {
    expect(rendererWarning({ width: 5000, height: 5000 }, RENDERER_LIMITS.maxBytes)).toBeNull();
    expect(rendererWarning(null, 1000)).toBeNull();
  });

  it("names the pixels, or the megabytes, past the limit", () => {
    expect(rendererWarning({ width: 6000, height: 5000 }, 1000)).toBe(
      "Uploaded, but at 6000 × 5000 pixels it is larger than the image renderer takes (25 megapixels, 25 MB): pages may not show it. Replace it with a smaller copy.",
    );
    expect(rendererWarning({ width: 100, height: 100 }, 30 * 1024 * 1024)).toContain("at 30.00 MB it is larger than the image renderer takes");
  });
});
