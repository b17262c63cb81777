// An Intl formatter takes long to make (it loads its locale's data) and nothing to use, and a page
// formats a date or a number per card: each is made once per locale and options.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function formatter<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let made = formatters.get(key) as F | undefined;
  if (!made) formatters.set(key, (made = make()));
  return made;
}

/** Video views with locale number formatting: 1234 -> "1,234" in en-US. */
export function formatViews(views: number, locale?: string): string {
  return formatter(`views ${locale}`, () => new Intl.NumberFormat(locale)).format(views);
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

/** "launch day" -> "Launch Day": each word's first letter in capitals. */
export function capitalize(words: string): string {
  return words.replace(/(^|\s)\S/g, (letter) => letter.toUpperCase());
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
  return formatter(`date ${locale}`, () => new Intl.DateTimeFormat(locale, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" })).format(date);
}

// A timestamp with its zone as the API sends it: ISO 8601 ("2026-11-22T16:42:21.5Z",
// "...+00:00") from hosted PostgREST, Postgres's text form ("2026-11-22 16:42:21.5+00") locally.
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/;

/** The instant of an API timestamp (either form), or null when the value is not one. */
export function parseTimestamp(value: unknown): Date | null {
  if (typeof value !== "string" || !TIMESTAMP.test(value)) return null;
  const iso = value.replace(" ", "T").replace(/([+-]\d{2})$/, "$1:00").replace(/([+-]\d{2})(\d{2})$/, "$1:$2");
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * An API timestamp as people read it, date and time in the reader's time zone (or `timeZone`):
 * "Nov 22, 2026, 4:42 PM" in en-US. A value that is not a timestamp is returned as it is.
 */
export function formatDateTime(value: string, options: { locale?: string; timeZone?: string } = {}): string {
  const date = parseTimestamp(value);
  if (!date) return value;
  const { locale, timeZone } = options;
  return formatter(`date-time ${locale} ${timeZone}`, () => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone })).format(date);
}

/**
 * The share of visitors who signed up (`converted`: visitors with a sign-up, each once) as a
 * percentage with one decimal ("2.5%"), never over 100%; a dash when nobody visited.
 */
export function conversionRate(converted: number, visitors: number): string {
  return visitors > 0 ? `${((Math.min(converted, visitors) / visitors) * 100).toFixed(1)}%` : "–";
}
