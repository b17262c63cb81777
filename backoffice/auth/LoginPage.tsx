import { useState, type FormEvent } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Link from "@mui/material/Link";
import { LinkBase, useLocation } from "ra-core";
import { loginRules } from "../../shared/validation.ts";
import { LOGIN_ERRORS, LoginError, TwoFactorNeeded } from "../lib/login-errors.ts";
import { CodeStep } from "../security/CodeStep.tsx";
import { AuthField, AuthLayout, FormMessage, noticeOf } from "./AuthLayout.tsx";
import { useAuthForm } from "./useAuthForm.ts";

type Field = "email" | "password";

/** The password first; then, when the account has an authenticator app, its code. */
export type SignIn = (credentials: { email: string; password: string } | { code: string }) => Promise<unknown>;

/**
 * /admin/login: email and password, the error catalogue, Forgot password; then the code of the
 * member's authenticator app when they have one (the login throws TwoFactorNeeded). `login` signs in
 * and leaves the page (react-admin's useLogin inside the admin; the sign-in screen alone in the
 * browser, see App.tsx). A notice another page sent here (the password was updated) shows above the form.
 */
export function LoginPage({ login }: { login: SignIn }) {
  const [codeStep, setCodeStep] = useState(false);
  if (codeStep) {
    return (
      <CodeStep
        verify={async (code) => {
          await login({ code });
        }}
        onPassed={() => {}}
        footer={
          <Button color="inherit" onClick={() => setCodeStep(false)} sx={{ mt: 1 }}>
            Use another account
          </Button>
        }
      />
    );
  }
  return <PasswordStep login={login} onCodeNeeded={() => setCodeStep(true)} />;
}

function PasswordStep({ login, onCodeNeeded }: { login: SignIn; onCodeNeeded(): void }) {
  const notice = noticeOf(useLocation().state);
  const { values, fieldErrors, change, validate, error, setError, submitting, setSubmitting } = useAuthForm<Field>(loginRules, { email: "", password: "" });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!validate({ email: values.email.trim(), password: values.password })) return;
    setSubmitting(true);
    setError(null);
    try {
      await login({ email: values.email.trim(), password: values.password });
    } catch (failure) {
      if (failure instanceof TwoFactorNeeded && failure.step === "code") return onCodeNeeded();
      setError(failure instanceof LoginError ? failure.message : LOGIN_ERRORS.unexpected);
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout title="Sign in" subtitle="Manage the site's content.">
      <Box component="form" onSubmit={submit} noValidate>
        {error ? <FormMessage severity="error">{error}</FormMessage> : notice && <FormMessage severity="success">{notice}</FormMessage>}
        <AuthField
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          autoFocus
          value={values.email}
          onChange={change("email")}
          message={fieldErrors.email}
        />
        <AuthField
          id="login-password"
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={values.password}
          onChange={change("password")}
          message={fieldErrors.password}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={submitting} sx={{ mt: 2 }} startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}>
          {submitting ? "Signing in..." : "Sign in"}
        </Button>
        <Box sx={{ mt: 2, display: "flex", justifyContent: "space-between" }}>
          <Link component={LinkBase} to="/reset-password" variant="body2">
            Forgot password?
          </Link>
          <Link href="/" variant="body2">
            Back to site
          </Link>
        </Box>
      </Box>
    </AuthLayout>
  );
}
