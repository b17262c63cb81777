/**
 * The media library's file types: raster images and videos a browser shows inline, plus SVG, which is
 * accepted but only ever served as a download (it can carry script).
 */
export const INLINE_MEDIA_TYPES = [
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/avif",
  "image/bmp",
  "image/x-icon",
  "video/mp4",
  "video/webm",
  "video/ogg",
  "video/quicktime",
] as const;

export const DOWNLOAD_ONLY_MEDIA_TYPES = ["image/svg+xml"] as const;

export type MediaType = (typeof INLINE_MEDIA_TYPES)[number] | (typeof DOWNLOAD_ONLY_MEDIA_TYPES)[number];

const KNOWN = new Set<string>([...INLINE_MEDIA_TYPES, ...DOWNLOAD_ONLY_MEDIA_TYPES]);
/** Other names browsers and tools use for the same formats. */
const ALIASES: Record<string, MediaType> = { "image/vnd.microsoft.icon": "image/x-icon", "image/pjpeg": "image/jpeg" };
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const PARAMETER = `${TOKEN}=(?:${TOKEN}|"(?:[^"\\\\\\x00-\\x1f\\x7f]|\\\\[\\t\\x20-\\x7e])*")`;
const MIME = new RegExp(`^(${TOKEN})/(${TOKEN})(?:[ \\t]*;[ \\t]*${PARAMETER})*[ \\t]*$`);

/**
 * One media type, strictly: `type/subtype` with optional parameters (dropped), lower-cased, and known
 * to the media library. A list (`image/png, text/html`), a wildcard, garbage or an unknown type gives
 * null.
 */
export function parseMediaType(header: string | null | undefined): MediaType | null {
  const match = MIME.exec((header ?? "").trim());
  if (!match) return null;
  const type = `${match[1]}/${match[2]}`.toLowerCase();
  return ALIASES[type] ?? (KNOWN.has(type) ? (type as MediaType) : null);
}

/** Only raster images and videos are shown inline; anything else is downloaded. */
export function isInlineMediaType(type: string): boolean {
  return (INLINE_MEDIA_TYPES as readonly string[]).includes(type);
}

/** How many first bytes a file is judged by: enough for a signature, or for an SVG's prolog and root. */
export const SNIFF_BYTES = 4096;

const ISO_AVIF_BRANDS = new Set(["avif", "avis"]);
/** HEIF still images share the container with AVIF and MP4, and are neither. */
const ISO_OTHER_IMAGE_BRANDS = new Set(["heic", "heix", "heim", "heis", "mif1", "msf1"]);
/** Boxes an ISO media file (MP4, QuickTime) can start with, besides `ftyp` (small ones: size < 16 MB). */
const ISO_LEADING_BOXES = new Set(["moov", "mdat", "free", "skip", "wide", "pnot"]);
/** An SVG document: an optional XML declaration, comments and doctype, then the <svg> root. */
const SVG_DOCUMENT = /^(?:(?:<\?[^>]*\?>|<!--[\s\S]*?-->|<!doctype\s+svg[^>[]*(?:\[[\s\S]*?\])?\s*>)\s*)*<svg[\s>/]/;
const MARKUP = /^<(?:!doctype|html|head|body|script|svg|\?xml|iframe|object|embed|!--)/;

/**
 * What the first bytes of a file say it is: a format by its signature, "image/svg+xml" for an SVG
 * document, "markup" for other text a browser could run as a page; null when the bytes say nothing
 * (plain text, zeros, an unknown format).
 */
export function sniffMediaType(head: Uint8Array): MediaType | "markup" | null {
  const ascii = (start: number, end: number) => String.fromCharCode(...head.subarray(start, end));
  const startsWith = (...bytes: number[]) => bytes.every((byte, index) => head[index] === byte);
  if (startsWith(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (startsWith(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a") return "image/gif";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  if (startsWith(0x1a, 0x45, 0xdf, 0xa3)) return "video/webm";
  if (ascii(0, 4) === "OggS") return "video/ogg";
  if (ascii(0, 2) === "BM") return "image/bmp";
  if (startsWith(0x00, 0x00, 0x01, 0x00)) return "image/x-icon";
  if (ascii(4, 8) === "ftyp") return isoBrand(head);
  if (head[0] === 0 && ISO_LEADING_BOXES.has(ascii(4, 8))) return "video/quicktime";
  const text = new TextDecoder("utf-8", { fatal: false }).decode(head.subarray(0, SNIFF_BYTES)).replace(/^\uFEFF/, "").trimStart().toLowerCase();
  if (SVG_DOCUMENT.test(text)) return "image/svg+xml";
  if (MARKUP.test(text)) return "markup";
  return null;
}

/**
 * The `ftyp` box's major brand, then its compatible brands: AVIF when any says so, nothing for other
 * HEIF images, QuickTime, else MP4.
 */
function isoBrand(head: Uint8Array): MediaType | null {
  const size = ((head[0]! << 24) | (head[1]! << 16) | (head[2]! << 8) | head[3]!) >>> 0;
  const end = Math.min(head.length, Math.max(16, size));
  const brands = [String.fromCharCode(...head.subarray(8, 12))];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(String.fromCharCode(...head.subarray(at, at + 4)));
  if (brands.some((brand) => ISO_AVIF_BRANDS.has(brand))) return "image/avif";
  if (brands.some((brand) => ISO_OTHER_IMAGE_BRANDS.has(brand))) return null;
  return brands[0] === "qt  " ? "video/quicktime" : "video/mp4";
}

const ISO_VIDEO = new Set<string>(["video/mp4", "video/quicktime"]);

/**
 * Declared and sniffed types agree only when the bytes positively name the declared format (one ISO
 * container holds both MP4 and QuickTime). Every media type has a signature, so bytes that say
 * nothing (a text file named .png) agree with none.
 */
export function contentAgrees(declared: MediaType, sniffed: MediaType | "markup" | null): boolean {
  if (sniffed === null || sniffed === "markup") return false;
  return sniffed === declared || (ISO_VIDEO.has(sniffed) && ISO_VIDEO.has(declared));
}

/**
 * Why a file may not be stored under the declared type, or null when it may: the type must be one
 * the media library knows, and the first bytes (SNIFF_BYTES of them) must be that format. Storage
 * answers with this message, and the back office says it before uploading.
 */
export function uploadRefusal(declaredType: string, head: Uint8Array): string | null {
  const declared = parseMediaType(declaredType);
  if (!declared) return `mime type ${declaredType.trim() || "(none)"} is not supported`;
  const sniffed = sniffMediaType(head);
  if (contentAgrees(declared, sniffed)) return null;
  const found = sniffed === null ? (head.length === 0 ? "the file is empty" : "its bytes are not a known image or video format") : sniffed === "markup" ? "it is HTML or other markup" : `it is ${sniffed}`;
  return `The file's content does not match its type ${declared}: ${found}`;
}

/** Shown inline only when the type is a raster image or video and the bytes positively say so. */
export function servedInline(declared: MediaType | null, head: Uint8Array): boolean {
  return declared !== null && isInlineMediaType(declared) && contentAgrees(declared, sniffMediaType(head));
}
