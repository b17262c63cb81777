import { lazy, type ComponentType } from "react";
import { Admin, CustomRoutes, Navigate, reactRouterProvider, Resource, useLogin, type DataProvider } from "react-admin";
import { LoginPage } from "./auth/LoginPage.tsx";
import { administratorsOnly, AdministratorsOnly } from "./auth/roles.tsx";
import { ResetPasswordPage } from "./auth/ResetPasswordPage.tsx";
import { UpdatePasswordPage } from "./auth/UpdatePasswordPage.tsx";
import { AdminLayout } from "./components/AdminLayout.tsx";
import { resourcePage } from "./components/resourcePage.tsx";
import { Dashboard } from "./dashboard/Dashboard.tsx";
import { UPCOMING_PATH, UpcomingPage } from "./dashboard/Upcoming.tsx";
import type { AdminAuthProvider } from "./lib/auth-provider.ts";
import { theme } from "./lib/theme.ts";
import { administratorsOnlyScreen, allConfigs, pages, routedResources } from "./resources/index.ts";
import type { TeamApi } from "./team/team-api.ts";

// Screens other than the dashboard load when first opened.
const ActivityPage = lazy(async () => ({ default: (await import("./activity/ActivityPage.tsx")).ActivityPage }));
const TeamPage = lazy(async () => ({ default: (await import("./team/TeamPage.tsx")).TeamPage }));
const SubscribersPage = lazy(async () => ({ default: (await import("./subscribers/SubscribersPage.tsx")).SubscribersPage }));

// The Route of the router react-admin itself uses (one instance of react-router, whatever the bundler).
const { Route } = reactRouterProvider;

/** Any other /admin path goes to the dashboard. */
function CatchAll() {
  return <Navigate to="/" replace />;
}

/** The sign-in page as react-admin shows it (in component tests: the browser shows App.tsx's own). */
function AdminLoginPage() {
  const login = useLogin();
  return <LoginPage login={login} />;
}

/** A registry screen as routed: behind AdministratorsOnly when its folder says so. */
function screenOf(name: string, Screen: ComponentType): ComponentType {
  return administratorsOnlyScreen(name) ? administratorsOnly(Screen) : Screen;
}

export interface BackOfficeProps {
  dataProvider: DataProvider;
  authProvider: AdminAuthProvider;
  /** The web tier's team endpoints, for the Team screen. */
  teamApi: TeamApi;
}

/**
 * The whole back office: the layout behind its guard (auth/AdminGuard.tsx: a spinner while the check
 * is pending, the login page without a session), a resource per config (a list route unless it is a
 * section of a page), a route per page, the Team screen, and the auth pages outside the guard.
 * Screens kept for administrators (the registry's, and Team) show editors a refusal instead.
 */
export function BackOffice({ dataProvider, authProvider, teamApi }: BackOfficeProps) {
  return (
    <Admin
      title="RCRT Admin"
      dataProvider={dataProvider}
      authProvider={authProvider}
      loginPage={AdminLoginPage}
      layout={AdminLayout}
      dashboard={Dashboard}
      catchAll={CatchAll}
      theme={theme}
      disableTelemetry
    >
      {allConfigs.map((config) => (
        <Resource
          key={config.name}
          name={config.name}
          list={routedResources.includes(config) ? screenOf(config.name, resourcePage(config)) : undefined}
          icon={config.icon}
          options={{ label: config.label }}
          recordRepresentation={config.recordRepresentation}
        />
      ))}
      <CustomRoutes>
        {pages.map((page) => {
          const Screen = screenOf(page.name, page.component);
          // A page's sections have addresses below it (/gallery/interface_previews/<id>).
          return <Route key={page.name} path={`/${page.name}/*`} element={<Screen />} />;
        })}
        <Route path="/activity" element={<ActivityPage />} />
        <Route path={UPCOMING_PATH} element={<UpcomingPage />} />
        <Route path="/subscribers" element={<AdministratorsOnly><SubscribersPage /></AdministratorsOnly>} />
        <Route
          path="/team"
          element={
            <AdministratorsOnly>
              <TeamPage api={teamApi} />
            </AdministratorsOnly>
          }
        />
      </CustomRoutes>
      <CustomRoutes noLayout>
        <Route path="/reset-password" element={<ResetPasswordPage resetPassword={authProvider.resetPassword} />} />
        <Route path="/update-password" element={<UpdatePasswordPage passwordRecovery={authProvider.passwordRecovery} updatePassword={authProvider.updatePassword} acceptInvitation={authProvider.acceptInvitation} />} />
      </CustomRoutes>
    </Admin>
  );
}
