import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useEffect, useState } from "react";
import { DataTable, List, Pagination, SelectInput, useRecordContext, useRefresh, type RaRecord } from "react-admin";
import { PageHeader } from "../components/PageHeader.tsx";
import { useAdminDataProvider } from "../components/useAdminDataProvider.ts";
import { useReport } from "../components/useReport.ts";

export const WAITLIST_RESOURCE = "waitlist_members";
export const VOID_FAILED = "The credit could not be voided. Try again in a moment.";
export const SETTINGS_FAILED = "The waitlist's settings could not be saved. Try again in a moment.";
const STATUS_LABELS = { pending: "Pending", confirmed: "Confirmed" } as const;
const REFUSALS: Record<string, string> = { self: "Self-referral", disposable: "Throwaway address", client_cap: "Client's daily cap" };

export interface WaitlistMember extends RaRecord {
  id: string;
  email: string;
  status: keyof typeof STATUS_LABELS;
  seq: number | null;
  credits: number;
  referred_by: string | null;
  credited: boolean;
  credit_refusal: string | null;
  credit_voided_at: string | null;
}

interface Summary {
  confirmed: number;
  pending: number;
  credited: number;
  refused: number;
  voided: number;
  places_per_referral: number;
  client_daily_credits: number;
}

/** What a referral gains and how many credits one client may earn a day (waitlist_configure, administrators). */
function SettingsButton({ summary, onSaved }: { summary: Summary; onSaved: () => void }) {
  const dataProvider = useAdminDataProvider();
  const report = useReport();
  const [open, setOpen] = useState(false);
  const [places, setPlaces] = useState(String(summary.places_per_referral));
  const [credits, setCredits] = useState(String(summary.client_daily_credits));
  const [pending, setPending] = useState(false);
  const valid = (value: string) => /^\d{1,4}$/.test(value) && Number(value) <= 1000;
  const show = () => {
    setPlaces(String(summary.places_per_referral));
    setCredits(String(summary.client_daily_credits));
    setOpen(true);
  };
  const save = async () => {
    setPending(true);
    try {
      await dataProvider.rpc("waitlist_configure", { places_per_referral: Number(places), client_daily_credits: Number(credits) });
      setOpen(false);
      onSaved();
    } catch (error) {
      report(SETTINGS_FAILED, error);
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Button size="small" onClick={show}>
        Settings
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="waitlist-settings">
        <DialogTitle id="waitlist-settings">Waitlist settings</DialogTitle>
        <DialogContent>
          <DialogContentText>A new number of places applies to every member's place at once. Both are whole numbers from 0 to 1000.</DialogContentText>
          <TextField
            fullWidth
            margin="dense"
            label="Places each confirmed referral gains"
            value={places}
            onChange={(event) => setPlaces(event.target.value)}
            error={!valid(places)}
            slotProps={{ htmlInput: { inputMode: "numeric" } }}
          />
          <TextField
            fullWidth
            margin="dense"
            label="Credits one client may earn a day"
            value={credits}
            onChange={(event) => setCredits(event.target.value)}
            error={!valid(credits)}
            slotProps={{ htmlInput: { inputMode: "numeric" } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button variant="contained" disabled={pending || !valid(places) || !valid(credits)} onClick={() => void save()}>
            Save
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** The counts the whole team may read (waitlist_summary): no address; and the settings. */
function SummaryChips({ version, onChanged }: { version: number; onChanged: () => void }) {
  const dataProvider = useAdminDataProvider();
  const [summary, setSummary] = useState<Summary | null>(null);
  useEffect(() => {
    let current = true;
    dataProvider.rpc<Summary>("waitlist_summary", {}).then(
      (answer) => current && setSummary(answer),
      () => current && setSummary(null),
    );
    return () => {
      current = false;
    };
  }, [dataProvider, version]);
  if (!summary) return null;
  return (
    <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", mb: 2 }} aria-label="The waitlist in numbers" role="group">
      <Chip variant="outlined" color="success" label={`Confirmed: ${summary.confirmed}`} />
      <Chip variant="outlined" color="warning" label={`Pending: ${summary.pending}`} />
      <Chip variant="outlined" label={`Referrals credited: ${summary.credited}`} />
      <Chip variant="outlined" label={`Referrals refused: ${summary.refused}`} />
      <Chip variant="outlined" label={`Credit voided: ${summary.voided}`} />
      <Chip variant="outlined" label={`Places per referral: ${summary.places_per_referral}`} />
      <Chip variant="outlined" label={`Credits per client a day: ${summary.client_daily_credits}`} />
      <SettingsButton summary={summary} onSaved={onChanged} />
    </Box>
  );
}

/** An administrator voids a member's referral credit, saying why (waitlist_void_credit: recorded in the credit audit). */
function VoidCreditButton({ onVoided }: { onVoided: () => void }) {
  const record = useRecordContext<WaitlistMember>();
  const dataProvider = useAdminDataProvider();
  const refresh = useRefresh();
  const report = useReport();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [pending, setPending] = useState(false);
  if (!record) return null;
  if (record.credit_voided_at) return <Chip size="small" label="Credit voided" />;
  const submit = async () => {
    setPending(true);
    try {
      await dataProvider.rpc("waitlist_void_credit", { member_id: record.id, reason: reason.trim() });
      setOpen(false);
      refresh();
      onVoided();
    } catch (error) {
      report(VOID_FAILED, error);
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Button size="small" color="error" onClick={() => setOpen(true)} aria-label={`Void credit of ${record.email}`}>
        Void credit
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={`void-${record.id}`}>
        <DialogTitle id={`void-${record.id}`}>Void the referral credit of {record.email}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Their referrals stop counting, now and later, and their place falls back to the order they confirmed in. The reason is recorded with your name.
          </DialogContentText>
          <TextField autoFocus fullWidth margin="dense" label="Reason" value={reason} onChange={(event) => setReason(event.target.value)} slotProps={{ htmlInput: { maxLength: 500 } }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button color="error" variant="contained" disabled={pending || reason.trim() === ""} onClick={() => void submit()}>
            Void credit
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

const filters = [<SelectInput key="status" source="status" label="Status" choices={Object.entries(STATUS_LABELS).map(([id, name]) => ({ id, name }))} alwaysOn emptyText="All" />];

/**
 * The waitlist's members, for administrators (the database shows editors none): each with their
 * number in the confirmation order, the referrals that earned them credit, and whether their own
 * sign-up credited their referrer or why not; an administrator can void a member's credit, and set
 * the places a referral gains and the credits a client may earn a day.
 */
export function WaitlistPage() {
  const [version, setVersion] = useState(0);
  return (
    <Box>
      <PageHeader title="Waitlist">
        <Typography variant="body2" color="text.secondary">
          A sign-up holds a place once its owner confirms it. Each referral that counts moves the referrer up; throwaway addresses, self-referrals and a client's sign-ups past its daily cap earn nothing.
        </Typography>
      </PageHeader>
      <SummaryChips version={version} onChanged={() => setVersion((value) => value + 1)} />
      <List resource={WAITLIST_RESOURCE} title="Waitlist" sort={{ field: "created_at", order: "DESC" }} perPage={25} filters={filters} empty={false} pagination={<Pagination />} exporter={false}>
        <DataTable bulkActionButtons={false} rowClick={false} empty={<Box sx={{ p: 4, textAlign: "center", color: "text.secondary" }}>Nobody has joined yet.</Box>}>
          <DataTable.Col source="email" label="Email" render={(record: WaitlistMember) => record.email} />
          <DataTable.Col source="status" label="Status" render={(record: WaitlistMember) => STATUS_LABELS[record.status]} />
          <DataTable.Col source="seq" label="Confirmed as" render={(record: WaitlistMember) => (record.seq === null ? "" : `#${record.seq.toLocaleString("en-US")}`)} />
          <DataTable.Col source="credits" label="Referrals credited" render={(record: WaitlistMember) => record.credits} />
          <DataTable.Col
            source="credit_refusal"
            label="Their referrer"
            disableSort
            render={(record: WaitlistMember) => (record.credited ? "Credited" : record.credit_refusal ? `Not credited: ${REFUSALS[record.credit_refusal] ?? record.credit_refusal}` : "")}
          />
          <DataTable.Col source="id" label="" disableSort render={() => <VoidCreditButton onVoided={() => setVersion((value) => value + 1)} />} />
        </DataTable>
      </List>
    </Box>
  );
}
