import { formatDate } from "../../shared/format.ts";
import { languageEntry } from "../../shared/languages.ts";
import type { BlogCategory } from "../../shared/types.ts";
import { fill } from "../i18n/catalogues.ts";
import { postsTexts } from "../i18n/parts/posts.ts";
import type { PartTexts } from "../i18n/parts.ts";
import { usePart, useSiteLanguage } from "../lib/language.ts";
import type { PostSummary } from "../lib/queries.ts";

/** A category's label in a catalogue. */
export function categoryLabel(category: BlogCategory, messages: PartTexts<typeof postsTexts.en>): string {
  return messages[`post.category.${category}`] ?? category;
}

/** Category and milestone badges, date (in the page's language) and read time of a post. */
export function PostMeta({ post }: { post: Pick<PostSummary, "category" | "milestone" | "created_at" | "read_time"> }) {
  const { language } = useSiteLanguage();
  const messages = usePart(postsTexts);
  return (
    <div className="post-meta">
      <span className={`badge badge-${post.category}`}>{categoryLabel(post.category, messages)}</span>
      {post.milestone && (
        <span className="badge badge-milestone">
          <span aria-hidden="true">★ </span>
          {fill(messages["post.milestone"], { milestone: post.milestone })}
        </span>
      )}
      <time dateTime={post.created_at}>{formatDate(post.created_at, languageEntry(language).locale)}</time>
      <span className="read-time">{post.read_time}</span>
    </div>
  );
}
