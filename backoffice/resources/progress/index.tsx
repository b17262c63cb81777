import projectStages from "../../../shared/content-types/progress.ts";
import { versionOf } from "../../lib/row-versions.ts";
import { lazyInput, lazyScreen, resourceOf, type FieldProps } from "../types.ts";

const inputs = () => import("../../components/inputs/ProgressInput.tsx");
const ProgressInput = lazyInput(async () => (await inputs()).ProgressInput);
const CompletedInput = lazyInput(async () => (await inputs()).CompletedInput);

function StageProgress({ field }: FieldProps) {
  return <ProgressInput source={field.source} label={field.label} validate={field.validate} />;
}

function StageCompleted({ field }: FieldProps) {
  return <CompletedInput source={field.source} label={field.label} progressSource="progress" />;
}

/** Project Progress: stages in two columns, reordered within their own category (move_stage). */
export default resourceOf(projectStages, {
  inputs: { progress: StageProgress, completed: StageCompleted },
  page: (config) => lazyScreen(async () => (await import("./StageColumns.tsx")).stageColumnsPage(config)),
  move: (dataProvider, record, direction) => dataProvider.rpc<boolean>("move_stage", { stage_id: record.id, direction, stage_version: versionOf(record) }),
});
