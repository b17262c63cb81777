import { createContext, useContext, type ComponentType, type ReactNode } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { CanAccess, LinkBase, Loading, Title, useCanAccess } from "react-admin";
import type { Role } from "../lib/auth-provider.ts";
import type { ResourceConfig } from "../resources/types.ts";

export const ADMINISTRATORS_ONLY = "Only administrators can open this page";

/** The role the admin guard's last check (react-admin's usePermissions) found; set by auth/AdminGuard.tsx. */
export const RoleContext = createContext<Role | undefined>(undefined);

/**
 * The signed-in member's role (undefined outside the guard), for the dashboard's figures. What a
 * screen offers is asked of react-admin's canAccess (auth/access.ts); the database enforces every rule.
 */
export function useRole(): Role | undefined {
  return useContext(RoleContext);
}

/** What an editor gets on a screen kept for administrators: a clear refusal, never a blank page. */
export function AdministratorsOnly() {
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

/**
 * A screen shown when canAccess lets the member list its resource, the refusal in its place (at the
 * same address) when not.
 */
export function ScreenAccess({ resource, children }: { resource: string; children: ReactNode }) {
  return (
    <CanAccess resource={resource} action="list" loading={<Loading loadingPrimary="Checking your access" loadingSecondary="" />} accessDenied={<AdministratorsOnly />}>
      {children}
    </CanAccess>
  );
}

const screens = new Map<string, ComponentType>();

/** A screen component behind ScreenAccess (one stable component per screen, for routes). */
export function screenWithAccess(resource: string, Screen: ComponentType): ComponentType {
  let Checked = screens.get(resource);
  if (!Checked) {
    Checked = () => (
      <ScreenAccess resource={resource}>
        <Screen />
      </ScreenAccess>
    );
    screens.set(resource, Checked);
  }
  return Checked;
}

/**
 * Whether the member is offered Publish and Unpublish on a resource: its config publishes and
 * canAccess allows it (administrators alone publish the whitepaper). Undefined while canAccess answers.
 */
export function usePublishing(config: Pick<ResourceConfig, "capabilities">, resource: string): boolean | undefined {
  const publishes = Boolean(config.capabilities.publish);
  const { canAccess } = useCanAccess({ resource, action: "publish", enabled: publishes });
  return publishes ? canAccess : false;
}
