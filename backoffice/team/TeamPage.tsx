import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import Switch from "@mui/material/Switch";
import Skeleton from "@mui/material/Skeleton";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import PersonAddIcon from "@mui/icons-material/PersonAddOutlined";
import { Confirm, Title, useNotify } from "react-admin";
import { TEXT_LIMITS } from "../../shared/limits.ts";
import { limitedTo, required, validateRecord, validEmail } from "../../shared/validation.ts";
import { LoadError } from "../components/LoadError.tsx";
import { PageHeader } from "../components/PageHeader.tsx";
import { formatChangedAt } from "../history/revisions.ts";
import { ROLES, type Role } from "../lib/auth-provider.ts";
import { TeamApiError, TEAM_UNREACHABLE, type Member, type MemberStatus, type Team, type TeamApi } from "./team-api.ts";

export const ROLE_LABELS: Record<Role, string> = { administrator: "Administrator", editor: "Editor" };
const STATUS_CHIPS: Record<MemberStatus, { label: string; color: "warning" | "success" | "error" }> = {
  invited: { label: "Invited", color: "warning" },
  active: { label: "Active", color: "success" },
  banned: { label: "Banned", color: "error" },
};

export const EMAIL_INVALID = "Enter a valid email address";
export const CANNOT_REMOVE_SELF = "You cannot remove yourself: ask another administrator";
export const CANNOT_CHANGE_OWN_ROLE = "You cannot change your own role: ask another administrator";

// The web tier checks the same (400 with these words); checking here first saves a round trip.
const inviteRules = {
  email: [required(EMAIL_INVALID), validEmail(EMAIL_INVALID), limitedTo(TEXT_LIMITS.email, "Email")],
};

/** "an editor", "an administrator". */
function withArticle(role: Role): string {
  return `an ${role}`;
}

export function removalQuestion(email: string): string {
  return `Remove ${email} from the team? Their access ends at once.`;
}

export function resetTwoFactorQuestion(email: string): string {
  return `Reset two-factor sign-in for ${email}? Their authenticator apps are removed and they are signed out everywhere. They sign in with their password, then add an app again if the team requires it.`;
}

export function endSessionsQuestion(email: string): string {
  return `Sign ${email} out on every device? They can sign in again with their password (and code).`;
}

/** What a failed call says: the endpoint's own message, or that the server could not be reached. */
function failureText(error: unknown): string {
  return error instanceof TeamApiError ? error.message : TEAM_UNREACHABLE;
}

type Load = { state: "loading" } | { state: "failed"; retrying: boolean } | { state: "loaded"; team: Team };

/**
 * Team: every member of the back office with their role and whether they have accepted their
 * invitation; administrators invite, re-role and remove members here. Every action goes to the web
 * tier's team endpoints (team-api.ts), which the database checks and records; the list is read again
 * after each one.
 */
export function TeamPage({ api }: { api: TeamApi }) {
  const notify = useNotify();
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [inviting, setInviting] = useState(false);

  // Each attempt reads the list again: on opening, after every action, on Try Again.
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((current) => current + 1), []);

  useEffect(() => {
    let live = true;
    api.list().then(
      (team) => live && setLoad({ state: "loaded", team }),
      (error: unknown) => {
        if (!live) return;
        console.error("Error fetching the team", error);
        setLoad({ state: "failed", retrying: false });
      },
    );
    return () => {
      live = false;
    };
  }, [api, attempt]);

  /** Runs one action: its success notification and a fresh list, or the endpoint's message. */
  const act = useCallback(
    async (action: () => Promise<unknown>, success: string): Promise<boolean> => {
      try {
        await action();
        notify(success, { type: "success" });
        reload();
        return true;
      } catch (error) {
        if (!(error instanceof TeamApiError)) console.error("Error updating the team", error);
        notify(failureText(error), { type: "error" });
        return false;
      }
    },
    [notify, reload],
  );

  return (
    <Box>
      <Title title="Team" />
      <PageHeader
        title="Team"
        actions={
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setInviting(true)}>
            Invite
          </Button>
        }
      >
        <Typography variant="body2" color="text.secondary">
          Who can sign in to the back office. Editors manage content; administrators also manage the team and read the community inbox.
        </Typography>
      </PageHeader>
      <TwoFactorSetting api={api} act={act} />
      {load.state === "failed" ? (
        <LoadError
          nounPlural="the team"
          retrying={load.retrying}
          onRetry={() => {
            setLoad({ state: "failed", retrying: true });
            reload();
          }}
        />
      ) : (
        <TableContainer sx={{ mt: 2, border: 1, borderColor: "divider", borderRadius: 1 }}>
          <Table size="small" aria-label="Team members">
            <TableHead>
              <TableRow>
                <TableCell>Email</TableCell>
                <TableCell>Role</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Two-factor</TableCell>
                <TableCell>Last sign-in</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {load.state === "loading"
                ? [0, 1, 2].map((row) => (
                    <TableRow key={row}>
                      <TableCell colSpan={6}>
                        <Skeleton />
                      </TableCell>
                    </TableRow>
                  ))
                : load.team.members.map((member) => <MemberRow key={member.id} member={member} self={member.id === load.team.me} api={api} act={act} />)}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <InviteDialog open={inviting} onClose={() => setInviting(false)} onInvite={(email, role) => act(() => api.invite(email, role), `Invitation sent to ${email}`)} />
    </Box>
  );
}

interface MemberRowProps {
  member: Member;
  /** The caller's own row: no role change, no removal. */
  self: boolean;
  api: TeamApi;
  act(action: () => Promise<unknown>, success: string): Promise<boolean>;
}

function MemberRow({ member, self, api, act }: MemberRowProps) {
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<"remove" | "reset" | "sessions" | null>(null);
  const roleHelpId = useId();
  const removeHelpId = useId();
  const status = STATUS_CHIPS[member.status];

  const run = async (action: () => Promise<unknown>, success: string) => {
    setBusy(true);
    try {
      return await act(action, success);
    } finally {
      setBusy(false);
    }
  };

  return (
    <TableRow>
      <TableCell sx={{ overflowWrap: "anywhere", minWidth: 200 }}>
        {member.email}
        {self && <Chip size="small" label="You" color="primary" variant="outlined" sx={{ ml: 1 }} />}
      </TableCell>
      <TableCell>
        <TextField
          select
          size="small"
          value={member.role}
          disabled={self || busy}
          onChange={(event) => {
            const role = event.target.value as Role;
            void run(() => api.setRole(member.id, role), `${member.email} is now ${withArticle(role)}`);
          }}
          slotProps={{
            select: { native: true },
            htmlInput: { "aria-label": `Role of ${member.email}`, "aria-describedby": self ? roleHelpId : undefined },
            formHelperText: { id: roleHelpId },
          }}
          helperText={self ? CANNOT_CHANGE_OWN_ROLE : undefined}
          sx={{ minWidth: 160, maxWidth: 240 }}
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </TextField>
      </TableCell>
      <TableCell>
        <Chip size="small" label={status.label} color={status.color} variant="outlined" />
      </TableCell>
      <TableCell>
        <Chip size="small" label={member.two_factor ? "On" : "Off"} color={member.two_factor ? "success" : "default"} variant="outlined" />
      </TableCell>
      <TableCell sx={{ whiteSpace: "nowrap" }}>{member.last_sign_in_at ? formatChangedAt(member.last_sign_in_at) : "Never"}</TableCell>
      <TableCell align="right">
        <Box sx={{ display: "flex", gap: 1, justifyContent: "flex-end", flexWrap: "wrap" }}>
          {member.status === "invited" && (
            <Button size="small" disabled={busy} aria-label={`Resend invitation to ${member.email}`} onClick={() => void run(() => api.resendInvitation(member.id), `Invitation sent to ${member.email}`)}>
              Resend invitation
            </Button>
          )}
          {member.two_factor && !self && (
            <Button size="small" disabled={busy} aria-label={`Reset two-factor of ${member.email}`} onClick={() => setConfirming("reset")}>
              Reset two-factor
            </Button>
          )}
          {member.status === "active" && !self && (
            <Button size="small" disabled={busy} aria-label={`End sessions of ${member.email}`} onClick={() => setConfirming("sessions")}>
              End sessions
            </Button>
          )}
          <Button size="small" color="error" disabled={self || busy} aria-label={`Remove ${member.email}`} aria-describedby={self ? removeHelpId : undefined} onClick={() => setConfirming("remove")}>
            Remove
          </Button>
        </Box>
        {self && (
          <Typography id={removeHelpId} variant="caption" color="text.secondary" component="p">
            {CANNOT_REMOVE_SELF}
          </Typography>
        )}
        <Confirm
          isOpen={confirming === "remove"}
          loading={busy}
          title="Remove member"
          content={removalQuestion(member.email)}
          confirm="Remove"
          confirmColor="warning"
          onClose={() => setConfirming(null)}
          onConfirm={async () => {
            if (await run(() => api.remove(member.id), `${member.email} was removed from the team`)) setConfirming(null);
          }}
        />
        <Confirm
          isOpen={confirming === "reset"}
          loading={busy}
          title="Reset two-factor sign-in"
          content={resetTwoFactorQuestion(member.email)}
          confirm="Reset"
          confirmColor="warning"
          onClose={() => setConfirming(null)}
          onConfirm={async () => {
            if (await run(() => api.resetTwoFactor(member.id), `Two-factor sign-in of ${member.email} was reset`)) setConfirming(null);
          }}
        />
        <Confirm
          isOpen={confirming === "sessions"}
          loading={busy}
          title="End sessions"
          content={endSessionsQuestion(member.email)}
          confirm="End sessions"
          confirmColor="warning"
          onClose={() => setConfirming(null)}
          onConfirm={async () => {
            if (await run(() => api.endSessions(member.id), `${member.email} was signed out everywhere`)) setConfirming(null);
          }}
        />
      </TableCell>
    </TableRow>
  );
}

/**
 * The team's rule for signing in: when on, the database refuses every member without an authenticator
 * app until they add one (the back office sends them to do so after their password).
 */
function TwoFactorSetting({ api, act }: { api: TeamApi; act(action: () => Promise<unknown>, success: string): Promise<boolean> }) {
  const [required, setRequired] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);
  const helpId = useId();

  useEffect(() => {
    let live = true;
    api.twoFactorRequired().then(
      (value) => live && setRequired(value),
      (error: unknown) => console.error("Error reading the team's two-factor setting", error),
    );
    return () => {
      live = false;
    };
  }, [api]);

  const change = async (next: boolean) => {
    setSaving(true);
    const saved = await act(() => api.setTwoFactorRequired(next), next ? "Two-factor sign-in is now required for every member" : "Two-factor sign-in is no longer required");
    if (saved) setRequired(next);
    setSaving(false);
  };

  return (
    <Box sx={{ mt: 2, p: 2, border: 1, borderColor: "divider", borderRadius: 1 }}>
      <FormControlLabel
        control={<Switch checked={required === true} disabled={required === null || saving} onChange={(event) => void change(event.target.checked)} slotProps={{ input: { "aria-describedby": helpId } }} />}
        label="Require two-factor sign-in for every member"
      />
      <Typography id={helpId} variant="body2" color="text.secondary">
        Members without an authenticator app are asked to add one after their password, and can do nothing else until they have. Turn on two-factor for yourself first, on the Security page.
      </Typography>
    </Box>
  );
}

interface InviteDialogProps {
  open: boolean;
  onClose(): void;
  /** Sends the invitation; true when it went out. */
  onInvite(email: string, role: Role): Promise<boolean>;
}

/** Invite: an address and a role; the invitation mail leads to choosing a password. */
function InviteDialog({ open, onClose, onInvite }: InviteDialogProps) {
  const titleId = useId();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("editor");
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);

  const close = () => {
    setEmail("");
    setRole("editor");
    setError(undefined);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    const errors = validateRecord(inviteRules, { email: address });
    setError(errors.email);
    if (errors.email) return;
    setSending(true);
    const sent = await onInvite(address, role);
    setSending(false);
    if (sent) close();
  };

  return (
    <Dialog open={open} onClose={sending ? undefined : close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Invite a member</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            They get an email with a link to choose their password.
          </Typography>
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="off"
            autoFocus
            fullWidth
            margin="dense"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(undefined);
            }}
            error={Boolean(error)}
            helperText={error}
          />
          <TextField select label="Role" name="role" fullWidth margin="dense" value={role} onChange={(event) => setRole(event.target.value as Role)} slotProps={{ select: { native: true } }}>
            {ROLES.map((choice) => (
              <option key={choice} value={choice}>
                {ROLE_LABELS[choice]}
              </option>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={sending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={sending}>
            {sending ? "Sending..." : "Send invitation"}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
