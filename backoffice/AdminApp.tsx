import { BackOffice } from "./BackOffice.tsx";
import { authProvider, dataProvider, teamApi } from "./lib/providers.ts";

/** The admin behind the sign-in screen, with the browser's providers (loaded once the visitor is in). */
export function AdminApp() {
  return <BackOffice dataProvider={dataProvider} authProvider={authProvider} teamApi={teamApi} />;
}
