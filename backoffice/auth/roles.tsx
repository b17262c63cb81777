import { createContext, useContext, type ComponentType, type ReactNode } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { LinkBase, Loading, Title } from "react-admin";
import type { Role } from "../lib/auth-provider.ts";

export const ADMINISTRATORS_ONLY = "Only administrators can open this page";

/** The role the admin guard's last check (react-admin's usePermissions) found; set by auth/AdminGuard.tsx. */
export const RoleContext = createContext<Role | undefined>(undefined);

/**
 * The signed-in member's role (undefined outside the guard). The database enforces every role rule;
 * this only decides what the screens offer.
 */
export function useRole(): Role | undefined {
  return useContext(RoleContext);
}

/** Screens only administrators open (the team, the community inbox): others get a clear refusal, never a blank page. */
export function AdministratorsOnly({ children }: { children: ReactNode }) {
  const role = useRole();
  if (!role) return <Loading loadingPrimary="Checking your access" loadingSecondary="" />;
  if (role === "administrator") return children;
  return (
    <Box role="alert" sx={{ maxWidth: 520, mx: "auto", mt: 8, textAlign: "center" }}>
      <Title title="Administrators only" />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {ADMINISTRATORS_ONLY}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Your role is editor. Ask an administrator if you need it.
      </Typography>
      <Button component={LinkBase} to="/" variant="contained">
        Back to the dashboard
      </Button>
    </Box>
  );
}

const guarded = new Map<ComponentType, ComponentType>();

/** A screen component behind AdministratorsOnly (one stable component per screen, for routes). */
export function administratorsOnly(Screen: ComponentType): ComponentType {
  let Guarded = guarded.get(Screen);
  if (!Guarded) {
    Guarded = () => (
      <AdministratorsOnly>
        <Screen />
      </AdministratorsOnly>
    );
    guarded.set(Screen, Guarded);
  }
  return Guarded;
}
