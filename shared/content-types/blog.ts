import { ADMIN_WRITES_ALL, choicesOf, defineContentType, publishAtField } from "../content-type.ts";
import { capitalize, slugify } from "../format.ts";
import { TEXT_LIMITS } from "../limits.ts";
import { DOCUMENT_LIMITS, type RichTextDocument } from "../rich-text/document.ts";
import { readTimeOf } from "../rich-text/render-text.ts";
import { documentWithin, requiredDocument } from "../rich-text/rules.ts";
import { postPath } from "../routes.ts";
import { BLOG_CATEGORIES, type BlogCategory, type ImageAlt } from "../types.ts";
import { altRules, categoryRules, limitedTo, titleRules, urlRules, assetUrlRules, type RuleMap } from "../validation.ts";

export interface BlogPost extends ImageAlt<"image"> {
  id: string;
  title: string;
  /** Used by /updates/:slug. */
  slug: string;
  /** A rich-text document (shared/rich-text/document.ts). */
  content: RichTextDocument;
  image_url: string | null;
  category: BlogCategory;
  milestone?: string | null;
  published: boolean;
  /** Visitors see the row from this moment on (null: as soon as it is published); see shared/publishing.ts. */
  publish_at?: string | null;
  created_at: string;
  /** Set by the database on every change (the feed's and the sitemap's dates). */
  updated_at: string;
  /** Such as "3 min read", see readTime in format.ts. */
  read_time: string;
  /** Search and sharing; null means the default (the excerpt, the cover, the post's own address). */
  seo_description?: string | null;
  seo_image_url?: string | null;
  canonical_url?: string | null;
}

export const blogPostRules = {
  title: titleRules,
  read_time: [limitedTo(TEXT_LIMITS.label, "Read time")],
  content: [requiredDocument("Content is required"), documentWithin(DOCUMENT_LIMITS.content, "Content")],
  image_url: assetUrlRules,
  image_alt: altRules,
  category: categoryRules(BLOG_CATEGORIES),
  milestone: [limitedTo(TEXT_LIMITS.label, "Milestone")],
  seo_description: [limitedTo(TEXT_LIMITS.seoDescription, "Meta description")],
  seo_image_url: assetUrlRules,
  canonical_url: urlRules,
} satisfies RuleMap;

const categoryChoices = choicesOf(BLOG_CATEGORIES, capitalize);
const SEO_SECTION = "Search and sharing";
const { title, url, alt, label } = TEXT_LIMITS;

/** Blog Posts: list with category and milestone badges and created date; rich-text editor; a page per post. */
export default defineContentType<BlogPost>({
  name: "blog",
  table: "blog_posts",
  visibility: "published",
  translatable: ["title", "milestone", "content", "image_alt", "seo_description"],
  adminWrites: ADMIN_WRITES_ALL,
  searchFields: ["title", "content"],
  sitePath: (row) => postPath(String(row.slug)),
  limits: { title, image_url: url, image_alt: alt, milestone: label, read_time: label, seo_description: TEXT_LIMITS.seoDescription, seo_image_url: url, canonical_url: url },
  example: {
    row: (n) => ({ title: `Post ${n}`, content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Some words here." }] }] }, category: "community" }),
    change: { title: "Renamed" },
  },
  mediaReferences: { columns: ["image_url", "seo_image_url", "canonical_url", "content"], label: "title" },
  screen: {
    label: "Blog Posts",
    // ArticleOutlined
    icon: "M19 5v14H5V5zm0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2M14 17H7v-2h7zm3-4H7v-2h10zm0-4H7V7h10z",
    menu: 1,
    dashboard: "Blog Posts",
    noun: "post",
    recordRepresentation: (record) => record.title,
    sort: { field: "created_at", order: "DESC" },
    searchPlaceholder: "Search posts...",
    filters: [
      { source: "category", label: "Category", choices: categoryChoices },
      { source: "published", label: "Status", choices: [{ id: "true", name: "Published" }, { id: "false", name: "Draft" }] },
    ],
    columns: [
      { source: "image_url", label: "", kind: "image", size: 36 },
      { source: "title", label: "Title", kind: "title", sortable: true, subtitle: (record) => `${postPath(record.slug)} · ${record.read_time}` },
      {
        source: "category",
        label: "Category",
        kind: "badges",
        sortable: true,
        badges: [
          { text: (record) => capitalize(record.category), color: "primary" },
          { text: (record) => record.milestone, color: "warning" },
        ],
      },
      { source: "created_at", label: "Created", kind: "date", sortable: true },
    ],
    fields: [
      { source: "title", label: "Title", kind: "text", validate: blogPostRules.title },
      // Derived from the title and the content as they are typed (backoffice/resources/blog/index.tsx).
      { source: "slug", label: "Slug", kind: "custom", half: true, helperText: "The address of the post: /updates/{slug}. Derived from the title." },
      { source: "read_time", label: "Read time", kind: "custom", half: true, validate: blogPostRules.read_time, helperText: "Derived from the content; edit to override." },
      { source: "category", label: "Category", kind: "select", choices: categoryChoices, validate: blogPostRules.category, half: true },
      { source: "milestone", label: "Milestone (optional)", kind: "text", half: true, placeholder: "Prototype v1", validate: blogPostRules.milestone },
      { source: "image_url", label: "Image URL", kind: "image", validate: blogPostRules.image_url, alt: { source: "image_alt", decorative: "image_decorative", validate: blogPostRules.image_alt } },
      { source: "content", label: "Content", kind: "richText", validate: blogPostRules.content, rows: 14 },
      {
        source: "seo_description",
        label: "Meta description",
        kind: "textarea",
        rows: 2,
        section: SEO_SECTION,
        validate: blogPostRules.seo_description,
        helperText: "Shown by search engines and link previews (about 160 characters fit). Empty: the post's first words.",
      },
      { source: "seo_image_url", label: "Social image URL", kind: "image", section: SEO_SECTION, validate: blogPostRules.seo_image_url, helperText: "The picture of link previews. Empty: the cover image." },
      {
        source: "canonical_url",
        label: "Canonical URL",
        kind: "url",
        section: SEO_SECTION,
        validate: blogPostRules.canonical_url,
        helperText: "The address search engines should list, such as the original of a republished post. Empty: this post's own address.",
      },
      publishAtField,
    ],
    capabilities: { create: true, edit: true, delete: true, publish: true },
    duplicate: { title: "title", slug: "slug" },
    dialogWidth: "lg",
    transform: (data, { isNew }) => {
      const title = String(data.title ?? "");
      const slug = slugify(String(data.slug ?? ""));
      return {
        ...data,
        // A new post's derived slug is left to the database, which makes it unique (-2, -3, ...).
        slug: !slug || (isNew && slug === slugify(title)) ? null : slug,
        read_time: String(data.read_time ?? "").trim() || readTimeOf(data.content as RichTextDocument | undefined),
        milestone: String(data.milestone ?? "").trim() || null,
      };
    },
  },
});
