import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Typography from "@mui/material/Typography";
import MailOutlineIcon from "@mui/icons-material/MailOutline";
import {
  DataTable,
  downloadCSV,
  ExportButton,
  List,
  Pagination,
  SearchInput,
  SelectInput,
  TopToolbar,
  useListContext,
  useNotify,
  useRecordContext,
  useUpdate,
  useUpdateMany,
  type RaRecord,
} from "react-admin";
import { choicesOf } from "../../../shared/content-type.ts";
import { capitalize, countOf } from "../../../shared/format.ts";
import { toCsv } from "../../../shared/csv.ts";
import { FORM_KINDS } from "../../../shared/types.ts";
import type { FormSubmission } from "../../../shared/content-types/community.ts";
import { Clamp } from "../../components/cells.tsx";
import { ListLoadError, readOptions } from "../../components/LoadError.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { useAdminDataProvider } from "../../components/useAdminDataProvider.ts";
import { useRowCheckboxLabels } from "../../components/useRowCheckboxLabels.ts";
import { useReport } from "../../components/useReport.ts";
import { resourceTexts, type ResourceConfig } from "../types.ts";

const KIND_COLORS = { waitlist: "primary", newsletter: "info", contact: "secondary" } as const;
export const CSV_EXPORT_LIMIT = 10_000;

function formatReceived(iso: unknown): string {
  const date = new Date(String(iso));
  return Number.isNaN(date.getTime()) ? "" : date.toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
}

/** Community inbox: waitlist, newsletter and contact submissions; search, filter, mark handled, CSV. */
export function communityInboxPage(config: ResourceConfig) {
  const texts = resourceTexts(config);
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder="Search submissions..." />,
    <SelectInput key="kind" source="kind" label="Kind" choices={choicesOf(FORM_KINDS, capitalize)} alwaysOn emptyText="All" />,
    <SelectInput key="handled" source="handled" label="Status" choices={[{ id: "false", name: "Unhandled" }, { id: "true", name: "Handled" }]} alwaysOn emptyText="All" />,
  ];
  return function CommunityInbox() {
    const [open, setOpen] = useState<RaRecord | null>(null);
    const labelRowCheckboxes = useRowCheckboxLabels();
    return (
      <Box ref={labelRowCheckboxes}>
        <PageHeader title={config.title ?? config.label}>
          <Typography variant="body2" color="text.secondary">
            Waitlist sign-ups, newsletter subscriptions and contact messages from the site.
          </Typography>
        </PageHeader>
        <List
          resource={config.name}
          title={config.title ?? config.label}
          sort={config.sort}
          perPage={25}
          filters={filters}
          actions={
            <TopToolbar>
              <ExportButton label="Export CSV" maxResults={CSV_EXPORT_LIMIT} />
            </TopToolbar>
          }
          empty={false}
          error={<ListLoadError nounPlural="submissions" />}
          pagination={<InboxPagination />}
          exporter={exportSubmissions}
          queryOptions={readOptions(texts.fetchError)}
          sx={{ "& .MuiTableSortLabel-root": { minHeight: 24 } }}
        >
          <DataTable bulkActionButtons={<InboxBulkActions errorText={texts.updateError} />} rowClick={(_, __, record) => (setOpen(record), false)} empty={<Box sx={{ p: 4, textAlign: "center", color: "text.secondary" }}>No submissions found.</Box>}>
            <DataTable.Col source="kind" label="Kind" render={(record: RaRecord) => <Chip size="small" label={capitalize(String(record.kind))} color={KIND_COLORS[record.kind as keyof typeof KIND_COLORS] ?? "default"} />} />
            <DataTable.Col source="email" label="Email" render={(record: RaRecord) => String(record.email)} />
            <DataTable.Col source="name" label="Name" render={(record: RaRecord) => String(record.name ?? "")} />
            <DataTable.Col source="message" label="Message" disableSort render={(record: RaRecord) => <Clamp text={record.message ?? ""} lines={2} maxWidth={420} />} />
            <DataTable.Col source="created_at" label="Received" render={(record: RaRecord) => <Box component="span" sx={{ whiteSpace: "nowrap" }}>{formatReceived(record.created_at)}</Box>} />
            <DataTable.Col source="handled" label="Status" render={() => <HandledToggle errorText={texts.updateError} />} />
          </DataTable>
        </List>
        <Dialog open={open !== null} onClose={() => setOpen(null)} fullWidth maxWidth="sm" aria-labelledby="submission-title">
          {open && (
            <>
              <DialogTitle id="submission-title">{capitalize(String(open.kind))} from {String(open.name ?? open.email)}</DialogTitle>
              <DialogContent dividers>
                <Typography variant="body2" color="text.secondary">Received {formatReceived(open.created_at)}</Typography>
                {open.last_submitted_at && open.last_submitted_at !== open.created_at ? (
                  <Typography variant="body2" color="text.secondary">Signed up again {formatReceived(open.last_submitted_at)}</Typography>
                ) : null}
                <Typography sx={{ mt: 1 }}>
                  <a href={`mailto:${String(open.email)}`}>{String(open.email)}</a>
                </Typography>
                {open.message ? <Typography sx={{ mt: 2, whiteSpace: "pre-wrap" }}>{String(open.message)}</Typography> : null}
              </DialogContent>
              <DialogActions>
                <Button component="a" href={replyLink(open as FormSubmission & RaRecord)} startIcon={<MailOutlineIcon />}>
                  Reply by Email
                </Button>
                <Button onClick={() => setOpen(null)}>Close</Button>
              </DialogActions>
            </>
          )}
        </Dialog>
      </Box>
    );
  };
}

function HandledToggle({ errorText }: { errorText: string }) {
  const record = useRecordContext();
  const [update, { isPending }] = useUpdate();
  const report = useReport();
  if (!record) return null;
  const handled = Boolean(record.handled);
  return (
    <Button
      size="small"
      variant={handled ? "text" : "outlined"}
      color={handled ? "success" : "primary"}
      disabled={isPending}
      onClick={(event) => {
        event.stopPropagation();
        update("community", { id: record.id, data: { handled: !handled }, previousData: record }, { mutationMode: "pessimistic", onError: (error) => report(errorText, error) });
      }}
      aria-label={handled ? `Mark ${String(record.email)} unhandled` : `Mark ${String(record.email)} handled`}
      sx={{ whiteSpace: "nowrap" }}
    >
      {handled ? "Handled ✓" : "Mark handled"}
    </Button>
  );
}

/** A mailto: link answering a submission, its subject naming the kind of message. */
export function replyLink(submission: Pick<FormSubmission, "email" | "kind">): string {
  const subject = `Re: your ${submission.kind === "contact" ? "message" : `${submission.kind} sign-up`} to RCRT`;
  return `mailto:${encodeURIComponent(submission.email).replace(/%40/g, "@")}?subject=${encodeURIComponent(subject)}`;
}

/**
 * Mark the selected submissions handled (or unhandled again): those not yet so, in one update, with
 * react-admin's Undo in the notification for a few seconds before it is written.
 */
function InboxBulkActions({ errorText }: { errorText: string }) {
  const { selectedIds } = useListContext();
  // The collapsed toolbar still holds its buttons, hidden over the table's header: none until a row is selected.
  if (selectedIds.length === 0) return null;
  return (
    <>
      <BulkHandledButton handled errorText={errorText} />
      <BulkHandledButton handled={false} errorText={errorText} />
    </>
  );
}

function BulkHandledButton({ handled, errorText }: { handled: boolean; errorText: string }) {
  const { selectedIds, onUnselectItems } = useListContext();
  const dataProvider = useAdminDataProvider();
  const [updateMany, { isPending }] = useUpdateMany();
  const notify = useNotify();
  const report = useReport();
  const [reading, setReading] = useState(false);
  const state = handled ? "handled" : "unhandled";
  const mark = async () => {
    setReading(true);
    try {
      const { data } = await dataProvider.getMany<FormSubmission & RaRecord>("community", { ids: selectedIds });
      const pending = data.filter((row) => Boolean(row.handled) !== handled).map((row) => row.id);
      if (pending.length === 0) {
        notify(`${countOf(data.length, "submission")} already ${state}`, { type: "info" });
        return;
      }
      updateMany(
        "community",
        { ids: pending, data: { handled } },
        {
          mutationMode: "undoable",
          onSuccess: () => {
            notify(`${countOf(pending.length, "submission")} marked ${state}`, { type: "info", undoable: true });
            onUnselectItems();
          },
          onError: (error) => report(errorText, error),
        },
      );
    } catch (error) {
      report(errorText, error);
    } finally {
      setReading(false);
    }
  };
  return (
    <Button size="small" disabled={reading || isPending} onClick={() => void mark()}>
      {handled ? "Mark handled" : "Mark unhandled"}
    </Button>
  );
}

/** Pagination, except when the read failed (the count would be a stale claim). */
function InboxPagination() {
  const { error } = useListContext();
  return error ? null : <Pagination />;
}

/**
 * What the current search and filters show (up to 10,000 rows, see ExportButton above), as CSV safe
 * to open in a spreadsheet, with a byte order mark so that spreadsheets read it as UTF-8.
 */
function exportSubmissions(rows: (FormSubmission & RaRecord)[]) {
  const csv = toCsv(rows, [
    { key: "created_at", header: "Received" },
    { key: "kind", header: "Kind" },
    { key: "email", header: "Email" },
    { key: "name", header: "Name" },
    { key: "message", header: "Message" },
    { key: "handled", header: "Handled" },
    { key: "last_submitted_at", header: "Last signed up" },
  ]);
  downloadCSV(`\uFEFF${csv}`, `community-${new Date().toISOString().slice(0, 10)}`);
}
