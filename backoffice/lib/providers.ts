import { allConfigs } from "../resources/index.ts";
import { createTeamApi } from "../team/team-api.ts";
import { authProvider } from "./auth.ts";
import { createDataProvider } from "./data-provider.ts";
import { withSessionRenewal } from "./session-renewal.ts";
import { apiConfig, supabase } from "./supabase.ts";

export { authProvider };

/** The back office's data provider, over the one shared supabase-js client. */
export const dataProvider = withSessionRenewal(
  createDataProvider(
    supabase,
    apiConfig,
    allConfigs.map(({ name, table, searchFields, noun, publish }) => ({ name, table, searchFields, noun, publish })),
  ),
  authProvider.sessionRenewal,
);

/** The web tier's team endpoints, with the same session. */
export const teamApi = createTeamApi(supabase);
