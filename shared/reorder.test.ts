import { describe, expect, it } from "vitest";
import { neighbourSwap, neighbourSwapInCategory, nextOrder } from "./reorder.ts";

const items = [
  { id: "c", order: 20 },
  { id: "a", order: 0 },
  { id: "b", order: 10 },
];

describe("Reordering: the order values of the item and its neighbour are swapped", () => {
  it("moves an item up by swapping with the one before it", () => {
    expect(neighbourSwap(items, "b", "up")).toEqual([
      { id: "b", order: 0 },
      { id: "a", order: 10 },
    ]);
  });

  it("moves an item down by swapping with the one after it", () => {
    expect(neighbourSwap(items, "b", "down")).toEqual([
      { id: "b", order: 20 },
      { id: "c", order: 10 },
    ]);
  });

  it("considers items sorted by order, whatever the list's order", () => {
    expect(neighbourSwap(items, "c", "up")).toEqual([
      { id: "c", order: 10 },
      { id: "b", order: 20 },
    ]);
  });

  it("leaves the input as it was", () => {
    neighbourSwap(items, "b", "up");
    expect(items.map((item) => item.id)).toEqual(["c", "a", "b"]);
  });
});

describe("Moving the first item up, or the last item down, does nothing", () => {
  it("returns null for the first item moved up", () => {
    expect(neighbourSwap(items, "a", "up")).toBeNull();
  });

  it("returns null for the last item moved down", () => {
    expect(neighbourSwap(items, "c", "down")).toBeNull();
  });

  it("returns null for a single item either way", () => {
    expect(neighbourSwap([{ id: "x", order: 3 }], "x", "up")).toBeNull();
    expect(neighbourSwap([{ id: "x", order: 3 }], "x", "down")).toBeNull();
  });

  it("returns null for an unknown id or an empty list", () => {
    expect(neighbourSwap(items, "nope", "up")).toBeNull();
    expect(neighbourSwap([], "a", "down")).toBeNull();
  });
});

describe("Stages are reordered within their own category", () => {
  const stages = [
    { id: "h0", category: "hardware", order: 0 },
    { id: "t0", category: "token", order: 1 },
    { id: "h1", category: "hardware", order: 2 },
    { id: "t1", category: "token", order: 3 },
  ];

  it("swaps with the neighbour of the same category, skipping the other category", () => {
    expect(neighbourSwapInCategory(stages, "h1", "up")).toEqual([
      { id: "h1", order: 0 },
      { id: "h0", order: 2 },
    ]);
  });

  it("does nothing for the last of its category even when another category follows", () => {
    expect(neighbourSwapInCategory(stages, "h1", "down")).toBeNull();
    expect(neighbourSwapInCategory(stages, "t0", "up")).toBeNull();
  });

  it("does nothing for an unknown id", () => {
    expect(neighbourSwapInCategory(stages, "nope", "up")).toBeNull();
  });
});

describe("New items are placed last", () => {
  it("gets one past the largest order", () => {
    expect(nextOrder(items)).toBe(21);
  });

  it("starts at 0 for an empty list", () => {
    expect(nextOrder([])).toBe(0);
  });
});
