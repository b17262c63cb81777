import { describe, expect, it } from "vitest";
import { sameSlides, slideForKey, swipeStep, wrapIndex } from "./carousel.ts";

describe("carousel wrap", () => {
  it("wraps around both ways", () => {
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(1, 1, 3)).toBe(2);
    expect(wrapIndex(0, 7, 3)).toBe(1);
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });
});

describe("swipe threshold (more than 50 px)", () => {
  it.each([
    [-51, 1],
    [-50, 0],
    [51, -1],
    [50, 0],
    [0, 0],
    [-200, 1],
  ] as const)("a move of %i px gives %i", (dx, step) => {
    expect(swipeStep(dx)).toBe(step);
  });

  it("ignores mostly vertical moves", () => {
    expect(swipeStep(-80, 120)).toBe(0);
    expect(swipeStep(-80, 40)).toBe(1);
  });
});

describe("keys", () => {
  it("arrows step and wrap; Home and End go to the first and last slide", () => {
    expect(slideForKey("ArrowRight", 2, 3)).toBe(0);
    expect(slideForKey("ArrowLeft", 0, 3)).toBe(2);
    expect(slideForKey("Home", 2, 3)).toBe(0);
    expect(slideForKey("End", 0, 3)).toBe(2);
    expect(slideForKey("Enter", 1, 3)).toBeNull();
    expect(slideForKey("End", 0, 0)).toBeNull();
  });
});

describe("fresh slides", () => {
  it("are the same when they show the same content, even as new objects", () => {
    const slides = [{ id: "a", title: "A", features: ["x"] }];
    expect(sameSlides(slides, slides.map((slide) => ({ ...slide, features: [...slide.features] })))).toBe(true);
    expect(sameSlides(slides, [{ id: "a", title: "B", features: ["x"] }])).toBe(false);
    expect(sameSlides(slides, [])).toBe(false);
  });
});
