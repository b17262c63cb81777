import { lazy, useMemo } from "react";
import { Admin, CustomRoutes, Navigate, reactRouterProvider, Resource, useLogin, type DataProvider } from "react-admin";
import { withAccessRules } from "./auth/access.ts";
import { LoginPage } from "./auth/LoginPage.tsx";
import { AdministratorsOnly, ScreenAccess, screenWithAccess } from "./auth/roles.tsx";
import { ResetPasswordPage } from "./auth/ResetPasswordPage.tsx";
import { UpdatePasswordPage } from "./auth/UpdatePasswordPage.tsx";
import { AdminLayout } from "./components/AdminLayout.tsx";
import { resourcePage } from "./components/resourcePage.tsx";
import { Dashboard } from "./dashboard/Dashboard.tsx";
import { UPCOMING_PATH, UpcomingPage } from "./dashboard/Upcoming.tsx";
import type { AdminAuthProvider } from "./lib/auth-provider.ts";
import { theme } from "./lib/theme.ts";
import { allConfigs, pages, routedResources } from "./resources/index.ts";
import type { TeamApi } from "./team/team-api.ts";

// Screens other than the dashboard load when first opened.
const ActivityPage = lazy(async () => ({ default: (await import("./activity/ActivityPage.tsx")).ActivityPage }));
const TeamPage = lazy(async () => ({ default: (await import("./team/TeamPage.tsx")).TeamPage }));
const SecurityPage = lazy(async () => ({ default: (await import("./security/SecurityPage.tsx")).SecurityPage }));
const SubscribersPage = lazy(async () => ({ default: (await import("./subscribers/SubscribersPage.tsx")).SubscribersPage }));
const WaitlistPage = lazy(async () => ({ default: (await import("./waitlist/WaitlistPage.tsx")).WaitlistPage }));
const PeoplePage = lazy(async () => ({ default: (await import("./people/PeoplePage.tsx")).PeoplePage }));

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

export interface BackOfficeProps {
  dataProvider: DataProvider;
  authProvider: AdminAuthProvider;
  /** The web tier's team endpoints, for the Team screen. */
  teamApi: TeamApi;
}

/**
 * The whole back office: the layout behind its guard (auth/AdminGuard.tsx: a spinner while the check
 * is pending, the login page without a session), a resource per config (a list route unless it is a
 * section of a page), a route per page, Subscribers, Waitlist, People, Team and every member's Security, and the auth
 * pages outside the guard.
 * Each screen of the registry, Subscribers and Team asks canAccess (auth/access.ts) whether the member
 * may list it, and shows the refusal in its place when not; react-admin's own access-denied page,
 * which its controllers redirect to, shows the same refusal.
 */
export function BackOffice({ dataProvider, authProvider, teamApi }: BackOfficeProps) {
  const checkedAuthProvider = useMemo(() => withAccessRules(authProvider), [authProvider]);
  return (
    <Admin
      title="RCRT Admin"
      dataProvider={dataProvider}
      authProvider={checkedAuthProvider}
      accessDenied={AdministratorsOnly}
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
          list={routedResources.includes(config) ? screenWithAccess(config.name, resourcePage(config)) : undefined}
          icon={config.icon}
          options={{ label: config.label }}
          recordRepresentation={config.recordRepresentation}
        />
      ))}
      <CustomRoutes>
        {pages.map((page) => {
          const Screen = screenWithAccess(page.name, page.component);
          // A page's sections have addresses below it (/gallery/interface_previews/<id>).
          return <Route key={page.name} path={`/${page.name}/*`} element={<Screen />} />;
        })}
        <Route path="/activity" element={<ActivityPage />} />
        <Route path={UPCOMING_PATH} element={<UpcomingPage />} />
        <Route
          path="/subscribers"
          element={
            <ScreenAccess resource="subscribers">
              <SubscribersPage />
            </ScreenAccess>
          }
        />
        <Route
          path="/waitlist"
          element={
            <ScreenAccess resource="waitlist">
              <WaitlistPage />
            </ScreenAccess>
          }
        />
        <Route
          path="/people"
          element={
            <ScreenAccess resource="people">
              <PeoplePage />
            </ScreenAccess>
          }
        />
        <Route path="/security" element={<SecurityPage />} />
        <Route
          path="/team"
          element={
            <ScreenAccess resource="team">
              <TeamPage api={teamApi} />
            </ScreenAccess>
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
