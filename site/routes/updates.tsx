import type { PostgrestClient } from "@supabase/postgrest-js";
import { useSearchParams } from "react-router";
import { IMAGE_BOXES, imageAlt } from "../../shared/images.ts";
import { postPath } from "../../shared/routes.ts";
import { BLOG_CATEGORIES, type BlogCategory } from "../../shared/types.ts";
import { PageHeader } from "../components/PageHeader.tsx";
import { Link } from "../components/Link.tsx";
import { Picture } from "../components/Picture.tsx";
import { categoryLabel, PostMeta } from "../components/PostMeta.tsx";
import { LoadError, Loading } from "../components/States.tsx";
import { DEFAULT_LANGUAGE, type Language } from "../../shared/languages.ts";
import { postsTexts } from "../i18n/parts/posts.ts";
import { updatesTexts } from "../i18n/parts/updates.ts";
import { useLocalPath, useMessages, usePart } from "../lib/language.ts";
import { pageMeta, usePageMeta } from "../lib/meta.ts";
import { answered, type PostSummary } from "../lib/queries.ts";
import { useRead, type Loader, type RouteDefinition } from "../lib/route-module.ts";
import { inLanguage } from "../lib/translations.ts";

export const route = { path: "/updates", nav: "Updates", sitemap: true, feed: true } satisfies RouteDefinition;

/** The catalogue parts this page shows (its own, and its components'). */
export const texts = [updatesTexts, postsTexts];


/** A post as the list shows it: its excerpt instead of its content. */
export type PostCard = Pick<PostSummary, "id" | "title" | "slug" | "image_url" | "image_alt" | "image_decorative" | "category" | "milestone" | "created_at" | "updated_at" | "read_time"> & {
  excerpt: string;
};

export const loader = {
  /**
   * The published posts, newest first, each with the excerpt of its text as the database cuts it
   * (post_cards(), supabase/schemas/05_blog_posts.sql): neither the server nor the browser loads the
   * posts' content or a renderer for the list. In another language, the posts published in it, with
   * their translations and the excerpt of the translated text.
   */
  posts: async (db: PostgrestClient, language: Language): Promise<PostCard[]> => {
    const cards = answered<PostCard[]>(await db.rpc("post_cards"));
    if (language === DEFAULT_LANGUAGE) return cards;
    const [translated, { excerptOf }] = await Promise.all([
      inLanguage(db, "blog_posts", cards.map((card) => ({ ...card, content: undefined as PostSummary["content"] | undefined })), language),
      import("../../shared/rich-text/render-text.ts"),
    ]);
    // The database's excerpt is 200 characters of the prose; the translation's is cut the same way.
    return translated.filter((card) => card.lang === language).map(({ content, lang: _lang, ...card }) => ({ ...card, excerpt: excerptOf(content, 200) }));
  },
} satisfies Loader;

export const POSTS_FAILED = updatesTexts.en["updates.failed"];
export const NO_POSTS = updatesTexts.en["updates.none"];

const FILTERS: readonly (BlogCategory | null)[] = [null, ...BLOG_CATEGORIES];

function isCategory(value: string | null): value is BlogCategory {
  return (BLOG_CATEGORIES as readonly string[]).includes(value ?? "");
}

/** The blog list: published posts, newest first, filtered by ?category= (so a filtered list can be linked). */
export default function UpdatesPage() {
  const messages = { ...useMessages(), ...usePart(updatesTexts) };
  const postWords = usePart(postsTexts);
  const localPath = useLocalPath();
  usePageMeta(pageMeta(messages, route.path), route.path);
  const [params, setParams] = useSearchParams();
  const requested = params.get("category");
  const category = isCategory(requested) ? requested : null;
  const posts = useRead(loader, "posts");

  const select = (value: BlogCategory | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set("category", value);
    else next.delete("category");
    setParams(next, { preventScrollReset: true });
  };

  const shown = posts.status === "ready" ? posts.data.filter((post) => !category || post.category === category) : [];

  return (
    <>
      <PageHeader eyebrow={messages["updates.eyebrow"]} title={messages["title:/updates"]}>
        <p>{messages["updates.lead"]}</p>
      </PageHeader>
      <div className="container">
        <div className="filter-bar" role="group" aria-label={messages["updates.filter"]}>
          {FILTERS.map((filter) => (
            <button key={filter ?? "all"} type="button" className="filter-button" aria-pressed={category === filter} onClick={() => select(filter)}>
              {filter ? categoryLabel(filter, postWords) : messages["updates.all"]}
            </button>
          ))}
        </div>
        {posts.status === "loading" && <Loading>{messages["updates.loading"]}</Loading>}
        {posts.status === "error" && <LoadError message={messages["updates.failed"]} onRetry={posts.reload} />}
        {posts.status === "ready" && shown.length === 0 && <p className="state">{messages["updates.none"]}</p>}
        {shown.length > 0 && (
          <ul className="post-list">
            {shown.map((post, index) => (
              <li key={post.id} className="post-card card">
                {post.image_url && (
                  <Picture
                    className="post-card-image"
                    src={post.image_url}
                    {...IMAGE_BOXES.postCard}
                    sizes="(min-width: 900px) 320px, 100vw"
                    loading={index === 0 ? "priority" : index < 2 ? "eager" : "lazy"}
                    alt={imageAlt(post.image_alt, post.image_decorative, post.title)}
                  />
                )}
                <div className="post-card-body">
                  <PostMeta post={post} />
                  <h2 className="post-card-title">
                    <Link to={localPath(postPath(post.slug))}>{post.title}</Link>
                  </h2>
                  <p>{post.excerpt}</p>
                  <Link to={localPath(postPath(post.slug))} className="read-more" aria-hidden="true" tabIndex={-1}>
                    {messages["updates.readMore"]}
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
