import { parseMediaType, type MediaType } from "./media-types.ts";

// Whether an image file can be shown at all, from its structure: a signature alone (what the type
// check reads) says nothing of the rest, so a PNG signature followed by random bytes, or a PNG cut
// short, passed as a PNG. These checks read the file's start and end only, so that a 50 MB file costs
// no more than a small one; decoding the pixels (the browser's decoder, sharp on the local backend)
// comes after them.

/** How many first bytes the header is looked for in: a JPEG's metadata (EXIF, its thumbnail) can come before its frame header. */
export const IMAGE_HEAD_BYTES = 256 * 1024;
/** How many last bytes the end of the file is checked in. */
export const IMAGE_TAIL_BYTES = 16;

/**
 * What Storage's image renderer takes (hosted Supabase's limits, which the local backend keeps):
 * a larger source is not resized, so pages asking for it at a size show nothing.
 */
export const RENDERER_LIMITS = { maxPixels: 25_000_000, maxBytes: 25 * 1024 * 1024 } as const;

export interface ImageDimensions {
  width: number;
  height: number;
}

export type ImageStructure = { ok: true; dimensions: ImageDimensions | null } | { ok: false; refusal: string };

/** Why an image of `type` cannot be shown, in the words of the type check's message. */
export function imageRefusal(type: string, reason: string): string {
  return `The file's content is not a valid ${type} image: ${reason}`;
}

export const REASONS = {
  header: "its header is damaged",
  truncated: "it ends before its image data does (the file is cut short)",
  size: "its header gives no width or height",
  undecodable: "it cannot be decoded",
} as const;

/**
 * Checks an image file's structure: its header (the dimensions it gives, and for PNG the header's
 * checksum) and its end (PNG's IEND, GIF's trailer, the length a WebP declares). `head` is the
 * file's first IMAGE_HEAD_BYTES (or all of it), `tail` its last IMAGE_TAIL_BYTES, `size` its length.
 * Formats without a header read here (AVIF, icons, SVG) pass with unknown dimensions: their decoder
 * judges them. Only for a declared type the media library knows; others are the type check's.
 */
export function checkImageStructure(declaredType: string, head: Uint8Array, tail: Uint8Array, size: number): ImageStructure {
  const type = parseMediaType(declaredType);
  if (type === null || !type.startsWith("image/")) return { ok: true, dimensions: null };
  const whole = head.length >= size;
  const refuse = (reason: string): ImageStructure => ({ ok: false, refusal: imageRefusal(type, reason) });
  const result = structureOf(type, head, tail, size, whole);
  if (typeof result === "string") return refuse(result);
  if (result && (result.width < 1 || result.height < 1)) return refuse(REASONS.size);
  return { ok: true, dimensions: result };
}

/** The dimensions, null when this format's are not read here (or lie past `head`), or the reason for a refusal. */
function structureOf(type: MediaType, head: Uint8Array, tail: Uint8Array, size: number, whole: boolean): ImageDimensions | null | string {
  switch (type) {
    case "image/png":
      return png(head, tail);
    case "image/jpeg":
      return jpeg(head, whole);
    case "image/gif":
      if (head.length < 10) return REASONS.header;
      if (tail[tail.length - 1] !== 0x3b) return REASONS.truncated;
      return { width: u16le(head, 6), height: u16le(head, 8) };
    case "image/webp":
      return webp(head, size);
    case "image/bmp":
      if (head.length < 26) return REASONS.header;
      return { width: Math.abs(i32le(head, 18)), height: Math.abs(i32le(head, 22)) };
    default:
      return null;
  }
}

const PNG_END = [0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];

/** The IHDR chunk first, its checksum right, and the IEND chunk last. */
function png(head: Uint8Array, tail: Uint8Array): ImageDimensions | string {
  if (head.length < 33 || u32be(head, 8) !== 13 || ascii(head, 12, 16) !== "IHDR") return REASONS.header;
  if (crc32(head.subarray(12, 29)) !== u32be(head, 29)) return REASONS.header;
  const end = tail.subarray(tail.length - PNG_END.length);
  if (end.length < PNG_END.length || PNG_END.some((byte, index) => end[index] !== byte)) return REASONS.truncated;
  return { width: u32be(head, 16), height: u32be(head, 20) };
}

const JPEG_FRAMES = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** The segments from the start marker up to the frame header, each a marker and its length. */
function jpeg(head: Uint8Array, whole: boolean): ImageDimensions | null | string {
  let at = 2;
  while (at + 4 <= head.length) {
    if (head[at] !== 0xff) return REASONS.header;
    const marker = head[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd8 || marker === 0xd9 || marker === 0xda) return REASONS.header; // no frame header before them
    const length = u16be(head, at + 2);
    if (length < 2) return REASONS.header;
    if (JPEG_FRAMES.has(marker)) {
      if (at + 9 > head.length) break;
      return { width: u16be(head, at + 7), height: u16be(head, at + 5) };
    }
    at += 2 + length;
  }
  // The segments run past what was read: a whole file ended there, a longer one is the decoder's.
  return whole ? REASONS.truncated : null;
}

/** RIFF's length no longer than the file, and the first chunk's canvas (lossy, lossless or extended). */
function webp(head: Uint8Array, size: number): ImageDimensions | string {
  if (head.length < 30) return REASONS.header;
  if (u32le(head, 4) + 8 > size) return REASONS.truncated;
  const chunk = ascii(head, 12, 16);
  if (chunk === "VP8 ") {
    if (head[23] !== 0x9d || head[24] !== 0x01 || head[25] !== 0x2a) return REASONS.header;
    return { width: u16le(head, 26) & 0x3fff, height: u16le(head, 28) & 0x3fff };
  }
  if (chunk === "VP8L") {
    if (head[20] !== 0x2f) return REASONS.header;
    const bits = u32le(head, 21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X") return { width: u24le(head, 24) + 1, height: u24le(head, 27) + 1 };
  return REASONS.header;
}

/** A warning for an image the renderer will not resize, or null. */
export function rendererWarning(dimensions: ImageDimensions | null, size: number): string | null {
  const pixels = dimensions ? dimensions.width * dimensions.height : 0;
  if (pixels <= RENDERER_LIMITS.maxPixels && size <= RENDERER_LIMITS.maxBytes) return null;
  const what = pixels > RENDERER_LIMITS.maxPixels ? `${dimensions!.width} × ${dimensions!.height} pixels` : `${(size / (1024 * 1024)).toFixed(2)} MB`;
  return `Uploaded, but at ${what} it is larger than the image renderer takes (25 megapixels, 25 MB): pages may not show it. Replace it with a smaller copy.`;
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}
function u16be(bytes: Uint8Array, at: number): number {
  return (bytes[at]! << 8) | bytes[at + 1]!;
}
function u16le(bytes: Uint8Array, at: number): number {
  return bytes[at]! | (bytes[at + 1]! << 8);
}
function u24le(bytes: Uint8Array, at: number): number {
  return bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
}
function u32be(bytes: Uint8Array, at: number): number {
  return ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
}
function u32le(bytes: Uint8Array, at: number): number {
  return (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
}
function i32le(bytes: Uint8Array, at: number): number {
  return bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24);
}

let crcTable: Uint32Array | null = null;

/** PNG's CRC-32 (ISO 3309), over a chunk's type and data. */
function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
