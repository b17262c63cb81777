/**
 * Whether an SQL mutant still changes a definition the database runs. A mutant edits one migration;
 * when a later migration creates the same function again, the edited definition is replaced before
 * any test runs, and the mutant is reported missed though no rule went unchecked.
 */

const FUNCTION_HEADER = /create\s+(?:or\s+replace\s+)?function\s+([\w."]+)\s*\(/gi;

/** A function's name as written in a header, without quotes and in lower case: `public.name`. */
const normalised = (name: string) => name.replace(/"/g, "").toLowerCase();

/** The function whose body holds the text at `at` in `sql` (its name as normalised), or null outside any function's body. */
export function enclosingFunction(sql: string, at: number): string | null {
  const headers = [...sql.slice(0, at).matchAll(FUNCTION_HEADER)];
  const last = headers.at(-1);
  if (!last) return null;
  // Inside the body while its dollar quote is open: an odd number of them since the header.
  const quotes = sql.slice(last.index, at).match(/\$\w*\$/g) ?? [];
  return quotes.length % 2 === 1 ? normalised(last[1]!) : null;
}

/**
 * The first migration after `migration` (in applying order) that creates `name` again, or null.
 * `migrations` are file names with their text, in applying order.
 */
export function redefinedLater(migrations: readonly (readonly [file: string, sql: string])[], migration: string, name: string): string | null {
  const index = migrations.findIndex(([file]) => file === migration);
  for (const [file, sql] of migrations.slice(index + 1)) {
    if ([...sql.matchAll(FUNCTION_HEADER)].some((header) => normalised(header[1]!) === name)) return file;
  }
  return null;
}
