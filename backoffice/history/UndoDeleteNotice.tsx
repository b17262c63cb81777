import { useState } from "react";
import Button from "@mui/material/Button";
import SnackbarContent from "@mui/material/SnackbarContent";
import { useCloseNotification, useNotify, useRefresh } from "react-admin";
import { useAdminDataProvider } from "../components/useAdminDataProvider.ts";
import { useReport } from "../components/useReport.ts";
import { undoDeletion } from "./revisions.ts";

/** How long the Undo of a deletion is offered. */
export const UNDO_DELETE_MS = 8000;

export interface UndoDeleteNoticeProps {
  table: string;
  rowId: unknown;
  /** "post": "Error restoring post". */
  noun: string;
}

/**
 * The notification after a deletion: "Deleted" with Undo, which puts the row back from its history
 * (the same id, every field as it was) and refreshes the screen.
 */
export function UndoDeleteNotice({ table, rowId, noun }: UndoDeleteNoticeProps) {
  const dataProvider = useAdminDataProvider();
  const close = useCloseNotification();
  const notify = useNotify();
  const refresh = useRefresh();
  const report = useReport();
  const [undoing, setUndoing] = useState(false);
  const undo = async () => {
    setUndoing(true);
    try {
      await undoDeletion(dataProvider, table, rowId);
      close();
      notify("Restored", { type: "success" });
      refresh();
    } catch (error) {
      close();
      report(`Error restoring ${noun}`, error);
    }
  };
  return (
    <SnackbarContent
      message="Deleted"
      action={
        <Button color="primary" size="small" disabled={undoing} onClick={() => void undo()}>
          {undoing ? "Undoing..." : "Undo"}
        </Button>
      }
    />
  );
}
