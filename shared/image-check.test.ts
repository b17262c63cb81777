import { randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";
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

describe("checkImageStructure, format by format", () => {
  const made: Record<string, Buffer> = {};
  beforeAll(async () => {
    const picture = (width = 30, height = 20) => sharp({ create: { width, height, channels: 3, background: "#6d28d9" } });
    made.png = await picture().png().toBuffer();
    made.jpeg = await picture().jpeg().toBuffer();
    made.webp = await picture().webp().toBuffer();
    made.lossless = await picture().webp({ lossless: true }).toBuffer();
    made.extended = await sharp({ create: { width: 30, height: 20, channels: 4, background: { r: 109, g: 40, b: 217, alpha: 0.5 } } }).webp().toBuffer();
    made.wide = await sharp({ create: { width: 300, height: 20, channels: 4, background: { r: 109, g: 40, b: 217, alpha: 0.5 } } }).webp().toBuffer();
    made.gif1 = await picture(1, 1).gif().toBuffer();
    made.png1 = await picture(1, 1).png().toBuffer();
  });
  const refused = (type: string, reason: string) => ({ ok: false, refusal: imageRefusal(type, reason) });
  const sized = (width: number, height: number) => ({ ok: true, dimensions: { width, height } });
  const edited = (bytes: Buffer, edit: (copy: Buffer) => void) => {
    const copy = Buffer.from(bytes);
    edit(copy);
    return copy;
  };

  it("takes an image of 1 by 1 pixels, and refuses one with no height", () => {
    expect(check("image/gif", made.gif1!)).toEqual(sized(1, 1));
    expect(check("image/png", made.png1!)).toEqual(sized(1, 1));
    expect(check("image/gif", edited(made.gif1!, (copy) => copy.writeUInt16LE(0, 8)))).toEqual(refused("image/gif", REASONS.size));
  });

  it("GIF: refuses a header shorter than 10 bytes, and reads one of exactly 10", () => {
    expect(check("image/gif", Buffer.from("GIF89a\x01\x00;", "latin1"))).toEqual(refused("image/gif", REASONS.header));
    expect(check("image/gif", Buffer.from("GIF89a\x01\x00\x02;", "latin1"))).toEqual(sized(1, 0x3b02));
  });

  it("BMP: reads the width and the height (negative for a top-down bitmap) from a header of 26 bytes or more", () => {
    const bmp = (length: number, width: number, height: number) => {
      const bytes = Buffer.alloc(length);
      bytes.write("BM", 0, "latin1");
      if (length >= 26) {
        bytes.writeInt32LE(width, 18);
        bytes.writeInt32LE(height, 22);
      }
      return bytes;
    };
    expect(check("image/bmp", bmp(26, 70_000, -1_234_567))).toEqual(sized(70_000, 1_234_567));
    expect(check("image/bmp", bmp(1000, 300, 200))).toEqual(sized(300, 200));
    expect(check("image/bmp", bmp(25, 0, 0))).toEqual(refused("image/bmp", REASONS.header));
  });

  it("PNG: refuses a header chunk of another length or type, even with its checksum right, and a last byte that is not IEND's", () => {
    expect(check("image/png", edited(made.png!, (copy) => copy.writeUInt32BE(14, 8)))).toEqual(refused("image/png", REASONS.header));
    const renamed = edited(made.png!, (copy) => {
      copy.write("IHDX", 12, "latin1");
      copy.writeUInt32BE(crc32(copy.subarray(12, 29)), 29);
    });
    expect(check("image/png", renamed)).toEqual(refused("image/png", REASONS.header));
    expect(check("image/png", edited(made.png!, (copy) => (copy[copy.length - 1] = 0)))).toEqual(refused("image/png", REASONS.truncated));
    // Its signature and header chunk whole (33 bytes), nothing after: cut short, not damaged.
    expect(check("image/png", made.png!.subarray(0, 33))).toEqual(refused("image/png", REASONS.truncated));
  });

  describe("JPEG", () => {
    const SOI = Buffer.from([0xff, 0xd8]);
    /** The JPEG with `inserted` bytes right after its start marker. */
    const withAfterStart = (inserted: number[]) => Buffer.concat([SOI, Buffer.from(inserted), made.jpeg!.subarray(2)]);
    const frameAt = () => {
      for (let at = 2; at < made.jpeg!.length - 1; at++) if (made.jpeg![at] === 0xff && [0xc0, 0xc2].includes(made.jpeg![at + 1]!)) return at;
      throw new Error("no frame header");
    };

    it("skips fill bytes, markers without a length (TEM, RST0 to RST7) and an empty segment before the frame header", () => {
      for (const inserted of [[0xff], [0xff, 0x01], [0xff, 0xd0], [0xff, 0xd7], [0xff, 0xd3, 0xff, 0xff], [0xff, 0xe0, 0x00, 0x02]]) {
        expect(check("image/jpeg", withAfterStart(inserted)), inserted.join(",")).toEqual(sized(30, 20));
      }
    });

    it("refuses a start, an end or a scan before the frame header, a segment shorter than its length field, and a byte that is no marker", () => {
      for (const inserted of [[0xff, 0xd8], [0xff, 0xd9], [0xff, 0xda, 0x00, 0x02], [0xff, 0xe0, 0x00, 0x01], [0xff, 0xe0, 0x00, 0x01, 0xff], [0xff, 0xe1, 0x00, 0x00]]) {
        expect(check("image/jpeg", withAfterStart(inserted)), inserted.join(",")).toEqual(refused("image/jpeg", REASONS.header));
      }
      expect(check("image/jpeg", edited(made.jpeg!, (copy) => (copy[2] = 0x12)))).toEqual(refused("image/jpeg", REASONS.header));
      expect(check("image/jpeg", Buffer.from([0xff, 0xd8, 0xff, 0xd9, 0x00, 0x00]))).toEqual(refused("image/jpeg", REASONS.header));
      // A length field of 1 at the file's very end: a damaged segment, not a file cut short.
      expect(check("image/jpeg", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x01]))).toEqual(refused("image/jpeg", REASONS.header));
      // A segment that ends where the file does: cut short before its frame header.
      expect(check("image/jpeg", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00]))).toEqual(refused("image/jpeg", REASONS.truncated));
    });

    it("reads a frame header whose 9 bytes are all there, and refuses a whole file that ends inside it or before it", () => {
      const at = frameAt();
      expect(check("image/jpeg", made.jpeg!.subarray(0, at + 9))).toEqual(sized(30, 20));
      expect(check("image/jpeg", made.jpeg!.subarray(0, at + 8))).toEqual(refused("image/jpeg", REASONS.truncated));
      expect(check("image/jpeg", made.jpeg!.subarray(0, 40))).toEqual(refused("image/jpeg", REASONS.truncated));
    });
  });

  describe("WebP", () => {
    it("reads an extended (VP8X) canvas, and refuses a first chunk it does not know", () => {
      expect(made.extended!.toString("latin1", 12, 16)).toBe("VP8X");
      expect(check("image/webp", made.extended!)).toEqual(sized(30, 20));
      expect(check("image/webp", made.wide!)).toEqual(sized(300, 20));
      expect(check("image/webp", edited(made.extended!, (copy) => copy.write("VP8Y", 12, "latin1")))).toEqual(refused("image/webp", REASONS.header));
      expect(check("image/webp", edited(made.lossless!, (copy) => copy.write("VP8Y", 12, "latin1")))).toEqual(refused("image/webp", REASONS.header));
    });

    it("refuses a lossy frame without its start code, byte by byte, and a lossless one without its signature", () => {
      for (const at of [23, 24, 25]) expect(check("image/webp", edited(made.webp!, (copy) => (copy[at] = copy[at]! ^ 0xff))), String(at)).toEqual(refused("image/webp", REASONS.header));
      expect(check("image/webp", edited(made.lossless!, (copy) => (copy[20] = 0x2e)))).toEqual(refused("image/webp", REASONS.header));
    });

    it("refuses a header shorter than 30 bytes, reads one of 30, and refuses a file 4 bytes shorter than its RIFF length says", () => {
      expect(check("image/webp", made.extended!.subarray(0, 29))).toEqual(refused("image/webp", REASONS.header));
      const thirty = edited(made.extended!.subarray(0, 30), (copy) => copy.writeUInt32LE(22, 4));
      expect(check("image/webp", thirty)).toEqual(sized(30, 20));
      expect(check("image/webp", made.webp!.subarray(0, made.webp!.length - 4))).toEqual(refused("image/webp", REASONS.truncated));
    });
  });
});

describe("rendererWarning at the limits", () => {
  it("names the megabytes when the pixels are exactly 25 megapixels", () => {
    expect(rendererWarning({ width: 5000, height: 5000 }, 30 * 1024 * 1024)).toContain("at 30.00 MB it is larger");
  });
});

