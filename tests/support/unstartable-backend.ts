import { serveInChildProcess } from "../../supabase/local/process.ts";

/** A backend entry whose start fails, as one over a data directory it cannot open would (supabase/local/process.test.ts). */
serveInChildProcess(() => Promise.reject(new Error("the data directory cannot be opened")));
