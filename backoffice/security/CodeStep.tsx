import type { ReactNode } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import { AuthLayout } from "../auth/AuthLayout.tsx";
import { TWO_FACTOR_TEXTS } from "../lib/login-errors.ts";
import { CodeField } from "./CodeField.tsx";
import { useCodeForm } from "./useCodeForm.ts";

export const CODE_STEP_TITLE = "Two-factor sign-in";
export const CODE_STEP_TEXT = "Enter the code your authenticator app shows for RCRT Admin.";

// Kept apart from the guard's gate: the sign-in screen shows it without loading react-admin.
/** The code step of a sign-in: the login page's second step and the guard's. */
export function CodeStep({ verify, onPassed, footer }: { verify(code: string): Promise<void>; onPassed(): void; footer: ReactNode }) {
  const form = useCodeForm(async (code) => {
    await verify(code);
    onPassed();
  }, TWO_FACTOR_TEXTS.failed);
  return (
    <AuthLayout title={CODE_STEP_TITLE} subtitle={CODE_STEP_TEXT}>
      <Box component="form" onSubmit={form.submit} noValidate>
        {form.error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {form.error}
          </Alert>
        )}
        <CodeField value={form.code} onChange={form.change} message={form.fieldError} />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={form.sending} sx={{ mt: 2 }} startIcon={form.sending ? <CircularProgress size={18} color="inherit" /> : undefined}>
          {form.sending ? "Checking..." : "Verify"}
        </Button>
        {footer}
      </Box>
    </AuthLayout>
  );
}
