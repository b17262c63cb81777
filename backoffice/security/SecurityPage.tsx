import { useCallback, useEffect, useId, useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import AddIcon from "@mui/icons-material/Add";
import { Confirm, Title, useAuthProvider, useLogout, useNotify } from "react-admin";
import { LoadError } from "../components/LoadError.tsx";
import { PageHeader } from "../components/PageHeader.tsx";
import { formatChangedAt } from "../history/revisions.ts";
import type { AdminAuthProvider } from "../lib/auth-provider.ts";
import { TWO_FACTOR_TEXTS } from "../lib/login-errors.ts";
import type { Authenticator, TeamSecurity, TwoFactor } from "../lib/two-factor.ts";
import { CodeField } from "./CodeField.tsx";
import { EnrolAuthenticator } from "./EnrolAuthenticator.tsx";
import { SIGN_OUT_EVERYWHERE_QUESTION, TEAM_REQUIRES_TWO_FACTOR, TWO_FACTOR_OFF, TWO_FACTOR_ON } from "./texts.ts";
import { useCodeForm } from "./useCodeForm.ts";


type Load = { state: "loading" } | { state: "failed"; retrying: boolean } | { state: "loaded"; authenticators: Authenticator[]; security: TeamSecurity };

/**
 * Security, for every member: their authenticator apps (add one with its QR code and a first code;
 * remove one with a current code) and "Sign out everywhere". The database enforces what this page
 * sets up: a member with an authenticator is refused everything until the session has its code.
 */
export function SecurityPage() {
  const { twoFactor } = useAuthProvider<AdminAuthProvider>() as AdminAuthProvider;
  const notify = useNotify();
  const logout = useLogout();
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((current) => current + 1), []);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Authenticator | null>(null);
  const [signingOut, setSigningOut] = useState(false);

  useEffect(() => {
    let live = true;
    Promise.all([twoFactor.authenticators(), twoFactor.status()]).then(
      ([authenticators, security]) => live && setLoad({ state: "loaded", authenticators: authenticators.filter((factor) => factor.verified), security }),
      (error: unknown) => {
        if (!live) return;
        console.error("Error reading two-factor sign-in", error);
        setLoad({ state: "failed", retrying: false });
      },
    );
    return () => {
      live = false;
    };
  }, [twoFactor, attempt]);

  const authenticators = load.state === "loaded" ? load.authenticators : [];
  const required = load.state === "loaded" && load.security.require_two_factor;

  return (
    <Box>
      <Title title="Security" />
      <PageHeader title="Security">
        <Typography variant="body2" color="text.secondary">
          How you sign in to the back office, and where you are signed in.
        </Typography>
      </PageHeader>
      <Card variant="outlined" sx={{ mt: 2 }} component="section" aria-labelledby="two-factor-heading">
        <CardContent>
          <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, justifyContent: "space-between", alignItems: "center" }}>
            <Typography id="two-factor-heading" variant="h6" component="h2">
              Two-factor sign-in
            </Typography>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} disabled={load.state !== "loaded"}>
              Add authenticator app
            </Button>
          </Box>
          {load.state === "failed" ? (
            <LoadError
              nounPlural="your authenticator apps"
              retrying={load.retrying}
              onRetry={() => {
                setLoad({ state: "failed", retrying: true });
                reload();
              }}
            />
          ) : load.state === "loading" ? (
            <Skeleton width="60%" />
          ) : (
            <>
              <Typography sx={{ mt: 1 }}>{authenticators.length > 0 ? TWO_FACTOR_ON : TWO_FACTOR_OFF}</Typography>
              {required && (
                <Alert severity="info" sx={{ mt: 2 }}>
                  {TEAM_REQUIRES_TWO_FACTOR}
                </Alert>
              )}
              {authenticators.length > 0 && (
                <List aria-label="Authenticator apps" sx={{ mt: 1 }}>
                  {authenticators.map((factor) => (
                    <ListItem
                      key={factor.id}
                      divider
                      secondaryAction={
                        <Button color="error" size="small" aria-label={`Remove ${factor.name}`} onClick={() => setRemoving(factor)}>
                          Remove
                        </Button>
                      }
                    >
                      <ListItemText primary={factor.name} secondary={`Added ${formatChangedAt(factor.createdAt)}`} sx={{ pr: 10, overflowWrap: "anywhere" }} />
                    </ListItem>
                  ))}
                </List>
              )}
            </>
          )}
        </CardContent>
      </Card>
      <Card variant="outlined" sx={{ mt: 2 }} component="section" aria-labelledby="sessions-heading">
        <CardContent>
          <Typography id="sessions-heading" variant="h6" component="h2">
            Sessions
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 2 }}>
            Lost a device, or signed in on a shared computer? End every session of your account at once.
          </Typography>
          <Button variant="outlined" color="warning" onClick={() => setSigningOut(true)}>
            Sign out everywhere
          </Button>
        </CardContent>
      </Card>
      <AddDialog
        open={adding}
        twoFactor={twoFactor}
        onClose={() => setAdding(false)}
        onAdded={() => {
          setAdding(false);
          notify("Two-factor sign-in is on", { type: "success" });
          reload();
        }}
      />
      {removing && (
        <RemoveDialog
          authenticator={removing}
          lastWhileRequired={required && authenticators.length === 1}
          twoFactor={twoFactor}
          onClose={() => setRemoving(null)}
          onRemoved={() => {
            setRemoving(null);
            notify(`${removing.name} was removed`, { type: "success" });
            reload();
          }}
        />
      )}
      <Confirm
        isOpen={signingOut}
        title="Sign out everywhere"
        content={SIGN_OUT_EVERYWHERE_QUESTION}
        confirm="Sign out everywhere"
        confirmColor="warning"
        onClose={() => setSigningOut(false)}
        onConfirm={() => void logout({ scope: "global" })}
      />
    </Box>
  );
}

function AddDialog({ open, twoFactor, onClose, onAdded }: { open: boolean; twoFactor: TwoFactor; onClose(): void; onAdded(): void }) {
  const titleId = useId();
  return (
    <Dialog open={open} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Add authenticator app</DialogTitle>
      <DialogContent>{open && <EnrolAuthenticator twoFactor={twoFactor} onDone={onAdded} onCancel={onClose} />}</DialogContent>
    </Dialog>
  );
}

function RemoveDialog({ authenticator, lastWhileRequired, twoFactor, onClose, onRemoved }: { authenticator: Authenticator; lastWhileRequired: boolean; twoFactor: TwoFactor; onClose(): void; onRemoved(): void }) {
  const titleId = useId();
  const form = useCodeForm(async (code) => {
    await twoFactor.remove(authenticator.id, code);
    onRemoved();
  }, TWO_FACTOR_TEXTS.failed);
  return (
    <Dialog open onClose={form.sending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <Box component="form" onSubmit={form.submit} noValidate>
        <DialogTitle id={titleId}>Remove {authenticator.name}?</DialogTitle>
        <DialogContent>
          {form.error && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {form.error}
            </Alert>
          )}
          {lastWhileRequired && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {TEAM_REQUIRES_TWO_FACTOR} Without an authenticator app you must add a new one at your next sign-in.
            </Alert>
          )}
          <Typography variant="body2">Enter a current code from {authenticator.name} to confirm.</Typography>
          <CodeField value={form.code} onChange={form.change} message={form.fieldError} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={form.sending}>
            Cancel
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={form.sending} startIcon={form.sending ? <CircularProgress size={16} color="inherit" /> : undefined}>
            Remove
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
