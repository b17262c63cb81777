import { useEffect, useMemo } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { NOT_FOUND_META } from "../../shared/site-content.ts";
import { postPath } from "../../shared/routes.ts";
import { IMAGE_BOXES, imageAlt } from "../../shared/images.ts";
import { Picture } from "../components/Picture.tsx";
import { PostMeta } from "../components/PostMeta.tsx";
import { LoadError, Loading } from "../components/States.tsx";
import { db } from "../lib/db.ts";
import { renderMarkdown } from "../../shared/markdown.ts";
import { ORIGIN, usePageMeta } from "../lib/meta.ts";
import { postSeo } from "../lib/post-seo.ts";
import { postKey, postRedirectKey, queries, type PostSummary } from "../lib/queries.ts";
import { useResource } from "../lib/resource.ts";
import NotFoundPage from "./NotFoundPage.tsx";

function Article({ post }: { post: PostSummary }) {
  const html = useMemo(() => renderMarkdown(post.content), [post.content]);
  return (
    <article className="post">
      <header className="page-header">
        <div className="container narrow">
          <p className="eyebrow">
            <Link to={`/updates?category=${post.category}`}>Updates</Link>
          </p>
          <h1 className="page-title">{post.title}</h1>
          <PostMeta post={post} />
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
        <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
        <p>
          <Link to="/updates" className="button button-ghost">
            ← All updates
          </Link>
        </p>
      </div>
    </article>
  );
}

function PostView({ slug }: { slug: string }) {
  const post = useResource(postKey(slug), () => queries.post(db(), slug));
  const found = post.status === "ready" ? post.data : null;
  const seo = found ? postSeo(found, ORIGIN) : null;
  usePageMeta(
    found && seo ? { title: found.title, description: seo.description, canonical: seo.canonical } : post.status === "ready" ? NOT_FOUND_META : { title: "Updates", description: "An update from the RCRT team." },
    postPath(slug),
  );
  if (post.status === "loading") return <div className="container narrow"><Loading>Loading post…</Loading></div>;
  if (post.status === "error") return <div className="container narrow"><LoadError message="Unable to load this post. Please make sure you are connected to Supabase." onRetry={post.reload} /></div>;
  if (!found) return <MissingPost slug={slug} />;
  return <Article post={found} />;
}

/**
 * A renamed post's old address goes on to its current one, as the server's 301 does for a full page
 * load; unpublished, deleted or never written, the same NO SIGNAL page the server answers with 404.
 */
function MissingPost({ slug }: { slug: string }) {
  const moved = useResource(postRedirectKey(slug), () => queries.postRedirect(db(), slug));
  const navigate = useNavigate();
  const current = moved.status === "ready" ? moved.data : null;
  useEffect(() => {
    if (current) void navigate(postPath(current), { replace: true });
  }, [current, navigate]);
  if (moved.status === "loading" || current) return <div className="container narrow"><Loading>Loading post…</Loading></div>;
  return <NotFoundPage />;
}

/** /updates/:slug: one published post, its markdown rendered and sanitized. */
export default function PostPage() {
  const { slug = "" } = useParams();
  return <PostView key={slug} slug={slug} />;
}
