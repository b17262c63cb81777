import { useEffect, useRef, useState, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { Loading, Navigate, useAuthState, useLocation, useLogout, useNotify, usePermissions } from "react-admin";
import { NotAdminError, ROLES, TwoFactorNeeded, type Permissions, type Role } from "../lib/auth-provider.ts";
import { TwoFactorGate } from "../security/TwoFactorGate.tsx";
import { RoleContext } from "./roles.tsx";
import { SessionExpiredDialog } from "./SessionExpiredDialog.tsx";

export const ADMIN_CHECK_ERROR_TITLE = "We could not check your admin access";
const ADMIN_CHECK_ERROR_TEXT = "The server did not answer. You are still signed in: try again in a moment.";
export const LATER_CHECK_UNANSWERED = "We could not check your admin access just now. You can keep working: it is checked again at your next step.";

/**
 * The guard of the admin area (react-admin's requireAuth is not used: its sign-out-on-mount path
 * re-renders against the old location while the router's navigation is pending and can keep a
 * signed-out visitor on a blank page for seconds).
 *
 * - No session (checkAuth): straight to the login page, one navigation, coming back here after sign-in.
 * - The admin check (getPermissions), on entering and after every navigation: pending the first time,
 *   a spinner; not an admin or a session the server refuses, react-admin signs out (checkError) and
 *   the login page shows; no answer (server error, offline), the session is kept and an error with
 *   Retry shows instead of any admin screen. While a later check runs, the screen stays as it is; a
 *   later check with no answer keeps it too, with the role the last answer gave (a blip must not throw
 *   away an open editor's text; the database enforces every right anyway), and says so in a notice.
 * - The role the last check found answers react-admin's canAccess (auth/access.ts) and the dashboard's
 *   useRole (auth/roles.tsx): when it changes, the answers canAccess gave are asked again, so the menu
 *   and the screens follow a role change at the next navigation, with no request of their own.
 * - A session the database does not accept yet (two-factor: the code of the member's authenticator,
 *   or an authenticator the team requires) gets that step instead of any admin screen.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const session = useAuthState();
  const signedIn = session.authenticated === true;
  const { permissions, error, isPending, isFetching, refetch } = usePermissions<Permissions | null, Error>(
    { pathname: location.pathname },
    { enabled: signedIn, staleTime: 0, retry: false, placeholderData: (previous) => previous, refetchOnWindowFocus: false },
  );
  // The role the last answered check found, while this member stays signed in.
  const [answeredRole, setAnsweredRole] = useState<Role | undefined>(undefined);
  const latestAnswer = !signedIn ? undefined : permissions && ROLES.includes(permissions.role) ? permissions.role : answeredRole;
  if (latestAnswer !== answeredRole) setAnsweredRole(latestAnswer);
  const secondFactor = error instanceof TwoFactorNeeded ? error.step : null;
  const unanswered = Boolean(error) && !(error instanceof NotAdminError) && !secondFactor;
  const keptThroughFailure = unanswered && latestAnswer !== undefined;
  const role = keptThroughFailure ? latestAnswer : permissions?.role;
  useAccessFollowsRole(role);
  useNoticeWhen(keptThroughFailure, LATER_CHECK_UNANSWERED);

  const toLogin = <Navigate to="/login" replace state={{ nextPathname: location.pathname, nextSearch: location.search }} />;
  let content: ReactNode;
  if (session.isPending) content = <Checking />;
  else if (!signedIn) content = toLogin;
  else if (secondFactor) content = <TwoFactorGate step={secondFactor} onPassed={() => void refetch()} />;
  else if (unanswered && !keptThroughFailure) content = <AdminCheckError retrying={isFetching} onRetry={() => void refetch()} />;
  else if (!isPending && !error && permissions === null) content = toLogin;
  else if (!role || !ROLES.includes(role)) content = <Checking />;
  else content = <RoleContext.Provider value={role}>{children}</RoleContext.Provider>;

  return (
    <>
      {content}
      <SessionExpiredDialog />
    </>
  );
}

/** canAccess answers from the role of the last check: a new role makes react-query ask them again. */
function useAccessFollowsRole(role: string | undefined) {
  const queryClient = useQueryClient();
  const answeredFor = useRef(role);
  useEffect(() => {
    if (answeredFor.current === role) return;
    answeredFor.current = role;
    void queryClient.invalidateQueries({ queryKey: ["auth", "canAccess"] });
  }, [queryClient, role]);
}

/** A warning notice each time `condition` becomes true. */
function useNoticeWhen(condition: boolean, message: string) {
  const notify = useNotify();
  useEffect(() => {
    if (condition) notify(message, { type: "warning" });
  }, [condition, message, notify]);
}

function Checking() {
  return <Loading loadingPrimary="Checking your access" loadingSecondary="" />;
}

function AdminCheckError({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  const logout = useLogout();
  return (
    <Box component="main" sx={{ minHeight: "100vh", display: "grid", placeItems: "center", p: 3 }}>
      <Box role="alert" sx={{ maxWidth: 480, textAlign: "center" }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
          {ADMIN_CHECK_ERROR_TITLE}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {ADMIN_CHECK_ERROR_TEXT}
        </Typography>
        <Box sx={{ display: "flex", gap: 1, justifyContent: "center" }}>
          <Button variant="contained" onClick={onRetry} disabled={retrying}>
            {retrying ? "Retrying..." : "Retry"}
          </Button>
          <Button color="inherit" onClick={() => void logout()}>
            Sign out
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
