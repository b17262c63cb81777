import { describe, expect, it } from "vitest";
import { choicesOf, defineContentType, type ContentType } from "./content-type.ts";

describe("choicesOf", () => {
  it("offers each value under its own name, or under the label given", () => {
    expect(choicesOf(["UI", "Effects"])).toEqual([
      { id: "UI", name: "UI" },
      { id: "Effects", name: "Effects" },
    ]);
    expect(choicesOf(["hardware", "token"], (value) => value.toUpperCase())).toEqual([
      { id: "hardware", name: "HARDWARE" },
      { id: "token", name: "TOKEN" },
    ]);
  });
});

describe("defineContentType", () => {
  it("gives the definition back as it is", () => {
    const type = { name: "notes" } as unknown as ContentType;
    expect(defineContentType(type)).toBe(type);
  });
});
