import { useState, type FormEvent } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { authenticatorNameRules, validateRecord } from "../../shared/validation.ts";
import { TWO_FACTOR_TEXTS } from "../lib/login-errors.ts";
import type { NewAuthenticator, TwoFactor } from "../lib/two-factor.ts";
import { CodeField } from "./CodeField.tsx";
import { useCodeForm } from "./useCodeForm.ts";

export const DEFAULT_AUTHENTICATOR_NAME = "Authenticator app";

/**
 * Adding an authenticator app, in two steps: a name, then the QR code (and its secret as text, for an
 * app that cannot scan) with the first code the app shows. That code verifies the factor and raises
 * the session to aal2. Cancelling after the first step removes the unconfirmed factor.
 */
export function EnrolAuthenticator({ twoFactor, onDone, onCancel }: { twoFactor: TwoFactor; onDone(): void; onCancel?(): void }) {
  const [pending, setPending] = useState<NewAuthenticator | null>(null);
  return pending ? (
    <ScanAndConfirm
      pending={pending}
      confirm={(code) => twoFactor.confirm(pending.id, code)}
      onDone={onDone}
      onCancel={
        onCancel &&
        (() => {
          void twoFactor.cancel(pending.id).catch((error: unknown) => console.error("Could not remove the unconfirmed authenticator", error));
          setPending(null);
          onCancel();
        })
      }
    />
  ) : (
    <NameStep enrol={(name) => twoFactor.enrol(name).then(setPending)} onCancel={onCancel} />
  );
}

function NameStep({ enrol, onCancel }: { enrol(name: string): Promise<void>; onCancel?(): void }) {
  const [name, setName] = useState(DEFAULT_AUTHENTICATOR_NAME);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateRecord(authenticatorNameRules, { name }).name;
    setFieldError(invalid);
    if (invalid) return;
    setSending(true);
    setError(null);
    try {
      await enrol(name);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : TWO_FACTOR_TEXTS.failed);
      setSending(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary">
        Use an app such as Google Authenticator, Microsoft Authenticator, 1Password or Bitwarden. After your password, sign-in will ask for the code it shows.
      </Typography>
      <TextField
        label="Name"
        name="name"
        required
        fullWidth
        margin="normal"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setFieldError(undefined);
        }}
        error={Boolean(fieldError)}
        helperText={fieldError ?? "How this app appears in your list, e.g. \"Work phone\""}
      />
      <Box sx={{ display: "flex", gap: 1, justifyContent: "flex-end", mt: 1 }}>
        {onCancel && (
          <Button onClick={onCancel} disabled={sending}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant="contained" disabled={sending} startIcon={sending ? <CircularProgress size={16} color="inherit" /> : undefined}>
          Continue
        </Button>
      </Box>
    </Box>
  );
}

function ScanAndConfirm({ pending, confirm, onDone, onCancel }: { pending: NewAuthenticator; confirm(code: string): Promise<void>; onDone(): void; onCancel?(): void }) {
  const form = useCodeForm(async (code) => {
    await confirm(code);
    onDone();
  }, TWO_FACTOR_TEXTS.failed);
  return (
    <Box component="form" onSubmit={form.submit} noValidate>
      {form.error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {form.error}
        </Alert>
      )}
      <Typography variant="body2">1. Scan this QR code with your authenticator app.</Typography>
      <Box component="img" src={pending.qrCode} alt="QR code to add RCRT Admin to your authenticator app" sx={{ display: "block", width: 184, height: 184, my: 1.5, mx: "auto", bgcolor: "common.white", p: 1, borderRadius: 1 }} />
      <Typography variant="body2" color="text.secondary">
        Cannot scan? Enter this key in the app instead:
      </Typography>
      <Typography component="code" aria-label="Secret key" sx={{ display: "block", fontFamily: "monospace", fontSize: "1rem", letterSpacing: 1, overflowWrap: "anywhere", bgcolor: "action.hover", p: 1, borderRadius: 1, my: 1, userSelect: "all" }}>
        {pending.secret}
      </Typography>
      <Typography variant="body2" sx={{ mt: 2 }}>
        2. Enter the code the app shows.
      </Typography>
      <CodeField value={form.code} onChange={form.change} message={form.fieldError} />
      <Box sx={{ display: "flex", gap: 1, justifyContent: "flex-end", mt: 1 }}>
        {onCancel && (
          <Button onClick={onCancel} disabled={form.sending}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant="contained" disabled={form.sending} startIcon={form.sending ? <CircularProgress size={16} color="inherit" /> : undefined}>
          {form.sending ? "Checking..." : "Turn on"}
        </Button>
      </Box>
    </Box>
  );
}
