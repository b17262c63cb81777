import { stripVTControlCharacters } from "node:util";

const LIMIT = 600;

/**
 * What a failed test's message says in one log line: its first line, the locator a browser action
 * was waiting for (a Playwright time-out's first line names no element), and the first place in the
 * project's own files (under `root`) the error passed through. A CI log kept only by its tail still
 * says which step of which test failed.
 */
export function failureSummary(message: string, root: string): string {
  const lines = stripVTControlCharacters(message)
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const waitingFor = lines.find((line) => line.startsWith("- waiting for "))?.slice(2);
  const ownFile = `${root.replace(/\/+$/, "")}/`;
  const at = lines
    .filter((line) => line.startsWith("at ") && !line.includes("node_modules"))
    .map((line) => (line.includes(ownFile) ? /^[^\s():]+:\d+:\d+/.exec(line.slice(line.indexOf(ownFile) + ownFile.length))?.[0] : undefined))
    .find(Boolean);
  const summary = [lines[0] ?? "", waitingFor, at && `at ${at}`].filter(Boolean).join(" | ");
  return summary.length > LIMIT ? `${summary.slice(0, LIMIT - 1)}…` : summary;
}
