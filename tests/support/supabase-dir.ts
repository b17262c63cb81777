import { resolve } from "node:path";

/**
 * The folder of migrations and seed the integration and pg layers make their template databases
 * from: the repository's own, or, in `RCRT_TEST_SUPABASE_DIR`, a copy with one SQL mutant applied
 * (scripts/sql-mutants.ts), so a mutant reaches every test backend without a file of the
 * repository being touched.
 */
export const TEST_SUPABASE_DIR = process.env.RCRT_TEST_SUPABASE_DIR ?? resolve(import.meta.dirname, "../../supabase");
