import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import AddIcon from "@mui/icons-material/Add";
import EditIcon from "@mui/icons-material/EditOutlined";
import { RecordContextProvider, ResourceContextProvider, Title, useGetList, type RaRecord } from "react-admin";
import { categoryPercentage, stageStatusLabel } from "../../../shared/progress.ts";
import type { StageCategory } from "../../../shared/types.ts";
import type { ProjectStage } from "../../../shared/content-types/progress.ts";
import { MoveButtons } from "../../components/MoveButtons.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { CurrentEditors, EditingChip } from "../../components/presence.tsx";
import { useEditorRoute } from "../../components/editorRoute.ts";
import { ResourceDialog } from "../../components/ResourceDialog.tsx";
import { useReport } from "../../components/useReport.ts";
import { nextOrder, resourceTexts, type ResourceConfig } from "../types.ts";

export const STAGE_COLUMNS: { category: StageCategory; title: string; tile: string }[] = [
  { category: "hardware", title: "Hardware Development", tile: "Hardware Progress" },
  { category: "token", title: "Token Launch", tile: "RCRT Token Progress" },
];

type Stage = ProjectStage & RaRecord;

/** Project Progress: two columns, Hardware Development and Token Launch, each in its own order. */
export function stageColumnsPage(config: ResourceConfig) {
  return function StageColumns() {
    const texts = resourceTexts(config);
    const report = useReport();
    const [dialog, setDialog] = useEditorRoute(config);
    const { data, isPending } = useGetList<Stage>(
      config.name,
      { pagination: { page: 1, perPage: 500 }, sort: { field: "order", order: "ASC" }, filter: {} },
      { onError: (error: unknown) => report(texts.fetchError, error) },
    );
    const stages = data ?? [];
    const create = (category: StageCategory) =>
      setDialog({
        mode: "create",
        defaults: { category, order: nextOrder(stages.filter((stage) => stage.category === category)), progress: 0, completed: false },
      });

    return (
      <CurrentEditors table={config.table}>
        <ResourceContextProvider value={config.name}>
          <Title title={config.title ?? config.label} />
          <PageHeader
            title={config.title ?? config.label}
            actions={
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => create("hardware")}>
                {texts.create}
              </Button>
            }
          />
          <Box sx={{ display: "grid", gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" }, gap: 3, mt: 2 }}>
            {STAGE_COLUMNS.map((column) => {
              const inColumn = stages.filter((stage) => stage.category === column.category).sort((a, b) => a.order - b.order);
              return (
                <Paper key={column.category} variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={`stages-${column.category}`}>
                  <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", mb: 1.5 }}>
                    <Box>
                      <Typography id={`stages-${column.category}`} variant="h6" component="h2">
                        {column.title}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {column.tile}: {isPending ? "…" : categoryPercentage(stages, column.category)}
                      </Typography>
                    </Box>
                    <Tooltip title={`New ${column.title} stage`}>
                      <IconButton aria-label={`New ${column.title} stage`} onClick={() => create(column.category)}>
                        <AddIcon />
                      </IconButton>
                    </Tooltip>
                  </Box>
                  {isPending && [0, 1, 2].map((key) => <Skeleton key={key} height={72} />)}
                  {!isPending && inColumn.length === 0 && <Typography color="text.secondary">No stages yet.</Typography>}
                  <Box component="ol" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1 }}>
                    {inColumn.map((stage, index) => (
                      <RecordContextProvider key={stage.id} value={stage}>
                        <Box component="li" data-testid="stage" sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 1.5 }}>
                          {/* The name and chips wrap on their side; the buttons keep the card's top right corner, so one
                              tap position hits the same button on every card, whatever the name or status. */}
                          <Box sx={{ display: "flex", alignItems: "flex-start", gap: 1 }}>
                            <Box sx={{ flex: "1 1 auto", minWidth: 0, display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1 }}>
                              <Typography sx={{ flex: "1 1 120px", minWidth: 0, overflowWrap: "anywhere", fontWeight: 600 }}>{stage.name}</Typography>
                              <EditingChip id={stage.id} />
                              <StageStatus stage={stage} />
                            </Box>
                            <Box data-testid="stage-actions" sx={{ flex: "none", display: "flex", alignItems: "center" }}>
                              <MoveButtons move={config.move!} errorText={texts.updateError} isFirst={index === 0} isLast={index === inColumn.length - 1} />
                              <Tooltip title="Edit">
                                <IconButton size="small" aria-label={`Edit ${stage.name}`} onClick={() => setDialog({ mode: "edit", id: stage.id })}>
                                  <EditIcon fontSize="small" />
                                </IconButton>
                              </Tooltip>
                            </Box>
                          </Box>
                          <LinearProgress variant="determinate" value={stage.progress} sx={{ mt: 1, height: 6, borderRadius: 3 }} color={stage.completed ? "success" : "primary"} aria-label={`${stage.name} progress`} />
                        </Box>
                      </RecordContextProvider>
                    ))}
                  </Box>
                </Paper>
              );
            })}
          </Box>
          <ResourceDialog config={config} state={dialog} onClose={() => setDialog(null)} />
        </ResourceContextProvider>
      </CurrentEditors>
    );
  };
}

function StageStatus({ stage }: { stage: Stage }) {
  const label = stageStatusLabel(stage, "admin") ?? "Pending";
  const color = stage.completed ? "success" : stage.progress > 0 ? "info" : "default";
  return <Chip size="small" label={label} color={color} variant={stage.completed ? "filled" : "outlined"} />;
}
