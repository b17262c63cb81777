import { stripVTControlCharacters } from "node:util";

const LIMIT = 600;
const TIME_OUT_PLACEHOLDER = "Error: STACK_TRACE_ERROR";

/** A summary cut to what a log line holds. */
function clipped(summary: string): string {
  return summary.length > LIMIT ? `${summary.slice(0, LIMIT - 1)}…` : summary;
}

/** The project's own files' prefix in a stack frame. */
function ownPrefix(root: string): string {
  return `${root.replace(/\/+$/, "")}/`;
}

/**
 * What a failed test's message says in one log line: its first line (for a time-out, that it timed
 * out and after how long, `durationMs`), the locator a browser action was waiting for (a Playwright
 * time-out's first line names no element), and the first place in the project's own files (under
 * `root`) the error passed through. A CI log kept only by its tail still
 * says which step of which test failed.
 */
export function failureSummary(message: string, root: string, durationMs?: number): string {
  const lines = stripVTControlCharacters(message)
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  // Vitest's report keeps a time-out's stack without its message: only its placeholder's first line.
  if (lines[0] === TIME_OUT_PLACEHOLDER) lines[0] = `Test timed out${durationMs === undefined ? "" : ` after ${(durationMs / 1000).toFixed(1)} s`}`;
  const waitingFor = lines.find((line) => line.startsWith("- waiting for "))?.slice(2);
  const ownFile = ownPrefix(root);
  const at = lines
    .filter((line) => line.startsWith("at ") && !line.includes("node_modules"))
    .map((line) => (line.includes(ownFile) ? /^[^\s():]+:\d+:\d+/.exec(line.slice(line.indexOf(ownFile) + ownFile.length))?.[0] : undefined))
    .find(Boolean);
  return clipped([lines[0] ?? "", waitingFor, at && `at ${at}`].filter(Boolean).join(" | "));
}

/**
 * The errors a Vitest run printed outside its tests, one log line each: an unhandled rejection or
 * error (Vitest then ends with code 1 while its report says every test passed) and an error while
 * it closed (a global teardown that threw). Each says what was thrown, the first place in the
 * project's own files it passed through, and the test file and test Vitest last knew of.
 */
export function errorsOutsideTests(output: string, root: string): string[] {
  const lines = stripVTControlCharacters(output).split("\n");
  const ownFile = ownPrefix(root);
  const CLOSING = "error during close ";
  const errors: string[] = [];
  lines.forEach((line, index) => {
    const heading = /^⎯+\s*(Unhandled (?!Errors)\w+)\s*⎯+$/.exec(line.trim())?.[1] ?? (line.startsWith(CLOSING) ? "Error during close" : undefined);
    if (!heading) return;
    const rest = lines.slice(index + 1);
    const end = rest.findIndex((next) => /^⎯+/.test(next.trim()) || next.startsWith(CLOSING));
    const block = (end === -1 ? rest : rest.slice(0, end)).map((row) => row.trim());
    const thrown = line.startsWith(CLOSING) ? line.slice(CLOSING.length).trim() : (block.find(Boolean) ?? "");
    // A frame is "❯ function path:line:column" as Vitest prints it, or "at function (path:line:column)".
    const at = block
      .map((row) => /^(?:❯|at)\s.*?\(?([^\s()]+:\d+:\d+)\)?$/.exec(row)?.[1]?.replace(/^file:\/\//, "").replace(ownFile, ""))
      .find((place) => place && !place.includes("node_modules") && !place.startsWith("node:"));
    const text = block.join("\n");
    const file = /This error originated in "([^"]+)" test file/.exec(text)?.[1];
    const test = /The latest test that might've caused the error is "([^"]+)"/.exec(text)?.[1];
    errors.push(clipped([`${heading}: ${thrown}`, at && `at ${at}`, file && `in ${file}`, test && `after "${test}"`].filter(Boolean).join(" | ")));
  });
  return errors;
}
