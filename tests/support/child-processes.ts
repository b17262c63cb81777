import type { ChildProcess } from "node:child_process";

/**
 * A process a test started ends with the test's own process at the latest: a test or hook that
 * timed out (a loaded machine) before it could stop its child would otherwise leave it running after
 * the suite, with its ports and data directory.
 */
export function endsWithThisProcess<T extends ChildProcess>(child: T): T {
  const end = () => child.kill("SIGKILL");
  process.once("exit", end);
  child.once("exit", () => process.removeListener("exit", end));
  return child;
}
