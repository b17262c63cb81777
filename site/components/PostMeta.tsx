import { formatDate } from "../../shared/format.ts";
import type { PostSummary } from "../lib/queries.ts";

export const CATEGORY_LABELS = { development: "Development", hardware: "Hardware", community: "Community" } as const;

/** Category and milestone badges, date and read time of a post. */
export function PostMeta({ post }: { post: Pick<PostSummary, "category" | "milestone" | "created_at" | "read_time"> }) {
  return (
    <div className="post-meta">
      <span className={`badge badge-${post.category}`}>{CATEGORY_LABELS[post.category] ?? post.category}</span>
      {post.milestone && (
        <span className="badge badge-milestone">
          <span aria-hidden="true">★ </span>Milestone: {post.milestone}
        </span>
      )}
      <time dateTime={post.created_at}>{formatDate(post.created_at, "en-US")}</time>
      <span className="read-time">{post.read_time}</span>
    </div>
  );
}
