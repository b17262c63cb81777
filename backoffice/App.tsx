import { createBrowserRouter, RouterProvider } from "react-router";
import { BackOffice } from "./BackOffice.tsx";
import { authProvider, dataProvider, teamApi } from "./lib/providers.ts";

// A data router (not <BrowserRouter>) so that react-admin's warnWhenUnsavedChanges can block navigation.
const router = createBrowserRouter([{ path: "*", element: <BackOffice dataProvider={dataProvider} authProvider={authProvider} teamApi={teamApi} /> }], {
  basename: "/admin",
});

export function App() {
  return <RouterProvider router={router} />;
}
