import { describe, expect, it } from "vitest";
import blogPosts from "./content-types/blog.ts";
import faqEntries from "./content-types/faq.ts";
import pressQuotes from "./content-types/press.ts";
import { deleteWarning, describeUse, mediaUsageSources, usageSummary, usesByUrl } from "./media-usage.ts";

describe("media usage", () => {
  it("builds the lookup's sources from the content-table list, skipping tables without media, and adds the sent newsletters", () => {
    expect(mediaUsageSources([blogPosts, faqEntries, pressQuotes])).toEqual([
      { name: "blog", table: "blog_posts", columns: ["image_url", "seo_image_url", "canonical_url", "content"], label: "title" },
      { name: "press", table: "press_quotes", columns: ["logo_url"], label: "source" },
      { name: "Newsletters", table: "newsletter_sends", columns: ["image_url", "content"], label: "subject" },
    ]);
  });

  it("groups uses by asset URL, ordered by kind then label", () => {
    const grouped = usesByUrl([
      { url: "a", kind: "videos", id: "1", label: "Zed" },
      { url: "a", kind: "blog", id: "2", label: "Post" },
      { url: "b", kind: "press", id: "3", label: "Wired" },
    ]);
    expect(grouped.get("a")?.map((use) => use.id)).toEqual(["2", "1"]);
    expect(grouped.get("b")).toHaveLength(1);
    expect(grouped.get("c")).toBeUndefined();
  });

  it("orders the uses of one kind by their label", () => {
    const grouped = usesByUrl([
      { url: "a", kind: "blog", id: "1", label: "Zed" },
      { url: "a", kind: "blog", id: "2", label: "Alpha" },
      { url: "a", kind: "blog", id: "3", label: "Mid" },
    ]);
    expect(grouped.get("a")?.map((use) => use.label)).toEqual(["Alpha", "Mid", "Zed"]);
  });

  it("says how often an asset is used, and names each use with its screen's label", () => {
    expect(usageSummary(0)).toBe("Not used");
    expect(usageSummary(1)).toBe("Used in 1 place");
    expect(usageSummary(4)).toBe("Used in 4 places");
    expect(describeUse({ url: "a", kind: "blog", id: "1", label: "First light" }, (kind) => (kind === "blog" ? "Blog Posts" : kind))).toBe("Blog Posts: First light");
    expect(deleteWarning(1)).toBe("1 item uses this asset and will show a missing image once it is deleted:");
    expect(deleteWarning(2)).toBe("2 items use this asset and will show a missing image once it is deleted:");
  });
});
