import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import Alert from "@mui/material/Alert";
import Chip from "@mui/material/Chip";
import type { Identifier } from "react-admin";
import { useAdminDataProvider } from "./useAdminDataProvider.ts";

// Who else is editing what, without Realtime: an open editor holds a short lease on its row (renewed
// while it stays open, released when it closes or the page goes away), and lists ask which rows of
// their table others hold. The leases live in the database (edit_leases, see
// supabase/schemas/06_concurrent_edits.sql) and expire by themselves 15 s after their last renewal.

/**
 * How often an open editor renews its lease, and a list asks who is editing: three times in the 15 s
 * a lease lives, and soon enough that a name goes a few seconds after its tab has closed.
 */
export const PRESENCE_INTERVAL_MS = 5_000;

interface Holder {
  email: string | null;
}

interface RowEditor extends Holder {
  row_id: string;
}

function emailsOf(holders: unknown): string[] {
  if (!Array.isArray(holders)) return [];
  return [...new Set((holders as Holder[]).map((holder) => holder.email ?? "Someone"))];
}

/** "a@x is editing", "a@x and b@y are editing", "a@x, b@y and c@z are editing". */
export function editingText(emails: readonly string[]): string {
  const names = emails.length > 1 ? `${emails.slice(0, -1).join(", ")} and ${emails.at(-1)}` : (emails[0] ?? "");
  return `${names} ${emails.length > 1 ? "are" : "is"} editing`;
}

/**
 * Holds the lease on a row while the editor showing it is open, and returns the others holding one.
 * Presence is a courtesy: a failed call leaves the last answer, saving stays guarded by the version.
 */
export function useEditLease(table: string, id: Identifier | undefined): string[] {
  const dataProvider = useAdminDataProvider();
  const [others, setOthers] = useState<string[]>([]);
  useEffect(() => {
    if (id === undefined) return;
    const args = { target_table: table, target_id: id };
    let live = true;
    const hold = () =>
      dataProvider.rpc("hold_edit_lease", args).then(
        (holders) => {
          if (live) setOthers((previous) => same(previous, emailsOf(holders)));
        },
        () => {},
      );
    void hold();
    const timer = setInterval(() => void hold(), PRESENCE_INTERVAL_MS);
    // A hidden tab's timers are slowed down (to once a minute in Chrome): shown again, it asks at once
    // rather than naming someone who left while it was hidden.
    const shown = () => {
      if (!document.hidden) void hold();
    };
    // The tab closes or goes away: the lease is released by a request the browser sends after the page is gone.
    const leave = () => void dataProvider.rpcKeepalive("release_edit_lease", args);
    window.addEventListener("pagehide", leave);
    document.addEventListener("visibilitychange", shown);
    return () => {
      live = false;
      clearInterval(timer);
      window.removeEventListener("pagehide", leave);
      document.removeEventListener("visibilitychange", shown);
      void dataProvider.rpc("release_edit_lease", args).catch(() => {});
    };
  }, [dataProvider, table, id]);
  return others;
}

/** "<email> is editing" above an editor's form, when others hold the row. */
export function EditingAlert({ emails }: { emails: readonly string[] }) {
  if (emails.length === 0) return null;
  return (
    // A status, not an alert: screen readers mention it politely, without interrupting the typing.
    <Alert severity="info" role="status" sx={{ mx: 3, mb: 1 }}>
      {editingText(emails)}
    </Alert>
  );
}

const EditorsContext = createContext<ReadonlyMap<string, string[]>>(new Map());

/**
 * Asks every 5 s which rows of the table others are editing, while the page is visible (a hidden
 * tab asks again as soon as it is shown), and gives the answer to the rows' EditingChip.
 */
export function CurrentEditors({ table, children }: { table: string; children: ReactNode }) {
  const dataProvider = useAdminDataProvider();
  const [editors, setEditors] = useState<ReadonlyMap<string, string[]>>(new Map());
  useEffect(() => {
    let live = true;
    const poll = () => {
      if (document.hidden) return;
      dataProvider.rpc("current_editors", { target_table: table }).then(
        (rows) => {
          if (live) setEditors((previous) => sameMap(previous, byRow(rows)));
        },
        () => {},
      );
    };
    poll();
    const timer = setInterval(poll, PRESENCE_INTERVAL_MS);
    document.addEventListener("visibilitychange", poll);
    return () => {
      live = false;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", poll);
    };
  }, [dataProvider, table]);
  return <EditorsContext.Provider value={editors}>{children}</EditorsContext.Provider>;
}

/** "<email> is editing" on a list row that others have open. */
export function EditingChip({ id }: { id: Identifier }) {
  const emails = useContext(EditorsContext).get(String(id));
  if (!emails?.length) return null;
  return <Chip size="small" color="info" variant="outlined" label={editingText(emails)} />;
}

function byRow(rows: unknown): Map<string, string[]> {
  const editors = new Map<string, string[]>();
  if (!Array.isArray(rows)) return editors;
  for (const row of rows as RowEditor[]) {
    const emails = editors.get(String(row.row_id)) ?? [];
    const email = row.email ?? "Someone";
    if (!emails.includes(email)) emails.push(email);
    editors.set(String(row.row_id), emails);
  }
  return editors;
}

// The same answer keeps the same object, so that a list does not re-render every 10 s for nothing.
function same(previous: string[], next: string[]): string[] {
  return previous.join("\n") === next.join("\n") ? previous : next;
}

function sameMap(previous: ReadonlyMap<string, string[]>, next: ReadonlyMap<string, string[]>): ReadonlyMap<string, string[]> {
  return JSON.stringify([...previous]) === JSON.stringify([...next]) ? previous : next;
}
