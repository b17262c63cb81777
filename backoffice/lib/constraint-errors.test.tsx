import { describe, expect, it } from "vitest";
import { HttpError } from "ra-core";
import { ALT_TEXT_REQUIRED } from "../../shared/rich-text/publish-checks.ts";
import { constraintFieldErrors, withFieldErrors } from "./constraint-errors.ts";

describe("a write refused on a constraint is shown under its field", () => {
  it("a unique violation names the field in words", () => {
    const body = { code: "23505", message: 'duplicate key value violates unique constraint "blog_posts_slug_key"', details: "Key (slug)=(hello-world) already exists." };
    expect(constraintFieldErrors(body, "blog_posts", "post", ["title", "slug"])).toEqual({ slug: "This slug is already used by another post" });
    // Without details (the local backend), from the constraint's name.
    const bare = { code: "23505", message: 'duplicate key value violates unique constraint "blog_posts_slug_key"', details: null };
    expect(constraintFieldErrors(bare, "blog_posts", "post", ["title", "slug"])).toEqual({ slug: "This slug is already used by another post" });
  });

  it("a check violation is matched to the column its constraint is named after", () => {
    const body = { code: "23514", message: 'new row for relation "blog_posts" violates check constraint "blog_posts_read_time_not_blank"' };
    expect(constraintFieldErrors(body, "blog_posts", "post", ["read_time", "title"])).toEqual({ read_time: "This read time is not accepted: check its format and length" });
  });

  it("a rich-text field's own rules say what is wrong: empty, or an image without alt text on publishing", () => {
    const refused = (constraint: string, table = "blog_posts") => ({ code: "23514", message: `new row for relation "${table}" violates check constraint "${constraint}"` });
    expect(constraintFieldErrors(refused("blog_posts_content_not_blank"), "blog_posts", "post", ["content"])).toEqual({ content: "Content is required" });
    expect(constraintFieldErrors(refused("blog_posts_content_image_without_alt"), "blog_posts", "post", ["content"])).toEqual({ content: ALT_TEXT_REQUIRED });
    expect(constraintFieldErrors(refused("whitepaper_sections_image_without_alt", "whitepaper"), "whitepaper", "version", ["sections"])).toEqual({ sections: ALT_TEXT_REQUIRED });
    expect(constraintFieldErrors(refused("faq_entries_answer_not_blank", "faq_entries"), "faq_entries", "question", ["answer"])).toEqual({ answer: "Answer is required" });
    expect(constraintFieldErrors(refused("whitepaper_sections_content_not_blank", "whitepaper"), "whitepaper", "version", ["sections"])).toEqual({ sections: "Section content is required" });
    expect(constraintFieldErrors(refused("blog_posts_content_document"), "blog_posts", "post", ["content"])).toEqual({ content: "This content is not accepted: check its format and length" });
  });

  it("a translation published incomplete names each missing field as the record's form does", () => {
    const body = { code: "23514", message: "A translation is published only when complete; missing: title, image_alt", details: "title,image_alt" };
    expect(constraintFieldErrors(body, "blog_posts", "post", ["title", "content", "image_alt"])).toEqual({ title: "Title is required", image_alt: "Image alt is required" });
    // Columns the form does not show leave the refusal as it is (a notification).
    expect(constraintFieldErrors({ ...body, details: "sections" }, "blog_posts", "post", ["title"])).toBeNull();
  });

  it("a not-null violation says the field is required", () => {
    const body = { code: "23502", message: 'null value in column "title" of relation "videos" violates not-null constraint' };
    expect(constraintFieldErrors(body, "videos", "video", ["title"])).toEqual({ title: "Title is required" });
  });

  it("nothing when the error is another one, or names no field of the form", () => {
    expect(constraintFieldErrors({ code: "42501", message: "permission denied" }, "videos", "video", ["title"])).toBeNull();
    expect(constraintFieldErrors({ code: "23505", details: "Key (published)=(t) already exists." }, "whitepaper", "version", ["title"])).toBeNull();
    expect(constraintFieldErrors(undefined, "videos", "video", ["title"])).toBeNull();
  });

  it("the error keeps its status and gains body.errors, which react-admin's forms show under the fields", () => {
    const error = new HttpError("duplicate key value", 409, { code: "23505", details: "Key (slug)=(a) already exists." });
    const mapped = withFieldErrors(error, "blog_posts", "post", ["slug"]) as HttpError;
    expect(mapped).toMatchObject({ status: 409, message: "This slug is already used by another post", body: { code: "23505", errors: { slug: "This slug is already used by another post" } } });
    const other = new HttpError("boom", 500, {});
    expect(withFieldErrors(other, "blog_posts", "post", ["slug"])).toBe(other);
  });
});
