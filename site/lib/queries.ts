// The site's reads. Visitors see published rows only (RLS); the filters on `published` say so again
// so that a signed-in admin's token could never make drafts appear here. Each query takes the client,
// so the site's server entry runs the same queries from Node.

import type { PostgrestClient } from "@supabase/postgrest-js";
import type {
  BlogPost,
  CartridgeModel,
  FaqEntry,
  FeaturedCollection,
  InterfacePreview,
  PressQuote,
  ProjectStage,
  Video,
  Whitepaper,
} from "../../shared/types.ts";

function unwrap<T>(result: { data: unknown; error: { message: string } | null }): T {
  if (result.error) throw new Error(result.error.message);
  return result.data as T;
}

export interface HomeContent {
  stages: ProjectStage[];
  collections: FeaturedCollection[];
  press: PressQuote[];
}

export type PostSummary = Pick<BlogPost, "id" | "title" | "slug" | "content" | "image_url" | "image_alt" | "image_decorative" | "category" | "milestone" | "created_at" | "updated_at" | "read_time" | "seo_description" | "seo_image_url" | "canonical_url">;

const POST_COLUMNS = "id,title,slug,content,image_url,image_alt,image_decorative,category,milestone,created_at,updated_at,read_time,seo_description,seo_image_url,canonical_url";

export const queries = {
  /** Stages by category then order, and the published collections and press quotes, newest first: one request (public.home_page). */
  home: async (db: PostgrestClient) => unwrap<HomeContent>(await db.rpc("home_page")),

  posts: async (db: PostgrestClient) =>
    unwrap<PostSummary[]>(await db.from("blog_posts").select(POST_COLUMNS).eq("published", true).order("created_at", { ascending: false })),

  post: async (db: PostgrestClient, slug: string) =>
    unwrap<PostSummary | null>(await db.from("blog_posts").select(POST_COLUMNS).eq("published", true).eq("slug", slug).maybeSingle()),

  /** The current slug of a published post that once had this one (renamed), or null. */
  postRedirect: async (db: PostgrestClient, oldSlug: string) => unwrap<string | null>(await db.rpc("post_redirect", { old_slug: oldSlug })),

  previews: async (db: PostgrestClient) =>
    unwrap<InterfacePreview[]>(
      await db.from("interface_previews").select("id,title,description,image_url,image_alt,image_decorative,category,order,published").eq("published", true).order("order"),
    ),

  cartridges: async (db: PostgrestClient) =>
    unwrap<CartridgeModel[]>(
      await db.from("cartridge_models").select("id,title,description,image_url,image_alt,image_decorative,specifications,order,published").eq("published", true).order("order"),
    ),

  videos: async (db: PostgrestClient) =>
    unwrap<Video[]>(
      await db.from("videos").select("id,title,description,thumbnail_url,thumbnail_alt,thumbnail_decorative,video_url,category,views,published,created_at").eq("published", true).order("created_at", { ascending: false }),
    ),

  faq: async (db: PostgrestClient) =>
    unwrap<Pick<FaqEntry, "id" | "question" | "answer">[]>(await db.from("faq_entries").select("id,question,answer").eq("published", true).order("order").order("id")),

  /** The published version with the highest version (version_key orders 1.10 above 1.9). */
  whitepaper: async (db: PostgrestClient) =>
    unwrap<Whitepaper | null>(
      await db
        .from("whitepaper")
        .select("id,title,version,published,created_at,sections,change_log")
        .eq("published", true)
        .order("version_key", { ascending: false })
        .limit(1)
        .maybeSingle(),
    ),
};

export type QueryName = keyof typeof queries;

/** The keys of the server-rendered data: one per query, posts by slug. */
export function postKey(slug: string): string {
  return `post:${slug}`;
}

/** The key of a missing post's current slug (post_redirect), rendered beside its NO SIGNAL page. */
export function postRedirectKey(slug: string): string {
  return `post-redirect:${slug}`;
}
