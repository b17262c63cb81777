import { useState } from "react";
import Button from "@mui/material/Button";
import { useGetRecordRepresentation, useRecordContext, useRefresh, useResourceContext, useUpdate, type RaRecord } from "react-admin";
import type { AdminDataProvider } from "../lib/data-provider.ts";
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
  const failed = (error: unknown) => conflict(error) || report(errorText, error);
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

  return (
    <Button
      size="small"
      variant={published ? "outlined" : "contained"}
      color={published ? "inherit" : "success"}
      disabled={isPending || rpcPending}
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
