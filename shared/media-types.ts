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

const ISO_MEDIA_BRANDS: Record<string, MediaType> = { avif: "image/avif", avis: "image/avif", "qt  ": "video/quicktime" };

/**
 * What the first bytes of a file say it is, for the formats with a signature; "markup" for text that
 * a browser could run as a page or SVG; null when the bytes say nothing (the declared type stands).
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
  if (ascii(4, 8) === "ftyp") return ISO_MEDIA_BRANDS[ascii(8, 12)] ?? "video/mp4";
  const text = new TextDecoder("utf-8", { fatal: false }).decode(head.subarray(0, 512)).replace(/^\uFEFF/, "").trimStart().toLowerCase();
  if (/^<(?:!doctype|html|head|body|script|svg|\?xml|iframe|object|embed|!--)/.test(text)) return "markup";
  return null;
}

const ISO_VIDEO = new Set<string>(["video/mp4", "video/quicktime"]);

/**
 * Declared and sniffed types agree when the bytes name the same format (one ISO container holds both
 * MP4 and QuickTime), or say nothing at all; markup agrees only with SVG.
 */
export function contentAgrees(declared: MediaType, sniffed: MediaType | "markup" | null): boolean {
  if (sniffed === null) return true;
  if (sniffed === "markup") return declared === "image/svg+xml";
  return sniffed === declared || (ISO_VIDEO.has(sniffed) && ISO_VIDEO.has(declared));
}

/** Shown inline only when the type is a raster image or video and the bytes positively say so. */
export function servedInline(declared: MediaType | null, head: Uint8Array): boolean {
  const sniffed = sniffMediaType(head);
  return declared !== null && isInlineMediaType(declared) && sniffed !== null && sniffed !== "markup" && contentAgrees(declared, sniffed);
}
