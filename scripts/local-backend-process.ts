import { serveInChildProcess } from "../supabase/local/process.ts";
import { startLocalBackend } from "../supabase/local/server.ts";
import { PRODUCT_CONFIG } from "./local-backend.ts";

/** The local backend in the process `npm start` forks for it (`supabase/local/process.ts`), with the product's rules. */
serveInChildProcess((settings) => startLocalBackend({ ...settings, product: PRODUCT_CONFIG }));
