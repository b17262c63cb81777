// The longest text each kind of field accepts, counted in characters (code points). The database has
// the same numbers as check constraints (supabase/migrations/20261123000200_text_limits.sql), and
// tests/integration/database-limits.test.ts proves that every limit below is the database's: a value
// of exactly the limit is stored, one character more is refused.

// Slugs need no limit of their own: slugify (shared/format.ts, and the database's) shortens them.
export const TEXT_LIMITS = {
  /** Titles and names: a heading, a table row, a sidebar. */
  title: 200,
  /** Image, video and logo addresses (what browsers and CDNs reliably handle). */
  url: 2048,
  /** An image's alt text: a sentence or two that says what the picture shows. */
  alt: 500,
  /** A page's description for search results and link previews (about 160 show; room to spare). */
  seoDescription: 300,
  /** Short descriptions shown on cards. */
  description: 2000,
  /** A blog post's Markdown. */
  content: 100_000,
  /** A whitepaper section's Markdown. */
  sectionContent: 20_000,
  /** A press quote. */
  quote: 1000,
  /** Short labels: capacity, milestone, read time, a feature, a cartridge specification. */
  label: 100,
  /** A dotted whitepaper version. */
  version: 50,
  /** A change-log entry. */
  changeLogEntry: 200,
  /** An uploaded file's name. */
  filename: 255,
  /** An email address (RFC 5321's 320 characters). */
  email: 320,
  /** A contact message. */
  message: 10_000,
  /** An FAQ question and its answer. */
  question: 300,
  answer: 5000,
} as const;

/** The most entries a list field keeps. */
export const LIST_LIMITS = {
  features: 50,
  sections: 100,
} as const;

/** "Title must be at most 200 characters": the message every length rule and the database agree on. */
export function tooLongMessage(field: string, limit: number): string {
  return `${field} must be at most ${limit.toLocaleString("en-US")} characters`;
}
