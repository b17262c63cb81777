import { useState, type FormEvent } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import { LinkBase } from "react-admin";
import { resetRules, validateRecord } from "../../shared/validation.ts";
import { AuthField, AuthLayout } from "./AuthLayout.tsx";

export const RESET_SUCCESS = "If an account exists with this email, you will receive password reset instructions.";
export const RESET_FAILURE = "Failed to send reset instructions. Please try again.";

/** /admin/reset-password: the same success text whether or not the account exists. */
export function ResetPasswordPage({ resetPassword }: { resetPassword: (email: string) => Promise<void> }) {
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [status, setStatus] = useState<"idle" | "sending" | "success" | "error">("idle");

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const errors = validateRecord(resetRules, { email: email.trim() });
    setFieldError(errors.email);
    if (errors.email) return;
    setStatus("sending");
    try {
      await resetPassword(email.trim());
      setStatus("success");
    } catch (error) {
      console.error("Error sending reset instructions", error);
      setStatus("error");
    }
  };

  return (
    <AuthLayout title="Reset password" subtitle="Enter your email and we will send you a link to choose a new password.">
      <Box component="form" onSubmit={submit} noValidate>
        {status === "success" && (
          <Alert severity="success" sx={{ mb: 2 }} role="status">
            {RESET_SUCCESS}
          </Alert>
        )}
        {status === "error" && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {RESET_FAILURE}
          </Alert>
        )}
        <AuthField
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          autoFocus
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setFieldError(undefined);
          }}
          message={fieldError}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={status === "sending"} sx={{ mt: 2 }}>
          {status === "sending" ? "Sending..." : "Send reset instructions"}
        </Button>
        <Box sx={{ mt: 2 }}>
          <Link component={LinkBase} to="/login" variant="body2">
            Back to sign in
          </Link>
        </Box>
      </Box>
    </AuthLayout>
  );
}
