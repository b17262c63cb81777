// The reads more than one part of the site makes (the posts: the updates list, a post's page, the
// feed, the sitemap), and what every read does with PostgREST's answer. A page's other reads are in
// its route module (site/routes/). Visitors see published rows only (RLS); the filters on
// `published` say so again, so that a signed-in admin's token could never make drafts appear. Each
// read takes the client, so the server renderer runs the same reads from Node.

import type { PostgrestClient } from "@supabase/postgrest-js";
import type { BlogPost } from "../../shared/content-types/blog.ts";

/** The rows of an answer, or its error thrown. */
export function answered<T>(result: { data: unknown; error: { message: string } | null }): T {
  if (result.error) throw new Error(result.error.message);
  return result.data as T;
}

export type PostSummary = Pick<BlogPost, "id" | "title" | "slug" | "content" | "image_url" | "image_alt" | "image_decorative" | "category" | "milestone" | "created_at" | "updated_at" | "read_time" | "seo_description" | "seo_image_url" | "canonical_url">;

export const POST_COLUMNS = "id,title,slug,content,image_url,image_alt,image_decorative,category,milestone,created_at,updated_at,read_time,seo_description,seo_image_url,canonical_url";

/** The published posts, newest first. */
export async function readPosts(db: PostgrestClient): Promise<PostSummary[]> {
  return answered<PostSummary[]>(await db.from("blog_posts").select(POST_COLUMNS).eq("published", true).order("created_at", { ascending: false }));
}
