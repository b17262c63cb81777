import { describe, expect, it, vi } from "vitest";
import { resourceConfig } from "../resources/index.ts";
import { stubDataProvider } from "../testing/render.tsx";
import { copySlug, copyTitle, copyValues, duplicateOf } from "./duplicate.ts";

const blog = resourceConfig("blog");
const faq = resourceConfig("faq");
const interfacePreviews = resourceConfig("interface_previews");
const videos = resourceConfig("videos");

// Duplicate's naming and copying rules; the round trip (saved as a draft with a free slug) runs in
// tests/e2e/editor-conveniences.test.ts against the real backend.

describe("copyTitle", () => {
  it("appends (copy), cut to the column's limit", () => {
    expect(copyTitle("Launch")).toBe("Launch (copy)");
    expect(copyTitle("x".repeat(200), 200)).toBe(`${"x".repeat(193)} (copy)`);
    expect(copyTitle("x".repeat(200), 200)).toHaveLength(200);
    expect(copyTitle("Ends with a space  ", 19)).toBe("Ends with a (copy)");
  });
});

describe("copySlug", () => {
  it("takes -copy, then -copy-2, -copy-3, ... whichever is free", () => {
    expect(copySlug("launch", [])).toBe("launch-copy");
    expect(copySlug("launch", ["launch-copy"])).toBe("launch-copy-2");
    expect(copySlug("launch", ["launch-copy", "launch-copy-2", "launch-copy-4"])).toBe("launch-copy-3");
  });

  it("stays within the slug's length, without a hyphen before the suffix", () => {
    const long = `${"a".repeat(114)}-bcdef`;
    expect(copySlug(long, [])).toBe(`${"a".repeat(114)}-copy`);
    expect(copySlug("b".repeat(120), [])).toHaveLength(120);
    expect(copySlug("a".repeat(120), [`${"a".repeat(115)}-copy`])).toBe(`${"a".repeat(113)}-copy-2`);
  });
});

describe("copyValues", () => {
  const post = {
    id: "p1",
    title: "Launch",
    slug: "launch",
    content: "Words",
    category: "hardware",
    milestone: null,
    image_url: "https://example.com/a.png",
    image_alt: "A cartridge",
    image_decorative: false,
    read_time: "1 min read",
    published: true,
    publish_at: "2030-01-01T00:00:00.000Z",
    created_at: "2026-01-01T00:00:00Z",
    row_version: 7,
  };

  it("copies the editable fields and alt texts as an unpublished, unscheduled draft; never the id, dates or version", () => {
    const values = copyValues(blog, post);
    expect(values).toEqual({
      title: "Launch (copy)",
      slug: "launch",
      content: "Words",
      category: "hardware",
      milestone: null,
      image_url: "https://example.com/a.png",
      image_alt: "A cartridge",
      image_decorative: false,
      read_time: "1 min read",
      published: false,
      publish_at: null,
    });
  });

  it("leaves a reorderable row's order and the config's reset fields to the new record's defaults", () => {
    expect(copyValues(faq, { id: "f1", question: "Why?", answer: "Because", order: 3, published: false })).toEqual({ question: "Why? (copy)", answer: "Because", published: false, publish_at: null });
    expect(copyValues(videos, { id: "v1", title: "Trailer", description: "D", category: "Tutorial", views: 900, published: true })).not.toHaveProperty("views");
  });

  it("a gallery copy gets a fresh position from the defaults", async () => {
    const getList = vi.fn(() => Promise.resolve({ data: [{ id: "x", order: 8 }], total: 1 }));
    const values = await duplicateOf(interfacePreviews, stubDataProvider({ getList: getList as never }), { id: "g1", title: "Menu", description: "D", category: "Effects", order: 2, published: true });
    expect(values).toEqual(expect.objectContaining({ title: "Menu (copy)", category: "Effects", published: false }));
    expect(values).not.toHaveProperty("order");
    // The order itself is the create form's default, asked for when it opens.
    expect(await interfacePreviews.defaults!(stubDataProvider({ getList: getList as never }))).toEqual({ category: "UI", order: 9 });
  });

  it("asks which copy slugs are taken and picks the next free one", async () => {
    const getList = vi.fn(() => Promise.resolve({ data: [{ id: "a", slug: "launch-copy" }], total: 1 }));
    const values = await duplicateOf(blog, stubDataProvider({ getList: getList as never }), post);
    expect(values.slug).toBe("launch-copy-2");
    expect(getList).toHaveBeenCalledWith("blog", expect.objectContaining({ filter: { "slug@like": "launch-copy%" } }));
  });
});
