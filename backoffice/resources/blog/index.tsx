import ArticleIcon from "@mui/icons-material/ArticleOutlined";
import Box from "@mui/material/Box";
import { blogPosts } from "../../../shared/content-tables.ts";
import { readTime, slugify } from "../../../shared/format.ts";
import { postPath } from "../../../shared/routes.ts";
import { BLOG_CATEGORIES, type BlogPost } from "../../../shared/types.ts";
import { blogPostRules } from "../../../shared/validation.ts";
import { Badge, DateCell, Thumbnail, TitleCell } from "../../components/cells.tsx";
import { capitalize, choicesOf, defineResource, lazyInput, publishAtField } from "../types.ts";
// The send dialog loads with the posts list, not with the dashboard that reads this config.
const SendNewsletterButton = lazyInput(async () => (await import("./SendNewsletterButton.tsx")).SendNewsletterButton);

const categoryChoices = choicesOf(BLOG_CATEGORIES, capitalize);
const SEO_SECTION = "Search and sharing";
const derived = () => import("../../components/inputs/DerivedInput.tsx");

/** Blog Posts: list with category and milestone badges and created date; markdown editor. */
export default defineResource<BlogPost>(blogPosts, {
  label: "Blog Posts",
  icon: ArticleIcon,
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
    { source: "image_url", label: "", render: (record) => <Thumbnail url={record.image_url} size={36} /> },
    { source: "title", label: "Title", sortable: true, render: (record) => <TitleCell title={record.title} subtitle={`${postPath(record.slug)} · ${record.read_time}`} /> },
    {
      source: "category",
      label: "Category",
      sortable: true,
      render: (record) => (
        <Box sx={{ display: "flex", gap: 0.5, flexWrap: "wrap" }}>
          <Badge label={capitalize(record.category)} color="primary" />
          <Badge label={record.milestone} color="warning" />
        </Box>
      ),
    },
    { source: "created_at", label: "Created", sortable: true, render: (record) => <DateCell value={record.created_at} /> },
  ],
  fields: [
    { source: "title", label: "Title", kind: "text", validate: blogPostRules.title },
    {
      source: "slug",
      label: "Slug",
      kind: "custom",
      half: true,
      helperText: "The address of the post: /updates/{slug}. Derived from the title.",
      component: lazyInput(async () => (await derived()).derivedInput({ from: "title", derive: slugify, followOnEdit: false })),
    },
    {
      source: "read_time",
      label: "Read time",
      kind: "custom",
      half: true,
      validate: blogPostRules.read_time,
      helperText: "Derived from the content; edit to override.",
      component: lazyInput(async () => (await derived()).derivedInput({ from: "content", derive: readTime, followOnEdit: true })),
    },
    { source: "category", label: "Category", kind: "select", choices: categoryChoices, validate: blogPostRules.category, half: true },
    { source: "milestone", label: "Milestone (optional)", kind: "text", half: true, placeholder: "Prototype v1", validate: blogPostRules.milestone },
    { source: "image_url", label: "Image URL", kind: "image", validate: blogPostRules.image_url, alt: { source: "image_alt", decorative: "image_decorative", validate: blogPostRules.image_alt } },
    { source: "content", label: "Content", kind: "markdown", validate: blogPostRules.content, rows: 14 },
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
  rowActions: SendNewsletterButton,
  dialogWidth: "lg",
  transform: (data, { isNew }) => {
    const title = String(data.title ?? "");
    const content = String(data.content ?? "");
    const slug = slugify(String(data.slug ?? ""));
    return {
      ...data,
      // A new post's derived slug is left to the database, which makes it unique (-2, -3, ...).
      slug: !slug || (isNew && slug === slugify(title)) ? null : slug,
      read_time: String(data.read_time ?? "").trim() || readTime(content),
      milestone: String(data.milestone ?? "").trim() || null,
    };
  },
});
