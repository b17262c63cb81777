import TimelineIcon from "@mui/icons-material/Timeline";
import { projectStages } from "../../../shared/content-tables.ts";
import { STAGE_CATEGORIES, type ProjectStage } from "../../../shared/types.ts";
import { stageRules } from "../../../shared/validation.ts";
import { versionOf } from "../../lib/row-versions.ts";
import { choicesOf, defineResource, lazyInput, lazyScreen, type FieldProps } from "../types.ts";

const inputs = () => import("../../components/inputs/ProgressInput.tsx");
const ProgressInput = lazyInput(async () => (await inputs()).ProgressInput);
const CompletedInput = lazyInput(async () => (await inputs()).CompletedInput);

const categoryNames: Record<string, string> = { hardware: "Hardware Development", token: "Token Launch" };

function StageProgress({ field }: FieldProps) {
  return <ProgressInput source={field.source} label={field.label} validate={field.validate} />;
}

function StageCompleted({ field }: FieldProps) {
  return <CompletedInput source={field.source} label={field.label} progressSource="progress" />;
}

/** Project Progress: stages in two columns, reordered within their own category. */
const progress = defineResource<ProjectStage>(projectStages, {
  label: "Progress",
  title: "Project Progress",
  icon: TimelineIcon,
  menu: 5,
  noun: "stage",
  recordRepresentation: (record) => record.name,
  sort: { field: "order", order: "ASC" },
  columns: [],
  fields: [
    { source: "name", label: "Name", kind: "text", validate: stageRules.name },
    { source: "category", label: "Category", kind: "select", choices: choicesOf(STAGE_CATEGORIES, (value) => categoryNames[value] ?? value), validate: stageRules.category, half: true },
    { source: "order", label: "Order", kind: "number", validate: stageRules.order, half: true },
    { source: "progress", label: "Progress", kind: "custom", validate: stageRules.progress, component: StageProgress },
    { source: "completed", label: "Completed", kind: "custom", component: StageCompleted },
  ],
  capabilities: { create: true, edit: true, reorder: true },
  dialogWidth: "sm",
  transform: (data) => ({ ...data, progress: Number(data.progress ?? 0), order: Number(data.order) }),
  move: (dataProvider, record, direction) => dataProvider.rpc<boolean>("move_stage", { stage_id: record.id, direction, stage_version: versionOf(record) }),
});

progress.page = lazyScreen(async () => (await import("./StageColumns.tsx")).stageColumnsPage(progress));

export default progress;
