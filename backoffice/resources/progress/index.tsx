import TimelineIcon from "@mui/icons-material/Timeline";
import { STAGE_CATEGORIES } from "../../../shared/types.ts";
import { stageRules } from "../../../shared/validation.ts";
import { ProgressInput } from "../../components/inputs/ProgressInput.tsx";
import { choicesOf, type FieldProps, type ResourceConfig } from "../types.ts";
import { stageColumnsPage } from "./StageColumns.tsx";

const categoryNames: Record<string, string> = { hardware: "Hardware Development", token: "Token Launch" };

function StageProgress({ field }: FieldProps) {
  return <ProgressInput source={field.source} label={field.label} validate={field.validate} />;
}

/** Project Progress: stages in two columns, reordered within their own category. */
const progress: ResourceConfig = {
  name: "progress",
  table: "project_stages",
  label: "Progress",
  title: "Project Progress",
  icon: TimelineIcon,
  menu: 5,
  noun: "stage",
  recordRepresentation: (record) => String(record.name),
  sort: { field: "order", order: "ASC" },
  columns: [],
  fields: [
    { source: "name", label: "Name", kind: "text", validate: stageRules.name },
    { source: "category", label: "Category", kind: "select", choices: choicesOf(STAGE_CATEGORIES, (value) => categoryNames[value] ?? value), validate: stageRules.category, half: true },
    { source: "order", label: "Order", kind: "number", validate: stageRules.order, half: true },
    { source: "progress", label: "Progress", kind: "custom", validate: stageRules.progress, component: StageProgress },
    { source: "completed", label: "Completed", kind: "boolean" },
  ],
  capabilities: { create: true, edit: true, reorder: true },
  dialogWidth: "sm",
  transform: (data) => ({ ...data, progress: Number(data.progress ?? 0), order: Number(data.order) }),
  move: (dataProvider, record, direction) => dataProvider.rpc<boolean>("move_stage", { stage_id: record.id, direction }),
};

progress.page = stageColumnsPage(progress);

export default progress;
