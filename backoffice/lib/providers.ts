import type { AuthProvider } from "react-admin";
import { supabaseAuthProvider, supabaseDataProvider } from "ra-supabase";
import { apiConfig, supabase } from "./supabase.ts";

export const dataProvider = supabaseDataProvider({ instanceUrl: apiConfig.url, apiKey: apiConfig.anonKey, supabaseClient: supabase });

const baseAuthProvider = supabaseAuthProvider(supabase, {});

async function isAdmin(): Promise<boolean> {
  const { data: user } = await supabase.auth.getUser();
  if (!user.user) return false;
  const { data, error } = await supabase.from("admin_users").select("id").eq("id", user.user.id).single();
  return !error && data !== null;
}

/** Signed in is not enough: the account must be in admin_users. */
export const authProvider: AuthProvider = {
  ...baseAuthProvider,
  async login(params) {
    await baseAuthProvider.login(params);
    if (!(await isAdmin())) {
      await supabase.auth.signOut();
      throw new Error("Access denied. Admin privileges required.");
    }
  },
  async checkAuth(params) {
    await baseAuthProvider.checkAuth(params);
    if (!(await isAdmin())) throw new Error("Access denied. Admin privileges required.");
  },
};
