import blogPosts from "../../../shared/content-types/blog.ts";
import { readTime, slugify } from "../../../shared/format.ts";
import type { RichTextDocument } from "../../../shared/rich-text/document.ts";
import { readTimeOf } from "../../../shared/rich-text/render-text.ts";
import { lazyInput, resourceOf } from "../types.ts";

// The send dialog loads with the posts list, not with the dashboard that reads this config.
const SendPostButton = lazyInput(async () => (await import("../../newsletters/SendNewsletterButton.tsx")).SendPostButton);
const derived = () => import("../../components/inputs/DerivedInput.tsx");

/** A post's read time from its content: a document, or the Markdown of a row from before documents. */
const contentReadTime = (content: unknown) =>
  typeof content === "object" && content !== null ? readTimeOf(content as RichTextDocument) : readTime(String(content ?? ""));

/** Blog Posts: the slug and read time follow the title and content as they are typed; a post is sent as a newsletter from its row. */
export default resourceOf(blogPosts, {
  inputs: {
    slug: lazyInput(async () => (await derived()).derivedInput({ from: "title", derive: (title) => slugify(String(title ?? "")), followOnEdit: false })),
    read_time: lazyInput(async () => (await derived()).derivedInput({ from: "content", derive: contentReadTime, followOnEdit: true })),
  },
  rowActions: SendPostButton,
});
