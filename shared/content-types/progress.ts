import { ADMIN_WRITES_ALL, choicesOf, defineContentType } from "../content-type.ts";
import { PROGRESS_MAX, PROGRESS_MIN } from "../constants.ts";
import { TEXT_LIMITS } from "../limits.ts";
import { STAGE_CATEGORIES, type StageCategory } from "../types.ts";
import { categoryRules, limitedTo, maxValue, minValue, required, type RuleMap } from "../validation.ts";

export interface ProjectStage {
  id: string;
  name: string;
  category: StageCategory;
  order: number;
  /** 0 to 100, in steps of 5 from the admin slider. */
  progress: number;
  completed: boolean;
}

export const stageRules = {
  name: [required("Name is required"), limitedTo(TEXT_LIMITS.title, "Name")],
  category: categoryRules(STAGE_CATEGORIES),
  progress: [
    minValue(PROGRESS_MIN, "Progress must be at least 0"),
    maxValue(PROGRESS_MAX, "Progress cannot exceed 100"),
  ],
  order: [required("Order is required"), minValue(0, "Order must be at least 0")],
} satisfies RuleMap;

const categoryNames: Record<string, string> = { hardware: "Hardware Development", token: "Token Launch" };

/** Project Progress: stages in two columns (backoffice/resources/progress/), reordered within their own category. */
export default defineContentType<ProjectStage>({
  name: "progress",
  table: "project_stages",
  visibility: "everyone",
  translatable: ["name"],
  adminWrites: ADMIN_WRITES_ALL,
  limits: { name: TEXT_LIMITS.title },
  example: { row: (n) => ({ name: `Stage ${n}`, category: n % 2 ? "hardware" : "token", order: 100 + n, progress: 10 }), change: { name: "Renamed stage" } },
  screen: {
    label: "Progress",
    title: "Project Progress",
    // Timeline
    icon: "M23 8c0 1.1-.9 2-2 2-.18 0-.35-.02-.51-.07l-3.56 3.55c.05.16.07.34.07.52 0 1.1-.9 2-2 2s-2-.9-2-2c0-.18.02-.36.07-.52l-2.55-2.55c-.16.05-.34.07-.52.07s-.36-.02-.52-.07l-4.55 4.56c.05.16.07.33.07.51 0 1.1-.9 2-2 2s-2-.9-2-2 .9-2 2-2c.18 0 .35.02.51.07l4.56-4.55C8.02 9.36 8 9.18 8 9c0-1.1.9-2 2-2s2 .9 2 2c0 .18-.02.36-.07.52l2.55 2.55c.16-.05.34-.07.52-.07s.36.02.52.07l3.55-3.56C19.02 8.35 19 8.18 19 8c0-1.1.9-2 2-2s2 .9 2 2",
    menu: 5,
    noun: "stage",
    recordRepresentation: (record) => record.name,
    sort: { field: "order", order: "ASC" },
    columns: [],
    fields: [
      { source: "name", label: "Name", kind: "text", validate: stageRules.name },
      { source: "category", label: "Category", kind: "select", choices: choicesOf(STAGE_CATEGORIES, (value) => categoryNames[value] ?? value), validate: stageRules.category, half: true },
      { source: "order", label: "Order", kind: "number", validate: stageRules.order, half: true },
      // The slider in steps of 5, and the box that keeps completed and 100% together (backoffice/resources/progress/index.tsx).
      { source: "progress", label: "Progress", kind: "custom", validate: stageRules.progress },
      { source: "completed", label: "Completed", kind: "custom" },
    ],
    capabilities: { create: true, edit: true, reorder: true },
    dialogWidth: "sm",
    transform: (data) => ({ ...data, progress: Number(data.progress ?? 0), order: Number(data.order) }),
  },
});
