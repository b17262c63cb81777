import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { DataTable, downloadCSV, ExportButton, List, Pagination, SelectInput, TopToolbar, useDelete, useGetList, useRecordContext, type RaRecord } from "react-admin";
import { toCsv } from "../../shared/csv.ts";
import { PageHeader } from "../components/PageHeader.tsx";
import { useReport } from "../components/useReport.ts";

export const SUBSCRIBERS_RESOURCE = "newsletter_subscribers";
export const SUBSCRIBER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];
export const REMOVE_FAILED = "The subscriber could not be removed. Try again in a moment.";
const CSV_EXPORT_LIMIT = 100_000;
const STATUS_COLORS = { pending: "warning", confirmed: "success", unsubscribed: "default" } as const;
const STATUS_LABELS: Record<SubscriberStatus, string> = { pending: "Pending", confirmed: "Confirmed", unsubscribed: "Unsubscribed" };

export interface Subscriber extends RaRecord {
  id: string;
  email: string;
  status: SubscriberStatus;
  created_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
}

function formatDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : date.toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
}

/** The date that goes with the status: when it was confirmed, unsubscribed, or signed up. */
export function statusDate(subscriber: Pick<Subscriber, "status" | "created_at" | "confirmed_at" | "unsubscribed_at">): string | null {
  if (subscriber.status === "confirmed") return subscriber.confirmed_at ?? subscriber.created_at;
  if (subscriber.status === "unsubscribed") return subscriber.unsubscribed_at ?? subscriber.created_at;
  return subscriber.created_at;
}

function StatusCount({ status }: { status: SubscriberStatus }) {
  const { total } = useGetList<Subscriber>(SUBSCRIBERS_RESOURCE, { pagination: { page: 1, perPage: 1 }, filter: { status } });
  return <Chip label={`${STATUS_LABELS[status]}: ${total ?? "…"}`} color={STATUS_COLORS[status]} variant="outlined" data-testid={`subscribers-${status}`} />;
}

function RemoveButton() {
  const record = useRecordContext<Subscriber>();
  const [open, setOpen] = useState(false);
  const [remove, { isPending }] = useDelete<Subscriber>();
  const report = useReport();
  if (!record) return null;
  return (
    <>
      <Button size="small" color="error" onClick={() => setOpen(true)} aria-label={`Remove ${record.email}`}>
        Remove
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={`remove-${record.id}`}>
        <DialogTitle id={`remove-${record.id}`}>Remove {record.email}?</DialogTitle>
        <DialogContent>
          <DialogContentText>The subscription, its sign-ups in the community inbox and its delivery records are deleted for good. Do this when the person asks for it.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            disabled={isPending}
            onClick={() =>
              remove(SUBSCRIBERS_RESOURCE, { id: record.id, previousData: record }, { mutationMode: "pessimistic", onSuccess: () => setOpen(false), onError: (error) => report(REMOVE_FAILED, error) })
            }
          >
            Remove
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** The list as CSV (formula-safe, UTF-8 with a byte order mark), as the filters show it. */
function exportSubscribers(rows: Subscriber[]) {
  const csv = toCsv(
    rows.map((row) => ({ ...row, status_date: statusDate(row) })),
    [
      { key: "email", header: "Email" },
      { key: "status", header: "Status" },
      { key: "status_date", header: "Status since" },
      { key: "created_at", header: "Signed up" },
      { key: "confirmed_at", header: "Confirmed" },
      { key: "unsubscribed_at", header: "Unsubscribed" },
    ],
  );
  downloadCSV(`\uFEFF${csv}`, `subscribers-${new Date().toISOString().slice(0, 10)}`);
}

const filters = [
  <SelectInput key="status" source="status" label="Status" choices={SUBSCRIBER_STATUSES.map((id) => ({ id, name: STATUS_LABELS[id] }))} alwaysOn emptyText="All" />,
];

/**
 * Newsletter subscribers, for administrators (the database shows editors none): status with its
 * date, counts per status, CSV export, and removal of a subscriber and everything stored about them.
 */
export function SubscribersPage() {
  return (
    <Box>
      <PageHeader title="Subscribers">
        <Typography variant="body2" color="text.secondary">
          Newsletter subscribers: an address is confirmed once its owner follows the mailed link. Pending addresses are forgotten after 7 days.
        </Typography>
      </PageHeader>
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", mb: 2 }} aria-label="Subscribers by status" role="group">
        {SUBSCRIBER_STATUSES.map((status) => (
          <StatusCount key={status} status={status} />
        ))}
      </Box>
      <List
        resource={SUBSCRIBERS_RESOURCE}
        title="Subscribers"
        sort={{ field: "created_at", order: "DESC" }}
        perPage={25}
        filters={filters}
        actions={
          <TopToolbar>
            <ExportButton label="Export CSV" maxResults={CSV_EXPORT_LIMIT} />
          </TopToolbar>
        }
        empty={false}
        pagination={<Pagination />}
        exporter={exportSubscribers}
      >
        <DataTable bulkActionButtons={false} rowClick={false} empty={<Box sx={{ p: 4, textAlign: "center", color: "text.secondary" }}>No subscribers yet.</Box>}>
          <DataTable.Col source="email" label="Email" render={(record: Subscriber) => record.email} />
          <DataTable.Col
            source="status"
            label="Status"
            render={(record: Subscriber) => <Chip size="small" label={STATUS_LABELS[record.status]} color={STATUS_COLORS[record.status]} />}
          />
          <DataTable.Col source="created_at" label="Since" render={(record: Subscriber) => <Box component="span" sx={{ whiteSpace: "nowrap" }}>{formatDate(statusDate(record))}</Box>} />
          <DataTable.Col source="id" label="" disableSort render={() => <RemoveButton />} />
        </DataTable>
      </List>
    </Box>
  );
}
