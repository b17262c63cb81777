import { excerpt } from "../../shared/markdown-text.ts";
import { postPath } from "../../shared/routes.ts";
import type { BlogPost } from "../../shared/types.ts";

export type PostSeoFields = Pick<BlogPost, "slug" | "content" | "image_url" | "seo_description" | "seo_image_url" | "canonical_url">;

export interface PostSeo {
  description: string;
  /** The image link previews show (as stored: the caller sizes it), or null. */
  image: string | null;
  /** Absolute. */
  canonical: string;
}

/**
 * What a post tells search engines and social sites: its own SEO fields where the editor set them,
 * else what the page shows (the excerpt, the cover, its own address). The server's head tags, the
 * feed, the sitemap and the page in the browser all read this.
 */
export function postSeo(post: PostSeoFields, origin: string): PostSeo {
  return {
    description: post.seo_description?.trim() || excerpt(post.content),
    image: post.seo_image_url || post.image_url || null,
    canonical: post.canonical_url || `${origin}${postPath(post.slug)}`,
  };
}
