import { allConfigs } from "../resources/index.ts";
import { createTeamApi } from "../team/team-api.ts";
import { createAuthProvider } from "./auth-provider.ts";
import { createDataProvider } from "./data-provider.ts";
import { SessionRenewal, withSessionRenewal } from "./session-renewal.ts";
import { apiConfig, supabase } from "./supabase.ts";

// Calls refused with 401 wait here for the admin to sign in again (the session-expired dialog).
const sessionRenewal = new SessionRenewal();

/** The back office's providers, over the one shared supabase-js client. */
export const dataProvider = withSessionRenewal(
  createDataProvider(
    supabase,
    apiConfig,
    allConfigs.map(({ name, table, searchFields, noun }) => ({ name, table, searchFields, noun })),
  ),
  sessionRenewal,
);

export const authProvider = createAuthProvider(supabase, { sessionRenewal });

/** The web tier's team endpoints, with the same session. */
export const teamApi = createTeamApi(supabase);
