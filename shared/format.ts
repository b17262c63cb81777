/** Video views with locale number formatting: 1234 -> "1,234" in en-US. */
export function formatViews(views: number, locale?: string): string {
  return new Intl.NumberFormat(locale).format(views);
}

const BYTES_PER_MEGABYTE = 1024 * 1024;

/**
 * A media asset's size, always in MB with 2 decimals ("1.23 MB", "0.05 MB"), as the media library
 * shows every size. Binary units, as operating systems show a file: 1048576 bytes is "1.00 MB".
 */
export function formatFileSize(bytes: number): string {
  return `${(bytes / BYTES_PER_MEGABYTE).toFixed(2)} MB`;
}

/** "1 feature", "3 features", "0 sections": a count with its noun, plural when it is not 1. */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`;
}

const SLUG_MAX_LENGTH = 80;

/**
 * The URL part of /updates/:slug: lower-case ASCII letters and digits joined by single hyphens;
 * accents are dropped ("Café" -> "cafe"). A title with no letters or digits gives "".
 */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/^-+|-+$/g, "");
}

const WORDS_PER_MINUTE = 200;

/** A post's read_time: words at 200 a minute, rounded up, at least 1: "3 min read". */
export function readTime(content: string): string {
  const words = content.split(/\s+/).filter((word) => word !== "").length;
  return `${Math.max(1, Math.ceil(words / WORDS_PER_MINUTE))} min read`;
}

/**
 * A created_at timestamp as a date: "January 5, 2025" in en-US. The date is taken in UTC so the
 * server-rendered page and the browser show the same day. An unreadable value gives "".
 */
export function formatDate(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(locale, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(
    date,
  );
}
