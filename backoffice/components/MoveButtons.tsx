import { useState } from "react";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import ArrowUpward from "@mui/icons-material/ArrowUpward";
import ArrowDownward from "@mui/icons-material/ArrowDownward";
import { useGetRecordRepresentation, useRecordContext, useRefresh, useResourceContext, type RaRecord } from "react-admin";
import type { AdminDataProvider, Direction } from "../lib/data-provider.ts";
import { useAdminDataProvider } from "./useAdminDataProvider.ts";
import { useConflictRefresh } from "./useConflictRefresh.ts";
import { useReport } from "./useReport.ts";

export interface MoveButtonsProps {
  move: (dataProvider: AdminDataProvider, record: RaRecord, direction: Direction) => Promise<boolean>;
  errorText: string;
  isFirst?: boolean;
  isLast?: boolean;
  onMoved?: () => void;
}

/**
 * Move up / Move down through the reorder RPC (the two orders swap in one transaction). Each button
 * names its row ("Move up: FPGA Prototype"), so a screen reader tells the rows' buttons apart. The
 * move carries the row's version: refused when the row changed since it was shown, the list refreshes.
 */
export function MoveButtons({ move, errorText, isFirst, isLast, onMoved }: MoveButtonsProps) {
  const record = useRecordContext();
  const representation = useGetRecordRepresentation(useResourceContext());
  const dataProvider = useAdminDataProvider();
  const refresh = useRefresh();
  const report = useReport();
  const conflict = useConflictRefresh();
  const [pending, setPending] = useState(false);
  if (!record) return null;
  const name = String(representation(record));
  const go = (direction: Direction) => {
    setPending(true);
    move(dataProvider, record, direction)
      .then(() => (onMoved ? onMoved() : refresh()))
      .catch((error: unknown) => conflict(error) || report(errorText, error))
      .finally(() => setPending(false));
  };
  return (
    <>
      <Tooltip title="Move up">
        <span>
          <IconButton size="small" aria-label={`Move up: ${name}`} disabled={pending || isFirst} onClick={(event) => {
            event.stopPropagation();
            go("up");
          }}>
            <ArrowUpward fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Move down">
        <span>
          <IconButton size="small" aria-label={`Move down: ${name}`} disabled={pending || isLast} onClick={(event) => {
            event.stopPropagation();
            go("down");
          }}>
            <ArrowDownward fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </>
  );
}
