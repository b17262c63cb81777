import { describe, expect, it } from "vitest";
import { categoryPercentage, completedStage, stageStatus, stageStatusLabel, stagesByCategory } from "./progress.ts";
import type { ProjectStage } from "./content-types/progress.ts";

function stage(overrides: Partial<ProjectStage>): ProjectStage {
  return { id: "s", name: "Stage", category: "hardware", order: 0, progress: 0, completed: false, ...overrides };
}

describe("Stage display status", () => {
  it("is Completed if completed is true, whatever the progress", () => {
    expect(stageStatus(stage({ completed: true, progress: 40 }))).toEqual({ kind: "completed" });
    expect(stageStatus(stage({ completed: true, progress: 0 }))).toEqual({ kind: "completed" });
  });

  it("is In Progress with percent if progress is above 0", () => {
    expect(stageStatus(stage({ progress: 5 }))).toEqual({ kind: "in-progress", percent: 5 });
    expect(stageStatus(stage({ progress: 100 }))).toEqual({ kind: "in-progress", percent: 100 });
  });

  it("is not started when progress is 0 and it is not completed", () => {
    expect(stageStatus(stage({ progress: 0 }))).toEqual({ kind: "not-started" });
  });
});

describe("Stage status label: Pending on admin screens, no label on the public timeline", () => {
  it("says Completed", () => {
    expect(stageStatusLabel(stage({ completed: true }), "public")).toBe("Completed");
    expect(stageStatusLabel(stage({ completed: true }), "admin")).toBe("Completed");
  });

  it("says In Progress (n%)", () => {
    expect(stageStatusLabel(stage({ progress: 45 }), "public")).toBe("In Progress (45%)");
    expect(stageStatusLabel(stage({ progress: 45 }), "admin")).toBe("In Progress (45%)");
  });

  it("says Pending on admin screens for a stage not started", () => {
    expect(stageStatusLabel(stage({ progress: 0 }), "admin")).toBe("Pending");
  });

  it("shows neither label on the public timeline for a stage not started", () => {
    expect(stageStatusLabel(stage({ progress: 0 }), "public")).toBeNull();
  });
});

describe("Category percentage", () => {
  it("is the average of progress over that category's stages, zero-padded to 3 digits with a percent sign", () => {
    const stages = [
      stage({ category: "hardware", progress: 20 }),
      stage({ category: "hardware", progress: 40 }),
      stage({ category: "token", progress: 100 }),
    ];
    expect(categoryPercentage(stages, "hardware")).toBe("030%");
    expect(categoryPercentage(stages, "token")).toBe("100%");
  });

  it("is rounded: 41.5 gives 042%", () => {
    const stages = [stage({ progress: 41 }), stage({ progress: 42 })];
    expect(categoryPercentage(stages, "hardware")).toBe("042%");
  });

  it("rounds down below the half: 41.25 gives 041%", () => {
    const stages = [stage({ progress: 40 }), stage({ progress: 40 }), stage({ progress: 40 }), stage({ progress: 45 })];
    expect(categoryPercentage(stages, "hardware")).toBe("041%");
  });

  it("pads a single digit: 5 gives 005%", () => {
    expect(categoryPercentage([stage({ progress: 5 })], "hardware")).toBe("005%");
  });

  it("is 0 when there are no stages, shown as 000%", () => {
    expect(categoryPercentage([], "hardware")).toBe("000%");
    expect(categoryPercentage([stage({ category: "token", progress: 80 })], "hardware")).toBe("000%");
  });

  it("is 000% when every stage is at 0 and 100% when every stage is at 100", () => {
    expect(categoryPercentage([stage({ progress: 0 }), stage({ progress: 0 })], "hardware")).toBe("000%");
    expect(categoryPercentage([stage({ progress: 100 }), stage({ progress: 100 })], "hardware")).toBe("100%");
  });

  it("uses progress only, not the completed flag", () => {
    expect(categoryPercentage([stage({ completed: true, progress: 50 })], "hardware")).toBe("050%");
  });
});

describe("Stages of one category, sorted by order", () => {
  it("keeps only that category and sorts by order", () => {
    const stages = [
      stage({ id: "t1", category: "token", order: 0 }),
      stage({ id: "h2", category: "hardware", order: 2 }),
      stage({ id: "h0", category: "hardware", order: 0 }),
      stage({ id: "h1", category: "hardware", order: 1 }),
    ];
    expect(stagesByCategory(stages, "hardware").map((s) => s.id)).toEqual(["h0", "h1", "h2"]);
    expect(stagesByCategory(stages, "token").map((s) => s.id)).toEqual(["t1"]);
  });

  it("leaves the input as it was", () => {
    const stages = [stage({ id: "b", order: 1 }), stage({ id: "a", order: 0 })];
    stagesByCategory(stages, "hardware");
    expect(stages.map((s) => s.id)).toEqual(["b", "a"]);
  });

  it("is empty for an empty list", () => {
    expect(stagesByCategory([], "token")).toEqual([]);
  });
});

describe("A stage is completed exactly when its progress is 100", () => {
  it("ticking Completed at 42% sets progress to 100", () => {
    expect(completedStage({ completed: true, progress: 42 }, "completed")).toEqual({ completed: true, progress: 100 });
  });
  it("unticking Completed at 100 reopens it at 95; below 100 progress stays", () => {
    expect(completedStage({ completed: false, progress: 100 }, "completed")).toEqual({ completed: false, progress: 95 });
    expect(completedStage({ completed: false, progress: 60 }, "completed")).toEqual({ completed: false, progress: 60 });
  });
  it("moving progress to 100 marks it completed, below 100 reopens it", () => {
    expect(completedStage({ completed: false, progress: 100 }, "progress")).toEqual({ completed: true, progress: 100 });
    expect(completedStage({ completed: true, progress: 80 }, "progress")).toEqual({ completed: false, progress: 80 });
  });
});
