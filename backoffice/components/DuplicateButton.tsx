import { useState } from "react";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import ContentCopyIcon from "@mui/icons-material/ContentCopyOutlined";
import { useGetRecordRepresentation, useRecordContext } from "react-admin";
import { resourceTexts, type ResourceConfig } from "../resources/types.ts";
import { duplicateOf } from "./duplicate.ts";
import { useOpenEditor } from "./editorRoute.ts";
import { useAdminDataProvider } from "./useAdminDataProvider.ts";
import { useReport } from "./useReport.ts";

/**
 * A row's Duplicate: opens the create form filled with a draft copy of this row (the config's
 * `duplicate`). Nothing is stored until the admin saves it; Cancel leaves no trace.
 */
export function DuplicateButton({ config }: { config: ResourceConfig }) {
  const record = useRecordContext();
  const representation = useGetRecordRepresentation(config.name);
  const dataProvider = useAdminDataProvider();
  const openEditor = useOpenEditor(config);
  const report = useReport();
  const [pending, setPending] = useState(false);
  if (!record || !config.duplicate) return null;
  const label = config.duplicate.label ?? "Duplicate";

  const duplicate = async () => {
    setPending(true);
    try {
      openEditor({ mode: "create", defaults: await duplicateOf(config, dataProvider, record) });
    } catch (error) {
      report(resourceTexts(config).fetchError, error);
    } finally {
      setPending(false);
    }
  };

  return (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" aria-label={`${label} ${String(config.recordRepresentation?.(record) ?? representation(record))}`.trim()} disabled={pending} onClick={() => void duplicate()}>
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}
