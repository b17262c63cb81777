import { describe, expect, it } from "vitest";
import { choicesOf, defineContentType, publishAtField, type ContentType } from "./content-type.ts";
import { scheduleRules } from "./validation.ts";

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

describe("publishAtField", () => {
  it("is the publishing choice, labelled Publish at, in the editor's time zone, checked by the schedule's rules", () => {
    expect(publishAtField).toEqual({ source: "publish_at", label: "Publish at", kind: "publishing", validate: scheduleRules.publish_at, helperText: "Your time zone." });
  });
});
