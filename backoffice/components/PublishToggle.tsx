import { useState } from "react";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import { useGetRecordRepresentation, useRecordContext, useRefresh, useResourceContext, useUpdate, type RaRecord } from "react-admin";
import type { AdminDataProvider } from "../lib/data-provider.ts";
import { ConnectionError } from "../lib/connection.ts";
import { useAdminDataProvider } from "./useAdminDataProvider.ts";
import { useConflictRefresh } from "./useConflictRefresh.ts";
import { useReport } from "./useReport.ts";

export interface PublishToggleProps {
  errorText: string;
  /** A publish that is more than an update of `published` (the whitepaper RPC). */
  publish?: (dataProvider: AdminDataProvider, record: RaRecord, published: boolean) => Promise<unknown>;
}

/**
 * Publish / Unpublish: useUpdate with previousData (the row's version goes with it), or the config's
 * RPC. Refused because the row changed since the list showed it: said, and the list refreshed.
 * Disabled with a spinner while the request is under way. Pessimistic and never queued: offline it
 * fails at once and is not sent later (react-query runs mutations even offline, see AdminLayout).
 */
export function PublishToggle({ errorText, publish }: PublishToggleProps) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const [update, { isPending }] = useUpdate();
  const [rpcPending, setRpcPending] = useState(false);
  const dataProvider = useAdminDataProvider();
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

  const toggle = () => {
    if (publish) {
      setRpcPending(true);
      publish(dataProvider, record, !published)
        .then(() => refresh())
        .catch(failed)
        .finally(() => setRpcPending(false));
      return;
    }
    update(
      resource,
      { id: record.id, data: { published: !published }, previousData: record },
      { mutationMode: "pessimistic", onError: failed },
    );
  };

  const pending = isPending || rpcPending;
  return (
    <Button
      size="small"
      variant={published ? "outlined" : "contained"}
      color={published ? "inherit" : "success"}
      disabled={pending}
      aria-busy={pending}
      startIcon={pending ? <CircularProgress size={14} color="inherit" aria-hidden /> : undefined}
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
