import { useState, type FormEvent } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import { LinkBase } from "ra-core";
import { resetRules } from "../../shared/validation.ts";
import { AuthField, AuthLayout, FormMessage } from "./AuthLayout.tsx";
import { useAuthForm } from "./useAuthForm.ts";

export const RESET_SUCCESS = "If an account exists with this email, you will receive password reset instructions.";
export const RESET_FAILURE = "Failed to send reset instructions. Please try again.";

/** /admin/reset-password: the same success text whether or not the account exists. */
export function ResetPasswordPage({ resetPassword }: { resetPassword: (email: string) => Promise<void> }) {
  const { values, fieldErrors, change, validate } = useAuthForm<"email">(resetRules, { email: "" });
  const [status, setStatus] = useState<"idle" | "sending" | "success" | "error">("idle");

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const email = values.email.trim();
    if (!validate({ email })) return;
    setStatus("sending");
    try {
      await resetPassword(email);
      setStatus("success");
    } catch (error) {
      console.error("Error sending reset instructions", error);
      setStatus("error");
    }
  };

  return (
    <AuthLayout title="Reset password" subtitle="Enter your email and we will send you a link to choose a new password.">
      <Box component="form" onSubmit={submit} noValidate>
        {status === "success" && <FormMessage severity="success">{RESET_SUCCESS}</FormMessage>}
        {status === "error" && <FormMessage severity="error">{RESET_FAILURE}</FormMessage>}
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
