import { createAuthProvider } from "./auth-provider.ts";
import { SessionRenewal } from "./session-renewal.ts";
import { supabase } from "./supabase.ts";

// Calls refused with 401 wait here for the admin to sign in again (the session-expired dialog).
const sessionRenewal = new SessionRenewal();

/** The back office's auth provider, over the one shared supabase-js client (the sign-in screen loads it alone). */
export const authProvider = createAuthProvider(supabase, { sessionRenewal });
