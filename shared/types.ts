// Types and vocabularies several parts share. A content table's row type is in its file of
// shared/content-types/; the lists of values below stay here, since the site's pages import some of
// them, and a page that imported a content type's file would carry its back-office screen in its script.

export const STAGE_CATEGORIES = ["hardware", "token"] as const;
export type StageCategory = (typeof STAGE_CATEGORIES)[number];

export const GALLERY_CATEGORIES = ["UI", "Features", "Effects"] as const;
export type GalleryCategory = (typeof GALLERY_CATEGORIES)[number];

export const BLOG_CATEGORIES = ["development", "hardware", "community"] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

export const VIDEO_CATEGORIES = ["Development", "Hardware", "Tutorial", "Community"] as const;
export type VideoCategory = (typeof VIDEO_CATEGORIES)[number];

export const MEDIA_TYPES = ["image", "video"] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** The `form-name` values the form intake accepts (waitlist, newsletter box, contact page). */
export const FORM_KINDS = ["waitlist", "newsletter", "contact"] as const;
export type FormKind = (typeof FORM_KINDS)[number];

/**
 * The alt text stored beside an image URL (`image_url` with `image_alt` and `image_decorative`, and so
 * on): the text, or the mark that the image is decorative (shown with alt=""). See imageAlt in images.ts.
 */
export type ImageAlt<Prefix extends string> = { [K in `${Prefix}_alt`]?: string | null } & { [K in `${Prefix}_decorative`]?: boolean };

/** A video as the public videos page shows it, from the video platform or its placeholders. */
export interface ExternalVideo {
  id: string;
  title: string;
  description: string;
  thumbnail: string;
  publishedAt: string;
  views: number;
}

/** The source and the page into which a finished day folds those past its caps (docs/analytics.md). */
export const AUDIENCE_FOLDED = "(other)";

/** What `audience_figures(days)` answers: the dashboard's Visitors card, one call (docs/analytics.md). */
export interface AudienceFigures {
  days: { day: string; views: number; visitors: number; signups: number }[];
  /** `converted`: visitors with at least one sign-up (one who signs up twice counts once). */
  totals: { views: number; visitors: number; signups: number; converted: number };
  pages: { path: string; views: number; visitors: number; signups: number }[];
  /** The referring site of each visit's first page ('' for none, AUDIENCE_FOLDED for the day's others). */
  sources: { source: string; visitors: number; signups: number; converted: number }[];
  campaigns: { campaign: string; source: string; medium: string; visitors: number; signups: number; converted: number }[];
  devices: { device: string; visitors: number }[];
}

/** What `growth_figures(days)` answers: the dashboard's Growth card, one call. */
export interface GrowthFigures {
  /** Each UTC day of the period, oldest first: waitlist sign-ups without and with a referral link. */
  days: { day: string; direct: number; referred: number }[];
  /** The period's sign-ups, and how many of them have confirmed since. */
  totals: { signed_up: number; direct: number; referred: number; confirmed: number };
  /** At most 10, by credited referrals, then place; `email` for administrators only, null for editors. */
  top_referrers: { place: number; referrals: number; email: string | null }[];
}

/** What `segment_sizes()` answers: each audience segment and how many it holds. */
export interface SegmentSize {
  id: string | number;
  name: string;
  size: number;
}
