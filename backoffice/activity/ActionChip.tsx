import Chip from "@mui/material/Chip";
import { REVISION_ACTION_LABELS, type ContentRevision } from "../../shared/revisions.ts";

// Apart from ActivityPage.tsx: the dashboard's recent changes show it without loading the Activity screen.
const ACTION_COLORS = { insert: "success", update: "info", delete: "error", restore: "secondary" } as const;

export function ActionChip({ action }: { action: ContentRevision["action"] }) {
  return <Chip size="small" label={REVISION_ACTION_LABELS[action]} color={ACTION_COLORS[action]} variant="outlined" />;
}
