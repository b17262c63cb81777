import { describe, expect, it } from "vitest";
import { packedTranslation } from "../lib/translations.ts";
import { resourceConfig } from "../resources/index.ts";
import { errorMessages, namedErrors } from "./language-errors.ts";
import { translationItems, translationRules } from "./translation-form.ts";

const paragraph = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });
const emptyDocument = { type: "doc", content: [{ type: "paragraph" }] };

describe("a translation's form values, as written", () => {
  const saved = { id: "t1", source_table: "blog_posts", row_id: "p1", language: "ja", fields: { title: "題", content: paragraph("本文") }, source: { title: "Title" }, created_at: "2026-01-01T00:00:00Z", row_version: 3 };

  it("gather the translatable columns into `fields`, leave blank ones and an emptied document out, and send none of the database's own columns", () => {
    const data = { ...saved, title: "新しい題", milestone: "  ", content: emptyDocument, seo_description: "説明", published: true, publish_at: null };
    expect(packedTranslation(data, saved)).toEqual({ source_table: "blog_posts", row_id: "p1", language: "ja", row_version: 3, published: true, publish_at: null, fields: { title: "新しい題", seo_description: "説明" } });
  });

  it("of a partial update (an overwrite after a conflict) keep the saved fields not named", () => {
    expect(packedTranslation({ title: "私の題", row_version: 3 }, saved)).toEqual({ row_version: 3, fields: { title: "私の題", content: paragraph("本文") } });
  });

  it("of an update of its publishing alone leave the fields as they are", () => {
    expect(packedTranslation({ published: true }, saved)).toEqual({ published: true });
  });
});

describe("a translated field's rules", () => {
  const title = { label: "Title", validate: [(value: unknown) => (typeof value === "string" && value.length > 5 ? "Title is too long" : undefined)] };

  it("let a draft leave the field out, and ask for it when publishing where the record has it", () => {
    const [rule] = translationRules(title, true);
    expect(rule!("", { published: false })).toBeUndefined();
    expect(rule!("", { published: true })).toBe("Title is required");
    expect(rule!(null, { published: true })).toBe("Title is required");
    expect(translationRules(title, false)[0]!("", { published: true })).toBeUndefined();
  });

  it("check what is typed as the record's own field is", () => {
    const [rule] = translationRules(title, false);
    expect(rule!("長すぎるタイトル", { published: false })).toBe("Title is too long");
    expect(rule!("題", { published: true })).toBeUndefined();
  });

  it("ask with the field's own message when it has one for an empty value", () => {
    const [rule] = translationRules({ label: "Content", validate: [(value) => (value ? undefined : "Content is required")] }, true);
    expect(rule!(emptyDocument, { published: true })).toBe("Content is required");
  });
});

describe("a translation's form, from its record's", () => {
  const blog = resourceConfig("blog");
  const post = { title: "Hello", content: paragraph("Words"), milestone: null, image_url: "/a.png", image_alt: "A cartridge", seo_description: null, slug: "hello", category: "community" };

  it("has the translatable fields as inputs, an image's alt text after the image, and the other fields shared; no publishing of the record's", () => {
    const items = translationItems(blog, post);
    expect(items.map((item) => `${item.kind}:${item.field.source}`)).toEqual([
      "translated:title",
      "shared:slug",
      "shared:read_time",
      "shared:category",
      "translated:milestone",
      "shared:image_url",
      "translated:image_alt",
      "translated:content",
      "translated:seo_description",
      "shared:seo_image_url",
      "shared:canonical_url",
    ]);
    expect(items.find((item) => item.field.source === "image_alt")!.field.label).toBe("Image URL: alt text");
  });

  it("requires, to publish, the fields the record has, and not the ones it leaves empty", () => {
    const rule = (source: string) => translationItems(blog, post).find((item) => item.field.source === source)!.field.validate![0]!;
    expect(rule("title")("", { published: true })).toBe("Title is required");
    expect(rule("image_alt")("", { published: true })).toBe("Image URL: alt text is required");
    expect(rule("milestone")("", { published: true })).toBeUndefined();
    expect(rule("seo_description")("", { published: true })).toBeUndefined();
  });
});

describe("the errors of every language", () => {
  it("are read from the form's errors, react-admin's messages included, each once", () => {
    const errors = {
      title: { type: "validate", message: '@@react-admin@@"Title is required"', ref: {} },
      sections: [{ content: { type: "validate", message: '@@react-admin@@{"message":"ra.validation.required","args":{}}' } }],
      answer: { type: "server", message: "Title is required" },
    };
    expect(errorMessages(errors, (message) => (message === "ra.validation.required" ? "Required" : message))).toEqual(["Title is required", "Required"]);
  });

  it("name their language, in the order of the languages", () => {
    expect(namedErrors({ ja: ["Title is required"], en: ["Category is required"] })).toEqual(["English: Category is required", "Japanese: Title is required"]);
  });
});
