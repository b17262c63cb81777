import type { AuthProvider } from "react-admin";
import type { AdminAuthProvider, Permissions, Role } from "../lib/auth-provider.ts";
import { administratorsOnlyScreen, allConfigs } from "../resources/index.ts";

/** Screens of the back office outside the registry that only administrators open, and the newsletters they send. */
const ADMINISTRATOR_AREAS = new Set(["subscribers", "waitlist", "people", "team", "newsletters"]);

export interface AccessRequest {
  /** A route name (`blog`), a table (`blog_posts`, as the gallery's sections are named) or an area (`team`). */
  resource: string;
  /** react-admin's `list`, `create`, `edit`, `delete`, or ours: `publish`, `send`. */
  action: string;
}

/**
 * What each role is offered, as react-admin's canAccess asks it. Administrators: everything. Editors:
 * not the screens a content type keeps for administrators (`screen.access`, shared/content-type.ts), the
 * Subscribers, Waitlist, People and Team screens or sending newsletters, nor publishing where the config says
 * administrators publish (the whitepaper). The database enforces all of it whatever the screens offer.
 */
export function mayAccess(role: Role | undefined, { resource, action }: AccessRequest): boolean {
  if (role === "administrator") return true;
  if (role !== "editor") return false;
  if (ADMINISTRATOR_AREAS.has(resource) || administratorsOnlyScreen(resource)) return false;
  if (action === "publish") return !allConfigs.some((config) => (config.name === resource || config.table === resource) && config.publishedByAdministrators);
  return true;
}

/**
 * The auth provider with react-admin's canAccess, answered from the role the last admin check found
 * (getPermissions, which the guard runs on entering and after every navigation): no request of its
 * own. The guard renders no screen before its first check has answered, so the role is known by the
 * time a screen asks.
 */
export function withAccessRules(authProvider: AdminAuthProvider): AdminAuthProvider {
  let role: Role | undefined;
  return {
    ...authProvider,
    async getPermissions(params: unknown) {
      const permissions = (await authProvider.getPermissions?.(params)) as Permissions | null;
      role = permissions?.role;
      return permissions;
    },
    async logout(params: unknown) {
      role = undefined;
      return authProvider.logout(params);
    },
    canAccess: async (request: AccessRequest) => mayAccess(role, request),
  } satisfies AuthProvider;
}
