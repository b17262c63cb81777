import { Admin, CustomRoutes, Navigate, reactRouterProvider, Resource, type DataProvider } from "react-admin";
import { ActivityPage } from "./activity/ActivityPage.tsx";
import { LoginPage } from "./auth/LoginPage.tsx";
import { ResetPasswordPage } from "./auth/ResetPasswordPage.tsx";
import { UpdatePasswordPage } from "./auth/UpdatePasswordPage.tsx";
import { AdminLayout } from "./components/AdminLayout.tsx";
import { resourcePage } from "./components/resourcePage.tsx";
import { Dashboard } from "./dashboard/Dashboard.tsx";
import type { AdminAuthProvider } from "./lib/auth-provider.ts";
import { theme } from "./lib/theme.ts";
import { allConfigs, pages, routedResources } from "./resources/index.ts";

// The Route of the router react-admin itself uses (one instance of react-router, whatever the bundler).
const { Route } = reactRouterProvider;

/** Any other /admin path goes to the dashboard. */
function CatchAll() {
  return <Navigate to="/" replace />;
}

export interface BackOfficeProps {
  dataProvider: DataProvider;
  authProvider: Pick<AdminAuthProvider, "resetPassword" | "updatePassword"> & AdminAuthProvider;
}

/**
 * The whole back office: the layout behind its guard (auth/AdminGuard.tsx: a spinner while the check
 * is pending, the login page without a session), a resource per config (a list route unless it is a
 * section of a page), a route per page, and the auth pages outside the guard.
 */
export function BackOffice({ dataProvider, authProvider }: BackOfficeProps) {
  return (
    <Admin
      title="RCRT Admin"
      dataProvider={dataProvider}
      authProvider={authProvider}
      loginPage={LoginPage}
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
          list={routedResources.includes(config) ? resourcePage(config) : undefined}
          icon={config.icon}
          options={{ label: config.label }}
          recordRepresentation={config.recordRepresentation}
        />
      ))}
      <CustomRoutes>
        {pages.map((page) => (
          <Route key={page.name} path={`/${page.name}`} element={<page.component />} />
        ))}
        <Route path="/activity" element={<ActivityPage />} />
      </CustomRoutes>
      <CustomRoutes noLayout>
        <Route path="/reset-password" element={<ResetPasswordPage resetPassword={authProvider.resetPassword} />} />
        <Route path="/update-password" element={<UpdatePasswordPage updatePassword={authProvider.updatePassword} />} />
      </CustomRoutes>
    </Admin>
  );
}
