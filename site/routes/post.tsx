import type { PostgrestClient } from "@supabase/postgrest-js";
import { useEffect } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { IMAGE_BOXES, imageAlt, resizedImage } from "../../shared/images.ts";
import { DEFAULT_LANGUAGE, isLanguage, pathInLanguage } from "../../shared/languages.ts";
import { POST_ROUTE, postPath } from "../../shared/routes.ts";
import { Link } from "../components/Link.tsx";
import NotFoundPage from "../components/NotFoundPage.tsx";
import { Picture } from "../components/Picture.tsx";
import { PostMeta } from "../components/PostMeta.tsx";
import { RichText } from "../components/RichText.tsx";
import { LoadError, Loading } from "../components/States.tsx";
import { postsTexts } from "../i18n/parts/posts.ts";
import { IMAGE_SETTINGS } from "../lib/image-settings.ts";
import { useLocalPath, usePart, useSiteLanguage } from "../lib/language.ts";
import { notFoundMeta, ORIGIN, pageMeta, usePageMeta } from "../lib/meta.ts";
import { answered, POST_COLUMNS, readPosts, type PostSummary } from "../lib/queries.ts";
import { siteDb, type RouteDefinition, type RowSource } from "../lib/route-module.ts";
import { useResource } from "../lib/resource.ts";
import { inEveryLanguage, type InLanguage } from "../lib/translations.ts";

export const route = { path: POST_ROUTE, sitemap: true, feed: true } satisfies RouteDefinition;

/** The catalogue parts this page shows (its own, and its components'). */
export const texts = [postsTexts];

/**
 * A post as its page shows it: its document as HTML (site/lib/rich-text.ts), and its description (the
 * editor's, else the excerpt of its text). Made where the post is read (the server; the browser only
 * when it reads a post itself), so the page's code does not load the renderer as it starts.
 */
export type PostShown = Omit<PostSummary, "content"> & InLanguage & { html: string; description: string };

export async function showPost({ content, ...post }: PostSummary & InLanguage, db: PostgrestClient): Promise<PostShown> {
  const [{ documentsHtml }, { excerptOf }] = await Promise.all([import("../lib/rich-text.ts"), import("../../shared/rich-text/render-text.ts")]);
  const [html = ""] = await documentsHtml(db, [content]);
  return { ...post, html, description: post.seo_description?.trim() || excerptOf(content) };
}

export interface PostSeo {
  description: string;
  /** The image link previews show (as stored: the caller sizes it), or null. */
  image: string | null;
  /** Absolute. */
  canonical: string;
}

/**
 * What a post tells search engines and social sites: its own SEO fields where the editor set them,
 * else what the page shows (the excerpt, the cover, its own address in the language its words are
 * in: a page showing the default language's words for want of a translation names the default
 * page). The page's head (on the server and in the browser), the feed and the sitemap all read this.
 */
export function postSeo(post: Pick<PostShown, "slug" | "description" | "image_url" | "seo_image_url" | "canonical_url"> & Partial<Pick<PostShown, "lang">>, origin: string): PostSeo {
  return {
    description: post.description,
    image: post.seo_image_url || post.image_url || null,
    canonical: post.canonical_url || `${origin}${pathInLanguage(postPath(post.slug), post.lang ?? DEFAULT_LANGUAGE)}`,
  };
}

/** The key of a post's row in the page's data. */
export function postKey(slug: string): string {
  return `post:${slug}`;
}

/** The key of a missing post's current slug (post_redirect), rendered beside its NO SIGNAL page. */
export function postRedirectKey(slug: string): string {
  return `post-redirect:${slug}`;
}

/** A renamed post: the current slug of a published post that once had this one, or null. */
const renamed = {
  key: postRedirectKey,
  read: async (db: PostgrestClient, oldSlug: string) => answered<string | null>(await db.rpc("post_redirect", { old_slug: oldSlug })),
};

export const row: RowSource<PostShown> = {
  table: "blog_posts",
  key: postKey,
  read: async (db, slug, language) => {
    const post = answered<PostSummary | null>(await db.from("blog_posts").select(POST_COLUMNS).eq("published", true).eq("slug", slug).maybeSingle());
    return post && showPost((await inEveryLanguage(db, "blog_posts", [post], language))[0]!, db);
  },
  // A draft is previewed as written, in the default language.
  // A draft in the words of its preview's language when it has them (site/server/draft-preview.ts).
  shown: (draft, db) => {
    const lang = isLanguage(draft.lang) ? draft.lang : DEFAULT_LANGUAGE;
    return showPost({ ...(draft as unknown as PostSummary), lang, languages: lang === DEFAULT_LANGUAGE ? [DEFAULT_LANGUAGE] : [DEFAULT_LANGUAGE, lang] }, db);
  },
  renamed,
  head(found, origin) {
    const seo = postSeo(found, origin);
    return {
      title: found.title,
      description: seo.description,
      canonical: seo.canonical,
      type: "article",
      image: seo.image ? resizedImage(seo.image, IMAGE_BOXES.shareCard, IMAGE_SETTINGS) : null,
      publishedTime: found.created_at,
      modifiedTime: found.updated_at,
    };
  },
  list: async (db, language) => {
    const posts = await inEveryLanguage(db, "blog_posts", await readPosts(db), language);
    return Promise.all(posts.filter((post) => post.lang === language).map((post) => showPost(post, db)));
  },
};

/**
 * A post in the page's language, or, with no published translation in it, in the language its words
 * are in (`lang`), marked so and said in a short notice in the page's language.
 */
function Article({ post }: { post: PostShown }) {
  const { language } = useSiteLanguage();
  const messages = usePart(postsTexts);
  const localPath = useLocalPath();
  const fallback = post.lang !== language;
  return (
    <article className="post" lang={fallback ? post.lang : undefined}>
      {fallback && (
        <p className="fallback-notice container narrow" lang={language} role="note">
          {messages["fallback.notice"]}
        </p>
      )}
      <header className="page-header">
        <div className="container narrow">
          <p className="eyebrow" lang={fallback ? language : undefined}>
            <Link to={localPath(`/updates?category=${post.category}`)}>{messages["post.updates"]}</Link>
          </p>
          <h1 className="page-title">{post.title}</h1>
          <div lang={fallback ? language : undefined}>
            <PostMeta post={post} />
          </div>
        </div>
      </header>
      <div className="container narrow">
        {post.image_url && (
          <Picture
            className="post-hero"
            src={post.image_url}
            {...IMAGE_BOXES.postHero}
            sizes="(min-width: 1000px) 960px, 100vw"
            loading="priority"
            alt={imageAlt(post.image_alt, post.image_decorative, post.title)}
          />
        )}
        <RichText html={post.html} />
        <p lang={fallback ? language : undefined}>
          <Link to={localPath("/updates")} className="button button-ghost">
            {messages["post.allUpdates"]}
          </Link>
        </p>
      </div>
    </article>
  );
}

function PostView({ slug }: { slug: string }) {
  const { language, messages } = useSiteLanguage();
  const words = usePart(postsTexts);
  const post = useResource(postKey(slug), async () => row.read(await siteDb(), slug, language));
  const found = post.status === "ready" ? post.data : null;
  usePageMeta(found ? row.head(found, ORIGIN) : post.status === "ready" ? notFoundMeta(messages) : pageMeta(messages, POST_ROUTE), postPath(slug));
  if (post.status === "loading") return <div className="container narrow"><Loading>{words["post.loading"]}</Loading></div>;
  if (post.status === "error") return <div className="container narrow"><LoadError message={words["post.failed"]} onRetry={post.reload} /></div>;
  if (!found) return <MissingPost slug={slug} />;
  return <Article post={found} />;
}

/**
 * A renamed post's old address goes on to its current one, as the server's 301 does for a full page
 * load; unpublished, deleted or never written, the same NO SIGNAL page the server answers with 404.
 */
function MissingPost({ slug }: { slug: string }) {
  const moved = useResource(postRedirectKey(slug), async () => renamed.read(await siteDb(), slug));
  const messages = usePart(postsTexts);
  const localPath = useLocalPath();
  const navigate = useNavigate();
  const { search, hash } = useLocation();
  const current = moved.status === "ready" ? moved.data : null;
  useEffect(() => {
    // Replaced, so Back does not return to the old address; the query and fragment go along, as with the 301.
    if (current) void navigate(`${localPath(postPath(current))}${search}${hash}`, { replace: true });
  }, [current, navigate, search, hash, localPath]);
  if (moved.status === "loading" || current) return <div className="container narrow"><Loading>{messages["post.loading"]}</Loading></div>;
  return <NotFoundPage />;
}

/** /updates/:slug: one published post, its document rendered by the site's one renderer. */
export default function PostPage() {
  const { slug = "" } = useParams();
  return <PostView key={slug} slug={slug} />;
}
