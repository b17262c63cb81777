import { allConfigs } from "../resources/index.ts";
import { createAuthProvider } from "./auth-provider.ts";
import { createDataProvider } from "./data-provider.ts";
import { apiConfig, supabase } from "./supabase.ts";

/** The back office's providers, over the one shared supabase-js client. */
export const dataProvider = createDataProvider(
  supabase,
  apiConfig,
  allConfigs.map(({ name, table, searchFields }) => ({ name, table, searchFields })),
);

export const authProvider = createAuthProvider(supabase);
