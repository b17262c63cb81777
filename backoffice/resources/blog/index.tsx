import blogPosts from "../../../shared/content-types/blog.ts";
import { readTime, slugify } from "../../../shared/format.ts";
import { lazyInput, resourceOf } from "../types.ts";

// The send dialog loads with the posts list, not with the dashboard that reads this config.
const SendNewsletterButton = lazyInput(async () => (await import("./SendNewsletterButton.tsx")).SendNewsletterButton);
const derived = () => import("../../components/inputs/DerivedInput.tsx");

/** Blog Posts: the slug and read time follow the title and content as they are typed; a post is sent as a newsletter from its row. */
export default resourceOf(blogPosts, {
  inputs: {
    slug: lazyInput(async () => (await derived()).derivedInput({ from: "title", derive: slugify, followOnEdit: false })),
    read_time: lazyInput(async () => (await derived()).derivedInput({ from: "content", derive: readTime, followOnEdit: true })),
  },
  rowActions: SendNewsletterButton,
});
