import { describe, expect, it } from "vitest";
import { editorAt, listPathIn } from "./editorRoute.ts";
import { listPathOf, recordPathOf } from "./recordPath.ts";
import { resourceConfig } from "../resources/index.ts";

const blog = resourceConfig("blog");
const cartridgeModels = resourceConfig("cartridge_models");

describe("record addresses", () => {
  it("a routed resource's records are under its list; a page's sections under the page", () => {
    expect(listPathOf(blog)).toBe("/blog");
    expect(recordPathOf(blog, "p 1")).toBe("/blog/p%201");
    expect(listPathOf(cartridgeModels)).toBe("/gallery/cartridge_models");
    expect(recordPathOf(cartridgeModels, "c1")).toBe("/gallery/cartridge_models/c1");
  });

  it("finds a list's path in the address it is shown at", () => {
    expect(listPathIn("/blog", "blog")).toBe("/blog");
    expect(listPathIn("/blog/p1", "blog")).toBe("/blog");
    expect(listPathIn("/gallery", "interface_previews")).toBe("/gallery/interface_previews");
    expect(listPathIn("/gallery/", "interface_previews")).toBe("/gallery/interface_previews");
    expect(listPathIn("/gallery/cartridge_models/c1", "cartridge_models")).toBe("/gallery/cartridge_models");
  });

  it("reads the editor an address asks for", () => {
    expect(editorAt("/blog", "/blog")).toBeNull();
    expect(editorAt("/blog/", "/blog")).toBeNull();
    expect(editorAt("/blogger/x", "/blog")).toBeNull();
    expect(editorAt("/blog/p%201", "/blog")).toEqual({ mode: "edit", id: "p 1" });
    expect(editorAt("/blog/create", "/blog", { title: "T" })).toEqual({ mode: "create", defaults: { title: "T" } });
    expect(editorAt("/gallery/cartridge_models/c1", "/gallery/cartridge_models")).toEqual({ mode: "edit", id: "c1" });
  });
});
