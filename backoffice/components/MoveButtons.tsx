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
      <MoveButton direction="up" label={`Move up: ${name}`} disabled={pending || isFirst} order={record.order} onMove={go} />
      <MoveButton direction="down" label={`Move down: ${name}`} disabled={pending || isLast} order={record.order} onMove={go} />
    </>
  );
}

/**
 * One move button with its tooltip. The tooltip opens when the pointer moves over the button (or the
 * keyboard focuses it) and closes on the click and whenever the row's order changes: the row moves
 * away from under a still pointer, and neither it nor the row that slides in keeps a tooltip.
 */
function MoveButton({ direction, label, disabled, order, onMove }: { direction: Direction; label: string; disabled?: boolean; order: unknown; onMove: (direction: Direction) => void }) {
  const [open, setOpen] = useState(false);
  const [shownOrder, setShownOrder] = useState(order);
  if (shownOrder !== order) {
    setShownOrder(order);
    setOpen(false);
  }
  const Icon = direction === "up" ? ArrowUpward : ArrowDownward;
  return (
    <Tooltip title={direction === "up" ? "Move up" : "Move down"} open={open} onOpen={() => setOpen(true)} onClose={() => setOpen(false)} disableHoverListener>
      <span onPointerMove={() => !open && setOpen(true)} onPointerLeave={() => setOpen(false)}>
        <IconButton
          size="small"
          aria-label={label}
          disabled={disabled}
          onClick={(event) => {
            event.stopPropagation();
            setOpen(false);
            onMove(direction);
          }}
        >
          <Icon fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}
