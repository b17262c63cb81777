import { mendInstalledLite } from "../supabase/local/lite-mends.ts";

// Run on install (package.json, postinstall): lite's request path with the mends of supabase/local/lite-mends.ts.
console.log(`@supabase/lite: ${mendInstalledLite()} (supabase/local/lite-mends.ts)`);
