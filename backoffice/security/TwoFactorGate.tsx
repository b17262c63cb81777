import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import { useAuthProvider, useLogout } from "react-admin";
import { AuthLayout } from "../auth/AuthLayout.tsx";
import type { AdminAuthProvider } from "../lib/auth-provider.ts";
import type { TwoFactorStep } from "../lib/login-errors.ts";
import { CodeStep } from "./CodeStep.tsx";
import { EnrolAuthenticator } from "./EnrolAuthenticator.tsx";
import { TEAM_REQUIRES_TWO_FACTOR } from "./texts.ts";

export const ENROL_STEP_TITLE = "Add an authenticator app";

/**
 * What the guard shows a signed-in member whose session the database does not accept yet: the code
 * of their authenticator (a session opened by password alone, e.g. after a reload during sign-in),
 * or, when the team requires two-factor and they have none, adding one. `onPassed` checks again.
 */
export function TwoFactorGate({ step, onPassed }: { step: TwoFactorStep; onPassed(): void }) {
  const { twoFactor } = useAuthProvider<AdminAuthProvider>() as AdminAuthProvider;
  const logout = useLogout();
  const signOut = (
    <Button color="inherit" onClick={() => void logout()} sx={{ mt: 1 }}>
      Sign out
    </Button>
  );
  if (step === "enrol") {
    return (
      <AuthLayout title={ENROL_STEP_TITLE}>
        <Alert severity="info" sx={{ mb: 2 }}>
          {TEAM_REQUIRES_TWO_FACTOR} Add an authenticator app to continue.
        </Alert>
        <EnrolAuthenticator twoFactor={twoFactor} onDone={onPassed} />
        {signOut}
      </AuthLayout>
    );
  }
  return <CodeStep verify={(code) => twoFactor.verifySignIn(code)} onPassed={onPassed} footer={signOut} />;
}
