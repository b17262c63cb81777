import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import { useGetRecordRepresentation, useRecordContext, useRefresh, useResourceContext, useUpdate } from "react-admin";
import { ConnectionError } from "../lib/connection.ts";
import { useConflictRefresh } from "./useConflictRefresh.ts";
import { useReport } from "./useReport.ts";

export interface PublishToggleProps {
  errorText: string;
  /** Publishing this row changes others (one published at a time): the list reloads after it. */
  reloadsList?: boolean;
}

/**
 * Publish / Unpublish: useUpdate of `published` with previousData (the row's version goes with it; a
 * resource publishing through an RPC gets it from the data provider). Refused because the row changed
 * since the list showed it: said, and the list refreshed. Disabled with a spinner while the request
 * is under way. Pessimistic and never queued: offline it fails at once and is not sent later
 * (react-query runs mutations even offline, see AdminLayout).
 */
export function PublishToggle({ errorText, reloadsList = false }: PublishToggleProps) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const [update, { isPending }] = useUpdate();
  const refresh = useRefresh();
  const report = useReport();
  const conflict = useConflictRefresh();
  const failed = (error: unknown) => {
    if (conflict(error)) return;
    report(errorText, error);
    // Sent but unanswered: the server may have applied it, so the list shows what it now holds.
    if (error instanceof ConnectionError && error.kind !== "offline") refresh();
  };
  const representation = useGetRecordRepresentation(resource);
  if (!record || !resource) return null;
  const published = Boolean(record.published);
  const label = published ? "Unpublish" : "Publish";

  const toggle = () =>
    update(
      resource,
      { id: record.id, data: { published: !published }, previousData: record },
      { mutationMode: "pessimistic", onSuccess: reloadsList ? () => refresh() : undefined, onError: failed },
    );

  return (
    <Button
      size="small"
      variant={published ? "outlined" : "contained"}
      color={published ? "inherit" : "success"}
      disabled={isPending}
      aria-busy={isPending}
      startIcon={isPending ? <CircularProgress size={14} color="inherit" aria-hidden /> : undefined}
      onClick={(event) => {
        event.stopPropagation();
        toggle();
      }}
      aria-label={`${label} ${String(representation(record))}`.trim()}
      sx={{ minWidth: 96 }}
    >
      {label}
    </Button>
  );
}
