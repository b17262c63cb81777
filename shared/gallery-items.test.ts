import { describe, expect, it } from "vitest";
import { galleryItemColumns, galleryItemFields, galleryItemRules, galleryOrderField } from "./gallery-items.ts";

describe("the gallery's items in the back office", () => {
  it("lists an item by its place, image, title and description; place and title sort the list", () => {
    expect(galleryItemColumns).toEqual([
      { source: "order", label: "#", kind: "position", sortable: true },
      { source: "image_url", label: "Image", kind: "image" },
      { source: "title", label: "Title", kind: "title", sortable: true },
      { source: "description", label: "Description", kind: "clamp" },
    ]);
  });

  it("edits an item's title, description and image with its alternative text, each by its rules", () => {
    expect(galleryItemFields).toEqual([
      { source: "title", label: "Title", kind: "text", validate: galleryItemRules.title },
      { source: "description", label: "Description", kind: "textarea", validate: galleryItemRules.description },
      {
        source: "image_url",
        label: "Image URL",
        kind: "image",
        validate: galleryItemRules.image_url,
        alt: { source: "image_alt", decorative: "image_decorative", validate: galleryItemRules.image_alt },
      },
    ]);
  });

  it("edits an item's place as a number, in half the form's width", () => {
    expect(galleryOrderField).toEqual({ source: "order", label: "Order", kind: "number", validate: galleryItemRules.order, half: true });
  });
});
