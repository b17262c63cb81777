// The content tables, as plain data: the one list that everything walking "every table" reads. The
// back office extends each entry with its screen (backoffice/resources/<name>/index.tsx), and the
// integration tests derive their table lists from it (the RLS matrix, the length limits, the fuzzer),
// so a new content type is one entry here, not an edit of every list. See docs/architecture.md.

import { postPath } from "./routes.ts";
import { TEXT_LIMITS } from "./limits.ts";
import type {
  BlogPost,
  CartridgeModel,
  FaqEntry,
  FeaturedCollection,
  FormSubmission,
  InterfacePreview,
  MediaAsset,
  PressQuote,
  ProjectStage,
  Video,
  Whitepaper,
} from "./types.ts";

/**
 * Who reads the rows (admins always read everything):
 *   published  visitors and signed-in non-admins read published rows whose `publish_at` (null: at
 *              once) has come; such tables have `published` and `publish_at` (shared/publishing.ts)
 *   everyone   visitors read every row (project stages have no drafts)
 *   admins     only administrators read them (media, form submissions)
 */
export type Visibility = "published" | "everyone" | "admins";

export interface ContentTable<Row = Record<string, unknown>> {
  /** The back office's route (/admin/{name}) and react-admin resource name. */
  name: string;
  /** The table in the `public` schema. */
  table: string;
  visibility: Visibility;
  /** What administrators may do through the API; nobody else writes (the form intake uses the service role). */
  adminWrites: { insert: boolean; update: boolean; delete: boolean };
  /** Columns the back office's search box looks in (case-insensitive substring, on the server). */
  searchFields?: readonly (keyof Row & string)[];
  /** Left out of the search across content (shared/content-search.ts), which looks in every other table's searchFields. */
  contentSearch?: false;
  /** The longest text of each text column (TEXT_LIMITS); the database checks the same numbers. */
  limits: Partial<Record<keyof Row & string, number>>;
  /**
   * The site's page that shows a row (published tables): the back office's Preview opens it with a
   * preview link, and the web tier renders a preview only at this address.
   */
  sitePath?(row: Record<string, unknown>): string;
  /** The smallest valid row (n keeps unique columns unique) and a change an admin may make to it. */
  example: { row(n: number): Partial<Row>; change: Partial<Row> };
  /**
   * Where rows may use media assets: columns holding an asset's URL, whole or inside Markdown, and the
   * column that names a row. The media library's "in use by" searches exactly these (shared/media-usage.ts).
   */
  mediaReferences?: { columns: readonly (keyof Row & string)[]; label: keyof Row & string };
}

const { title, url, description, label, alt } = TEXT_LIMITS;
const adminWritesAll = { insert: true, update: true, delete: true };

export const projectStages: ContentTable<ProjectStage> = {
  name: "progress",
  table: "project_stages",
  visibility: "everyone",
  adminWrites: adminWritesAll,
  limits: { name: title },
  example: { row: (n) => ({ name: `Stage ${n}`, category: n % 2 ? "hardware" : "token", order: 100 + n, progress: 10 }), change: { name: "Renamed stage" } },
};

export const mediaAssets: ContentTable<MediaAsset> = {
  name: "media",
  table: "media_assets",
  visibility: "admins",
  adminWrites: adminWritesAll,
  searchFields: ["filename"],
  limits: { url, filename: TEXT_LIMITS.filename, alt_text: alt },
  example: {
    row: (n) => ({ url: `https://example.com/media/${n}.png`, filename: `file-${n}.png`, type: "image", size: 1024, metadata: { format: "image/png" } }),
    change: { filename: "renamed.png" },
  },
};

export const featuredCollections: ContentTable<FeaturedCollection> = {
  name: "collections",
  table: "featured_collections",
  visibility: "published",
  adminWrites: adminWritesAll,
  searchFields: ["title", "description"],
  sitePath: () => "/",
  limits: { title, description, image_url: url, image_alt: alt, capacity: label },
  example: { row: (n) => ({ title: `Collection ${n}`, description: "About it", features: ["Gold Contacts"], capacity: "512GB" }), change: { title: "Renamed" } },
  mediaReferences: { columns: ["image_url"], label: "title" },
};

export const videos: ContentTable<Video> = {
  name: "videos",
  table: "videos",
  visibility: "published",
  adminWrites: adminWritesAll,
  searchFields: ["title", "description"],
  sitePath: () => "/youtube",
  limits: { title, description, thumbnail_url: url, thumbnail_alt: alt, video_url: url },
  example: { row: (n) => ({ title: `Video ${n}`, description: "About it", category: "Tutorial", views: 3 }), change: { title: "Renamed" } },
  mediaReferences: { columns: ["thumbnail_url", "video_url"], label: "title" },
};

export const interfacePreviews: ContentTable<InterfacePreview> = {
  name: "interface_previews",
  table: "interface_previews",
  visibility: "published",
  adminWrites: adminWritesAll,
  searchFields: ["title", "description"],
  sitePath: () => "/gallery",
  limits: { title, description, image_url: url, image_alt: alt },
  example: { row: (n) => ({ title: `Preview ${n}`, description: "About it", order: 100 + n }), change: { title: "Renamed" } },
  mediaReferences: { columns: ["image_url"], label: "title" },
};

export const cartridgeModels: ContentTable<CartridgeModel> = {
  name: "cartridge_models",
  table: "cartridge_models",
  visibility: "published",
  adminWrites: adminWritesAll,
  searchFields: ["title", "description"],
  sitePath: () => "/gallery",
  limits: { title, description, image_url: url, image_alt: alt },
  example: { row: (n) => ({ title: `Cartridge ${n}`, description: "About it", order: 100 + n }), change: { title: "Renamed" } },
  mediaReferences: { columns: ["image_url"], label: "title" },
};

export const pressQuotes: ContentTable<PressQuote> = {
  name: "press",
  table: "press_quotes",
  visibility: "published",
  adminWrites: adminWritesAll,
  searchFields: ["quote", "source"],
  sitePath: () => "/",
  limits: { quote: TEXT_LIMITS.quote, source: title, logo_url: url, logo_alt: alt },
  example: { row: (n) => ({ quote: `Quote ${n}`, source: "Retro Tech Weekly" }), change: { quote: "Changed quote" } },
  mediaReferences: { columns: ["logo_url"], label: "source" },
};

export const whitepaper: ContentTable<Whitepaper> = {
  name: "whitepaper",
  table: "whitepaper",
  visibility: "published",
  // Versions are never deleted.
  adminWrites: { insert: true, update: true, delete: false },
  searchFields: ["title", "version"],
  sitePath: () => "/whitepaper",
  limits: { title, version: TEXT_LIMITS.version },
  example: {
    row: (n) => ({ title: `Whitepaper ${n}`, version: `7.${n}`, sections: [{ title: "Intro", content: "Text", order: 0 }], change_log: ["Initial release"] }),
    change: { title: "Renamed" },
  },
  mediaReferences: { columns: ["sections"], label: "title" },
};

export const blogPosts: ContentTable<BlogPost> = {
  name: "blog",
  table: "blog_posts",
  visibility: "published",
  adminWrites: adminWritesAll,
  searchFields: ["title", "content"],
  sitePath: (row) => postPath(String(row.slug)),
  limits: { title, content: TEXT_LIMITS.content, image_url: url, image_alt: alt, milestone: label, read_time: label, seo_description: TEXT_LIMITS.seoDescription, seo_image_url: url, canonical_url: url },
  example: { row: (n) => ({ title: `Post ${n}`, content: "Some words here.", category: "community" }), change: { title: "Renamed" } },
  mediaReferences: { columns: ["image_url", "seo_image_url", "canonical_url", "content"], label: "title" },
};

export const formSubmissions: ContentTable<FormSubmission> = {
  name: "community",
  table: "form_submissions",
  visibility: "admins",
  // The intake inserts them; admins only mark them handled; nobody deletes.
  adminWrites: { insert: false, update: true, delete: false },
  searchFields: ["email", "name", "message"],
  // People's messages, not content: the inbox has its own search.
  contentSearch: false,
  limits: { email: TEXT_LIMITS.email, name: title, message: TEXT_LIMITS.message },
  example: { row: (n) => ({ kind: "contact", email: `person${n}@example.com`, name: "Ada", message: "Hello" }), change: { handled: true } },
};

export const faqEntries: ContentTable<FaqEntry> = {
  name: "faq",
  table: "faq_entries",
  visibility: "published",
  adminWrites: adminWritesAll,
  searchFields: ["question", "answer"],
  sitePath: () => "/contact",
  limits: { question: TEXT_LIMITS.question, answer: TEXT_LIMITS.answer },
  example: { row: (n) => ({ question: `Question ${n}?`, answer: "An answer.", order: 100 + n }), change: { question: "Changed?" } },
};

/** Every content table. admin_users is not content: it is the admin list, written by nobody through the API. */
export const CONTENT_TABLES: readonly ContentTable[] = [
  projectStages,
  mediaAssets,
  featuredCollections,
  videos,
  interfacePreviews,
  cartridgeModels,
  pressQuotes,
  whitepaper,
  blogPosts,
  formSubmissions,
  faqEntries,
];
