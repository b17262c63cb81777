import { useEffect, useState, useSyncExternalStore, type FormEvent } from "react";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import { useAuthProvider, useGetIdentity } from "react-admin";
import { loginRules } from "../../shared/validation.ts";
import { LOGIN_ERRORS, LoginError, SESSION_EXPIRED, TwoFactorNeeded, type AdminAuthProvider } from "../lib/auth-provider.ts";
import { CodeField } from "../security/CodeField.tsx";
import { CODE_STEP_TEXT } from "../security/CodeStep.tsx";
import { useCodeForm } from "../security/useCodeForm.ts";
import { AuthField, FormMessage } from "./AuthLayout.tsx";
import { useAuthForm } from "./useAuthForm.ts";

type Field = "email" | "password";

/**
 * Shown over whatever the admin was doing when a call came back 401: sign in again here and the
 * waiting calls run again (a save keeps its form and its values); Cancel lets them fail as errors.
 */
export function SessionExpiredDialog() {
  const authProvider = useAuthProvider<AdminAuthProvider>();
  const renewal = authProvider?.sessionRenewal;
  const open = useSyncExternalStore(renewal?.subscribe ?? noSubscription, renewal?.isPending ?? never);
  if (!renewal || !open) return null;
  return <SignInAgain authProvider={authProvider} />;
}

function SignInAgain({ authProvider }: { authProvider: AdminAuthProvider }) {
  const [codeStep, setCodeStep] = useState(false);
  return codeStep ? <CodeAgain authProvider={authProvider} /> : <PasswordAgain authProvider={authProvider} onCodeNeeded={() => setCodeStep(true)} />;
}

/** The second step when the account has an authenticator app: its code, then the waiting calls run. */
function CodeAgain({ authProvider }: { authProvider: AdminAuthProvider }) {
  const form = useCodeForm(async (code) => {
    await authProvider.login({ code });
    authProvider.sessionRenewal.renewed();
  }, LOGIN_ERRORS.unexpected);
  return (
    <Dialog open onClose={() => authProvider.sessionRenewal.abandoned()} maxWidth="xs" fullWidth aria-labelledby="session-expired-title">
      <form onSubmit={form.submit} noValidate>
        <DialogTitle id="session-expired-title">Session expired</DialogTitle>
        <DialogContent>
          <FormMessage severity={form.error ? "error" : "warning"}>{form.error ?? CODE_STEP_TEXT}</FormMessage>
          <CodeField value={form.code} onChange={form.change} message={form.fieldError} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={() => authProvider.sessionRenewal.abandoned()}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={form.sending} startIcon={form.sending ? <CircularProgress size={16} color="inherit" /> : undefined}>
            {form.sending ? "Checking..." : "Verify"}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function PasswordAgain({ authProvider, onCodeNeeded }: { authProvider: AdminAuthProvider; onCodeNeeded(): void }) {
  const { identity } = useGetIdentity();
  const { values, fieldErrors, change, validate, error, setError, submitting, setSubmitting } = useAuthForm<Field>(loginRules, { email: "", password: "" });
  const knownEmail = typeof identity?.fullName === "string" && identity.fullName.includes("@") ? identity.fullName : "";

  useEffect(() => {
    if (knownEmail && !values.email) change("email")({ target: { value: knownEmail } });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [knownEmail]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const credentials = { email: values.email.trim(), password: values.password };
    if (!validate(credentials)) return;
    setSubmitting(true);
    setError(null);
    try {
      await authProvider.login(credentials);
      authProvider.sessionRenewal.renewed();
    } catch (failure) {
      if (failure instanceof TwoFactorNeeded && failure.step === "code") return onCodeNeeded();
      setError(failure instanceof LoginError ? failure.message : LOGIN_ERRORS.unexpected);
      setSubmitting(false);
    }
  };

  return (
    <Dialog open onClose={() => authProvider.sessionRenewal.abandoned()} maxWidth="xs" fullWidth aria-labelledby="session-expired-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="session-expired-title">Session expired</DialogTitle>
        <DialogContent>
          <FormMessage severity={error ? "error" : "warning"}>{error ?? SESSION_EXPIRED}</FormMessage>
          <AuthField label="Email" type="email" name="email" autoComplete="username" value={values.email} onChange={change("email")} message={fieldErrors.email} />
          <AuthField
            id="session-expired-password"
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            autoFocus
            value={values.password}
            onChange={change("password")}
            message={fieldErrors.password}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={() => authProvider.sessionRenewal.abandoned()}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={submitting} startIcon={submitting ? <CircularProgress size={16} color="inherit" /> : undefined}>
            {submitting ? "Signing in..." : "Sign in"}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

const noSubscription = () => () => {};
const never = () => false;
