// Row types of spec section 3, with the database's field names. ids are uuids, timestamps ISO strings.
// Fields a form may leave empty (optional URLs, milestone) are nullable, as the database stores them.

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

/** A row exists for every user who is an administrator; id is the auth user's id. */
export interface AdminUser {
  id: string;
}

export interface ProjectStage {
  id: string;
  name: string;
  category: StageCategory;
  order: number;
  /** 0 to 100, in steps of 5 from the admin slider. */
  progress: number;
  completed: boolean;
}

export interface MediaAsset {
  id: string;
  url: string;
  filename: string;
  type: MediaType;
  /** In bytes. */
  size: number;
  /** format is the uploaded file's MIME type. */
  metadata: { format: string };
  created_at: string;
}

export interface FeaturedCollection {
  id: string;
  title: string;
  description: string;
  image_url: string | null;
  features: string[];
  /** Free text such as "512GB". */
  capacity: string;
  published: boolean;
  created_at: string;
}

export interface Video {
  id: string;
  title: string;
  description: string;
  thumbnail_url: string | null;
  video_url: string | null;
  category: VideoCategory;
  views: number;
  published: boolean;
  created_at: string;
}

export interface InterfacePreview {
  id: string;
  title: string;
  description: string;
  image_url: string | null;
  /** Optional in the form; new interface items default to "UI". */
  category: GalleryCategory;
  order: number;
  published: boolean;
}

export interface CartridgeSpecifications {
  storage: string;
  features: string[];
  dimensions: string;
  weight: string;
}

export interface CartridgeModel {
  id: string;
  title: string;
  description: string;
  image_url: string | null;
  specifications: CartridgeSpecifications;
  order: number;
  published: boolean;
}

/** New cartridge items start with empty specifications (spec section 5, Gallery item). */
export function emptySpecifications(): CartridgeSpecifications {
  return { storage: "", features: [], dimensions: "", weight: "" };
}

export interface PressQuote {
  id: string;
  quote: string;
  source: string;
  logo_url: string | null;
  published: boolean;
  created_at: string;
}

export interface WhitepaperSection {
  title: string;
  content: string;
  order: number;
}

export interface Whitepaper {
  id: string;
  title: string;
  /** Dotted version such as "1.10"; compared numerically, see whitepaper.ts. */
  version: string;
  published: boolean;
  created_at: string;
  sections: WhitepaperSection[];
  change_log: string[];
}

export interface BlogPost {
  id: string;
  title: string;
  /** Used by /updates/:slug. */
  slug: string;
  content: string;
  image_url: string | null;
  category: BlogCategory;
  milestone?: string | null;
  published: boolean;
  created_at: string;
  /** Set by the database on every change (the feed's and the sitemap's dates). */
  updated_at: string;
  /** Such as "3 min read", see readTime in format.ts. */
  read_time: string;
}

/** A waitlist, newsletter or contact form received by the intake; admins triage them. */
export interface FormSubmission {
  id: string;
  kind: FormKind;
  email: string;
  /** Only contact messages carry a name and a message. */
  name: string | null;
  message: string | null;
  created_at: string;
  handled: boolean;
}

/** A video as the public videos page shows it, from the video platform or its placeholders. */
export interface ExternalVideo {
  id: string;
  title: string;
  description: string;
  thumbnail: string;
  publishedAt: string;
  views: number;
}

export interface ContactMessage {
  name: string;
  email: string;
  message: string;
}
