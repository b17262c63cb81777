import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { checkFileContent, imageWarning } from "./upload.ts";

// What the back office checks before a byte is sent (hosted Storage checks only the declared type).
// jsdom has no image decoder: these are the structure checks; the browser's decoding is tested in
// Chromium (tests/e2e/media-formats.test.ts).

const refusalOf = async (bytes: Uint8Array<ArrayBuffer>, name: string, type: string) => (await checkFileContent(new File([bytes], name, { type })))?.message ?? null;

describe("checkFileContent: every file that cannot be shown is refused with a message, before it is sent", () => {
  it("refuses a PNG signature followed by random bytes", async () => {
    const junk = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...randomBytes(512 * 1024)]);
    expect(await refusalOf(junk, "photo.png", "image/png")).toBe("The file's content is not a valid image/png image: its header is damaged");
  });

  it("refuses a JPEG signature followed by garbage", async () => {
    const garbage = new Uint8Array([0xff, 0xd8, 0xff, ...new TextEncoder().encode("garbage ".repeat(500))]);
    expect(await refusalOf(garbage, "photo.jpg", "image/jpeg")).toMatch(/^The file's content is not a valid image\/jpeg image: /);
  });

  it("refuses a valid PNG cut short", async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#123456" } }).png().toBuffer();
    expect(await refusalOf(new Uint8Array(png.subarray(0, png.length - 30)), "cut.png", "image/png")).toBe(
      "The file's content is not a valid image/png image: it ends before its image data does (the file is cut short)",
    );
  });

  it("refuses a text file renamed .webp", async () => {
    expect(await refusalOf(new TextEncoder().encode("Meeting notes, not a picture.\n"), "notes.webp", "image/webp")).toBe(
      "The file's content does not match its type image/webp: its bytes are not a known image or video format",
    );
  });

  it("accepts a valid image of each format the renderer takes", async () => {
    const picture = () => sharp({ create: { width: 40, height: 30, channels: 3, background: "#654321" } });
    for (const [type, bytes] of [["image/png", await picture().png().toBuffer()], ["image/jpeg", await picture().jpeg().toBuffer()], ["image/webp", await picture().webp().toBuffer()], ["image/gif", await picture().gif().toBuffer()]] as const) {
      expect(await refusalOf(new Uint8Array(bytes), "picture", type), type).toBeNull();
    }
  });
});

describe("imageWarning", () => {
  it("warns of an image over 25 megapixels, not of a smaller one", async () => {
    const big = await sharp({ create: { width: 5001, height: 5000, channels: 3, background: "#000" } }).png().toBuffer();
    expect(await imageWarning(new File([new Uint8Array(big)], "big.png", { type: "image/png" }))).toMatch(/^Uploaded, but at 5001 × 5000 pixels it is larger than the image renderer takes/);
    const fits = await sharp({ create: { width: 5000, height: 5000, channels: 3, background: "#000" } }).png().toBuffer();
    expect(await imageWarning(new File([new Uint8Array(fits)], "fits.png", { type: "image/png" }))).toBeNull();
  });
});
