import { useState, type ReactNode } from "react";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import DeleteIcon from "@mui/icons-material/DeleteOutline";
import { Confirm, useDelete, useNotify, useRecordContext, useResourceContext } from "react-admin";
import { UNDO_DELETE_MS, UndoDeleteNotice } from "../history/UndoDeleteNotice.tsx";
import { useReport } from "./useReport.ts";

export interface DeleteButtonProps {
  /** "Are you sure you want to delete this {noun}?" */
  confirmText: ReactNode;
  title: string;
  errorText: string;
  onDeleted?: () => void;
  /** The table whose history can put the row back: the notification then offers Undo. */
  undo?: { table: string; noun: string };
}

/** Delete with the spec's confirmation; the list updates only once the database agreed. */
export function DeleteButton({ confirmText, title, errorText, onDeleted, undo }: DeleteButtonProps) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const [open, setOpen] = useState(false);
  const [remove, { isPending }] = useDelete();
  const notify = useNotify();
  const report = useReport();
  if (!record || !resource) return null;
  return (
    <>
      <Tooltip title="Delete">
        <span>
          <IconButton aria-label="Delete" color="error" size="small" disabled={isPending} onClick={(event) => {
            event.stopPropagation();
            setOpen(true);
          }}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={title}
        content={confirmText}
        confirm="Delete"
        confirmColor="warning"
        onClose={() => setOpen(false)}
        onConfirm={() =>
          remove(
            resource,
            { id: record.id, previousData: record },
            {
              mutationMode: "pessimistic",
              onSuccess: () => {
                setOpen(false);
                if (undo) notify(<UndoDeleteNotice table={undo.table} rowId={record.id} noun={undo.noun} />, { autoHideDuration: UNDO_DELETE_MS });
                else notify("Deleted", { type: "info" });
                onDeleted?.();
              },
              onError: (error) => {
                setOpen(false);
                report(errorText, error);
              },
            },
          )
        }
      />
    </>
  );
}
