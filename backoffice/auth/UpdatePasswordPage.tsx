import { useEffect, useState, type FormEvent } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import { LinkBase, useLocation, useNavigate } from "ra-core";
import { newPasswordRules } from "../../shared/validation.ts";
import { AuthField, AuthLayout, FormMessage } from "./AuthLayout.tsx";
import { useAuthForm } from "./useAuthForm.ts";

export const UPDATE_FAILURE = "Failed to update password. Please try again.";
export const UPDATE_UNEXPECTED = "An unexpected error occurred.";
export const LINK_EXPIRED = "This link has expired. Request a new one.";
export const INVITATION_EXPIRED = "This invitation has expired. Ask an administrator to send a new one.";

type Field = "password" | "confirmPassword";

/**
 * /admin/update-password, reached from the reset mail (the session arrives in the URL and the shared
 * client picks it up). On success the session ends and the login page shows. A link that was used
 * or has expired gives no session, so instead of a form that cannot work the page says so and links
 * to a new request.
 *
 * An invitation mail leads here too, with `?invited=1`: the new member chooses a first password and
 * stays signed in, landing on the dashboard.
 */
export interface PasswordActions {
  passwordRecovery(): Promise<"ready" | "expired">;
  updatePassword(password: string): Promise<void>;
  acceptInvitation(password: string): Promise<void>;
}

export function UpdatePasswordPage({ passwordRecovery, updatePassword, acceptInvitation }: PasswordActions) {
  const navigate = useNavigate();
  // Read once: the client clears the session from the URL as it starts.
  const { search } = useLocation();
  const [invited] = useState(() => new URLSearchParams(search).get("invited") === "1");
  const [link, setLink] = useState<"checking" | "ready" | "expired">("checking");
  const { values, fieldErrors, change, validate, error, setError, submitting, setSubmitting } = useAuthForm<Field>(newPasswordRules, { password: "", confirmPassword: "" });

  useEffect(() => {
    let live = true;
    passwordRecovery()
      .catch(() => "ready" as const)
      .then((status) => live && setLink(status));
    return () => {
      live = false;
    };
    // Asked once, as the page opens: the client reads the link from the URL as it starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!validate()) return;
    setSubmitting(true);
    setError(null);
    try {
      if (invited) {
        await acceptInvitation(values.password);
        navigate("/", { replace: true, state: { notice: "Welcome to the team: your password is set." } });
        return;
      }
      await updatePassword(values.password);
      navigate("/login", { replace: true, state: { notice: "Your password has been updated. Please sign in." } });
    } catch (failure) {
      if ((failure as { name?: string } | null)?.name === "AuthSessionMissingError") {
        setLink("expired");
        return;
      }
      const known = failure && typeof failure === "object" && ("status" in failure || "code" in failure || (failure as Error).name?.startsWith("Auth"));
      console.error("Error updating password", failure);
      setError(known ? UPDATE_FAILURE : UPDATE_UNEXPECTED);
      setSubmitting(false);
    }
  };

  const title = invited ? "Choose your password" : "Choose a new password";

  if (link === "expired") {
    return (
      <AuthLayout title={title}>
        <FormMessage severity="error">{invited ? INVITATION_EXPIRED : LINK_EXPIRED}</FormMessage>
        <Link component={LinkBase} to={invited ? "/login" : "/reset-password"} variant="body2">
          {invited ? "Back to sign in" : "Request a new link"}
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={title} subtitle="At least 8 characters, with an uppercase letter, a lowercase letter and a number.">
      <Box component="form" onSubmit={submit} noValidate>
        {error && <FormMessage severity="error">{error}</FormMessage>}
        <AuthField
          label="New password"
          type="password"
          name="password"
          autoComplete="new-password"
          autoFocus
          value={values.password}
          onChange={change("password")}
          message={fieldErrors.password}
        />
        <AuthField
          label="Confirm password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={change("confirmPassword")}
          message={fieldErrors.confirmPassword}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={submitting || link === "checking"} sx={{ mt: 2 }}>
          {submitting ? "Updating..." : invited ? "Set password and continue" : "Update password"}
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
