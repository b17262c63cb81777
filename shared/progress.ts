import { PROGRESS_MAX, PROGRESS_STEP } from "./constants.ts";
import type { StageCategory } from "./types.ts";
import type { ProjectStage } from "./content-types/progress.ts";

/** How a stage is displayed. */
export type StageStatus =
  | { kind: "completed" }
  | { kind: "in-progress"; percent: number }
  | { kind: "not-started" };

type StageProgress = Pick<ProjectStage, "progress" | "completed">;

export function stageStatus(stage: StageProgress): StageStatus {
  if (stage.completed) return { kind: "completed" };
  if (stage.progress > 0) return { kind: "in-progress", percent: stage.progress };
  return { kind: "not-started" };
}

/**
 * The status text: admin screens say "Pending" for a stage not started, where the public
 * timeline shows no label at all (null).
 */
export function stageStatusLabel(stage: StageProgress, audience: "admin" | "public"): string | null {
  const status = stageStatus(stage);
  switch (status.kind) {
    case "completed":
      return "Completed";
    case "in-progress":
      return `In Progress (${status.percent}%)`;
    case "not-started":
      return audience === "admin" ? "Pending" : null;
  }
}

/** One category's stages, sorted by order (a copy; the input is left as it was). */
export function stagesByCategory<T extends Pick<ProjectStage, "category" | "order">>(
  stages: readonly T[],
  category: StageCategory,
): T[] {
  return stages.filter((stage) => stage.category === category).sort((a, b) => a.order - b.order);
}

/**
 * The percentage tile of a category: the average of its stages' progress, rounded (41.5 gives 42),
 * zero-padded to 3 digits with a percent sign: "042%", "100%".
 *
 * A category with no stages is at 0, shown in the same padded form as every other value, so an
 * empty category reads "000%". The average uses
 * progress only; the database keeps a completed stage at 100 (see completedStage below).
 */
export function categoryPercentage(
  stages: readonly Pick<ProjectStage, "category" | "progress">[],
  category: StageCategory,
): string {
  const inCategory = stages.filter((stage) => stage.category === category);
  const average =
    inCategory.length === 0
      ? 0
      : inCategory.reduce((sum, stage) => sum + stage.progress, 0) / inCategory.length;
  return `${String(Math.round(average)).padStart(3, "0")}%`;
}

/**
 * A stage after an admin ticks or unticks Completed, or moves its progress: completed exactly when
 * progress is 100. Unticking a stage at 100 reopens it one slider step lower. The database applies
 * the same rule to every write (supabase/migrations/20261123000210_stage_completion.sql); the form
 * uses this so the admin sees what will be saved.
 */
export function completedStage(stage: StageProgress, changed: "completed" | "progress"): StageProgress {
  if (changed === "completed") {
    if (stage.completed) return { completed: true, progress: PROGRESS_MAX };
    return { completed: false, progress: stage.progress >= PROGRESS_MAX ? PROGRESS_MAX - PROGRESS_STEP : stage.progress };
  }
  return { completed: stage.progress === PROGRESS_MAX, progress: stage.progress };
}
